/**
 * Text is inserted as text (issue 47): what sellers and admins type (a car's description and city, the
 * names of a brand, model and variant) and what a visitor puts in a URL reaches the server-rendered pages
 * exactly as stored, whatever it holds: String.replace patterns (`$\``, `$'`, `$&`, `$1`, `$$`, `$<x>`),
 * `</script>` and `<!--`, U+2028/U+2029, a C1 control (U+0085), quotes and entities. The C0 controls and
 * DEL are refused by the API with a 400 naming the field (issue 20), so they reach a page only through a
 * URL. For every public page (home, listing with and without such a search, the car's page, the static
 * pages, a 404): the HTML is of sane size (a `$\`` read as a pattern copies the whole template once per
 * occurrence), the page data (`ssr-data`) parses and holds each text byte for byte as the API answers it,
 * the head (title, description, canonical, Open Graph, JSON-LD) holds correct escapes of it; in Chromium
 * the page hydrates without a console error and shows the exact characters.
 */
import http from 'node:http';
import type { Car } from '@marketplace/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { carDetailWhen, karnataka, listingBody, uploadImage } from '../test-support/cars';
import { rupees } from '../test-support/html';
import { apiClient, SEEDED_ADMIN, useApp } from './support/app';
import { recordDataRequests, usePage } from './support/browser';

const app = useApp();
const { api, tokenOf } = apiClient(() => app.url);

/**
 * What a page must show as written: replacement patterns, markup that ends a script or opens a comment,
 * JavaScript's line terminators, a C1 control, a quote and an entity.
 */
const MARKS = [
  '$`',
  "$'",
  '$&',
  '$1',
  '$$',
  '$<x>',
  '</script>',
  '<!--',
  '\u2028',
  '\u2029',
  '\u0085',
  '"',
  '&amp;',
];

/** Control characters the API refuses in every text field (issue 20). */
const REFUSED = ['\u0000', '\u0001', '\u001f', '\u007f'];

/** A single-line text starting with `label`, holding every mark (between words: the API trims the ends). */
const hostile = (label: string) => `${label} ${MARKS.join(' ')} end`;

/** Raw URL text with every pattern: about 2 KB, as the issue's URL that made a 63 MB page. */
const RAW_PATTERNS = "$`$'$&$1$$".repeat(200);

/** A page larger than this is a blow-up: the pages here are 40–100 KB (with the old code the car's was 4 MB). */
const MAX_PAGE_BYTES = 1_000_000;

const suffix = Date.now().toString(36).slice(-5);
const brandName = hostile(`Zq${suffix}`);
const modelName = hostile('Model');
const variantName = hostile('Variant');
const city = hostile(`Pune ${suffix}`);
const description = [
  MARKS.join(' '),
  'A second line\twith a tab\r\nand a third one.',
  `${'$`'.repeat(100)} ${"$'".repeat(100)} ${'$&'.repeat(100)} end`,
].join('\n');

/** The car with hostile text in every text field, as `GET /api/cars/{id}` answers it. */
let car: Car;

