/**
 * HTTP building blocks shared by the gateway and every standalone service: request/correlation ids,
 * access logs, security headers, JSON body limits, `/healthz` + `/readyz`, Prometheus `/metrics`, JSON 404
 * for unknown `/api` paths, `{ message }` errors, and a server with graceful shutdown.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { AUTH_COOKIE } from './auth/index';
import type { TrustProxy } from './config';
import { apiNotFound, errorHandler } from './errors';
import { pathWithoutQueryValues, runWithContext, serializeError } from './logger';
import type { Metrics } from './metrics';
import { type ReadinessCheck, runChecks } from './readiness';

const ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * Takes `x-request-id` / `x-correlation-id` from the caller when well-formed (`[\w.:-]{1,128}`), else a new
 * UUID (the correlation id defaults to the request id); writes both back into `req.headers` (so a proxy
 * forwards them), echoes both as response headers, and runs the rest of the request in their logging
 * context (every log line, peer call and emitted event carries them).
 */
export const requestContext: RequestHandler = (req, res, next) => {
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && ID_PATTERN.test(given) ? given : randomUUID();
  const corr = req.headers['x-correlation-id'];
  const correlationId = typeof corr === 'string' && ID_PATTERN.test(corr) ? corr : requestId;
  req.headers['x-request-id'] = requestId;
  req.headers['x-correlation-id'] = correlationId;
  res.setHeader('x-request-id', requestId);
  res.setHeader('x-correlation-id', correlationId);
  runWithContext({ requestId, correlationId }, next);
};

/** True once this process began to shut down ({@link startDraining}). */
let draining = false;

/**
 * Marks this process as shutting down: from now on every app's `/readyz` answers 503 `draining`, so a load
 * balancer stops sending requests before the server closes (Kubernetes also drops the pod from its
 * endpoints during the `preStop` sleep). {@link onShutdownSignal} calls it first.
 */
export function startDraining(): void {
  draining = true;
}

export interface HttpAppOptions {
  logger: Logger;
  /** Routers mounted at the root (they carry their full `/api/...` paths). */
  routers?: Router[];
  /** Middleware before the routers (after ids, logs and security headers), e.g. auth or rate limits. */
  before?: RequestHandler[];
  /** Middleware after the routers and before the `/api` 404, e.g. a proxy or static hosting. */
  after?: RequestHandler[];
  /** Parse JSON bodies up to this many bytes; false to leave bodies untouched (a proxy). Default 1 MiB. */
  jsonLimitBytes?: number | false;
  /**
   * Named checks of what the process cannot serve without (its own database; for consumers the broker):
   * `/readyz` answers 503 unless all pass.
   */
  readiness?: Record<string, ReadinessCheck>;
  /**
   * Named checks of what it serves without, degraded (Redis: caches miss, rate limits count in the
   * process): `/readyz` reports a failing one under `degraded` and stays 200, so a Redis blip does not take
   * every pod out of the load balancer at once. Both kinds are the metric `dependency_up`. Read at each
   * request: checks added to either object later count.
   */
  degradedBy?: Record<string, ReadinessCheck>;
  /** Extra helmet options (e.g. a content security policy for the web app). */
  helmetOptions?: Parameters<typeof helmet>[0];
  /**
   * This process's metrics: requests are counted and timed, and `GET /metrics` serves them (left out of
   * access logs; ahead of `before`, so no rate limit applies). Absent → no metrics, no `/metrics`.
   */
  metrics?: Metrics;
  /** Route label of a request no Express route answered (e.g. the proxy's route table); default `unmatched`. */
  routeLabel?: (req: express.Request) => string | undefined;
  /**
   * Express `trust proxy` (config TRUST_PROXY, issue 20): whose X-Forwarded-For / -Proto is believed for
   * `req.ip` (rate limits) and `req.secure`. Default false: the socket's peer is the client.
   */
  trustProxy?: TrustProxy;
}

/**
 * True when the request carries a session: an `auth-token` cookie or an `Authorization` header (whether or
 * not it verifies; issue 20, point 13).
 */
export function carriesSession(req: Pick<http.IncomingMessage, 'headers'>): boolean {
  if (req.headers.authorization) return true;
  const cookie = req.headers.cookie;
  return typeof cookie === 'string' && cookie.split(';').some((c) => c.trim().startsWith(`${AUTH_COOKIE}=`));
}

/**
 * Issue 20, point 13: an API `GET`/`HEAD` that carries a session answers `Cache-Control: private, no-store`,
 * unless its handler declared the answer `public` (the same for everyone: car searches, reference data,
 * images), which keeps its own header. Applied when the head is written, so it sees what the handler (or a
 * proxied service) set.
 */
export const privateNoStore: RequestHandler = (req, res, next) => {
  if (
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    !req.path.startsWith('/api/') ||
    !carriesSession(req)
  ) {
    return next();
  }
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: unknown[]) {
    const current = String(res.getHeader('cache-control') ?? '');
    if (!/(^|,)\s*public\b/i.test(current)) res.setHeader('cache-control', 'private, no-store');
    return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
  } as typeof res.writeHead;
  next();
};

/**
 * Issue 20, point 8: routing is case-sensitive at the `/api` prefix. A path whose first segment is `api` in
 * another case (`/API/…`, `/Api`) answers the JSON 404 instead of reaching case-insensitive routers (and
 * escaping anything keyed on `/api/`).
 */
export const caseSensitiveApi: RequestHandler = (req, res, next) => {
  const first = req.path.split('/')[1] ?? '';
  if (first !== 'api' && first.toLowerCase() === 'api') return apiNotFound(req, res, next);
  next();
};

