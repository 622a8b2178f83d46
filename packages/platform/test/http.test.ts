import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createHttpApp,
  createLogger,
  createPeerSecret,
  listen,
  PEER_CALL_HEADER,
  parseInput,
  trustingPeerCalls,
} from '../src/index';

const schema = z.object({ email: z.email('must be a valid e-mail address') });

async function withApp(
  fn: (url: string) => Promise<void>,
  readiness?: Record<string, () => Promise<boolean>>,
) {
  const router = express.Router();
  router.post('/api/echo', (req, res) => {
    res.json(parseInput(schema, req.body));
  });
  router.get('/api/crash', () => {
    throw new Error('secret internal detail');
  });
  const app = createHttpApp({
    logger: createLogger({ level: 'silent' }),
    routers: [router],
    jsonLimitBytes: 1024,
    readiness,
  });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  try {
    await fn(server.url);
  } finally {
    await server.stop();
  }
}

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('HTTP app', () => {
  it('answers { message } for unknown /api paths, bad JSON, big bodies, invalid fields and crashes', async () => {
    await withApp(async (url) => {
      const unknown = await fetch(`${url}/api/nope`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'No API route for GET /api/nope' });

      const bad = await post(`${url}/api/echo`, '{"email":');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: 'The request body is not valid JSON.' });

      const big = await post(`${url}/api/echo`, JSON.stringify({ email: 'x'.repeat(2000) }));
      expect(big.status).toBe(413);
      expect((await big.json()).message).toMatch(/too large/);

      const invalid = await post(`${url}/api/echo`, JSON.stringify({ email: 'nope' }));
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({ message: 'email: must be a valid e-mail address' });

      const crash = await fetch(`${url}/api/crash`);
      expect(crash.status).toBe(500);
      const text = await crash.text();
      expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
      expect(text).not.toContain('secret');
    });
  });

  it('carries request ids and security headers, and reports health and readiness', async () => {
    let dbUp = true;
    await withApp(
      async (url) => {
        const res = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'req-123' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-request-id')).toBe('req-123');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-powered-by')).toBeNull();
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        dbUp = false;
        const down = await fetch(`${url}/readyz`);
        expect(down.status).toBe(503);
        expect(await down.json()).toEqual({ status: 'not ready', checks: { db: false }, degraded: [] });
      },
      { db: async () => dbUp },
    );
  });
});

describe('listen', () => {
  it('makes requests and responses with the app’s prototypes, so Express never changes them (ADR 19)', async () => {
    const router = express.Router();
    router.get('/api/who', (req, res) => {
      res.json({ path: req.path, app: req.app === app, header: req.get('x-probe') });
    });
    const app = createHttpApp({ logger: createLogger({ level: 'silent' }), routers: [router] });
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    const born: unknown[] = [];
    server.server.prependListener('request', (req, res) => {
      born.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res));
    });
    try {
      const res = await fetch(`${server.url}/api/who?x=1`, { headers: { 'x-probe': 'yes' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ path: '/api/who', app: true, header: 'yes' });
      expect(born).toEqual([app.request, app.response]);
      // A second server of the same app reuses the classes (the prototype chain does not grow).
      const first = app.request;
      const again = await listen(app, { port: 0, host: '127.0.0.1' });
      await again.stop();
      expect(app.request).toBe(first);
    } finally {
      await server.stop();
    }
  });

  it('at the edge, drops the trace context of a request it does not trust, and only of those', async () => {
    const router = express.Router();
    router.get('/api/trace', (req, res) => {
      res.json({
        traceparent: req.get('traceparent'),
        tracestate: req.get('tracestate'),
        baggage: req.get('baggage'),
      });
    });
    const app = createHttpApp({ logger: createLogger({ level: 'silent' }), routers: [router] });
    const secret = createPeerSecret();
    const server = await listen(app, { port: 0, host: '127.0.0.1', edge: trustingPeerCalls(secret) });
    const context = {
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      tracestate: 'vendor=chosen',
      baggage: 'user=someone-else',
    };
    const seen = async (headers: Record<string, string>) =>
      (await fetch(`${server.url}/api/trace`, { headers: { ...context, ...headers } })).json();
    try {
      expect(await seen({})).toEqual({});
      expect(await seen({ [PEER_CALL_HEADER]: 'a-guess' })).toEqual({});
      expect(await seen({ [PEER_CALL_HEADER]: secret })).toEqual(context);
    } finally {
      await server.stop();
    }
  });
});
