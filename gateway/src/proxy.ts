/**
 * Distributed mode: proxies `/api/*` and the sitemap (`/sitemap.xml`, `/sitemaps/*`) to the owning service
 * (the operation declarations in packages/contracts, matched once per request by request-route.ts) with
 * http-proxy-middleware, forwarding the request and correlation ids; a service with several replicas
 * (`CATALOG_SERVICE_URL=http://a,http://b`) gets its requests in turn.
 * Bodies larger than the JSON limit are refused with 413 before proxying, except image uploads
 * (`PUT /api/storage/upload/{key}`), which may carry up to MAX_UPLOAD_BYTES (10 MB); storage checks them.
 */

import http from 'node:http';
import { MAX_UPLOAD_BYTES } from '@marketplace/contracts';
import { HttpError, type Logger, pathWithoutQueryValues, urlRotation } from '@marketplace/platform';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createRouteMatcher, type RouteMatcher } from './request-route';

/**
 * Sets the X-Forwarded-* headers of a proxied request from what this gateway resolved (issue 20):
 * `X-Forwarded-For` = `req.ip` alone (the client behind the proxies TRUST_PROXY trusts, never a chain the
 * client wrote), `X-Forwarded-Proto` = `req.protocol`, `X-Forwarded-Host` = the Host the client asked for.
 */
export function forwardedHeaders(
  req: Pick<Request, 'ip' | 'protocol' | 'headers'>,
  proxyReq: { setHeader(name: string, value: string): unknown },
): void {
  proxyReq.setHeader('x-forwarded-for', req.ip ?? '');
  proxyReq.setHeader('x-forwarded-proto', req.protocol);
  if (req.headers.host) proxyReq.setHeader('x-forwarded-host', req.headers.host);
}

/**
 * Connections a gateway process keeps open to each service at most: 256. A request beyond them waits in the
 * gateway for a free one, so a service's process never sees a burst of new connections from it
 * (bench/steady-load.ts sends its load through a pool of the same size).
 */
export const UPSTREAM_MAX_SOCKETS = 256;

/**
 * The gateway's connections to the services: kept open between requests, at most
 * {@link UPSTREAM_MAX_SOCKETS} per service; an idle one is closed after 30 s, before the services' own idle
 * limit (65 s, platform `listen`) can close it under a request.
 */
const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_MAX_SOCKETS, timeout: 30_000 });

/**
 * The proxy middleware chain for `/api` and the sitemap. `routes` (default: a new matcher) matches each
 * request once for the path filter and the target; the app's metrics label reuses the same match.
 */
export function apiProxy(
  targets: Record<string, string | undefined>,
  bodyLimitBytes: number,
  routes: RouteMatcher = createRouteMatcher(),
): RequestHandler[] {
  const limit: RequestHandler = (req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const upload = req.method === 'PUT' && req.path.startsWith('/api/storage/upload/');
    const max = upload ? MAX_UPLOAD_BYTES : bodyLimitBytes;
    next(length > max ? new HttpError(413, 'The request body is too large.') : undefined);
  };
  const rotations = Object.fromEntries(
    Object.entries(targets).map(([service, urls]) => [service, urlRotation(urls)] as const),
  );
  const proxy = createProxyMiddleware<Request, Response>({
    // Connections to the services are kept open and reused (http-proxy otherwise opens one per request:
    // a TCP handshake and a new socket on both sides every time; issue 22).
    agent: upstreamAgent,
    pathFilter: (path, req) => Boolean(routes.routeOf(req, path.split('?')[0] ?? path).service),
    router: (req) => {
      const { service } = routes.routeOf(req, (req.url ?? '').split('?')[0] ?? '');
      const target = service ? rotations[service]?.() : undefined;
      if (!target) throw new HttpError(503, `The ${service ?? 'requested'} service is not available.`);
      return target;
    },
    changeOrigin: true,
    // Not http-proxy's xfwd (it appends to whatever X-Forwarded-For the client sent): the service gets the
    // client as this gateway resolved it (TRUST_PROXY, issue 20), so services need trust only the gateway.
    xfwd: false,
    proxyTimeout: 30_000,
    on: {
      proxyReq: (proxyReq, req) => forwardedHeaders(req as Request, proxyReq),
      error: (err, req, res) => {
        // Logged through the request's logger, so the line carries its request and correlation ids; the
        // path without query values (a token may ride in the query, issue 20).
        (req as { log?: Logger }).log?.warn(
          { err, url: pathWithoutQueryValues(req.url) },
          'proxied service not reachable',
        );
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'The service is not reachable right now.' }));
        }
      },
    },
  });
  return [limit, proxy];
}
