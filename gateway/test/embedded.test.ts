/**
 * The embedded system end to end over HTTP: PGlite in a temp DATA_DIR, the in-process bus, memory cache.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type EventPayloads, serviceNames } from '@marketplace/contracts';
import { createLogger, createOutbox, loadConfig, messagingTables, sealSecret } from '@marketplace/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sample } from '../../packages/platform/test/metrics-text';
import { rawGet as getRaw } from '../../test-support/http';
import { sessionFor } from '../../test-support/sessions';
import { type EmbeddedSystem, startEmbedded } from '../src/embedded';

let system: EmbeddedSystem;
let url: string;
/** A compressible script of ~40 KB, as a built bundle would be. */
const BUNDLE = Array.from({ length: 800 }, (_, i) => `export const value${i} = 'used car ${i}';`).join('\n');

/** GET `p` of the gateway with exactly these request headers (test-support/http.ts). */
const rawGet = (p: string, headers: Record<string, string> = {}) => getRaw(`${url}${p}`, headers);
/** The build's copies of BUNDLE: Brotli quality 11, gzip level 9 (a response compresses at quality 4). */
const PRECOMPRESSED_BR = zlib.brotliCompressSync(BUNDLE, {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
});
const PRECOMPRESSED_GZ = zlib.gzipSync(BUNDLE, { level: 9 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-'));
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  fs.mkdirSync(path.join(webRoot, 'shell', 'dist', 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'shell', 'dist', 'static', 'js', 'index.0123456789.js'), BUNDLE);
  fs.writeFileSync(path.join(webRoot, 'shell', 'dist', 'remoteEntry.js'), BUNDLE);
  // A chunk with the build's compressed copies (packages/ui/build/rsbuild.ts, `precompress`).
  const chunk = path.join(webRoot, 'shell', 'dist', 'static', 'js', 'chunk.abcdef0123.js');
  fs.writeFileSync(chunk, BUNDLE);
  fs.writeFileSync(`${chunk}.br`, PRECOMPRESSED_BR);
  fs.writeFileSync(`${chunk}.gz`, PRECOMPRESSED_GZ);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    RATE_LIMIT_PER_MINUTE: '1000',
    METRICS_TOKEN: 'embedded-metrics-token',
  });
  system = await startEmbedded(config, createLogger({ level: 'silent' }));
  url = system.server.url;
}, 120_000);

