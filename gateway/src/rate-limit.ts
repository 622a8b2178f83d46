/**
 * Global per-client rate limit for `/api` and page requests (RATE_LIMIT_PER_MINUTE requests per IP per
 * minute; a server-rendered page costs a render and its API calls), on the
 * shared rate-limiter port (memory or Redis). The client's IP is `req.ip`: X-Forwarded-For counts only from
 * the proxies TRUST_PROXY names (issue 20); the `/api` prefix is matched in any letter case. Refusals are 429 `{ message }` with `Retry-After` (seconds).
 * The process's own peer calls (embedded mode: a service asking another through this server; they carry
 * `peerSecret`) are not counted: the client's request that caused them already was.
 */
import { isPeerCall, type RateLimiterFactory } from '@marketplace/platform';
import type { Request, RequestHandler } from 'express';

/**
 * A request for a page (a GET/HEAD asking for HTML at a path without a file extension, outside the static
 * folders): the gateway may render it on the server, fetching its data from the API with the peer-call
 * header, so the page request itself is what counts (issue 21). Static files are not counted.
 */
export function isPageRequest(req: Pick<Request, 'method' | 'path' | 'accepts'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (/^\/(static|remotes)\//.test(req.path) || /\.[a-z0-9]+$/i.test(req.path)) return false;
  return req.accepts(['html', 'json']) === 'html';
}

/** The middleware; `peerSecret` as in `Infrastructure.peerSecret` (absent: every request counts). */
export function globalRateLimit(
  limiters: RateLimiterFactory,
  perMinute: number,
  peerSecret?: string,
): RequestHandler {
  const limiter = limiters.create({ name: 'gateway-global', points: perMinute, durationMs: 60_000 });
  return async (req, res, next) => {
    // Counted case-insensitively (issue 20): `/API/…` cannot slip past; caseSensitiveApi then answers 404.
    if (!req.path.toLowerCase().startsWith('/api/') && !isPageRequest(req)) return next();
    if (peerSecret && isPeerCall(req, peerSecret)) return next();
    try {
      const result = await limiter.consume(req.ip ?? 'unknown');
      res.setHeader('ratelimit-remaining', String(result.remaining));
      if (result.allowed) return next();
      res.setHeader('retry-after', String(Math.ceil(result.retryAfterMs / 1000)));
      res.status(429).json({ message: 'Too many requests. Please try again shortly.' });
    } catch (err) {
      // The limiter's store is down: serve rather than fail closed, and say so in the logs.
      req.log?.warn({ err }, 'rate limiter unavailable');
      next();
    }
  };
}
