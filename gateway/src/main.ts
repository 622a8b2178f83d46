/**
 * Distributed gateway: proxies `/api/*` to the service URLs in config (AUTH_SERVICE_URL, ...), serves
 * the API docs and, when present, the built front ends. Uses Redis for the global rate limit when
 * REDIS_URL is set. `GET /metrics` serves its request metrics (label `service="gateway"`; METRICS_TOKEN).
 */

import path from 'node:path';
// Tracing starts before the rest is loaded: it patches express, http and ioredis as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { flushTracing, startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'gateway' });
const {
  createCachePorts,
  createLogger,
  createMetrics,
  createPeerSecret,
  listen,
  loadConfig,
  onShutdownSignal,
  trustingPeerCalls,
} = await import('@marketplace/platform');
const { createGatewayApp } = await import('./app');
const { repoRoot } = await import('./web');

const config = loadConfig();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'gateway' });
const { cache, rateLimiters } = createCachePorts({
  redisUrl: config.REDIS_URL,
  keyPrefix: config.REDIS_KEY_PREFIX,
  logger,
});
const peerSecret = createPeerSecret();
const app = createGatewayApp({
  config,
  logger,
  rateLimiters,
  cache,
  // Nothing the proxy cannot serve without: Redis down, rate limits count in this process (degraded).
  readiness: {},
  degradedBy: { cache: () => cache.ping() },
  mode: { kind: 'proxy', peerSecret },
  webRoot: config.WEB_ROOT ? path.resolve(config.WEB_ROOT) : repoRoot,
  metrics: createMetrics({ service: 'gateway', token: config.METRICS_TOKEN }),
});
// The public edge: a client's trace context is dropped, the server renderer's own calls keep theirs.
const server = await listen(app, {
  port: config.PORT,
  host: config.HOST,
  edge: trustingPeerCalls(peerSecret),
});
logger.info({ url: server.url }, 'gateway listening');
onShutdownSignal(logger, async () => {
  await server.stop();
  await cache.close();
  await flushTracing();
});
