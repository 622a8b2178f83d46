/**
 * Unit tests of the distributed launcher's pieces that need no server: settings from the environment
 * (ports from BASE_PORT, a database per service, overrides), log line condensing, the remotes' static
 * server, the consumer list, and the CLI entries' usage errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerSpecs } from '../../scripts/distributed/consumers';
import { formatLogLine } from '../../scripts/distributed/launcher';
import { resolveSettings, SettingsError } from '../../scripts/distributed/settings';
import { serveStatic } from '../../scripts/distributed/static-server';
import { runOps } from '../../scripts/ops';
import { main as startDistributedMain } from '../../scripts/start-distributed';

describe('distributed settings', () => {
  it('derives ports from BASE_PORT and a database per service', () => {
    const s = resolveSettings({ BASE_PORT: '9000', DATABASE_URL: 'postgres://u@db:5433/postgres' });
    expect(s.ports).toMatchObject({
      gateway: 9000,
      auth: 9001,
      catalog: 9002,
      listing: 9003,
      'test-drive': 9004,
      storage: 9005,
      notification: 9006,
      'remote-catalog': 9011,
      'remote-sell': 9012,
      'remote-account': 9013,
      'remote-admin': 9014,
    });
    expect(s.databaseUrls['test-drive']).toBe('postgres://u@db:5433/marketplace_test_drive');
    expect(s.databaseUrls.auth).toBe('postgres://u@db:5433/marketplace_auth');
    expect(s.queuePrefix).toBeUndefined();
    expect(s.amqpExchange).toBe('marketplace.events');
  });

  it('takes per-service database URLs and a prefix as given; refuses bad values', () => {
    const s = resolveSettings({
      DATABASE_PREFIX: 'shop',
      CATALOG_DATABASE_URL: 'postgres://x@h/catalog_db',
      AMQP_QUEUE_PREFIX: 'blue',
    });
    expect(s.databaseUrls.catalog).toBe('postgres://x@h/catalog_db');
    expect(s.databaseUrls.listing).toBe('postgres://postgres@127.0.0.1:5432/shop_listing');
    expect(s.ports.gateway).toBe(8080);
    expect(s.queuePrefix).toBe('blue');
    expect(() => resolveSettings({ BASE_PORT: 'x' })).toThrow(SettingsError);
    expect(() => resolveSettings({ BASE_PORT: '65530' })).toThrow(/BASE_PORT/);
    expect(() => resolveSettings({ DATABASE_PREFIX: 'Bad-Name' })).toThrow(/DATABASE_PREFIX/);
  });

  it('names and places the replicas of a service (<SERVICE>_REPLICAS); refuses a bad count', () => {
    const s = resolveSettings({ BASE_PORT: '9000', CATALOG_REPLICAS: '3' });
    expect(s.replicas.catalog).toEqual(['catalog', 'catalog-2', 'catalog-3']);
    expect(s.replicas.auth).toEqual(['auth']);
    expect(s.ports).toMatchObject({ catalog: 9002, 'catalog-2': 9022, 'catalog-3': 9042 });
    expect(() => resolveSettings({ CATALOG_REPLICAS: '0' })).toThrow(/CATALOG_REPLICAS/);
    expect(() => resolveSettings({ TEST_DRIVE_REPLICAS: '9' })).toThrow(/TEST_DRIVE_REPLICAS/);
    expect(() => resolveSettings({ BASE_PORT: '65500', STORAGE_REPLICAS: '8' })).toThrow(/BASE_PORT/);
  });
});

describe('launcher output', () => {
  it('condenses pino lines and request logs, leaves other lines alone', () => {
    const time = Date.UTC(2026, 10, 23, 16, 1, 2);
    expect(formatLogLine(JSON.stringify({ level: 30, time, pid: 1, msg: 'up', url: 'http://x' }))).toBe(
      '16:01:02 INFO up {"url":"http://x"}',
    );
    expect(
      formatLogLine(
        JSON.stringify({
          level: 30,
          time,
          msg: 'request completed',
          req: { method: 'GET', url: '/api/cars', headers: {} },
          res: { statusCode: 200, headers: {} },
          responseTime: 12,
          correlationId: 'abcdef12-3456',
        }),
      ),
    ).toBe('16:01:02 INFO GET /api/cars 200 12ms abcdef12');
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('{not json')).toBe('{not json');
  });
});

describe('remote static server', () => {
  it('serves dist files with CORS and no-cache manifests, 404 outside', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"id":"x"}');
    fs.mkdirSync(path.join(dir, 'static'));
    fs.writeFileSync(path.join(dir, 'static', 'a.1234.js'), 'export {}');
    const server = await serveStatic(dir, 0);
    try {
      const manifest = await fetch(`${server.url}/mf-manifest.json`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(await manifest.json()).toEqual({ id: 'x' });
      const chunk = await fetch(`${server.url}/static/a.1234.js`);
      expect(chunk.headers.get('content-type')).toBe('text/javascript');
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=3600');
      expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
      expect((await fetch(`${server.url}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
      expect((await fetch(`${server.url}/mf-manifest.json`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('consumers and CLI entries', () => {
  it('lists every service consumer with its events', () => {
    const specs = consumerSpecs();
    expect(specs.map((c) => c.name)).toEqual([
      'catalog.car-projection',
      'catalog.buyer-alerts',
      'catalog.price-insights',
      'listing.user-deleted',
      'listing.reference-names',
      'test-drive.cars',
      'test-drive.user-deleted',
      'notification.otp-sms',
      'notification.users',
      'notification.welcome-mail',
      'notification.password-changed-mail',
      'notification.email-verification-mail',
      'notification.car-listed-mail',
      'notification.testdrive-buyer-mail',
      'notification.testdrive-seller-mail',
      'notification.search-alert',
      'notification.price-drop-alert',
    ]);
    expect(specs.find((c) => c.name === 'test-drive.cars')!.events).toEqual([
      'catalog.car.indexed',
      'catalog.car.removed',
    ]);
  });

  it('answers usage errors with exit code 2', async () => {
    const err: string[] = [];
    expect(await runOps(['dlq', 'show'], { env: {}, out: () => {}, err: (t) => err.push(t) })).toBe(2);
    expect(err.join('\n')).toContain('usage: npm run ops');
    const write = process.stderr.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      expect(await startDistributedMain(['--bogus'])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
  });
});
