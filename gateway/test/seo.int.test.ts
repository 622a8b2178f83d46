/**
 * Issue 21, findable and cacheable: `/sitemap.xml` (and its index form), `/robots.txt`, and the cache
 * policy of the public API reads, on the embedded system (embedded adapters, and the real PostgreSQL,
 * RabbitMQ and Redis) and through a distributed gateway (proxy mode) in front of it, as the catalog's
 * service. Sitemaps are validated with xmllint against the sitemaps.org schemas in fixtures/sitemaps/.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sitemapRoutes } from '@marketplace/catalog-service';
import { createHttpApp, createLogger, listen, queryRows, type RunningServer } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carDetailWhen, listingBody, pickReference, uploadImage } from '../../test-support/cars';
import { startProxyGateway } from '../../test-support/gateway';
import { rawGet as rawGetBytes } from '../../test-support/http';
import { sessionFor } from '../../test-support/sessions';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../test-support/system';
import { until } from './distributed-support';

const variants = await systemVariants();
const SCHEMAS = path.join(import.meta.dirname, 'fixtures', 'sitemaps');
const STATIC_PATHS = ['/', '/buy-a-car', '/faq', '/about', '/contact', '/t&c'];

type Json = Record<string, unknown>;

/** xmllint's complaints about `xml` against `schema` (a file in fixtures/sitemaps); '' when valid. */
function schemaErrors(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd'): string {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(SCHEMAS, schema), '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`xmllint is needed (Debian: apt-get install libxml2-utils): ${run.error}`);
  return run.status === 0 ? '' : run.stderr;
}

/** The `<loc>` values of a sitemap or index, entities decoded. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

/** `<lastmod>` by `<loc>` of a urlset. */
function lastmods(xml: string): Map<string, string> {
  return new Map(
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

/** The car ids of sitemap URLs under `origin`. */
function carIds(urls: string[], origin: string): string[] {
  const prefix = `${origin}/car-details/`;
  return urls.filter((u) => u.startsWith(prefix)).map((u) => u.slice(prefix.length));
}

/** GET with node:http (fetch turns a hand-set If-None-Match into a reload): status, headers, body text. */
async function rawGet(url: string, headers: Record<string, string> = {}) {
  const res = await rawGetBytes(url, headers);
  return { ...res, body: res.body.toString('utf8') };
}

/** Car ids of the read model with `status` (`used` = for sale). */
async function idsWithStatus(t: TestSystem, status: 'used' | 'sold'): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.system.infra.database.db,
    sql`SELECT id FROM catalog.car_docs WHERE status = ${status}`,
  );
  return rows.map((r) => r.id);
}

