/**
 * Prometheus metrics of the shared HTTP app: `/metrics` answers the exposition text with request counts
 * and latency histograms labelled by route pattern (never the raw URL), default process metrics, one
 * registry per app; METRICS_TOKEN enforcement; `/metrics` stays out of the access logs while API requests
 * are logged with their correlation id.
 */
import { Writable } from 'node:stream';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, createMetrics, listen, loadConfig, type Metrics } from '../src/index';
import { sample } from './metrics-text';

/** A logger whose JSON lines end up in `lines`. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines };
}

async function withApp(
  metrics: Metrics,
  fn: (url: string) => Promise<void>,
  logger = createLogger({ level: 'silent' }),
) {
  const router = express.Router();
  router.get('/api/cars/:carId', (req, res) => {
    res.json({ id: req.params.carId });
  });
  router.get('/api/crash', () => {
    throw new Error('boom');
  });
  const app = createHttpApp({ logger, routers: [router], metrics });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  try {
    await fn(server.url);
  } finally {
    await server.stop();
  }
}

describe('metrics', () => {
  it('counts and times requests by method, route pattern and status, next to process metrics', async () => {
    const metrics = createMetrics({ service: 'catalog' });
    const other = createMetrics({ service: 'listing' });
    await withApp(metrics, async (url) => {
      expect((await fetch(`${url}/api/cars/c-1`)).status).toBe(200);
      expect((await fetch(`${url}/api/cars/c-2?x=1`)).status).toBe(200);
      expect((await fetch(`${url}/api/crash`)).status).toBe(500);
      expect((await fetch(`${url}/api/nope/123`)).status).toBe(404);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      const ok = { service: 'catalog', method: 'GET', route: '/api/cars/:carId', status_code: '200' };
      expect(sample(text, 'http_requests_total', ok)).toBe(2);
      expect(sample(text, 'http_request_duration_seconds_count', ok)).toBe(2);
      expect(sample(text, 'http_request_duration_seconds_bucket', { ...ok, le: '+Inf' })).toBe(2);
      expect(sample(text, 'http_request_duration_seconds_sum', ok)).toBeGreaterThan(0);
      expect(
        sample(text, 'http_requests_total', { route: '/api/crash', status_code: '500', method: 'GET' }),
      ).toBe(1);
      expect(sample(text, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
      expect(sample(text, 'http_requests_total', { route: '/healthz', status_code: '200' })).toBe(1);
      // Bounded cardinality: no raw URL ever becomes a label.
      expect(text).not.toContain('c-1');
      expect(text).not.toContain('/api/nope');
      expect(sample(text, 'process_cpu_user_seconds_total', { service: 'catalog' })).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes', { service: 'catalog' })).toBeGreaterThan(0);
      expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
      expect(text).toMatch(/^# TYPE outbox_pending_events gauge$/m);
      expect(text).toMatch(/^# TYPE consumer_messages_total counter$/m);
      expect(text).toMatch(/^# TYPE dead_letter_messages gauge$/m);
    });
    // Another app's registry saw none of it.
    expect(sample(await other.text(), 'http_requests_total', { route: '/api/cars/:carId' })).toBeUndefined();
  });

  it('requires the bearer token when METRICS_TOKEN is set, and is open without one', async () => {
    const config = loadConfig({ METRICS_TOKEN: 's3cret-token' });
    expect(config.METRICS_TOKEN).toBe('s3cret-token');
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    await withApp(createMetrics({ service: 'auth', token: config.METRICS_TOKEN }), async (url) => {
      const none = await fetch(`${url}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await none.json()).toEqual({ message: 'A valid metrics token is required.' });
      const wrong = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer s3cret-tokex' } });
      expect(wrong.status).toBe(401);
      const basic = await fetch(`${url}/metrics`, { headers: { authorization: 's3cret-token' } });
      expect(basic.status).toBe(401);
      const right = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer s3cret-token' } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain('http_requests_total');
    });
    await withApp(createMetrics({ service: 'auth' }), async (url) => {
      expect((await fetch(`${url}/metrics`)).status).toBe(200);
    });
  });

  it('leaves /metrics out of the access logs and logs API requests with their correlation id', async () => {
    const { logger, lines } = capturingLogger();
    await withApp(
      createMetrics({ service: 'catalog', defaultMetrics: false }),
      async (url) => {
        await fetch(`${url}/metrics`);
        const res = await fetch(`${url}/api/cars/c-9`, { headers: { 'x-correlation-id': 'corr-metrics-1' } });
        expect(res.headers.get('x-correlation-id')).toBe('corr-metrics-1');
        await expect.poll(() => lines.length).toBeGreaterThan(0);
      },
      logger,
    );
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url);
    expect(urls).toEqual(['/api/cars/c-9']);
    expect(lines[0]).toMatchObject({ correlationId: 'corr-metrics-1' });
  });
});
