/**
 * Issue 20 in the shared HTTP app (gateway and every service): X-Forwarded-For believed only from the
 * proxies TRUST_PROXY names (point 8), `/api` matched case-sensitively (point 8), and authenticated API
 * reads answered `Cache-Control: private, no-store` unless the handler declared them public (point 13).
 */
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, listen, loadConfig, type RunningServer } from '../src/index';

const logger = createLogger({ level: 'silent' });

/** An app whose `GET /api/ip` answers `{ ip, secure }` and `GET /api/public` is declared public. */
function app(trustProxy?: ReturnType<typeof loadConfig>['TRUST_PROXY']) {
  const router = express.Router();
  router.get('/api/ip', (req, res) => {
    res.json({ ip: req.ip, secure: req.secure });
  });
  router.get('/api/public', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=30');
    res.json({ ok: true });
  });
  router.get('/api/private-declared', (_req, res) => {
    res.setHeader('cache-control', 'max-age=600');
    res.json({ ok: true });
  });
  return createHttpApp({ logger, routers: [router], trustProxy });
}

async function ipSeen(server: RunningServer, xff: string): Promise<{ ip: string; secure: boolean }> {
  const res = await fetch(`${server.url}/api/ip`, {
    headers: { 'x-forwarded-for': xff, 'x-forwarded-proto': 'https' },
  });
  return (await res.json()) as { ip: string; secure: boolean };
}

describe('trust proxy (TRUST_PROXY)', () => {
  const servers: RunningServer[] = [];
  const start = async (value: string | undefined) => {
    const server = await listen(app(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY), {
      port: 0,
      host: '127.0.0.1',
    });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('by default believes no X-Forwarded-For, not even from a private or loopback peer', async () => {
    const seen = await ipSeen(await start(undefined), '203.0.113.9');
    expect(seen.ip).toBe('127.0.0.1');
    expect(seen.secure).toBe(false);
  });

  it('believes the configured proxies: loopback by name, or a CIDR list that includes the peer', async () => {
    expect(await ipSeen(await start('loopback'), '203.0.113.9')).toEqual({ ip: '203.0.113.9', secure: true });
    expect((await ipSeen(await start('10.0.0.0/8, 127.0.0.0/8'), '198.51.100.7')).ip).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from a peer outside the CIDR list', async () => {
    expect((await ipSeen(await start('10.0.0.0/8'), '203.0.113.9')).ip).toBe('127.0.0.1');
  });

  it('with a hop count takes the address that many hops back, never one the client prepended', async () => {
    // The client wrote "1.2.3.4"; the (one) trusted proxy appended the client's real address.
    expect((await ipSeen(await start('1'), '1.2.3.4, 198.51.100.20')).ip).toBe('198.51.100.20');
  });
});

describe('case-sensitive /api', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen(app(), { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.stop());

  it('answers 404 { message } for /API/… and /Api/…, and serves /api/…', async () => {
    expect((await fetch(`${server.url}/api/ip`)).status).toBe(200);
    for (const p of ['/API/ip', '/Api/ip', '/aPI/public']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toEqual({ message: expect.stringContaining('No API route') });
    }
  });
});

describe('Cache-Control of authenticated API reads', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen(app(), { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.stop());

  const cacheControl = async (p: string, headers: Record<string, string> = {}) =>
    (await fetch(`${server.url}${p}`, { headers })).headers.get('cache-control');

  it('is private, no-store with a bearer token or a session cookie', async () => {
    expect(await cacheControl('/api/ip', { authorization: 'Bearer x.y.z' })).toBe('private, no-store');
    expect(await cacheControl('/api/ip', { cookie: 'theme=dark; auth-token=abc' })).toBe('private, no-store');
    expect(await cacheControl('/api/private-declared', { authorization: 'Bearer x' })).toBe(
      'private, no-store',
    );
  });

  it('leaves answers declared public, and requests without a session, alone', async () => {
    expect(await cacheControl('/api/public', { authorization: 'Bearer x.y.z' })).toBe('public, max-age=30');
    expect(await cacheControl('/api/public')).toBe('public, max-age=30');
    expect(await cacheControl('/api/ip', { cookie: 'theme=dark' })).toBeNull();
    expect(await cacheControl('/api/private-declared')).toBe('max-age=600');
  });
});
