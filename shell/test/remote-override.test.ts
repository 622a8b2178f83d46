/**
 * The per-browser remote override (issue 27, src/app/federation/override.ts): which stored entries are
 * honoured (known remote, origin matching an allowed pattern, port wildcard), which are ignored and reported,
 * the `?mf-override=` parameter (set, remove, reset), and that local storage is not touched without the hint
 * cookie.
 */
import { describe, expect, it } from 'vitest';
import { overrideOriginsOf, remoteEntries } from '../src/app/federation/manifest';
import {
  applyOverrideParam,
  clearRemoteOverrides,
  loadRemoteOverrides,
  type OverrideEnvironment,
  originAllowed,
  parseOriginPattern,
  readOverrideParam,
  resolveOverrides,
  withOverrides,
} from '../src/app/federation/override';

const DEV = ['http://localhost:*', 'http://127.0.0.1:*'];
const PAGE = 'http://127.0.0.1:8080/buy-a-car';

/** An in-memory browser: address, cookies, local storage (counting reads), reports. */
function fakeBrowser(opts: { href?: string; cookies?: string; stored?: string } = {}) {
  const store = new Map<string, string>();
  if (opts.stored !== undefined) store.set('mf-override', opts.stored);
  const state = {
    href: opts.href ?? PAGE,
    cookies: opts.cookies ?? '',
    storageReads: 0,
    reports: [] as string[],
    store,
  };
  const env: OverrideEnvironment = {
    href: () => state.href,
    cookies: () => state.cookies,
    setHint(on) {
      state.cookies = on ? 'colorMode=dark; mf-override=1' : 'colorMode=dark';
    },
    storage: () => ({
      getItem(key) {
        state.storageReads += 1;
        return store.get(key) ?? null;
      },
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    }),
    replaceUrl(url) {
      state.href = new URL(url, state.href).href;
    },
    report: (message) => void state.reports.push(message),
  };
  return { env, state };
}

describe('origin patterns', () => {
  it('parses http(s)://host[:port|:*] and refuses paths and host wildcards', () => {
    expect(parseOriginPattern('http://localhost:*')).toEqual({
      scheme: 'http',
      host: 'localhost',
      port: '*',
    });
    expect(parseOriginPattern('https://dev.example.com')).toEqual({
      scheme: 'https',
      host: 'dev.example.com',
      port: '',
    });
    expect(parseOriginPattern('http://[::1]:3001')).toEqual({ scheme: 'http', host: '[::1]', port: '3001' });
    expect(parseOriginPattern('http://localhost:3001/path')).toBeUndefined();
    expect(parseOriginPattern('http://*.example.com')).toBeUndefined();
    expect(parseOriginPattern('ftp://localhost')).toBeUndefined();
  });

  it('matches any port with *, an exact port, or the default port when none is given', () => {
    expect(originAllowed(new URL('http://localhost:3001/mf-manifest.json'), DEV)).toBe(true);
    expect(originAllowed(new URL('http://localhost/mf-manifest.json'), DEV)).toBe(true);
    expect(originAllowed(new URL('http://127.0.0.1:9999/x'), DEV)).toBe(true);
    expect(originAllowed(new URL('http://localhost:3002/x'), ['http://localhost:3001'])).toBe(false);
    expect(originAllowed(new URL('http://localhost:3001/x'), ['http://localhost:3001'])).toBe(true);
    expect(originAllowed(new URL('https://dev.example.com/x'), ['https://dev.example.com'])).toBe(true);
    expect(originAllowed(new URL('https://dev.example.com:8443/x'), ['https://dev.example.com'])).toBe(false);
  });

  it('wants the same scheme and host', () => {
    expect(originAllowed(new URL('https://localhost:3001/x'), DEV)).toBe(false);
    expect(originAllowed(new URL('http://localhost.evil.example:3001/x'), DEV)).toBe(false);
    expect(originAllowed(new URL('http://evil.example:3001/x'), DEV)).toBe(false);
    expect(originAllowed(new URL('http://localhost:3001/x'), [])).toBe(false);
  });
});

