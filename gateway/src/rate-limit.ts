/**
 * The gateway's per-client rate limits (issue 20; budgets per class of route since issue 47, "Rate limits
 * fit real traffic"), on the shared rate-limiter port (memory or Redis). Each request a limit counts spends
 * one point of its class's budget for the client's IP, in fixed windows of a minute:
 *
 * - `pages`: every answer of the server renderer and of the SPA fallback (404 pages included, whatever the
 *   path's extension), counted in webHosting just before them ({@link pageRateLimit}), so static files
 *   served before them and pages answered from the page cache (in `before`) are never counted;
 * - `reads`: `/api` GET, HEAD and OPTIONS (search, car details, reference data; undeclared paths too);
 * - `writes`: every other `/api` method (POST, PUT, PATCH, DELETE): listings, uploads, bookings, messages;
 * - `auth`: the auth service's writes but the Admins' (sign-in, social sign-in, sign-up, OTP check and
 *   resend, password change, e-mail verification, profile, sign-out).
 *
 * Not counted: the image reads (declared GETs whose every success answer is an image: stored car images
 * and logos, brand monograms, the default avatar: cacheable forever, served without a render or a query)
 * and the process's own peer calls (embedded mode: a service asking another through this server; the
 * server renderer's data fetches; they carry `peerSecret`), since the client's request that caused them
 * already was. The per-account limits of the services (login and OTP failure throttles, upload URLs per
 * user, …) stay as they are; these budgets only bound what one address may spend.
 *
 * The client's IP is `req.ip`: X-Forwarded-For counts only from the proxies TRUST_PROXY names (issue 20);
 * the `/api` prefix is matched in any letter case. Refusals are 429 `{ message }` with `Retry-After`
 * (seconds); every counted answer carries `RateLimit-Remaining` (points left in its class's window).
 */
import { type ApiRoute, apiRoutes } from '@marketplace/contracts';
import { type Config, isPeerCall, type RateLimiter, type RateLimiterFactory } from '@marketplace/platform';
import type { Request, RequestHandler, Response } from 'express';
import type { RequestRoute, RouteMatcher } from './request-route';

/** The classes of requests with a budget of their own (see the module doc). */
export const rateLimitClasses = ['pages', 'reads', 'writes', 'auth'] as const;
/** One class of {@link rateLimitClasses}. */
export type RateLimitClass = (typeof rateLimitClasses)[number];
/** Requests per client IP per minute, by class. */
export type RateLimitBudgets = Record<RateLimitClass, number>;

/**
 * The budgets when nothing is configured (requests per client IP per minute). Sized for issue 47's case:
 * 300 visitors behind one carrier-NAT address, each opening about 5 pages a minute (1 500 pages; images
 * are free) and using the site:
 * - `pages` 3 000: twice those 1 500 renders (reloads, back and forward, a few 404s), i.e. 50 renders/s;
 * - `reads` 2 400 (40/s): a server-rendered page carries its data (the dehydrated query cache, so
 *   hydration fetches nothing; its renderer's own API calls are peer calls) and a client-side view or
 *   filter change costs a read or two: 1.6 reads per page view on average over the 300 visitors. Below
 *   3 000, so one client scraping the search at 50 requests/s is refused within its first minute (48 s);
 * - `writes` 300 (5/s): one contact message, booking or shortlist change per visitor a minute, or one
 *   seller uploading 20 photos (a signed URL and a PUT each) several times over; before issue 47 every
 *   class shared one budget of 600;
 * - `auth` 60 (1/s): one sign-in, sign-up or code step per visitor every 5 minutes; each costs an argon2id
 *   hash, and the auth service keeps its own per-account and per-IP failure throttles (30 failures per
 *   15 minutes per IP) below this.
 */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimitBudgets> = {
  pages: 3_000,
  reads: 2_400,
  writes: 300,
  auth: 60,
};

/** The configuration setting of each class's budget. */
export const rateLimitSettings = {
  pages: 'RATE_LIMIT_PAGES_PER_MINUTE',
  reads: 'RATE_LIMIT_READS_PER_MINUTE',
  writes: 'RATE_LIMIT_WRITES_PER_MINUTE',
  auth: 'RATE_LIMIT_AUTH_PER_MINUTE',
} as const satisfies Record<RateLimitClass, keyof Config>;

/** The settings {@link rateLimitBudgets} reads. */
export type RateLimitConfig = Partial<
  Pick<Config, (typeof rateLimitSettings)[RateLimitClass] | 'RATE_LIMIT_PER_MINUTE'>
>;

/**
 * Each class's budget (requests per client IP per minute): its own setting
 * (`RATE_LIMIT_<CLASS>_PER_MINUTE`), else `RATE_LIMIT_PER_MINUTE` (the single budget before issue 47,
 * now one figure for every class not set on its own), else {@link DEFAULT_RATE_LIMITS}.
 */
export function rateLimitBudgets(config: RateLimitConfig): RateLimitBudgets {
  const budget = (cls: RateLimitClass) =>
    config[rateLimitSettings[cls]] ?? config.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMITS[cls];
  return { pages: budget('pages'), reads: budget('reads'), writes: budget('writes'), auth: budget('auth') };
}

