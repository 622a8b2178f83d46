/**
 * Distributed gateway: proxies /api by the contracts' route table to service URLs, passes ids through,
 * and answers { message } when a service is unknown, unconfigured, unreachable, or the body is too large.
 */
import { createHttpApp, createLogger, listen, type RunningServer } from '@marketplace/platform';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyGateway } from '../../test-support/gateway';

const logger = createLogger({ level: 'silent' });
let catalog: RunningServer;
let listing: RunningServer;
let storage: RunningServer;
let notification: RunningServer;
let notificationReplica: RunningServer;
let gateway: RunningServer;
const seen: Array<{ service: string; method: string; path: string; requestId?: string }> = [];

function fakeService(service: string) {
  const router = express.Router();
  router.all('/{*rest}', (req, res) => {
    seen.push({ service, method: req.method, path: req.originalUrl, requestId: req.header('x-request-id') });
    // A long answer sent as it is, uncompressed, whatever the request accepts.
    if (req.query.long === '1') {
      if (req.path.endsWith('.xml'))
        res.type('application/xml').send(`<urlset>${'<url/>'.repeat(800)}</urlset>`);
      else res.type('json').send(JSON.stringify({ service, filler: 'x'.repeat(4000) }));
      return;
    }
    res.json({ service, body: req.body ?? null });
  });
  return createHttpApp({ logger, routers: [router] });
}

beforeAll(async () => {
  catalog = await listen(fakeService('catalog'), { port: 0, host: '127.0.0.1' });
  listing = await listen(fakeService('listing'), { port: 0, host: '127.0.0.1' });
  storage = await listen(fakeService('storage'), { port: 0, host: '127.0.0.1' });
  notification = await listen(fakeService('notification'), { port: 0, host: '127.0.0.1' });
  notificationReplica = await listen(fakeService('notification-2'), { port: 0, host: '127.0.0.1' });
  gateway = await startProxyGateway({
    env: { JSON_BODY_LIMIT_BYTES: '1000', RATE_LIMIT_PER_MINUTE: '1000' },
    targets: {
      catalog: catalog.url,
      listing: listing.url,
      storage: storage.url,
      notification: `${notification.url},${notificationReplica.url}`,
      'test-drive': 'http://127.0.0.1:1',
      auth: undefined,
    },
    webRoot: '/nonexistent',
  });
});

afterAll(async () => {
  await Promise.all([
    gateway?.stop(),
    catalog?.stop(),
    listing?.stop(),
    storage?.stop(),
    notification?.stop(),
    notificationReplica?.stop(),
  ]);
});

describe('proxy gateway', () => {
  it('routes /api/cars reads to catalog and writes and /seller to listing', async () => {
    const read = await fetch(`${gateway.url}/api/cars?page=2`, { headers: { 'x-request-id': 'abc-1' } });
    expect(await read.json()).toMatchObject({ service: 'catalog' });
    expect(seen.at(-1)).toEqual({
      service: 'catalog',
      method: 'GET',
      path: '/api/cars?page=2',
      requestId: 'abc-1',
    });
    expect(await (await fetch(`${gateway.url}/api/cars/seller`)).json()).toMatchObject({
      service: 'listing',
    });
    expect(await (await fetch(`${gateway.url}/api/cars/abc`)).json()).toMatchObject({ service: 'catalog' });
    const write = await fetch(`${gateway.url}/api/cars`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: 575000 }),
    });
    expect(await write.json()).toEqual({ service: 'listing', body: { price: 575000 } });
    const contact = await fetch(`${gateway.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Asha' }),
    });
    expect(await contact.json()).toEqual({ service: 'notification', body: { name: 'Asha' } });
  });

  it('leaves a JSON operation’s answer as its service sent it, and compresses what else it proxies', async () => {
    // JSON operations' answers are compressed where they are made (platform sendJson, docs/adr/0027): the
    // gateway does not wrap them, so this fake service's uncompressed answer arrives as it was sent.
    const car = await fetch(`${gateway.url}/api/cars/abc?long=1`, { headers: { 'accept-encoding': 'br' } });
    expect(car.headers.get('content-encoding')).toBeNull();
    expect((await car.json()).filler).toHaveLength(4000);
    const sitemap = await fetch(`${gateway.url}/sitemap.xml?long=1`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(sitemap.headers.get('content-encoding')).toBe('br');
    expect(await sitemap.text()).toContain('<url/>');
  });

  it('answers { message } for unknown paths, unconfigured or unreachable services, and big bodies', async () => {
    const unknown = await fetch(`${gateway.url}/api/unknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('message');
    const unconfigured = await fetch(`${gateway.url}/api/auth/profile`);
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toEqual({ message: 'The auth service is not available.' });
    const down = await fetch(`${gateway.url}/api/testDrive`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ message: 'The service is not reachable right now.' });
    const big = await fetch(`${gateway.url}/api/cars`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(5000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('lets image uploads through up to 10 MB, past the JSON limit', async () => {
    const put = (bytes: number) =>
      fetch(`${gateway.url}/api/storage/upload/cars-1?sig=x`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(bytes),
      });
    const upload = await put(2 * 1024 * 1024);
    expect(upload.status).toBe(200);
    expect(await upload.json()).toMatchObject({ service: 'storage' });
    expect(seen.at(-1)).toMatchObject({ service: 'storage', method: 'PUT' });
    expect((await put(10 * 1024 * 1024 + 1)).status).toBe(413);
    const other = await fetch(`${gateway.url}/api/storage/getUrl?type=cars`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(5000) }),
    });
    expect(other.status).toBe(413);
  });

  it('sends the requests of a service with two replicas to each in turn', async () => {
    const served: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${gateway.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      served.push(((await res.json()) as { service: string }).service);
    }
    expect(served.sort()).toEqual(['notification', 'notification', 'notification-2', 'notification-2']);
  });
});
