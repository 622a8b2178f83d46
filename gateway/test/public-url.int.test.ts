/**
 * Issue 47, "our host is ours": in production every absolute URL of an answer comes from PUBLIC_URL, never
 * from the request, so a request cannot poison what shared caches keep (robots.txt for a day, sitemaps for
 * an hour, pages for minutes). The system runs with NODE_ENV=production and PUBLIC_URL on the real
 * PostgreSQL, RabbitMQ and Redis, behind `TRUST_PROXY=loopback` (so this test's X-Forwarded-* headers come
 * from a proxy the system believes), once as the embedded gateway and once behind a production proxy-mode
 * gateway (the distributed edge, every service being the embedded system). Asked with `Host: evil.example`,
 * `X-Forwarded-Host: evil.example` and `X-Forwarded-Proto: http`, `/robots.txt`, the catalog's
 * `/sitemap.xml`, the server-rendered `/` and `/car-details/<id>` (canonical link, og:url, og:image,
 * JSON-LD) and a signed upload URL name PUBLIC_URL's origin only, and evil.example nowhere, headers
 * included. Development's fallback (no PUBLIC_URL: the request's origin, X-Forwarded-Host believed only
 * from a trusted proxy; packages/platform/src/origin.ts) is shown on a development gateway.
 * Under CI=true a missing server fails the file; locally it is skipped.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { RunningServer } from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/distributed/settings';
import { startProxyGateway } from '../../test-support/gateway';
import { requireServer } from '../../test-support/servers';
import { sessionFor } from '../../test-support/sessions';
import { call, SYSTEM_START_TIMEOUT_MS, startTestSystem, type TestSystem } from '../../test-support/system';

const postgresUrl = await requireServer('postgres');
const redisUrl = await requireServer('redis');
const amqpUrl = await requireServer('rabbitmq');

const PUBLIC_URL = 'https://cars.example.in';
const EVIL = 'evil.example';
/** What a poisoner sends: its host as Host and as X-Forwarded-Host, and plain http as the scheme. */
const POISON = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'http' };

const { privateKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

/** What production needs to start (issues 20 and 47), with this test's PUBLIC_URL. */
const PRODUCTION = {
  NODE_ENV: 'production',
  UPLOAD_SIGNING_SECRET: 'public-url-test-upload-secret-of-32-bytes',
  METRICS_TOKEN: 'public-url-test-metrics-token-0123456789',
  PUBLIC_URL,
};

/** An answer as node:http reads it (fetch cannot set Host): status, headers, body text. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** `method url` with exactly `headers` (Host included) through node:http. @throws when the connection fails. */
function request(method: string, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Each place `needle` occurs in `text`, with 60 characters either side (a short failure message). */
function mentions(text: string, needle: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    found.push(text.slice(Math.max(0, at - 60), at + needle.length + 60));
  }
  return found;
}

/**
 * `GET base+path` with the {@link POISON} headers (plus `extra`): expects 200 and evil.example in neither the
 * body nor any header. @returns the body text.
 */
async function poisonedGet(base: string, path: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await request('GET', `${base}${path}`, { ...POISON, ...extra });
  expect(res.status, `${base}${path}: ${res.text.slice(0, 300)}`).toBe(200);
  expect(mentions(res.text, EVIL), `${base}${path} body`).toEqual([]);
  expect(mentions(JSON.stringify(res.headers), EVIL), `${base}${path} headers`).toEqual([]);
  return res.text;
}

/** The `<loc>` values of a sitemap or index, entities decoded. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

/** Every string in a JSON value, depth first. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The absolute URLs a page's head gives search engines and link previews. */
function headUrls(page: string) {
  const head = page.slice(0, page.indexOf('</head>'));
  const attr = (re: RegExp) => re.exec(head)?.[1]?.replaceAll('&amp;', '&');
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as unknown,
  );
  return {
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    jsonLd,
    /** The http(s) URLs in the JSON-LD but schema.org's own vocabulary (`https://schema.org/InStock`). */
    jsonLdUrls: strings(jsonLd).filter((s) => /^https?:\/\//.test(s) && !s.startsWith('https://schema.org')),
  };
}

/** True when `url` is on PUBLIC_URL's origin. */
const ours = (url: string) => new URL(url).origin === PUBLIC_URL;

describe.skipIf(!postgresUrl || !redisUrl || !amqpUrl)(
  'absolute URLs in production come from PUBLIC_URL only (issue 47)',
  () => {
    let t: TestSystem;
    /** A production distributed gateway (proxy mode) in front of the system as every service. */
    let edge: RunningServer;
    let carId: string;

    beforeAll(async () => {
      t = await startTestSystem(
        { ...PRODUCTION, JWT_PRIVATE_KEY: privateKey, WEB_ROOT: repoRoot },
        { postgresUrl: postgresUrl!, redisUrl: redisUrl!, amqpUrl: amqpUrl! },
      );
      expect(t.system.infra.config.NODE_ENV).toBe('production');
      edge = await startProxyGateway({
        targets: Object.fromEntries(
          ['auth', 'catalog', 'listing', 'test-drive', 'storage', 'notification'].map((s) => [s, t.url]),
        ),
        env: {
          ...PRODUCTION,
          JWKS_URL: `${t.url}/api/auth/.well-known/jwks.json`,
          TRUST_PROXY: 'loopback',
        },
        webRoot: repoRoot,
      });
      const newest = await call(t.url, 'GET', '/api/cars?limit=1');
      expect(newest.status).toBe(200);
      carId = ((newest.body.data as { cars: Array<{ _id: string }> }).cars[0] as { _id: string })._id;
    }, SYSTEM_START_TIMEOUT_MS);
    afterAll(async () => {
      await edge?.stop();
      await t?.stop();
    });

    it('/robots.txt names the sitemap on PUBLIC_URL, at the embedded gateway and at the edge', async () => {
      for (const base of [t.url, edge.url]) {
        const text = await poisonedGet(base, '/robots.txt');
        expect(text, base).toMatch(/^Sitemap: https:\/\/cars\.example\.in\/sitemap\.xml$/m);
      }
    });

    it("the catalog's /sitemap.xml lists every URL on PUBLIC_URL, in process and proxied to the catalog", async () => {
      for (const base of [t.url, edge.url]) {
        const urls = locs(await poisonedGet(base, '/sitemap.xml'));
        expect(urls, base).toContain(`${PUBLIC_URL}/`);
        expect(urls, base).toContain(`${PUBLIC_URL}/car-details/${carId}`);
        expect(
          urls.filter((u) => !ours(u)),
          base,
        ).toEqual([]);
      }
      // Its files too (an index past the per-file limit points at them by absolute URL).
      const pages = locs(await poisonedGet(edge.url, '/sitemaps/pages.xml'));
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.filter((u) => !ours(u))).toEqual([]);
    });

    it('the server-rendered home page: canonical, og:url and JSON-LD on PUBLIC_URL', async () => {
      for (const base of [t.url, edge.url]) {
        const page = await poisonedGet(base, '/', { accept: 'text/html' });
        const head = headUrls(page);
        expect(head.canonical, base).toBe(`${PUBLIC_URL}/`);
        expect(head.ogUrl, base).toBe(`${PUBLIC_URL}/`);
        expect(
          head.jsonLd.map((o) => (o as { '@type': string })['@type']),
          base,
        ).toEqual(['Organization', 'WebSite']);
        expect(head.jsonLdUrls, base).toContain(`${PUBLIC_URL}/buy-a-car?searchTerm={search_term_string}`);
        expect(
          head.jsonLdUrls.filter((u) => !u.startsWith(`${PUBLIC_URL}/`)),
          base,
        ).toEqual([]);
      }
    });

    it("a car's server-rendered page: canonical, og:url, og:image and its Car JSON-LD on PUBLIC_URL", async () => {
      for (const base of [t.url, edge.url]) {
        const page = await poisonedGet(base, `/car-details/${carId}`, { accept: 'text/html' });
        const head = headUrls(page);
        const url = `${PUBLIC_URL}/car-details/${carId}`;
        expect(head.canonical, base).toBe(url);
        expect(head.ogUrl, base).toBe(url);
        expect(
          head.ogImage?.startsWith(`${PUBLIC_URL}/api/storage/images/`),
          `${base}: ${head.ogImage}`,
        ).toBe(true);
        const car = head.jsonLd[0] as { '@type': string; url: string; offers: { url: string } };
        expect(car['@type'], base).toBe('Car');
        expect([car.url, car.offers.url], base).toEqual([url, url]);
        expect(
          head.jsonLdUrls.filter((u) => !u.startsWith(`${PUBLIC_URL}/`)),
          base,
        ).toEqual([]);
      }
    });

    it('a signed upload URL is on PUBLIC_URL', async () => {
      const { token } = await sessionFor(t.system, 'User');
      for (const base of [t.url, edge.url]) {
        const res = await request('POST', `${base}/api/storage/getUrl?type=cars`, {
          ...POISON,
          authorization: `Bearer ${token}`,
        });
        expect(res.status, res.text).toBe(200);
        expect(mentions(res.text, EVIL), base).toEqual([]);
        const { uploadUrl } = JSON.parse(res.text) as { uploadUrl: string };
        expect(uploadUrl.startsWith(`${PUBLIC_URL}/api/storage/upload/`), `${base}: ${uploadUrl}`).toBe(true);
      }
    });

    it('development without PUBLIC_URL keeps the request origin: X-Forwarded-Host only from a trusted proxy', async () => {
      const targets = { catalog: t.url };
      const trusting = await startProxyGateway({
        targets,
        env: { TRUST_PROXY: 'loopback' },
        webRoot: '/nonexistent',
      });
      const trustingNone = await startProxyGateway({ targets, env: {}, webRoot: '/nonexistent' });
      try {
        const sitemapLine = async (base: string, headers: Record<string, string>) =>
          /^Sitemap: (.*)$/m.exec((await request('GET', `${base}/robots.txt`, headers)).text)?.[1];
        const host = new URL(trusting.url).host;
        expect(await sitemapLine(trusting.url, { host })).toBe(`http://${host}/sitemap.xml`);
        // A proxy TRUST_PROXY names speaks for the client's host and scheme…
        expect(
          await sitemapLine(trusting.url, {
            host,
            'x-forwarded-host': 'cars.test',
            'x-forwarded-proto': 'https',
          }),
        ).toBe('https://cars.test/sitemap.xml');
        // …anyone else's X-Forwarded-* is ignored: the Host they sent is all that counts.
        const noneHost = new URL(trustingNone.url).host;
        expect(
          await sitemapLine(trustingNone.url, {
            host: noneHost,
            'x-forwarded-host': EVIL,
            'x-forwarded-proto': 'https',
          }),
        ).toBe(`http://${noneHost}/sitemap.xml`);
      } finally {
        await trusting.stop();
        await trustingNone.stop();
      }
    });
  },
);