/** Whether `op` is a read whose every success (2xx) answer is an image (declared `contentTypes: image/*`). */
function answersImages(op: ApiRoute): boolean {
  const successes = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
  return (
    op.method === 'get' &&
    successes.length > 0 &&
    successes.every(([, answer]) => answer.contentTypes?.every((type) => type.startsWith('image/')) ?? false)
  );
}

/**
 * The class of a declared operation: undefined (not counted) for an image read (`getImage`,
 * `getImageSize`, `getSeededBrandLogo`, `getDefaultAvatar` today), `reads` for any other GET, `auth` for a
 * write of the auth service that is not for Admins (sign-in, social sign-in, sign-up, OTP check and
 * resend, password, e-mail verification, profile, sign-out), `writes` for every other write (Admins'
 * user management included).
 */
export function operationClass(op: ApiRoute): RateLimitClass | undefined {
  if (op.method === 'get') return answersImages(op) ? undefined : 'reads';
  return op.service === 'auth' && op.access !== 'admin' ? 'auth' : 'writes';
}

/** The class of each declared operation, computed once (null = not counted). */
const declaredClasses = new Map(apiRoutes.map((op) => [op, operationClass(op) ?? null]));

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The class of an `/api` request from its route (request-route.ts: the declared operation it calls, HEAD
 * matching a GET's): a declared operation's {@link operationClass}; else, for an undeclared path or
 * method, `reads` for GET, HEAD and OPTIONS, `auth` for another method on a path the auth service answers
 * (under its prefixes), `writes` for the rest. Undefined: not counted.
 */
export function apiRequestClass(
  route: Pick<RequestRoute, 'method' | 'service' | 'operation'>,
): RateLimitClass | undefined {
  if (route.operation) return declaredClasses.get(route.operation) ?? undefined;
  if (READ_METHODS.has(route.method.toUpperCase())) return 'reads';
  return route.service === 'auth' ? 'auth' : 'writes';
}

/** True for a path under `/api` in any letter case (`/API/…` is counted, then answered 404). */
const isApiPath = (path: string) => /^\/api(?:\/|$)/i.test(path);

/**
 * A request the server renderer or the SPA fallback answers (webHosting): a GET or HEAD outside `/api`
 * that asks for HTML before JSON (a browser's navigation, or any type), whatever the path's extension.
 */
export function isPageRequest(req: Pick<Request, 'method' | 'path' | 'accepts'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (isApiPath(req.path)) return false;
  return req.accepts(['html', 'json']) === 'html';
}

/**
 * Spends one point of `limiter` for the request's client: `next()` while allowed, else answers 429
 * `{ message }` with Retry-After (whole seconds). A failing store serves the request (fail open, logged).
 */
async function spend(limiter: RateLimiter, req: Request, res: Response, next: () => void) {
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
}

/** The limiter of `cls`: `budget` points per client per minute, named `gateway-<cls>`. */
const limiterOf = (limiters: RateLimiterFactory, cls: RateLimitClass, budget: number) =>
  limiters.create({ name: `gateway-${cls}`, points: budget, durationMs: 60_000 });

/**
 * The API's limit (in the app's `before` list): each `/api` request spends a point of its class
 * ({@link apiRequestClass}: `reads`, `writes` or `auth`; image reads nothing); other paths pass untouched.
 * `routes` is the app's matcher (its match is reused); `peerSecret` as in `Infrastructure.peerSecret`
 * (absent: every request counts).
 */
export function apiRateLimit(
  limiters: RateLimiterFactory,
  budgets: Pick<RateLimitBudgets, 'reads' | 'writes' | 'auth'>,
  routes: RouteMatcher,
  peerSecret?: string,
): RequestHandler {
  const byClass: Partial<Record<RateLimitClass, RateLimiter>> = {
    reads: limiterOf(limiters, 'reads', budgets.reads),
    writes: limiterOf(limiters, 'writes', budgets.writes),
    auth: limiterOf(limiters, 'auth', budgets.auth),
  };
  return (req, res, next) => {
    if (!isApiPath(req.path)) return next();
    if (peerSecret && isPeerCall(req, peerSecret)) return next();
    const cls = apiRequestClass(routes.routeOf(req));
    const limiter = cls && byClass[cls];
    if (!limiter) return next();
    return spend(limiter, req, res, next);
  };
}

/**
 * The pages' limit (webHosting, just before the server renderer and the SPA fallback): each
 * {@link isPageRequest} spends a point of `perMinute` (the `pages` budget); anything else passes untouched.
 * `peerSecret` as for {@link apiRateLimit}.
 */
export function pageRateLimit(
  limiters: RateLimiterFactory,
  perMinute: number,
  peerSecret?: string,
): RequestHandler {
  const limiter = limiterOf(limiters, 'pages', perMinute);
  return (req, res, next) => {
    if (!isPageRequest(req)) return next();
    if (peerSecret && isPeerCall(req, peerSecret)) return next();
    return spend(limiter, req, res, next);
  };
}
