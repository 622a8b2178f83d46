/**
 * `/metrics` of a standalone service process (`startService`, as every `services/<name>/src/main.ts` runs):
 * label `service` = the module's name, requests by route pattern, its outbox gauges, a consumer whose
 * handler throws counted as failures, retries and a dead letter (the consumer runtime over the in-process
 * bus and PGlite), and METRICS_TOKEN enforced from the environment's config.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireUser } from '../src/auth/index';
import {
  type Consumer,
  createLogger,
  defineService,
  type EventEnvelope,
  loadConfig,
  type RunningService,
  startService,
} from '../src/index';
import { sample } from './metrics-text';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'standalone-metrics-'));
let running: RunningService;

const widgetEvent = z.object({
  name: z.literal('widgets.painted'),
  version: z.literal(1),
  id: z.uuid(),
  occurredAt: z.string(),
  correlationId: z.string(),
  payload: z.object({ widgetId: z.string() }),
}) as z.ZodType<EventEnvelope<{ widgetId: string }>>;

/** The widgets' own event registry (no service's). */
interface WidgetEvents {
  'widgets.painted': { widgetId: string };
}

const widgets = defineService<WidgetEvents>({
  name: 'widgets',
  publishes: ['widgets.painted'],
  consumes: [{ name: 'widgets.broken-painter', events: ['widgets.painted'] }],
  schema: `widgets_${Date.now().toString(36)}`,
  create(ports) {
    const router = express.Router();
    router.post('/api/widgets/:widgetId/paint', async (req, res) => {
      await ports.outbox.transaction(async (_tx, emit) => {
        await emit('widgets.painted', { widgetId: req.params.widgetId });
      });
      res.status(202).json({ ok: true });
    });
    router.get('/api/widgets/mine', requireUser, (_req, res) => {
      res.json({ data: [] });
    });
    const broken: Consumer<EventEnvelope<{ widgetId: string }>, WidgetEvents> = {
      name: 'widgets.broken-painter',
      events: ['widgets.painted'],
      schema: widgetEvent,
      async handle() {
        throw new Error('paint ran out');
      },
    };
    return { router, consumers: [broken] };
  },
});

beforeAll(async () => {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    METRICS_TOKEN: 'standalone-token',
    BUS_MAX_ATTEMPTS: '2',
    BUS_RETRY_BASE_MS: '20',
    BUS_RETRY_MAX_MS: '50',
  });
  running = await startService(widgets, config, createLogger({ level: 'silent' }));
}, 120_000);

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('standalone service /metrics', () => {
  it('exports requests, outbox lag, consumer failures and dead letters under the service name', async () => {
    const url = running.server.url;
    const scrape = async () => {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer standalone-token' } });
      expect(res.status).toBe(200);
      return res.text();
    };
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/api/widgets/w-1/paint`, { method: 'POST' })).status).toBe(202);
    expect((await fetch(`${url}/api/widgets/mine`)).status).toBe(401);

    await expect
      .poll(
        async () => sample(await scrape(), 'dead_letter_messages', { consumer: 'widgets.broken-painter' }),
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    const text = await scrape();
    const labels = { service: 'widgets' };
    expect(
      sample(text, 'http_requests_total', {
        ...labels,
        method: 'POST',
        route: '/api/widgets/:widgetId/paint',
        status_code: '202',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', { ...labels, route: '/api/widgets/mine', status_code: '401' }),
    ).toBe(1);
    expect(text).not.toContain('w-1');
    const consumer = 'widgets.broken-painter';
    expect(sample(text, 'consumer_failures_total', { ...labels, consumer })).toBe(2);
    expect(sample(text, 'consumer_messages_total', { ...labels, consumer, outcome: 'retried' })).toBe(1);
    expect(sample(text, 'consumer_messages_total', { ...labels, consumer, outcome: 'dead_lettered' })).toBe(
      1,
    );
    // The relay published the event: nothing is pending.
    expect(sample(text, 'outbox_pending_events', { ...labels, outbox: 'widgets' })).toBe(0);
    expect(sample(text, 'outbox_oldest_event_age_seconds', { ...labels, outbox: 'widgets' })).toBe(0);
  });
});
