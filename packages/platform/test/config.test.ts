import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SECRET, loadConfig } from '../src/index';

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
      }).NODE_ENV,
    ).toBe('production');
  });
});
