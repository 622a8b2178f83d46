import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SECRET, loadConfig, serviceUrlsOf } from '../src/index';

describe('loadConfig', () => {
  it('defaults to the embedded adapters on port 8080 with ./.data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AMQP_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('.data'));
  });

  it('treats an empty URL as unset and rejects a malformed one, naming the variable', () => {
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('takes several replicas of a service as comma-separated URLs, each checked', () => {
    const config = loadConfig({ CATALOG_SERVICE_URL: ' http://a:3002 , http://b:3002 ' });
    expect(config.CATALOG_SERVICE_URL).toBe('http://a:3002,http://b:3002');
    expect(loadConfig({ AUTH_SERVICE_URL: 'http://auth:3001' }).AUTH_SERVICE_URL).toBe('http://auth:3001');
    expect(loadConfig({ AUTH_SERVICE_URL: '' }).AUTH_SERVICE_URL).toBeUndefined();
    expect(() => loadConfig({ LISTING_SERVICE_URL: 'http://a:3003,not a url' })).toThrow(
      /LISTING_SERVICE_URL/,
    );
    expect(() => loadConfig({ LISTING_SERVICE_URL: 'http://a:3003,' })).toThrow(/LISTING_SERVICE_URL/);
  });

  it('refuses production with the development secret or without a JWT key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_PRIVATE_KEY: 'x' })).toThrow(
      /UPLOAD_SIGNING_SECRET/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', UPLOAD_SIGNING_SECRET: DEV_SECRET, JWKS_URL: 'http://a/b' }),
    ).toThrow(/development secret/);
    expect(() => loadConfig({ NODE_ENV: 'production', UPLOAD_SIGNING_SECRET: 's'.repeat(32) })).toThrow(
      /JWT_PRIVATE_KEY/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        UPLOAD_SIGNING_SECRET: 's'.repeat(32),
        JWKS_URL: 'http://auth/jwks',
        METRICS_TOKEN: 'm'.repeat(32),
        PUBLIC_URL: 'https://cars.example.in',
      }).NODE_ENV,
    ).toBe('production');
  });
});

describe('serviceUrlsOf', () => {
  it('reads every service’s <STEM>_SERVICE_URL by name, undefined where unset', () => {
    const urls = serviceUrlsOf(
      loadConfig({
        TEST_DRIVE_SERVICE_URL: 'http://td:1,http://td:2',
        NOTIFICATION_SERVICE_URL: 'http://n:3',
      }),
    );
    expect(urls).toEqual({
      auth: undefined,
      catalog: undefined,
      listing: undefined,
      'test-drive': 'http://td:1,http://td:2',
      storage: undefined,
      notification: 'http://n:3',
    });
  });
});

describe('production guardrails (issue 20, point 13)', () => {
  const ready = {
    NODE_ENV: 'production',
    UPLOAD_SIGNING_SECRET: 's'.repeat(32),
    JWKS_URL: 'http://auth/jwks',
    METRICS_TOKEN: 'metrics-token-of-32-characters!!',
    ADMIN_PASSWORD: 'Str0ngAdminPass',
    PUBLIC_URL: 'https://cars.example.in',
  };

  it('starts with every guardrail met', () => {
    expect(loadConfig(ready).NODE_ENV).toBe('production');
    // Development keeps its conveniences.
    expect(
      loadConfig({ UPLOAD_SIGNING_SECRET: 'short-but-16char', ADMIN_PASSWORD: 'x' }).METRICS_TOKEN,
    ).toBeUndefined();
  });

  it('refuses an ADMIN_PASSWORD that breaks the sign-up password rules, naming the setting and rule', () => {
    expect(() => loadConfig({ ...ready, ADMIN_PASSWORD: 'password' })).toThrow(
      /ADMIN_PASSWORD.*must contain a digit/,
    );
    expect(() => loadConfig({ ...ready, ADMIN_PASSWORD: 'Ab1' })).toThrow(/ADMIN_PASSWORD.*at least 8/);
    expect(() => loadConfig({ ...ready, ADMIN_PASSWORD: '12345678' })).toThrow(/ADMIN_PASSWORD.*letter/);
  });

  it('refuses an open /metrics (no METRICS_TOKEN)', () => {
    expect(() => loadConfig({ ...ready, METRICS_TOKEN: undefined })).toThrow(ConfigError);
    expect(() => loadConfig({ ...ready, METRICS_TOKEN: '  ' })).toThrow(/METRICS_TOKEN/);
  });

  it('refuses to start without PUBLIC_URL, naming it, and starts with it (issue 47)', () => {
    for (const missing of [undefined, '', '   ']) {
      expect(() => loadConfig({ ...ready, PUBLIC_URL: missing })).toThrow(ConfigError);
      expect(() => loadConfig({ ...ready, PUBLIC_URL: missing })).toThrow(
        /^PUBLIC_URL must be set in production/,
      );
    }
    expect(loadConfig(ready).PUBLIC_URL).toBe('https://cars.example.in');
    // Development keeps the request-derived origin.
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBeUndefined();
  });

  it('refuses a signing secret shorter than 32 bytes, naming it', () => {
    expect(() => loadConfig({ ...ready, UPLOAD_SIGNING_SECRET: 's'.repeat(31) })).toThrow(
      /UPLOAD_SIGNING_SECRET must be at least 32 bytes.*31/,
    );
    // Bytes, not characters: 16 two-byte characters are 32 bytes.
    expect(loadConfig({ ...ready, UPLOAD_SIGNING_SECRET: 'é'.repeat(16) }).NODE_ENV).toBe('production');
  });
});

describe('TRUST_PROXY (issue 20, point 8)', () => {
  it('defaults to trusting no proxy', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDRs and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8, 192.168.1.10' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.10',
    ]);
  });

  it('refuses true and anything that is not an address, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY.*10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback, proxy.local' })).toThrow(/TRUST_PROXY.*proxy\.local/);
  });
});

describe('PUBLIC_URL (issue 47)', () => {
  it('is normalised to the origin alone: lower-case scheme and host, no default port, no trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: ' HTTPS://Cars.Example.IN:443/ ' }).PUBLIC_URL).toBe(
      'https://cars.example.in',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000/' }).PUBLIC_URL).toBe('http://[::1]:3000');
    expect(loadConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
  });

  it('refuses anything but an absolute http(s) origin, naming the setting, in every environment', () => {
    for (const bad of [
      'cars.example.in',
      '/relative',
      'ftp://cars.example.in',
      'javascript:alert(1)',
      'https://user:pass@cars.example.in',
      'https://cars.example.in/shop',
      'https://cars.example.in//',
      'https://cars.example.in/?q=1',
      'https://cars.example.in?',
      'https://cars.example.in/#top',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/^Invalid configuration: PUBLIC_URL: /);
    }
  });
});
