import express from 'express';
import { describe, expect, it } from 'vitest';
import {
  createHttpApp,
  createLogger,
  createPeers,
  HttpError,
  listen,
  operationRequest,
  type PeerRequest,
  restrictPeers,
  runWithContext,
  urlRotation,
} from '../src/index';

const logger = createLogger({ level: 'silent' });

async function withEcho(fn: (url: string) => Promise<void>) {
  const router = express.Router();
  router.post('/api/echo', (req, res) => {
    res.status(201).json({
      body: req.body,
      authorization: req.headers.authorization ?? null,
      cookie: req.headers.cookie ?? null,
      correlationId: req.headers['x-correlation-id'],
    });
  });
  const server = await listen(createHttpApp({ logger, routers: [router], jsonLimitBytes: 1024 }), {
    port: 0,
    host: '127.0.0.1',
  });
  try {
    await fn(server.url);
  } finally {
    await server.stop();
  }
}

describe('peers', () => {
  it('calls the configured peer with JSON, forwarding credentials and the correlation id', async () => {
    await withEcho(async (url) => {
      const peers = createPeers({
        urls: { catalog: url },
        selfUrl: () => undefined,
        timeoutMs: 2000,
        logger,
        secret: 's',
      });
      const res = await runWithContext({ requestId: 'req-1', correlationId: 'corr-1' }, () =>
        peers.call<{ body: unknown; authorization: string; cookie: string; correlationId: string }>(
          'catalog',
          {
            method: 'POST',
            path: '/api/echo',
            body: { a: 1 },
            forward: { headers: { authorization: 'Bearer t', cookie: 'token=x' } },
          },
        ),
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        body: { a: 1 },
        authorization: 'Bearer t',
        cookie: 'token=x',
        correlationId: 'corr-1',
      });
    });
  });

  it('falls back to the own address and returns error statuses to the caller', async () => {
    await withEcho(async (url) => {
      const peers = createPeers({ urls: {}, selfUrl: () => url, timeoutMs: 2000, logger, secret: 's' });
      const res = await peers.call<{ message: string }>('storage', { path: '/api/missing' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBeTruthy();
    });
  });

  it('throws 503 naming the peer when it cannot be reached', async () => {
    const peers = createPeers({
      urls: { storage: 'http://127.0.0.1:9' },
      selfUrl: () => undefined,
      timeoutMs: 500,
      logger,
      secret: 's',
    });
    const err = await peers.call('storage', { path: '/api/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(503);
    expect((err as HttpError).message).toMatch(/storage service is unavailable/);
    const none = createPeers({ urls: {}, selfUrl: () => undefined, timeoutMs: 500, logger, secret: 's' });
    await expect(none.call('catalog', { path: '/api/x' })).rejects.toMatchObject({ status: 503 });
  });
});

describe('urlRotation', () => {
  it('takes turns over comma-separated URLs; nothing when unset', () => {
    const next = urlRotation('http://a:1, http://b:1');
    expect([next(), next(), next()]).toEqual(['http://a:1', 'http://b:1', 'http://a:1']);
    expect(urlRotation('http://only:1')()).toBe('http://only:1');
    expect(urlRotation(undefined)()).toBeUndefined();
    expect(urlRotation('')()).toBeUndefined();
  });
});

describe('callOperation', () => {
  /** A peers port whose calls are recorded and answered 200 `{}`. */
  const recording = () => {
    const calls: Array<{ peer: string; req: PeerRequest }> = [];
    const peers = restrictPeers(
      {
        call: async (peer, req) => {
          calls.push({ peer, req });
          return { status: 200, body: {} as never };
        },
        callOperation: () => Promise.reject(new Error('not used')),
      },
      'listing',
      ['catalog', 'storage'],
    );
    return { calls, peers };
  };

  it('calls the owner with the declared method and path, params and query encoded, body and credentials', async () => {
    const { calls, peers } = recording();
    const forward = { headers: { authorization: 'Bearer t' } };
    await peers.callOperation('confirmImages', { body: { type: 'cars', keys: ['k'] }, forward });
    await peers.callOperation('getImage', { params: { key: 'cars/a b.jpg' } });
    await peers.callOperation('listModels', { query: { brand: 'x y&z', keyword: undefined } });
    await peers.callOperation('listStates', {});
    expect(calls).toEqual([
      {
        peer: 'storage',
        req: {
          method: 'POST',
          path: '/api/storage/images/confirm',
          body: { type: 'cars', keys: ['k'] },
          forward,
        },
      },
      { peer: 'storage', req: { method: 'GET', path: '/api/storage/images/cars%2Fa%20b.jpg' } },
      { peer: 'catalog', req: { method: 'GET', path: '/api/carModel?brand=x%20y%26z' } },
      { peer: 'catalog', req: { method: 'GET', path: '/api/carstate' } },
    ]);
  });

  it('refuses an undeclared peer, a missing path parameter and an undeclared operation', () => {
    const { peers } = recording();
    const limited = restrictPeers(peers, 'auth', ['storage']);
    expect(() => limited.callOperation('listStates', {})).toThrow(
      'service auth calls catalog without declaring it',
    );
    expect(() => operationRequest('getImage', {})).toThrow('path parameter key missing');
    expect(() => operationRequest('noSuchOperation' as never, {})).toThrow(
      'operation noSuchOperation is not declared',
    );
  });
});