/** A page's HTML as sent for `path`, which goes on the wire exactly as given (no client re-encoding). */
function rawPage(path: string): Promise<{ status: number; bytes: number; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: app.port, path, headers: { accept: 'text/html' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: body.length, html: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The text of an escaped head value (`<title>` content or a double-quoted attribute), after checking it is
 * escaped: no raw `<`, `>`, `"` or `'`, and every `&` starts one of the five entities the head writes.
 */
function unescaped(value: string): string {
  expect(value).not.toMatch(/[<>"']/);
  expect(value.replace(/&(?:amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] as string);
}

/** What the head of a page says, each value unescaped (see {@link unescaped}). */
interface Head {
  title: string;
  /** `name` or `property` → `content` of each `<meta>` with content. */
  meta: Record<string, string>;
  canonical: string | undefined;
  jsonLd: Array<Record<string, unknown>>;
}

/** The head of `html`: one `<title>`, the meta tags, the canonical link, the parsed JSON-LD scripts. */
function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    meta[m[1] as string] = unescaped(m[2] as string);
  }
  const canonicals = [...head.matchAll(/<link rel="canonical" href="([^"]*)">/g)];
  expect(canonicals.length).toBeLessThanOrEqual(1);
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
  return {
    title: unescaped(titles[0]?.[1] as string),
    meta,
    canonical: canonicals[0] ? unescaped(canonicals[0][1] as string) : undefined,
    jsonLd,
  };
}

/** The page data of `path`'s HTML, parsed (exactly one `ssr-data` element). */
function pageData(path: string, html: string): { queries: { queries: Array<{ queryKey: unknown[] }> } } {
  const found = [...html.matchAll(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/g)];
  expect(found, `the page data of ${path}`).toHaveLength(1);
  let data: unknown;
  expect(() => {
    data = JSON.parse(found[0]?.[1] as string);
  }, `the page data of ${path}`).not.toThrow();
  return data as { queries: { queries: Array<{ queryKey: unknown[] }> } };
}

/**
 * Checks the structure every page must keep: sane size, every script element closed by its own end tag
 * (`</script>` and `<!--` in text are escaped inside scripts), and the page data parsing.
 */
function checkDocument(path: string, page: { bytes: number; html: string }) {
  expect(page.bytes, `size of ${path}`).toBeLessThan(MAX_PAGE_BYTES);
  const scripts = [...page.html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts.length, `scripts of ${path}`).toBe(page.html.match(/<script\b/g)?.length);
  for (const s of scripts) expect(s[1]).not.toMatch(/<!--|<\/script/i);
  expect(page.html.endsWith('</html>\n') || page.html.endsWith('</html>'), `end of ${path}`).toBe(true);
  return pageData(path, page.html);
}

/**
 * Checks that `canonical` is the URL of `path` on the site: the same path and the same parameters, each
 * value exactly as given (the server may put the query in another but equivalent form, e.g. sorted).
 */
function expectCanonical(canonical: string | undefined, path: string) {
  const want = new URL(path, app.url);
  const got = new URL(canonical ?? 'about:blank');
  expect(`${got.origin}${got.pathname}`, `canonical of ${path}`).toBe(`${want.origin}${want.pathname}`);
  const params = (url: URL) => [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  expect(params(got), `parameters of the canonical of ${path}`).toEqual(params(want));
}

/** Every object in `value` (depth first) that is the car `id` (has its `_id` and a `manufacturerYear`). */
function carsIn(value: unknown, id: string, out: Array<Record<string, unknown>> = []) {
  if (Array.isArray(value)) for (const v of value) carsIn(v, id, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o._id === id && 'manufacturerYear' in o) out.push(o);
    for (const v of Object.values(o)) carsIn(v, id, out);
  }
  return out;
}

/** The user-written texts of a car. */
function texts(c: Partial<Car>) {
  return {
    description: c.description,
    city: c.location?.city,
    brand: c.brand?.name,
    model: c.model?.name,
    variant: c.variant?.name,
  };
}

/** Brand, model and variant names as the car's page names it. */
const carTitle = (c: Car) => `${c.brand.name} ${c.model.name} ${c.variant.name}`;

/** Checks that the page data of `path` holds the car with each of its texts exactly as the API answers. */
function expectCarIn(path: string, data: unknown) {
  const copies = carsIn(data, car._id);
  expect(copies.length, `the car in the page data of ${path}`).toBeGreaterThan(0);
  for (const copy of copies) expect(texts(copy as Partial<Car>)).toEqual(texts(car));
}

/** `text` as a query value that keeps every pattern character: only what would end the value is encoded. */
const queryValue = (text: string) => text.replace(/[%&#+=\s\u0085]/g, (c) => encodeURIComponent(c));

/** The listing searched for the brand's name in the car's city, with the raw patterns in another parameter. */
const hostileListing = () =>
  `/buy-a-car?searchTerm=${queryValue(brandName)}&city=${queryValue(city)}&utm_source=${RAW_PATTERNS}`;

beforeAll(async () => {
  const token = await tokenOf(SEEDED_ADMIN);
  /** `POST path` as the admin; the new record's id (201 expected). */
  const create = async (path: string, body: Record<string, unknown>) => {
    const res = await api<{ data: { _id: string } }>('POST', path, token, body);
    expect(res.status, `POST ${path}: ${JSON.stringify(res.data)}`).toBe(201);
    return res.data.data._id;
  };
  const brand = await create('/api/carbrand', { name: brandName, country: 'India', founded: 1999 });
  const model = await create('/api/carModel', {
    name: modelName,
    year: 2015,
    fuelType: ['Petrol'],
    transmission: ['Manual'],
    carBrand: brand,
    bodyType: 'Sedan',
  });
  const variant = await create('/api/carVariant', {
    name: variantName,
    carModel: model,
    carBrand: brand,
    fuelType: 'Petrol',
    transmission: 'Manual',
    features: [],
  });
  const { state, rtos } = await karnataka(app.url);
  const ref = {
    brand,
    model,
    modelName,
    variant,
    fuelType: 'Petrol',
    transmission: 'Manual',
    year: 2019,
    state: state._id as string,
    rto: rtos.find((r) => r.code === 'KA-01')?._id as string,
  };
  const body = listingBody(ref, [await uploadImage(app.url, token)], {
    city,
    regNumber: 'KA-01-HT-4747',
    price: 515000,
    description,
  });
  const id = await create('/api/cars', body);
  car = (await carDetailWhen(app.url, id, 200, { timeout: 15_000, interval: 100 })).body
    .data as unknown as Car;
  // The search learns of the car through events.
  await vi.waitFor(
    async () => {
      const found = await api<{ data: { cars: Car[] } }>('GET', `/api/cars?city=${encodeURIComponent(city)}`);
      expect(found.data?.data.cars.map((c) => c._id)).toEqual([id]);
    },
    { timeout: 15_000, interval: 100 },
  );
});

describe('hostile text in what sellers, admins and visitors write', () => {
  it('is stored as written, except the control characters the API refuses with a 400 naming the field', async () => {
    expect(texts(car)).toEqual({
      description,
      city,
      brand: brandName,
      model: modelName,
      variant: variantName,
    });
    const token = await tokenOf(SEEDED_ADMIN);
    for (const c of REFUSED) {
      const bad = `Bad ${c} text`;
      const attempts: Array<[string, string, Record<string, unknown>, RegExp]> = [
        ['PUT', `/api/cars/${car._id}`, { description: bad }, /description/],
        ['POST', '/api/carbrand', { name: bad, country: 'India', founded: 1999 }, /name/],
        ['PUT', `/api/carbrand/${car.brand._id}`, { name: bad }, /name/],
        ['PUT', `/api/carModel/${car.model._id}`, { name: bad }, /name/],
        ['PUT', `/api/carVariant/${car.variant._id}`, { name: bad }, /name/],
      ];
      for (const [method, path, body, field] of attempts) {
        const res = await api<{ message: string }>(method, path, token, body);
        expect(res.status, `${method} ${path} with U+${c.charCodeAt(0).toString(16)}`).toBe(400);
        expect(res.data.message).toMatch(field);
      }
    }
    const unchanged = await api<{ data: Car }>('GET', `/api/cars/${car._id}`);
    expect(texts(unchanged.data.data)).toEqual(texts(car));
  });

  it("the car's page holds each text exactly: page data, title, description, Open Graph, JSON-LD", async () => {
    const path = `/car-details/${car._id}`;
    const page = await rawPage(path);
    expect(page.status).toBe(200);
    expectCarIn(path, checkDocument(path, page));
    const head = headOf(page.html);
    const title = `${carTitle(car)} ${car.manufacturerYear} – ${rupees.format(car.price)} · CarBazaar`;
    expect(head.title).toBe(title);
    expect(head.meta['og:title']).toBe(title);
    expect(head.meta['twitter:title']).toBe(title);
    const summary = `${car.manufacturerYear} ${carTitle(car)} for ${rupees.format(car.price)} in ${car.location.city}: `;
    expect(head.meta.description?.startsWith(summary)).toBe(true);
    expect(head.meta['og:description']).toBe(head.meta.description);
    expect(head.canonical).toBe(`${app.url}${path}`);
    const [ld] = head.jsonLd as [Record<string, unknown>];
    expect(ld).toMatchObject({
      '@type': 'Car',
      name: `${carTitle(car)} ${car.manufacturerYear}`,
      description: car.description,
      brand: { '@type': 'Brand', name: car.brand.name },
      model: car.model.name,
      vehicleConfiguration: car.variant.name,
      offers: { availableAtOrFrom: { address: { addressLocality: car.location.city } } },
    });
  });

  it('the home page and the listing, with and without a hostile search, carry the car exactly', async () => {
    const paths = [
      '/',
      '/buy-a-car',
      hostileListing(),
      `/buy-a-car?city=${queryValue(city)}`,
      `/?utm_source=${RAW_PATTERNS}`,
    ];
    for (const path of paths) {
      const page = await rawPage(path);
      expect(page.status, path).toBe(200);
      const data = checkDocument(path, page);
      expectCarIn(path, data);
      const head = headOf(page.html);
      expectCanonical(head.canonical, path);
    }
    // The search's query key holds the words and the city exactly as the URL gave them.
    const data = pageData(hostileListing(), (await rawPage(hostileListing())).html);
    const keys = data.queries.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['cars', 'search', expect.objectContaining({ searchTerm: brandName, city })]);
  });

  it('the static pages, a 404 and a search the API refuses keep their size and structure', async () => {
    const cases: Array<[string, number]> = [
      ...['/faq', '/about', '/contact', '/t&c'].map((p): [string, number] => [
        `${p}?ref=${RAW_PATTERNS}`,
        200,
      ]),
      [`/no-such-page-$\`$'$&/${RAW_PATTERNS}`, 404],
      [`/car-details/${RAW_PATTERNS.slice(0, 200)}`, 404],
      // Control characters in the URL: the API answers the search with a 400; the browser shows the error.
      [`/buy-a-car?searchTerm=a%01b%1F&city=%7F${RAW_PATTERNS}`, 200],
    ];
    for (const [path, status] of cases) {
      const page = await rawPage(path);
      expect(page.status, path).toBe(status);
      const data = checkDocument(path, page);
      const head = headOf(page.html);
      if (status === 200) expectCanonical(head.canonical, path);
      else expect(head.meta.robots).toBe('noindex');
      if (path.startsWith('/car-details/')) {
        // The unknown car's query is kept under the id exactly as the URL gave it.
        const keys = data.queries.queries.map((q) => q.queryKey);
        expect(keys).toContainEqual(['cars', 'one', RAW_PATTERNS.slice(0, 200)]);
      }
    }
  });
});

describe('in Chromium', () => {
  const ctx = usePage();

  /**
   * Opens `path` and waits for hydration; the page data as Chromium reads it (parsed), and the data
   * requests the page made.
   */
  async function open(path: string) {
    const page = ctx.page();
    const requests = recordDataRequests(page);
    const response = await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
    const text = await page.evaluate(() => document.getElementById('ssr-data')?.textContent ?? '');
    let data: unknown;
    expect(() => {
      data = JSON.parse(text);
    }, `the page data of ${path} in Chromium`).not.toThrow();
    return { page, status: response?.status(), data, requests };
  }

  /** The requests that would fetch again what the server rendered the car with (none when hydrated). */
  const refetches = (requests: string[]) =>
    requests.filter((p) => p === '/api/cars' || p === `/api/cars/${car._id}`);

  it("the car's page hydrates and shows every text exactly as written", async () => {
    const path = `/car-details/${car._id}`;
    const { page, data, requests } = await open(path);
    expectCarIn(path, data);
    const shown = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
      heading: document.querySelector('#root h1')?.textContent,
      paragraphs: [...document.querySelectorAll('#root p')].map((p) => p.textContent),
      root: document.getElementById('root')?.textContent ?? '',
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? ''),
      ),
    }));
    expect(shown.title).toBe(
      `${carTitle(car)} ${car.manufacturerYear} – ${rupees.format(car.price)} · CarBazaar`,
    );
    expect(shown.description).toContain(` in ${car.location.city}: `);
    expect(shown.heading).toContain(carTitle(car));
    // Every character as written, but for CR LF: the HTML parser reads line breaks in text as LF (HTML
    // "preprocessing the input stream"); the page data and the JSON-LD keep the CR (checked above).
    expect(shown.paragraphs).toContain(car.description?.replace(/\r\n?/g, '\n'));
    expect(shown.root).toContain(`Parked at ${car.location.city}`);
    expect(shown.jsonLd[0]).toMatchObject({ description: car.description, model: car.model.name });
    expect(refetches(requests)).toEqual([]);
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('the home page, the listing with a hostile search and the static pages hydrate without an error', async () => {
    const searched = `/buy-a-car?searchTerm=${encodeURIComponent(brandName)}&city=${encodeURIComponent(city)}&utm_source=${RAW_PATTERNS}`;
    // Each page once: a second visit to the same page in a tab can leave a request pending for 30 s.
    for (const path of ['/', searched, '/faq', `/about?ref=${RAW_PATTERNS}`]) {
      const { page, status, data, requests } = await open(path);
      expect(status, path).toBe(200);
      if (path !== '/faq' && !path.startsWith('/about')) {
        expectCarIn(path, data);
        const root = await page.evaluate(() => document.getElementById('root')?.textContent ?? '');
        expect(root, path).toContain(car.brand.name);
        expect(refetches(requests), path).toEqual([]);
      }
      if (path === searched) {
        // The filter panel (shown beside the results at this width) holds the city as the URL gave it.
        await expect.poll(() => page.getByRole('textbox', { name: 'City' }).inputValue()).toBe(city);
      }
      expect(ctx.consoleErrors, path).toEqual([]);
    }
  });

  it('a 404 with pattern characters in its path hydrates as the not-found page', async () => {
    const { page, status } = await open(`/no-such-page-$\`$'$&/${RAW_PATTERNS}`);
    expect(status).toBe(404);
    await page.getByRole('heading', { name: "Sorry, we couldn't find this page." }).waitFor();
    // The document's own 404 is reported by Chromium as a failed resource; nothing else may be.
    expect(ctx.consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
