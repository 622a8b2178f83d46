/**
 * REMOTE_OVERRIDE_ORIGINS (issue 27, docs/adr/0026-remote-override.md): validated at start naming the
 * variable; `http://localhost:*` and `http://127.0.0.1:*` by default outside production, none in production
 * unless set; listed in `GET /federation-manifest.json` (`overrideOrigins`) and allowed by the CSP in every
 * directive a remote loads from, with the WebSocket form in `connect-src`. In production with nothing set the
 * manifest lists no override origin and the CSP admits no localhost origin.
 */
import { ConfigError, loadConfig, type RunningServer } from '@marketplace/platform';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxyGateway } from '../../test-support/gateway';
import { federationManifest, remoteSources } from '../src/web';

/** What production needs to start (issues 20 and 47's guardrails), none of it about overrides. */
const PRODUCTION = {
  NODE_ENV: 'production',
  UPLOAD_SIGNING_SECRET: 'u'.repeat(32),
  JWKS_URL: 'http://auth.internal/api/auth/.well-known/jwks.json',
  METRICS_TOKEN: 'm'.repeat(32),
  PUBLIC_URL: 'https://cars.example.in',
};

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

/** A proxy-mode gateway with `env`: its runtime manifest and the CSP directives of its answer, by name. */
async function manifestAndCsp(env: Record<string, string>) {
  const server = await startProxyGateway({ env, targets: {}, webRoot: '/nonexistent' });
  running.push(server);
  const res = await fetch(`${server.url}/federation-manifest.json`);
  expect(res.status).toBe(200);
  const csp = Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
  return { manifest: (await res.json()) as ReturnType<typeof federationManifest>, csp };
}

describe('REMOTE_OVERRIDE_ORIGINS configuration', () => {
  it('defaults to this machine on any port outside production, and to none in production', () => {
    expect(loadConfig({}).REMOTE_OVERRIDE_ORIGINS).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    expect(loadConfig({ NODE_ENV: 'test' }).REMOTE_OVERRIDE_ORIGINS).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    expect(loadConfig(PRODUCTION).REMOTE_OVERRIDE_ORIGINS).toEqual([]);
  });

  it('takes an explicit list (also in production), trimmed and lower-cased; empty means none', () => {
    expect(
      loadConfig({
        ...PRODUCTION,
        REMOTE_OVERRIDE_ORIGINS: ' https://Dev.Example.com:8443 , http://[::1]:* ',
      }).REMOTE_OVERRIDE_ORIGINS,
    ).toEqual(['https://dev.example.com:8443', 'http://[::1]:*']);
    expect(loadConfig({ REMOTE_OVERRIDE_ORIGINS: '' }).REMOTE_OVERRIDE_ORIGINS).toEqual([]);
  });

  it.each([
    'localhost:3001',
    'http://localhost:3001/path',
    'http://*.example.com',
    'ws://localhost:*',
    'http://localhost:99999',
    "http://localhost:3001 'unsafe-inline'",
    'http://localhost:3001;script-src *',
  ])('refuses %j at start, naming the variable', (value) => {
    expect(() => loadConfig({ REMOTE_OVERRIDE_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ REMOTE_OVERRIDE_ORIGINS: value })).toThrow(
      /REMOTE_OVERRIDE_ORIGINS: not an origin pattern/,
    );
  });
});

describe('override origins in the runtime manifest and the CSP', () => {
  it('lists the patterns in the manifest and allows them (and their ws: form for connections) in the CSP', () => {
    const config = { REMOTE_OVERRIDE_ORIGINS: ['http://localhost:*', 'https://dev.example.com'] };
    expect(federationManifest(config).overrideOrigins).toEqual([
      'http://localhost:*',
      'https://dev.example.com',
    ]);
    const sources = remoteSources(config);
    for (const directive of ['script-src', 'style-src', 'img-src', 'font-src'] as const) {
      expect(sources[directive]).toEqual(['http://localhost:*', 'https://dev.example.com']);
    }
    expect(sources['connect-src']).toEqual([
      'http://localhost:*',
      'https://dev.example.com',
      'ws://localhost:*',
      'wss://dev.example.com',
    ]);
  });

  it('keeps the configured remote origins and lists none for overrides when there are no patterns', () => {
    const config = { REMOTE_CATALOG_URL: 'https://cdn.example.com/catalog/mf-manifest.json' };
    expect(federationManifest(config).overrideOrigins).toEqual([]);
    expect(remoteSources(config)['connect-src']).toEqual(['https://cdn.example.com']);
    expect(remoteSources(config)['script-src']).toEqual(['https://cdn.example.com']);
  });

  it('development: the served manifest lists the default patterns and the CSP admits the dev servers', async () => {
    const { manifest, csp } = await manifestAndCsp({ NODE_ENV: 'development' });
    expect(manifest.overrideOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    expect(csp['script-src']).toEqual(expect.arrayContaining(['http://localhost:*', 'http://127.0.0.1:*']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['ws://localhost:*', 'ws://127.0.0.1:*']));
    expect(csp['style-src']).toContain('http://localhost:*');
    expect(csp['img-src']).toContain('http://localhost:*');
    expect(csp['font-src']).toContain('http://localhost:*');
  });

  it('production without REMOTE_OVERRIDE_ORIGINS: no override origin in the manifest, no localhost in the CSP', async () => {
    const { manifest, csp } = await manifestAndCsp(PRODUCTION);
    expect(manifest.overrideOrigins).toEqual([]);
    expect(Object.keys(csp)).toContain('script-src');
    const all = Object.values(csp).flat();
    expect(all.filter((s) => /localhost|127\.0\.0\.1|\[::1\]|^wss?:/.test(s))).toEqual([]);
  });
});