/** Lists a car for sale as `token`'s user through `POST /api/cars` (one uploaded photo); its id once readable. */
async function sellCar(base: string, token: string, reg: string): Promise<string> {
  const key = await uploadImage(base, token);
  const created = await call(base, 'POST', '/api/cars', {
    token,
    body: listingBody(await pickReference(base), [key], {
      city: 'Bengaluru',
      price: 480000,
      description: undefined,
      specifications: { regNumber: reg, kmDriven: 42000 },
      history: [],
    }),
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  await carDetailWhen(base, id, 200, { timeout: 30_000, interval: 100 });
  return id;
}

describe.each(variants)('sitemap, robots.txt and API caching on $name', ({ servers, skip }) => {
  let t: TestSystem;
  /** A distributed gateway (proxy mode) whose services are all the system under test. */
  let gateway: RunningServer;
  let seller: { id: string; token: string };
  /** Cars listed through the API: still for sale, then sold, then removed. */
  const cars = { forSale: '', sold: '', removed: '' };

  beforeAll(async () => {
    if (skip) return;
    t = await startTestSystem({}, servers);
    gateway = await startProxyGateway({
      targets: Object.fromEntries(
        ['auth', 'catalog', 'listing', 'test-drive', 'storage'].map((s) => [s, t.url]),
      ),
      env: { TRUST_PROXY: 'loopback' },
      webRoot: '/nonexistent',
    });
    seller = await sessionFor(t.system, 'User');
    cars.forSale = await sellCar(t.url, seller.token, 'KA-01-SM-1001');
    cars.sold = await sellCar(t.url, seller.token, 'KA-01-SM-1002');
    cars.removed = await sellCar(t.url, seller.token, 'KA-01-SM-1003');
    const auth = { token: seller.token };
    expect(
      (await call(t.url, 'PUT', `/api/cars/${cars.sold}`, { ...auth, body: { status: 'sold' } })).status,
    ).toBe(200);
    expect((await call(t.url, 'DELETE', `/api/cars/${cars.removed}`, auth)).status).toBe(200);
    const read = (id: string) => call(t.url, 'GET', `/api/cars/${id}`);
    await until(
      'the sold car marked sold',
      async () => ((await read(cars.sold)).body.data as Json)?.status === 'sold',
    );
    await until('the removed car gone', async () => (await read(cars.removed)).status === 404);
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
    await t?.stop();
  });

  it.skipIf(skip)('the schema check catches an invalid sitemap', () => {
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    expect(
      schemaErrors(`<urlset xmlns="${ns}"><url><lastmod>2026-01-01</lastmod></url></urlset>`, 'sitemap.xsd'),
    ).not.toBe('');
    expect(schemaErrors(`<sitemapindex xmlns="${ns}"></sitemapindex>`, 'siteindex.xsd')).not.toBe('');
  });

  it.skipIf(skip)(
    '/sitemap.xml lists the static pages and every car for sale, no sold or removed one, valid against sitemap.xsd, in both modes',
    async () => {
      const forSale = await idsWithStatus(t, 'used');
      const sold = await idsWithStatus(t, 'sold');
      expect(forSale).toContain(cars.forSale);
      expect(sold).toContain(cars.sold);
      for (const origin of [t.url, gateway.url]) {
        const res = await rawGet(`${origin}/sitemap.xml`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/xml/);
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
        expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
        expect(schemaErrors(res.body, 'sitemap.xsd')).toBe('');
        expect(res.body).toContain(`<loc>${origin}/t&amp;c</loc>`);
        const urls = locs(res.body);
        expect(urls.slice(0, STATIC_PATHS.length)).toEqual(STATIC_PATHS.map((p) => `${origin}${p}`));
        const ids = carIds(urls, origin);
        expect(urls).toHaveLength(STATIC_PATHS.length + ids.length);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.toSorted()).toEqual(forSale.toSorted());
        for (const id of [...sold, cars.removed]) expect(ids).not.toContain(id);
      }

      // <lastmod>: the listing's last update for a listed car, when it was listed for a demo car.
      const xml = (await rawGet(`${t.url}/sitemap.xml`)).body;
      const [listed] = await queryRows<{ updatedAt: Date }>(
        t.system.infra.database.db,
        sql`SELECT updated_at AS "updatedAt" FROM listing.cars WHERE id = ${cars.forSale}`,
      );
      const second = (d: Date | string) => new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const mods = lastmods(xml);
      expect(mods.get(`${t.url}/car-details/${cars.forSale}`)).toBe(second(listed!.updatedAt));
      const demo = forSale.find((id) => id !== cars.forSale)!;
      const demoCar = (await call(t.url, 'GET', `/api/cars/${demo}`)).body.data as Json;
      expect(mods.get(`${t.url}/car-details/${demo}`)).toBe(second(demoCar.createdAt as string));
    },
  );

  it.skipIf(skip)(
    'becomes a sitemap index past the per-file limit: pages.xml and cars-1…N, each valid and within the limit',
    async () => {
      const perFile = 100;
      const app = createHttpApp({
        logger: createLogger({ level: 'silent' }),
        routers: [
          sitemapRoutes(t.system.infra.database.db, {
            publicUrl: 'https://cars.example.in/',
            urlsPerFile: perFile,
          }),
        ],
      });
      const server = await listen(app, { port: 0, host: '127.0.0.1' });
      try {
        const forSale = await idsWithStatus(t, 'used');
        const files = Math.ceil(forSale.length / perFile);
        expect(files).toBeGreaterThan(1);
        const index = await rawGet(`${server.url}/sitemap.xml`);
        expect(index.status).toBe(200);
        expect(index.headers['cache-control']).toBe('public, max-age=3600');
        expect(index.body).toMatch(/<sitemapindex /);
        expect(schemaErrors(index.body, 'siteindex.xsd')).toBe('');
        const origin = 'https://cars.example.in';
        const expected = [
          `${origin}/sitemaps/pages.xml`,
          ...Array.from({ length: files }, (_, i) => `${origin}/sitemaps/cars-${i + 1}.xml`),
        ];
        expect(locs(index.body)).toEqual(expected);

        const pages = await rawGet(`${server.url}/sitemaps/pages.xml`);
        expect(schemaErrors(pages.body, 'sitemap.xsd')).toBe('');
        expect(locs(pages.body)).toEqual(STATIC_PATHS.map((p) => `${origin}${p}`));
        const ids: string[] = [];
        for (let n = 1; n <= files; n++) {
          const file = await rawGet(`${server.url}/sitemaps/cars-${n}.xml`);
          expect(file.status).toBe(200);
          expect(schemaErrors(file.body, 'sitemap.xsd')).toBe('');
          const urls = locs(file.body);
          expect(urls.length).toBeLessThanOrEqual(perFile);
          expect(carIds(urls, origin)).toHaveLength(urls.length);
          ids.push(...carIds(urls, origin));
        }
        expect(ids).toEqual(forSale.toSorted());

        for (const name of [`cars-${files + 1}.xml`, 'cars-0.xml', 'cars-x.xml', 'other.xml']) {
          const missing = await rawGet(`${server.url}/sitemaps/${name}`);
          expect(missing.status, name).toBe(404);
          expect(JSON.parse(missing.body)).toEqual({ message: 'No such sitemap.' });
        }
      } finally {
        await server.stop();
      }
    },
  );

  it.skipIf(skip)('/robots.txt names the sitemap at its absolute URL, in both modes', async () => {
    for (const origin of [t.url, gateway.url]) {
      const res = await rawGet(`${origin}/robots.txt`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(new RegExp(`^Sitemap: ${origin}/sitemap\\.xml$`, 'm'));
      expect(res.body).toMatch(/^Disallow: \/api\/$/m);
    }
  });

  it.skipIf(skip)(
    'car reads are shared-cacheable for 30 s with stale-while-revalidate, revalidated by ETag (304); reference lists revalidate every use',
    async () => {
      const token = { authorization: `Bearer ${seller.token}` };
      const policies: Array<[string, string]> = [
        ['/api/cars?limit=5&fuelTypes=Petrol', 'public, max-age=0, s-maxage=30, stale-while-revalidate=300'],
        [`/api/cars/${cars.forSale}`, 'public, max-age=0, s-maxage=30, stale-while-revalidate=300'],
        ['/api/carbrand', 'public, no-cache'],
        ['/api/carstate', 'public, no-cache'],
      ];
      for (const origin of [t.url, gateway.url]) {
        for (const [p, policy] of policies) {
          const visitor = await rawGet(`${origin}${p}`);
          expect(visitor.status, p).toBe(200);
          expect(visitor.headers['cache-control'], p).toBe(policy);
          const etag = visitor.headers.etag;
          expect(etag, p).toMatch(/^W\/"/);
          // A signed-in reader gets the same bytes and the same public policy: nothing personal to keep private.
          const signedIn = await rawGet(`${origin}${p}`, token);
          expect(signedIn.headers['cache-control'], p).toBe(policy);
          expect(signedIn.body, p).toBe(visitor.body);
          const again = await rawGet(`${origin}${p}`, { 'if-none-match': etag! });
          expect(again.status, p).toBe(304);
          expect(again.body, p).toBe('');
          expect((await rawGet(`${origin}${p}`, { 'if-none-match': 'W/"stale"' })).status, p).toBe(200);
        }
      }
      // The seller's own list stays private however it is asked.
      const own = await rawGet(`${gateway.url}/api/cars/seller`, token);
      expect(own.status).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    },
  );
});
