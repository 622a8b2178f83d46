/** Shared bits of the catalog routes. */
import type { RequestHandler } from 'express';

/**
 * Public reads are cacheable by anyone but revalidated on every use (`no-cache`): Express adds a weak ETag
 * and answers 304 to a matching If-None-Match, so a repeat costs a round trip and no body. Not a max-age:
 * an administrator who just changed a brand, model, variant or RTO (and a seller opening the wizard right
 * after) must see the change, not a copy up to a minute old (issue 12).
 */
export const publicCache: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'public, no-cache');
  next();
};

/** `%term%` for ILIKE with the wildcards of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID; ids that are not cannot exist, so callers answer 404/400 without a query. */
export const isUuid = (id: string | undefined): id is string => Boolean(id && UUID.test(id));
