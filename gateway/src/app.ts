/**
 * The gateway's Express app, in either mode:
 * - embedded: every service router mounted in process, tokens verified once per request;
 * - proxy (distributed): `/api/*` forwarded to service URLs.
 * Both add security headers, request ids, brotli/gzip compression, the rate limits per client and class of
 * request, the JSON body limit, the API docs, static hosting of the front ends with SPA fallback, and JSON
 * 404 for unknown `/api` paths.
 */
import {
  authenticate,
  type Cache,
  type Config,
  createHttpApp,
  createPeerSecret,
  type Logger,
  type Metrics,
  type RateLimiterFactory,
  type ReadinessCheck,
  serviceUrlsOf,
  type TokenVerifier,
} from '@marketplace/platform';
import type { Express, Router } from 'express';
import { apiDocsRouter } from './api-docs';
import { createPageCache } from './page-cache';
import { apiProxy } from './proxy';
import { apiRateLimit, pageRateLimit, rateLimitBudgets } from './rate-limit';
import { createRouteMatcher } from './request-route';
import { seoRouter } from './seo';
import { cspNonceSource, serverRendering } from './ssr';
import { compressResponses, inlineScriptHashes, remoteSources, socialSignInSources, webHosting } from './web';

/**
 * Embedded (the services' routers mounted here) or a proxy to the services. `peerSecret`: what this process's
 * calls to itself carry (platform peers.ts); absent → a new one, known to this app only.
 */
export type GatewayMode =
  | { kind: 'embedded'; routers: Router[]; tokens: TokenVerifier; peerSecret?: string }
  | { kind: 'proxy'; targets?: Record<string, string | undefined>; peerSecret?: string };

export interface GatewayOptions {
  config: Config;
  logger: Logger;
  rateLimiters: RateLimiterFactory;
  /**
   * The shared cache (Redis when configured, else this process's memory): rendered public pages are kept
   * there (page-cache.ts) when it is Redis or the mode is embedded; absent → pages are rendered every time.
   */
  cache?: Cache;
  readiness: Record<string, ReadinessCheck>;
  /** Checks of what it serves without, degraded (`HttpAppOptions.degradedBy`). */
  degradedBy?: Record<string, ReadinessCheck>;
  mode: GatewayMode;
  /** Folder holding shell/ and the mfe-* folders with their dist/ (default: config.WEB_ROOT or the repository root). */
  webRoot: string;
  /** This process's metrics, served at `GET /metrics` (METRICS_TOKEN protects it); absent → no `/metrics`. */
  metrics?: Metrics;
}

/**
 * Builds the gateway app for `opts.mode`. With `opts.metrics`, requests are counted by route pattern: the
 * mounted routers' Express patterns (embedded), else the operation declarations (request-route.ts, the
 * same match the proxy routes by, so proxied calls get `/api/cars/:carId` too), else `unmatched`.
 */
export function createGatewayApp(opts: GatewayOptions): Express {
  const { config, mode } = opts;
  const embedded = mode.kind === 'embedded';
  // Calls this process makes to itself (embedded services asking each other; the server renderer's data
  // fetches) carry it and are not counted by the rate limit a second time.
  const peerSecret = mode.peerSecret ?? createPeerSecret();
  // Remotes served from other origins (REMOTE_*_URL): their manifest is fetched, their scripts, styles,
  // images and fonts loaded from there; likewise the origins a browser may override a remote with
  // (REMOTE_OVERRIDE_ORIGINS, docs/adr/0026-remote-override.md), plus their dev servers' sockets.
  const remotes = remoteSources(config);
  const social = socialSignInSources(config);
  // Built once: each request is matched against the declarations at most once, for routing and metrics.
  const routes = createRouteMatcher();
  // Requests per client IP per minute, by class (gateway/src/rate-limit.ts).
  const budgets = rateLimitBudgets(config);
  // Pages are kept where every process that bumps their generation writes it: this process's memory in
  // embedded mode (the catalog is here), else Redis (the catalog replicas write there).
  const keepsPages = opts.cache && (embedded || opts.cache.kind === 'redis');
  const pages = serverRendering({
    config,
    webRoot: opts.webRoot,
    logger: opts.logger,
    peerSecret,
    pageCache: keepsPages && opts.cache ? createPageCache(opts.cache) : undefined,
  });
  return createHttpApp({
    logger: opts.logger,
    jsonLimitBytes: embedded ? config.JSON_BODY_LIMIT_BYTES : false,
    readiness: opts.readiness,
    degradedBy: opts.degradedBy,
    metrics: opts.metrics,
    routeLabel: routes.label,
    trustProxy: config.TRUST_PROXY,
    helmetOptions: {
      contentSecurityPolicy: {
        directives: {
          // The configured social sign-in SDKs (socialSignInSources) and remotes on other origins.
          'img-src': ["'self'", 'data:', 'blob:', ...remotes['img-src'], ...social['img-src']],
          // The nonce lets the inline scripts React writes into a server-rendered page run (gateway/src/ssr.ts).
          'script-src': [
            "'self'",
            cspNonceSource,
            ...inlineScriptHashes(opts.webRoot),
            ...remotes['script-src'],
            ...social['script-src'],
          ],
          'style-src': ["'self'", "'unsafe-inline'", ...remotes['style-src'], ...social['style-src']],
          'connect-src': ["'self'", ...remotes['connect-src'], ...social['connect-src']],
          'font-src': ["'self'", 'data:', ...remotes['font-src']],
          'frame-src': ["'self'", ...social['frame-src']],
        },
      },
    },
    before: [
      // A page the page cache holds is answered before anything else counts or wraps it.
      pages.cached,
      // The API's JSON operations come compressed from their services (or this process's operation router).
      compressResponses((req) => routes.routeOf(req).jsonOperation),
      // Each `/api` request spends its class's budget (reads, writes, auth); image reads spend nothing.
      apiRateLimit(opts.rateLimiters, budgets, routes, peerSecret),
      ...(embedded ? [authenticate(mode.tokens)] : []),
    ],
    routers: [apiDocsRouter(), seoRouter(config), ...(embedded ? mode.routers : [])],
    after: [
      ...(embedded
        ? []
        : apiProxy(mode.targets ?? serviceUrlsOf(config), config.JSON_BODY_LIMIT_BYTES, routes)),
      // Pages spend the pages' budget just before the renderer: static files and cached pages never do.
      ...webHosting(
        opts.webRoot,
        config,
        pages.render,
        pageRateLimit(opts.rateLimiters, budgets.pages, peerSecret),
      ),
    ],
  });
}
