/**
 * Correlation ids across processes: a request through the distributed gateway's proxy reaches the service
 * behind it with the same `x-correlation-id` (and `x-request-id`), every log line of that request in the
 * gateway and in the service carries it, a peer call the service makes (peers.ts) passes it on, the
 * service's own context (which stamps emitted events) holds it, and the response carries it back. Without
 * an incoming id the gateway's generated one travels the same way. The services are small in-test apps on
 * the shared HTTP app (`createHttpApp`), as every real service is.
 */
import { Writable } from 'node:stream';
import {
  createHttpApp,
  createLogger,
  createMemoryRateLimiters,
  createMetrics,
  createPeers,
  currentCorrelationId,
  listen,
  loadConfig,
  type RunningServer,
} from '@marketplace/platform';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app';

type Line = Record<string, unknown>;

/** A logger whose JSON lines end up in `lines`. */
function capturingLogger(name: string) {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', name, destination }), lines };
}

interface Seen {
  correlationId?: string;
  requestId?: string;
  /** The correlation id of the handler's context (what emitted events get). */
  context?: string;
}

const gatewayLog = capturingLogger('gateway');
const catalogLog = capturingLogger('catalog');
const storageLog = capturingLogger('storage');
const atCatalog: Seen[] = [];
const atStorage: Seen[] = [];
let storage: RunningServer;
let catalog: RunningServer;
let gateway: RunningServer;
const metrics = createMetrics({ service: 'gateway', defaultMetrics: false });