afterAll(async () => {
  await system?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const post = (p: string, body: string) =>
  fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('embedded gateway', () => {
  it('compresses what it serves (brotli preferred, else gzip) and caches hashed assets for a year (issue 21)', async () => {
    const script = '/static/js/index.0123456789.js';
    const br = await rawGet(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BUNDLE);
    expect(br.body.length).toBeLessThan(BUNDLE.length / 4);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await rawGet(script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(BUNDLE);
    const plain = await rawGet(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
    // Entry files keep revalidating; JSON answers of the API are compressed too.
    expect((await rawGet('/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    const states = await rawGet('/api/carstate', { 'accept-encoding': 'br' });
    expect(states.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(states.body).toString()).data).toHaveLength(36);
  });

  it("sends a built file's compressed copy as it is, and the file itself to a client that accepts neither", async () => {
    const chunk = '/static/js/chunk.abcdef0123.js';
    const br = await rawGet(chunk, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(PRECOMPRESSED_BR)).toBe(true);
    expect(br.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await rawGet(chunk, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(PRECOMPRESSED_GZ)).toBe(true);
    const plain = await rawGet(chunk);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers /robots.txt: the public site is crawlable, the API and signed-in pages are not', async () => {
    const res = await fetch(`${url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ['/api/', '/dashboard', '/profile']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  it('is healthy and ready', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { database: true, broker: true, cache: true } });
  });

  it('serves the OpenAPI 3.1 document and the API reference', async () => {
    const doc = await (await fetch(`${url}/api/openapi.json`)).json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/cars', '/api/testDrive']),
    );
    const docs = await fetch(`${url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
  });

  it('answers JSON errors: 404 unknown /api path, 400 malformed JSON, 413 oversized body', async () => {
    const unknown = await fetch(`${url}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.stringContaining('/api/no-such-thing') });
    const malformed = await post('/api/auth/login', '{"email": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const oversized = await post('/api/auth/login', JSON.stringify({ email: 'x'.repeat(1_100_000) }));
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('wires every service: public JWKS, catalog read, signed-in reads', async () => {
    const jwks = await (await fetch(`${url}/api/auth/.well-known/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(jwks.keys[0].d).toBeUndefined();
    expect((await (await fetch(`${url}/api/carstate`)).json()).data).toHaveLength(36);
    expect((await (await fetch(`${url}/api/storage/limits`)).json()).data.maxBytes).toBe(10 * 1024 * 1024);

    expect((await fetch(`${url}/api/testDrive`)).status).toBe(401);
    // A user that exists in the auth database (issue 20: a token of a missing user is refused).
    const { token } = await sessionFor(system, 'User');
    const auth = { headers: { cookie: `auth-token=${token}` } };
    expect(await (await fetch(`${url}/api/testDrive`, auth)).json()).toEqual({ data: [] });
    expect(await (await fetch(`${url}/api/cars/seller`, auth)).json()).toEqual({ data: [] });
  });

  it('seeds a demo inventory whose photos are served by storage', async () => {
    const { data } = await (await fetch(`${url}/api/cars?limit=3`)).json();
    expect(data.totalLength).toBeGreaterThanOrEqual(250);
    for (const car of data.cars) {
      const [photo] = car.images;
      const original = await fetch(`${url}${photo.url}`);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      const small = await fetch(`${url}${photo.sizes[0].url}`);
      expect(small.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
    }
  });

  it('delivers auth.otp.requested to the notification worker, which writes the SMS to the dev outbox', async () => {
    const outbox = createOutbox<EventPayloads>({
      db: system.infra.database.db,
      tables: messagingTables('auth'),
    });
    await outbox.transaction(async (_tx, emit) => {
      await emit('auth.otp.requested', {
        userId: 'user-9',
        phone_number: '9812345678',
        email: 'a@b.in',
        otpSealed: sealSecret(system.infra.config.UPLOAD_SIGNING_SECRET, '482913', '9812345678'),
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        purpose: 'register',
      });
    });
    await system.drainOutboxes();
    const file = path.join(dataDir, 'outbox', 'sms.jsonl');
    await expect
      .poll(() => fs.existsSync(file) && fs.readFileSync(file, 'utf8'), { timeout: 5_000 })
      .toContain('482913');
    const line = JSON.parse(fs.readFileSync(file, 'utf8').trim().split('\n').at(-1)!);
    expect(line).toMatchObject({
      to: '9812345678',
      text: expect.stringContaining('482913'),
      createdAt: expect.any(String),
    });
  });

  it('creates the development administrator when no ADMIN_EMAIL is configured', async () => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@marketplace.local', password: 'Admin@12345' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('Admin');
  });

  it('hosts the shell with SPA fallback for client routes, not for /api', async () => {
    const page = await fetch(`${url}/buy-a-car`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    const api = await fetch(`${url}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
  });

  it('serves /metrics behind METRICS_TOKEN: requests by route pattern, every outbox, consumers, dead letters', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const { data } = await (await fetch(`${url}/api/cars?limit=1`)).json();
    const carId = data.cars[0]._id as string;
    const car = await fetch(`${url}/api/cars/${carId}`);
    expect(car.status).toBe(200);
    await car.text();
    const detail = { service: 'marketplace', method: 'GET', route: '/api/cars/:carId', status_code: '200' };
    // The request is counted when the server's response finishes, which can come just after the client
    // has read it (a compressed body is flushed asynchronously), so the scrape is retried until it shows.
    const text = await vi.waitFor(async () => {
      const res = await fetch(`${url}/metrics`, {
        headers: { authorization: 'Bearer embedded-metrics-token' },
      });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(sample(body, 'http_requests_total', detail)).toBeGreaterThanOrEqual(1);
      return body;
    });
    expect(text).not.toContain(carId);
    expect(sample(text, 'http_request_duration_seconds_count', detail)).toBeGreaterThanOrEqual(1);
    for (const outbox of serviceNames) {
      expect(sample(text, 'outbox_pending_events', { outbox }), outbox).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'outbox_oldest_event_age_seconds', { outbox }), outbox).toBeGreaterThanOrEqual(0);
    }
    // The OTP event of an earlier test was handled by the notification worker; nothing is dead-lettered.
    expect(
      sample(text, 'consumer_messages_total', { consumer: 'notification.otp-sms', outcome: 'handled' }),
    ).toBeGreaterThanOrEqual(1);
    for (const consumer of system.infra.broker.consumerNames()) {
      expect(sample(text, 'dead_letter_messages', { consumer }), consumer).toBe(0);
    }
    expect(sample(text, 'process_resident_memory_bytes', { service: 'marketplace' })).toBeGreaterThan(0);
  });
});