describe('resolveOverrides', () => {
  it('honours a known remote on an allowed origin, with the badge label host:port', () => {
    const r = resolveOverrides('{"catalog":"http://localhost:3001/mf-manifest.json"}', DEV, PAGE);
    expect(r.ignored).toEqual([]);
    expect(r.active).toEqual([
      { remote: 'catalog', entry: 'http://localhost:3001/mf-manifest.json', label: 'localhost:3001' },
    ]);
  });

  it('ignores a denied origin, an unknown remote and a non-string URL, saying why', () => {
    const r = resolveOverrides(
      JSON.stringify({
        catalog: 'http://evil.example:3001/mf-manifest.json?token=secret',
        search: 'http://localhost:3005/mf-manifest.json',
        sell: 42,
        admin: 'http://localhost:3004/mf-manifest.json',
      }),
      DEV,
      PAGE,
    );
    expect(r.active.map((a) => a.remote)).toEqual(['admin']);
    expect(r.ignored).toEqual([
      {
        remote: 'catalog',
        url: 'http://evil.example:3001/mf-manifest.json',
        reason: expect.stringContaining(
          'not an allowed override origin (allowed: http://localhost:*, http://127.0.0.1:*',
        ),
      },
      {
        remote: 'search',
        url: 'http://localhost:3005/mf-manifest.json',
        reason: expect.stringContaining('unknown remote'),
      },
      { remote: 'sell', url: '(not a string)', reason: expect.any(String) },
    ]);
    // The query string (which could carry a token) is never echoed.
    expect(JSON.stringify(r.ignored)).not.toContain('secret');
  });

  it('refuses everything when no pattern is allowed (production)', () => {
    const r = resolveOverrides('{"catalog":"http://localhost:3001/mf-manifest.json"}', [], PAGE);
    expect(r.active).toEqual([]);
    expect(r.ignored[0]?.reason).toContain('allowed: none');
  });

  it('resolves a relative URL against the page, which must itself be allowed', () => {
    const r = resolveOverrides('{"catalog":"/dev/catalog/mf-manifest.json"}', DEV, PAGE);
    expect(r.active[0]?.entry).toBe('http://127.0.0.1:8080/dev/catalog/mf-manifest.json');
    expect(resolveOverrides('{"catalog":"/x.json"}', ['http://localhost:*'], PAGE).active).toEqual([]);
  });

  it('reports malformed JSON and a value that is not an object, and honours nothing', () => {
    const bad = resolveOverrides('{catalog: localhost', DEV, PAGE);
    expect(bad.active).toEqual([]);
    expect(bad.ignored).toEqual([
      { remote: '*', url: '(unreadable)', reason: 'the stored value is not JSON' },
    ]);
    expect(resolveOverrides('["catalog"]', DEV, PAGE).ignored[0]?.reason).toContain('not a JSON object');
    expect(resolveOverrides('"http://localhost:3001"', DEV, PAGE).ignored).toHaveLength(1);
    expect(resolveOverrides(null, DEV, PAGE)).toEqual({ active: [], ignored: [] });
  });

  it('puts the active URL in place of the configured entry, leaving the others', () => {
    const entries = remoteEntries(null);
    const r = resolveOverrides('{"catalog":"http://localhost:3001/mf-manifest.json"}', DEV, PAGE);
    expect(withOverrides(entries, r.active)).toEqual({
      ...entries,
      catalog: 'http://localhost:3001/mf-manifest.json',
    });
  });
});

describe('the query parameter', () => {
  it('reads <remote>=<url> (the URL may hold =), an empty URL, malformed values and reset', () => {
    expect(readOverrideParam('?page=2')).toBeUndefined();
    expect(readOverrideParam('?mf-override=catalog=http://localhost:3001/mf-manifest.json?v=1')).toEqual({
      kind: 'set',
      entries: { catalog: 'http://localhost:3001/mf-manifest.json?v=1' },
      malformed: 0,
    });
    expect(readOverrideParam('?mf-override=sell=&mf-override=oops')).toEqual({
      kind: 'set',
      entries: { sell: '' },
      malformed: 1,
    });
    expect(readOverrideParam('?mf-override=catalog=http://a&mf-override=reset')).toEqual({ kind: 'reset' });
  });

  it('merges into the stored object, removes on an empty URL, replaces unreadable values', () => {
    const stored = '{"sell":"http://localhost:3002/mf-manifest.json"}';
    expect(
      applyOverrideParam(stored, {
        kind: 'set',
        entries: { catalog: 'http://localhost:3001/m.json' },
        malformed: 0,
      }),
    ).toEqual({ sell: 'http://localhost:3002/mf-manifest.json', catalog: 'http://localhost:3001/m.json' });
    expect(applyOverrideParam(stored, { kind: 'set', entries: { sell: '' }, malformed: 0 })).toEqual({});
    expect(
      applyOverrideParam('not json', { kind: 'set', entries: { sell: 'http://x' }, malformed: 0 }),
    ).toEqual({
      sell: 'http://x',
    });
    expect(applyOverrideParam(stored, { kind: 'reset' })).toEqual({});
  });
});