beforeAll(async () => {
  const storageRouter = express.Router();
  storageRouter.get('/api/storage/check', (req, res) => {
    atStorage.push({
      correlationId: req.header('x-correlation-id'),
      requestId: req.header('x-request-id'),
      context: currentCorrelationId(),
    });
    req.log.info('storage checked the keys');
    res.json({ ok: true });
  });
  storage = await listen(createHttpApp({ logger: storageLog.logger, routers: [storageRouter] }), {
    port: 0,
    host: '127.0.0.1',
  });

  const peers = createPeers({
    urls: { storage: storage.url },
    selfUrl: () => undefined,
    timeoutMs: 5_000,
    secret: 'peer-secret',
    logger: catalogLog.logger,
  });
  const catalogRouter = express.Router();
  catalogRouter.get('/api/cars/:carId', async (req, res) => {
    atCatalog.push({
      correlationId: req.header('x-correlation-id'),
      requestId: req.header('x-request-id'),
      context: currentCorrelationId(),
    });
    catalogLog.logger.info({ carId: req.params.carId }, 'looking up the car');
    const checked = await peers.call('storage', { path: '/api/storage/check' });
    res.json({ carId: req.params.carId, storage: checked.body });
  });
  catalog = await listen(createHttpApp({ logger: catalogLog.logger, routers: [catalogRouter] }), {
    port: 0,
    host: '127.0.0.1',
  });

  const app = createGatewayApp({
    config: loadConfig({ RATE_LIMIT_PER_MINUTE: '4' }),
    logger: gatewayLog.logger,
    rateLimiters: createMemoryRateLimiters(),
    readiness: {},
    mode: {
      kind: 'proxy',
      targets: { catalog: catalog.url, storage: storage.url, 'test-drive': 'http://127.0.0.1:1' },
    },
    webRoot: '/nonexistent',
    metrics,
  });
  gateway = await listen(app, { port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await Promise.all([gateway?.stop(), catalog?.stop(), storage?.stop()]);
});

/** Clears the captured lines and calls the gateway; resolves once the three access logs are written. */
async function throughGateway(path: string, headers: Record<string, string> = {}) {
  for (const log of [gatewayLog, catalogLog, storageLog]) log.lines.length = 0;
  atCatalog.length = 0;
  atStorage.length = 0;
  const res = await fetch(`${gateway.url}${path}`, { headers });
  const body = await res.json();
  const accessLogged = (lines: Line[]) => lines.some((l) => l.msg === 'request completed');
  await expect
    .poll(() => [gatewayLog, catalogLog, storageLog].every((log) => accessLogged(log.lines)))
    .toBe(true);
  return { res, body };
}

/** Asserts every captured line of each process carries `correlationId`; returns the line counts. */
function expectEveryLine(correlationId: string) {
  const counts: Record<string, number> = {};
  for (const [name, log] of Object.entries({
    gateway: gatewayLog,
    catalog: catalogLog,
    storage: storageLog,
  })) {
    expect(log.lines.length, `${name} logged nothing`).toBeGreaterThan(0);
    for (const line of log.lines)
      expect(line, `${name}: ${JSON.stringify(line)}`).toMatchObject({ correlationId });
    counts[name] = log.lines.length;
  }
  return counts;
}

describe('correlation ids through the distributed gateway', () => {
  it('carries the caller’s x-correlation-id to the service, its peer calls, its logs and the response', async () => {
    const { res, body } = await throughGateway('/api/cars/car-42', { 'x-correlation-id': 'corr-e2e-42' });
    expect(res.status).toBe(200);
    expect(body).toEqual({ carId: 'car-42', storage: { ok: true } });
    expect(res.headers.get('x-correlation-id')).toBe('corr-e2e-42');
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(atCatalog).toEqual([{ correlationId: 'corr-e2e-42', requestId, context: 'corr-e2e-42' }]);
    expect(atStorage).toEqual([{ correlationId: 'corr-e2e-42', requestId, context: 'corr-e2e-42' }]);
    const counts = expectEveryLine('corr-e2e-42');
    // The service logged its own line besides the access log; the storage handler its line too.
    expect(counts.catalog).toBeGreaterThanOrEqual(2);
    expect(counts.storage).toBeGreaterThanOrEqual(2);
    expect(catalogLog.lines.find((l) => l.msg === 'looking up the car')).toMatchObject({ requestId });
  });

  it('generates one id at the gateway when the caller sends none, and it travels the same way', async () => {
    const { res } = await throughGateway('/api/cars/car-7');
    expect(res.status).toBe(200);
    const correlationId = res.headers.get('x-correlation-id')!;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(atCatalog[0]?.correlationId).toBe(correlationId);
    expect(atCatalog[0]?.context).toBe(correlationId);
    expect(atStorage[0]?.correlationId).toBe(correlationId);
    expectEveryLine(correlationId);
  });

  it('logs an unreachable service with the request’s correlation id', async () => {
    gatewayLog.lines.length = 0;
    const res = await fetch(`${gateway.url}/api/testDrive`, {
      headers: { 'x-correlation-id': 'corr-down-1' },
    });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-correlation-id')).toBe('corr-down-1');
    // The access log line of a 5xx is pino-http's 'request errored'.
    await expect.poll(() => gatewayLog.lines.some((l) => l.res !== undefined)).toBe(true);
    expect(gatewayLog.lines.map((l) => l.msg)).toContain('proxied service not reachable');
    expect(gatewayLog.lines.find((l) => l.msg === 'proxied service not reachable')).toMatchObject({
      correlationId: 'corr-down-1',
    });
    for (const line of gatewayLog.lines) expect(line).toMatchObject({ correlationId: 'corr-down-1' });
  });

  it('counts proxied requests by the contracts’ route pattern, and /metrics is not rate-limited or logged', async () => {
    gatewayLog.lines.length = 0;
    for (let i = 0; i < 6; i++) expect((await fetch(`${gateway.url}/metrics`)).status).toBe(200);
    const text = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/cars\/:carId",status_code="200",service="gateway"\} 2$/m,
    );
    expect(text).not.toContain('car-42');
    expect(gatewayLog.lines.filter((l) => (l.req as { url?: string })?.url === '/metrics')).toEqual([]);
    // The API itself is limited (RATE_LIMIT_PER_MINUTE=4, three calls made above).
    expect((await fetch(`${gateway.url}/api/cars/car-8`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/cars/car-9`)).status).toBe(429);
  });
});
