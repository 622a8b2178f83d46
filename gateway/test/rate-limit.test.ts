import {
  createLogger,
  createMemoryRateLimiters,
  createTokenVerifier,
  listen,
  loadConfig,
  PEER_CALL_HEADER,
} from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app';

type GatewayMode = Parameters<typeof createGatewayApp>[0]['mode'];

/** A gateway on a loopback port allowing `perMinute` requests per client, with in-memory limiters. */
function limitedGateway(perMinute: string, mode: GatewayMode) {
  const app = createGatewayApp({
    config: loadConfig({ RATE_LIMIT_PER_MINUTE: perMinute }),
    logger: createLogger({ level: 'silent' }),
    rateLimiters: createMemoryRateLimiters(),
    readiness: {},
    mode,
    webRoot: '/nonexistent',
  });
  return listen(app, { port: 0, host: '127.0.0.1' });
}

describe('global rate limit', () => {
  it('refuses a client past RATE_LIMIT_PER_MINUTE on /api with 429 { message } and Retry-After', async () => {
    const server = await limitedGateway('3', { kind: 'proxy', targets: {} });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}/api/nothing`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await fetch(`${server.url}/api/nothing`);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({ message: 'Too many requests. Please try again shortly.' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('counts page requests too (a page may be rendered with API calls), not static files (issue 21)', async () => {
    const server = await limitedGateway('3', { kind: 'proxy', targets: {} });
    try {
      const page = { accept: 'text/html' };
      for (let i = 0; i < 5; i++) {
        const asset = await fetch(`${server.url}/static/js/index.0123456789.js`, { headers: page });
        expect(asset.status).not.toBe(429);
      }
      const statuses: number[] = [];
      for (const path of ['/', '/buy-a-car?fuelTypes=Diesel', '/car-details/x', '/faq'])
        statuses.push((await fetch(`${server.url}${path}`, { headers: page })).status);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("does not count the embedded process's own peer calls, and counts a wrong peer secret", async () => {
    const server = await limitedGateway('2', {
      kind: 'embedded',
      routers: [],
      tokens: createTokenVerifier({ issuer: 'test', jwks: { keys: [] } }),
      peerSecret: 'a'.repeat(64),
    });
    try {
      const peer = { [PEER_CALL_HEADER]: 'a'.repeat(64) };
      const forged = { [PEER_CALL_HEADER]: 'b'.repeat(64) };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await fetch(`${server.url}/api/nothing`, { headers: peer })).status);
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${server.url}/api/nothing`, { headers: forged })).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404, 429]);
    } finally {
      await server.stop();
    }
  });
});
