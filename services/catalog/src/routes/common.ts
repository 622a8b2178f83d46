/** Shared bits of the catalog routes. */
import type { RequestHandler } from 'express';

/**
 * Public reads are cacheable: shared caches may keep them 60 s and serve them stale for 5 min while
 * revalidating; Express adds a weak ETag and answers 304 to a matching If-None-Match.
 */
export const publicCache: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'public, max-age=60, stale-while-revalidate=300');
  next();
};

/** `%term%` for ILIKE with the wildcards of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID; ids that are not cannot exist, so callers answer 404/400 without a query. */
export const isUuid = (id: string | undefined): id is string => Boolean(id && UUID.test(id));
