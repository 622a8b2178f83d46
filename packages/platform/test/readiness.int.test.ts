/**
 * Readiness reflects only what a process cannot serve without (issue 26): a standalone service whose
 * Redis is stopped (nothing listens at its REDIS_URL) stays ready, `/readyz` names the cache under
 * `degraded`, and `dependency_up{dependency="cache",required="false"}` is 0; with the real Redis the cache is
 * up. Its database is required, and the broker too once the service has a consumer; without consumers
 * the broker is reported, not required. Once the process starts to shut down, `/readyz` answers 503.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventEnvelope } from '@marketplace/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freePort, requireServer } from '../../../test-support/servers';
import {
  type Consumer,
  createLogger,
  defineService,
  type EventEnvelope,
  loadConfig,
  type RunningService,
  startDraining,
  startService,
} from '../src/index';
import { sample } from './metrics-text';

interface GadgetEvents {
  'gadgets.made': { gadgetId: string };
}

const gadgetMade = eventEnvelope('gadgets.made', 1, z.object({ gadgetId: z.string() }));

const dirs: string[] = [];
const running: RunningService[] = [];

afterAll(async () => {
  for (const service of running) await service.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts a gadgets service (with a consumer when `consumes`) on PGlite with Redis at `redisUrl`. */
async function start(redisUrl: string, consumes: boolean): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readiness-'));
  dirs.push(dir);
  const name = `gadgets_${Math.random().toString(36).slice(2, 8)}`;
  const counter: Consumer<EventEnvelope<{ gadgetId: string }>, GadgetEvents> = {
    name: 'gadgets.counter',
    events: ['gadgets.made'],
    schema: gadgetMade,
    async handle() {},
  };
  const service = defineService<GadgetEvents>({
    name: 'gadgets',
    publishes: ['gadgets.made'],
    consumes: consumes ? [{ name: 'gadgets.counter', events: ['gadgets.made'] }] : [],
    schema: name,
    create: () => ({ consumers: consumes ? [counter] : [] }),
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `${name}:`,
  });
  const service$ = await startService(service, config, createLogger({ level: 'silent' }));
  running.push(service$);
  return service$.server.url;
}

async function readiness(url: string) {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: await res.json() };
}

async function dependencyUp(url: string, dependency: string, required: boolean) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return sample(text, 'dependency_up', { dependency, required: String(required) });
}

describe('readiness', () => {
  it('stays ready with Redis stopped, and shows the cache degraded in /readyz and the metrics', async () => {
    const url = await start(`redis://127.0.0.1:${await freePort()}`, true);
    const ready = await readiness(url);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: true, broker: true, cache: false },
      degraded: ['cache'],
    });
    expect(await dependencyUp(url, 'cache', false)).toBe(0);
    expect(await dependencyUp(url, 'database', true)).toBe(1);
    expect(await dependencyUp(url, 'broker', true)).toBe(1);
  }, 60_000);

  it('reports the cache up with the real Redis, and the broker as not required without consumers', async () => {
    const redisUrl = await requireServer('redis');
    if (!redisUrl) return;
    const url = await start(redisUrl, false);
    const ready = await readiness(url);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: true, broker: true, cache: true },
      degraded: [],
    });
    expect(await dependencyUp(url, 'cache', false)).toBe(1);
    expect(await dependencyUp(url, 'broker', false)).toBe(1);
    expect(await dependencyUp(url, 'broker', true)).toBeUndefined();
  }, 60_000);

  // Last: draining is for the whole process.
  it('answers 503 draining once the process starts to shut down, before its server closes', async () => {
    const url = await start(`redis://127.0.0.1:${await freePort()}`, false);
    expect((await readiness(url)).status).toBe(200);
    startDraining();
    expect(await readiness(url)).toEqual({
      status: 503,
      body: { status: 'draining', checks: {}, degraded: [] },
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  }, 60_000);
});
