/** The cache policy of the public reference data reads (issue 12). */
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
