import http from 'node:http';
import zlib from 'node:zlib';
import {
  createHttpApp,
  createLogger,
  jsonAnswer,
  listen,
  sendJson,
  sendJsonAnswer,
} from '@marketplace/platform';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compressResponses } from '../src/web';

/** A JSON text of about 6 KB, as a cached search page is. */
const LONG = JSON.stringify({
  data: Array.from({ length: 60 }, (_, i) => ({ id: `car-${i}`, price: 500_000 + i })),
});
const SHORT = JSON.stringify({ data: { band: 'good' } });

/** The raw answer: status, headers and the bytes as sent (not decompressed). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('sendJsonAnswer behind the gateway compression', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const router = express.Router();
    router.get('/api/long', (req, res) => {
      res.setHeader('cache-control', 'public, max-age=0');
      sendJsonAnswer(req, res, jsonAnswer(LONG));
    });
    router.get('/api/short', (req, res) => sendJsonAnswer(req, res, jsonAnswer(Buffer.from(SHORT))));
    // The same text sent by Express itself, for its ETag.
    router.get('/api/express', (_req, res) => res.type('json').send(LONG));
    const app = createHttpApp({
      logger: createLogger({ level: 'silent' }),
      before: [compressResponses()],
      routers: [router],
    });
    server = await listen(app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sends Brotli whenever accepted, whatever the order, once compressed for every request', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const first = await get(`${server.url}/api/long`, { 'accept-encoding': 'gzip, deflate, br' });
      const second = await get(`${server.url}/api/long`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      for (const answer of [first, second]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('br');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=0');
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(answer.body.length).toBeLessThan(LONG.length / 2);
        expect(zlib.brotliDecompressSync(answer.body).toString('utf8')).toBe(LONG);
      }
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
    }
  });

  it('sends gzip to a client without Brotli, and the text as it is to one that accepts neither', async () => {
    const gzip = await get(`${server.url}/api/long`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(LONG);
    const refused = await get(`${server.url}/api/long`, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString('utf8')).toBe(LONG);
    const plain = await get(`${server.url}/api/long`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(LONG);
  });

  it('leaves an answer under 1 KiB uncompressed', async () => {
    const short = await get(`${server.url}/api/short`, { 'accept-encoding': 'br, gzip' });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body.toString('utf8')).toBe(SHORT);
  });

  it('answers 304 without a body to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await get(`${server.url}/api/long`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    // The ETag Express gives the same text: a page first sent by `res.json` revalidates as a 304 here.
    expect((await get(`${server.url}/api/express`)).headers.etag).toBe(etag);
    const again = await get(`${server.url}/api/long`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(`${server.url}/api/long`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('sendJson: an answer made for one request, with no compression middleware in front', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const router = express.Router();
    router.get('/api/own', (req, res) => sendJson(req, res, JSON.parse(LONG)));
    router.post('/api/own', (req, res) => {
      res.status(201);
      sendJson(req, res, JSON.parse(LONG));
    });
    router.get('/api/own-short', (req, res) => sendJson(req, res, JSON.parse(SHORT)));
    router.get('/api/express', (_req, res) => res.json(JSON.parse(LONG)));
    const app = createHttpApp({ logger: createLogger({ level: 'silent' }), routers: [router] });
    server = await listen(app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sends it compressed by itself, and compresses it again for every request: nothing is kept', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      for (const ask of ['gzip, deflate, br', 'br']) {
        const answer = await get(`${server.url}/api/own`, { 'accept-encoding': ask });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('br');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(zlib.brotliDecompressSync(answer.body).toString('utf8')).toBe(LONG);
      }
      expect(brotli).toHaveBeenCalledTimes(2);
    } finally {
      brotli.mockRestore();
    }
    const gzip = await get(`${server.url}/api/own`, { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(LONG);
    const plain = await get(`${server.url}/api/own`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(LONG);
    const short = await get(`${server.url}/api/own-short`, { 'accept-encoding': 'br' });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body.toString('utf8')).toBe(SHORT);
  });

  it('keeps the status set before it, and answers 304 and HEAD as Express’s res.json would', async () => {
    const created = await get(`${server.url}/api/own`, { 'accept-encoding': 'br' }, 'POST');
    expect(created.status).toBe(201);
    expect(zlib.brotliDecompressSync(created.body).toString('utf8')).toBe(LONG);
    const first = await get(`${server.url}/api/own`);
    const etag = String(first.headers.etag);
    expect((await get(`${server.url}/api/express`)).headers.etag).toBe(etag);
    const again = await get(`${server.url}/api/own`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(`${server.url}/api/own`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});