describe('loadRemoteOverrides (in a browser)', () => {
  it('does not touch local storage without the hint cookie or a parameter', () => {
    const { env, state } = fakeBrowser({ stored: '{"catalog":"http://localhost:3001/mf-manifest.json"}' });
    expect(loadRemoteOverrides(DEV, env)).toEqual({ active: [], ignored: [] });
    expect(state.storageReads).toBe(0);
  });

  it('stores ?mf-override=, sets the hint, takes the parameter off the address and applies it', () => {
    const { env, state } = fakeBrowser({
      href: 'http://127.0.0.1:8080/buy-a-car?page=2&mf-override=catalog%3Dhttp%3A%2F%2Flocalhost%3A3001%2Fmf-manifest.json#top',
    });
    const r = loadRemoteOverrides(DEV, env);
    expect(r.active.map((a) => a.label)).toEqual(['localhost:3001']);
    expect(JSON.parse(state.store.get('mf-override') ?? '')).toEqual({
      catalog: 'http://localhost:3001/mf-manifest.json',
    });
    expect(state.cookies).toContain('mf-override=1');
    expect(state.href).toBe('http://127.0.0.1:8080/buy-a-car?page=2#top');
    // The next page load reads it back through the hint cookie.
    expect(loadRemoteOverrides(DEV, env).active.map((a) => a.remote)).toEqual(['catalog']);
  });

  it('?mf-override=reset clears the entry and the hint', () => {
    const { env, state } = fakeBrowser({
      href: `${PAGE}?mf-override=reset`,
      cookies: 'mf-override=1',
      stored: '{"catalog":"http://localhost:3001/mf-manifest.json"}',
    });
    expect(loadRemoteOverrides(DEV, env).active).toEqual([]);
    expect(state.store.has('mf-override')).toBe(false);
    expect(state.cookies).not.toContain('mf-override=1');
    expect(state.href).toBe(PAGE);
  });

  it('reports every ignored entry with the remote, the URL and why', () => {
    const { env, state } = fakeBrowser({
      cookies: 'mf-override=1',
      stored: '{"catalog":"http://evil.example:3001/mf-manifest.json","nope":"http://localhost:1/x"}',
    });
    expect(loadRemoteOverrides(DEV, env).active).toEqual([]);
    expect(state.reports).toHaveLength(2);
    expect(state.reports[0]).toMatch(
      /^mf-override: ignored catalog → http:\/\/evil\.example:3001\/mf-manifest\.json: its origin is not an allowed override origin/,
    );
    expect(state.reports[1]).toContain('ignored nope');
    expect(state.reports[1]).toContain('unknown remote');
  });

  it('in production (no patterns) refuses a stored override to a dev server and reports it', () => {
    const { env, state } = fakeBrowser({
      cookies: 'mf-override=1',
      stored: '{"catalog":"http://localhost:3001/mf-manifest.json"}',
    });
    expect(loadRemoteOverrides([], env).active).toEqual([]);
    expect(state.reports[0]).toContain('allowed: none');
  });

  it('clearRemoteOverrides removes the entry and the hint cookie', () => {
    const { env, state } = fakeBrowser({
      cookies: 'mf-override=1',
      stored: '{"catalog":"http://localhost:1/x"}',
    });
    clearRemoteOverrides(env);
    expect(state.store.size).toBe(0);
    expect(state.cookies).not.toContain('mf-override');
  });
});

describe('the runtime manifest', () => {
  it('reads overrideOrigins, none when absent or malformed', () => {
    expect(overrideOriginsOf({ remotes: [], overrideOrigins: ['http://localhost:*', 3] })).toEqual([
      'http://localhost:*',
    ]);
    expect(overrideOriginsOf({ remotes: [] })).toEqual([]);
    expect(overrideOriginsOf(null)).toEqual([]);
  });
});
