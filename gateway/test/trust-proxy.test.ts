/**
 * Issue 20, point 8: the gateway's rate limit cannot be dodged. X-Forwarded-For counts only from the
 * proxies TRUST_PROXY names (default none), `/API/…` is counted like `/api/…` and answered 404, and the
 * distributed gateway hands services the client it resolved (never the chain the client wrote).
 */
import { createHttpApp, createLogger, listen, loadConfig, type RunningServer } from '@marketplace/platform';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxyGateway } from '../../test-support/gateway';

const logger = createLogger({ level: 'silent' });
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

/** A proxy-mode gateway on port 0 with the given environment. */
async function gateway(env: Record<string, string>, targets: Record<string, string | undefined> = {}) {
  const server = await startProxyGateway({ env, targets, webRoot: '/nonexistent' });
  running.push(server);
  return server;
}

const get = async (server: RunningServer, p: string, xff?: string) =>
  (await fetch(`${server.url}${p}`, { headers: xff ? { 'x-forwarded-for': xff } : {} })).status;

describe('gateway rate limit and client address', () => {
  it('by default counts the socket address: a made-up X-Forwarded-For per request does not reset the count', async () => {
    const server = await gateway({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await get(server, '/api/nothing', `10.9.0.${i}`));
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('with TRUST_PROXY=loopback counts each forwarded client on its own', async () => {
    const server = await gateway({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'loopback' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await get(server, '/api/nothing', '198.51.100.1'));
    statuses.push(await get(server, '/api/nothing', '198.51.100.2'));
    expect(statuses).toEqual([404, 404, 429, 404]);
  });

  it('ignores X-Forwarded-For from a peer outside a TRUST_PROXY CIDR list (no "any private address")', async () => {
    const server = await gateway({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await get(server, '/api/nothing', `10.8.0.${i}`));
    expect(statuses).toEqual([404, 404, 429]);
  });

  it('counts /API/… and /Api/… like /api/… and answers them 404', async () => {
    const server = await gateway({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [
      await get(server, '/API/cars'),
      await get(server, '/Api/auth/login'),
      await get(server, '/aPi/nothing'),
      await get(server, '/api/nothing'),
    ];
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('distributed gateway forwarding', () => {
  /** A fake catalog that answers what it was told about the client. */
  async function fakeCatalog(trustProxy: string) {
    const router = express.Router();
    router.get('/api/cars', (req, res) => {
      res.json({ xff: req.header('x-forwarded-for') ?? null, ip: req.ip });
    });
    const server = await listen(
      createHttpApp({
        logger,
        routers: [router],
        trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY,
      }),
      { port: 0, host: '127.0.0.1' },
    );
    running.push(server);
    return server;
  }

  it('sends services only the client it resolved, which a service trusting the gateway takes as req.ip', async () => {
    const catalog = await fakeCatalog('loopback');
    const trusting = await gateway({ TRUST_PROXY: 'loopback' }, { catalog: catalog.url });
    const res = await fetch(`${trusting.url}/api/cars`, {
      headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' },
    });
    expect(await res.json()).toEqual({ xff: '198.51.100.9', ip: '198.51.100.9' });

    const untrusting = await gateway({}, { catalog: catalog.url });
    const spoofed = await fetch(`${untrusting.url}/api/cars`, { headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(await spoofed.json()).toEqual({ xff: '127.0.0.1', ip: '127.0.0.1' });
  });
});