/** Access-log shape of a request: id, method, path without query values (issue 20), client address, agent. */
function accessLogRequest(req: {
  id?: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
  headers?: Record<string, unknown>;
  raw?: { ip?: string };
}) {
  return {
    id: req.id,
    method: req.method,
    url: pathWithoutQueryValues(req.url),
    remoteAddress: req.raw?.ip ?? req.remoteAddress,
    userAgent: req.headers?.['user-agent'],
  };
}

/** Paths left out of access logs: probes and scrapes. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Builds the Express app; see HttpAppOptions. */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? false);
  app.set('case sensitive routing', true);
  app.use(requestContext);
  if (opts.metrics) app.use(opts.metrics.httpMiddleware(opts.routeLabel));
  // Access logs are info lines: below that level (e.g. LOG_LEVEL=warn) the middleware is left out, as it
  // would build a child logger per request for nothing. Errors are still logged by errorHandler.
  if (opts.logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger: opts.logger,
        genReqId: (req) => String(req.headers['x-request-id']),
        autoLogging: { ignore: (req) => UNLOGGED_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
        customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
        // No headers (cookies, Authorization, Set-Cookie) and no query values in access logs (issue 20).
        serializers: {
          req: accessLogRequest,
          res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
          err: serializeError,
        },
      }),
    );
  }
  app.use(helmet(opts.helmetOptions));
  app.use(privateNoStore);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const readiness = opts.readiness ?? {};
  const degradedBy = opts.degradedBy ?? {};
  opts.metrics?.watchDependencies(readiness, degradedBy);
  app.get('/readyz', async (_req, res) => {
    if (draining) {
      res.status(503).json({ status: 'draining', checks: {}, degraded: [] });
      return;
    }
    const [required, optional] = await Promise.all([runChecks(readiness), runChecks(degradedBy)]);
    const ok = required.every(([, pass]) => pass);
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ready' : 'not ready',
      checks: Object.fromEntries([...required, ...optional]),
      degraded: optional.filter(([, pass]) => !pass).map(([name]) => name),
    });
  });
  if (opts.metrics) app.get('/metrics', opts.metrics.handler());
  if (opts.jsonLimitBytes !== false) {
    app.use(express.json({ limit: opts.jsonLimitBytes ?? 1_048_576 }));
  }
  for (const mw of opts.before ?? []) app.use(mw);
  app.use(caseSensitiveApi);
  for (const router of opts.routers ?? []) app.use(router);
  for (const mw of opts.after ?? []) app.use(mw);
  app.use('/api', apiNotFound);
  app.use(errorHandler(opts.logger));
  return app;
}

export interface RunningServer {
  server: http.Server;
  port: number;
  /** http://host:port as reachable on this machine. */
  url: string;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`, default 10 000 ms), then closes. */
  stop(graceMs?: number): Promise<void>;
}

/** The request and response classes made for each app (see {@link expressMessageClasses}). */
const messageClasses = new WeakMap<Express, http.ServerOptions>();

/**
 * Request and response classes for a server of `app` whose instances are born with the app's own
 * prototypes (`app.request`, `app.response`, which become the classes' prototypes, chained to the former
 * ones), so Express's `Object.setPrototypeOf` on entry finds them in place and V8 does nothing; a changed
 * prototype made each request's garbage outlive its young-generation collections (docs/adr/0019: a bare
 * Express 5 app 6 000–8 000 → 23 000 requests a second on the project's 2-core machine).
 */
function expressMessageClasses(app: Express): http.ServerOptions {
  const known = messageClasses.get(app);
  if (known) return known;
  class AppRequest extends http.IncomingMessage {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  app.request = AppRequest.prototype as Express['request'];
  class AppResponse extends http.ServerResponse {}
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.response = AppResponse.prototype as Express['response'];
  const classes = {
    IncomingMessage: AppRequest,
    ServerResponse: AppResponse as typeof http.ServerResponse,
  } satisfies http.ServerOptions;
  messageClasses.set(app, classes);
  return classes;
}

/**
 * W3C Trace Context headers (https://www.w3.org/TR/trace-context/, https://www.w3.org/TR/baggage/): what a
 * caller sends to have its trace continued.
 */
export const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;

/** What {@link listen} is told. */
export interface ListenOptions {
  port: number;
  /** Default 0.0.0.0. */
  host?: string;
  /**
   * This server is the public edge (the gateway, or the embedded system): a request for which `trusts`
   * answers false has its {@link TRACE_CONTEXT_HEADERS} dropped before anything reads them, tracing
   * included, so a client can neither choose its trace id, join another trace, nor force its requests to be
   * sampled under a parent-based sampler; its trace starts here. Absent: every caller is trusted (services
   * behind the gateway continue the gateway's trace).
   */
  edge?: { trusts(req: http.IncomingMessage): boolean };
}

/** Listens on `opts.port` (0 = any free port). @throws when the port is taken. */
export async function listen(app: Express, opts: ListenOptions): Promise<RunningServer> {
  const server = http.createServer(expressMessageClasses(app), app);
  const { edge } = opts;
  if (edge) {
    // Before the prototype's `emit`, where tracing's HTTP instrumentation reads the incoming trace context.
    const emit = server.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    server.emit = function emitAtTheEdge(this: http.Server, event: string | symbol, ...args: unknown[]) {
      const req = args[0] as http.IncomingMessage;
      if (event === 'request' && !edge.trusts(req))
        for (const name of TRACE_CONTEXT_HEADERS) delete req.headers[name];
      return emit.call(this, event, ...args);
    } as typeof server.emit;
  }
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    stop(graceMs = 10_000) {
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

/** Calls `stop` once on SIGINT/SIGTERM, then exits (code 0, or 1 if stopping failed). */
export function onShutdownSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
