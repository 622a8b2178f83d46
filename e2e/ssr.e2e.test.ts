/**
 * Server-side rendering of the public pages (issue 21) on the embedded app (`npm start`): the HTML a crawler
 * or a phone gets before any script runs, the statuses, the head (title, canonical, Open Graph, JSON-LD),
 * caching and compression; then in Chromium, that hydration logs no error and fetches nothing again, and
 * that a remote whose server build cannot be loaded still gives a working page (its area rendered by the
 * browser). The distributed mode's rendering is covered in gateway/test/distributed.int.test.ts.
 */
import zlib from 'node:zlib';
import type { Car } from '@marketplace/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { carDetailWhen, listingBody, pickReference, uploadImage } from '../test-support/cars';
import { appHtml, cardPrice, fetchHtml, rupees, textOf } from '../test-support/html';
import { rawGet } from '../test-support/http';
import { freePort } from '../test-support/servers';
import { apiClient, type RunningApp, SEEDED_ADMIN, startApp, useApp } from './support/app';
import { recordDataRequests, usePage } from './support/browser';

const app = useApp();
const { api, tokenOf } = apiClient(() => app.url);

/** The page's HTML as a browser without JavaScript gets it. */
const html = (path: string) => fetchHtml(`${app.url}${path}`);

/** Every JSON-LD object in a page. */
function jsonLd(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
}

/** The newest `limit` cars for sale (with `query`), as the API answers them. */
async function newestCars(limit: number, query = ''): Promise<{ cars: Car[]; totalLength: number }> {
  const { status, data } = await api<{ data: { cars: Car[]; totalLength: number } }>(
    'GET',
    `/api/cars?limit=${limit}${query}`,
  );
  expect(status).toBe(200);
  return data.data;
}

/** Lists a car through the API as the user of `token` (one photo), and waits until the catalog has it. */
async function listCar(token: string): Promise<string> {
  const body = listingBody(await pickReference(app.url), [await uploadImage(app.url, token)], {
    price: 480000,
    location: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
    specifications: { regNumber: 'KA-01-SR-2101', kmDriven: 42000 },
    history: [],
  });
  const created = await api<{ data: { _id: string } }>('POST', '/api/cars', token, body);
  expect(created.status).toBe(201);
  const id = created.data.data._id;
  await carDetailWhen(app.url, id, 200, { timeout: 15_000, interval: 100 });
  return id;
}

describe('the HTML of the public pages, without JavaScript', () => {
  it('/ shows the top cars with their names and prices, and the home page JSON-LD', async () => {
    const page = await html('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = textOf(appHtml(page.text));
    const { cars } = await newestCars(6);
    expect(cars).toHaveLength(6);
    for (const car of cars) {
      expect(text).toContain(`${car.brand.name} ${car.model.name}`);
      // Cards read prices in lakh (issue 25); the car page keeps the exact rupees.
      expect(text).toContain(cardPrice(car.price));
    }
    expect(page.text).toMatch(/<title>Buy and sell used cars in India · CarBazaar<\/title>/);
    const types = jsonLd(page.text).map((o) => o['@type']);
    expect(types).toEqual(['Organization', 'WebSite']);
    const site = jsonLd(page.text)[1] as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toBe(
      `${app.url}/buy-a-car?searchTerm={search_term_string}`,
    );
  });

  it('/buy-a-car?fuelTypes=Diesel shows only diesel cars, as many as the API finds', async () => {
    const page = await html('/buy-a-car?fuelTypes=Diesel');
    expect(page.status).toBe(200);
    const body = appHtml(page.text);
    const lines = [...body.matchAll(/<p class="cat:text-sm[^"]*">(\d{4}(?:<!-- -->)? · [\s\S]*?)<\/p>/g)].map(
      (m) => textOf(m[1] as string).trim(),
    );
    const { cars, totalLength } = await newestCars(9, '&fuelTypes=Diesel');
    expect(lines.length).toBe(cars.length);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.split(' · ')[2]).toBe('Diesel');
    expect(textOf(body)).toContain(`${totalLength.toLocaleString('en-IN')} cars found`);
    for (const car of cars) expect(textOf(body)).toContain(cardPrice(car.price));
  });

  it("a car's page has its title, canonical URL, og:image and a valid Car JSON-LD with an INR offer", async () => {
    const [car] = (await newestCars(1)).cars as [Car];
    const page = await html(`/car-details/${car._id}`);
    expect(page.status).toBe(200);
    const name = `${car.brand.name} ${car.model.name} ${car.variant.name}`;
    const title = /<title>([^<]*)<\/title>/.exec(page.text)?.[1] ?? '';
    expect(textOf(title)).toBe(`${name} ${car.manufacturerYear} – ${rupees.format(car.price)} · CarBazaar`);
    expect(page.text).toContain(`<link rel="canonical" href="${app.url}/car-details/${car._id}">`);
    const image = new URL(car.images[0]?.url ?? '', `${app.url}/`).href;
    expect(page.text).toContain(`<meta property="og:image" content="${image}">`);
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    const [ld] = jsonLd(page.text) as [Record<string, unknown>];
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Car');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: car.brand.name });
    expect(ld.model).toBe(car.model.name);
    expect(ld.vehicleModelDate).toBe(String(car.manufacturerYear));
    expect(ld.fuelType).toBe(car.fuelType);
    expect(ld.vehicleTransmission).toBe(car.transmission);
    expect(ld.mileageFromOdometer).toEqual({
      '@type': 'QuantitativeValue',
      value: car.specifications.kmDriven,
      unitCode: 'KMT',
    });
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: car.price,
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url: `${app.url}/car-details/${car._id}`,
    });
  });

  it('a sold car still answers 200, marked sold, its offer SoldOut', async () => {
    const token = await tokenOf(SEEDED_ADMIN);
    const carId = await listCar(token);
    const { status } = await api('PUT', `/api/cars/${carId}`, token, { status: 'sold' });
    expect(status).toBe(200);
    await expect
      .poll(async () => (await api<{ data: Car }>('GET', `/api/cars/${carId}`)).data.data.status)
      .toBe('sold');
    const page = await html(`/car-details/${carId}`);
    expect(page.status).toBe(200);
    expect(/<title>([^<]*)<\/title>/.exec(page.text)?.[1]).toContain('(sold)');
    const [ld] = jsonLd(page.text) as [{ offers: { availability: string } }];
    expect(ld.offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('unknown URLs and unknown cars answer 404 with the not-found page, not indexed', async () => {
    const unknownPage = await html('/no-such-page');
    expect(unknownPage.status).toBe(404);
    expect(textOf(appHtml(unknownPage.text))).toContain("Sorry, we couldn't find this page.");
    expect(unknownPage.text).toContain('<meta name="robots" content="noindex">');
    for (const id of ['000000000000000000000000', 'not-an-id']) {
      const unknownCar = await html(`/car-details/${id}`);
      expect(unknownCar.status).toBe(404);
      expect(textOf(appHtml(unknownCar.text))).toContain("Sorry, we couldn't find this car.");
    }
  });

  it('the static pages are rendered; signed-in and admin routes stay client-rendered (200, empty root)', async () => {
    const faq = await html('/faq');
    expect(faq.status).toBe(200);
    expect(textOf(appHtml(faq.text))).toContain('Frequently asked questions');
    for (const path of ['/dashboard', '/sell-a-car', '/profile']) {
      const page = await html(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root"></div>');
    }
  });

  it('pages are compressed when asked, cacheable by CDNs, revalidated by ETag; hashed assets are immutable', async () => {
    const br = await rawGet(`${app.url}/buy-a-car`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const page = zlib.brotliDecompressSync(br.body).toString();
    expect(page).toContain('cars found');
    expect(br.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await rawGet(`${app.url}/buy-a-car`, { accept: 'text/html', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const script = /<script defer src="(\/static\/js\/index\.[0-9a-f]+\.js)">/.exec(page)?.[1];
    expect(script).toBeDefined();
    const asset = await rawGet(`${app.url}${script}`, { 'accept-encoding': 'gzip' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
  });
});

describe('hydration in Chromium', () => {
  const ctx = usePage({ width: 390, height: 844 });

  it('logs no error and fetches none of the data again on /, the listing and a car page', async () => {
    const [car] = (await newestCars(1)).cars as [Car];
    const page = ctx.page();
    const apiCalls = recordDataRequests(page);
    for (const path of ['/', '/buy-a-car?fuelTypes=Diesel', `/car-details/${car._id}`]) {
      await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
      // Hydrated: React attached its handlers (a click navigates on the client, below).
      await expect.poll(() => page.evaluate(() => document.title)).toContain('CarBazaar');
    }
    // The car page's price insight and similar cars, and the cards' price bands (issue 25), are not rendered
    // on the server: the browser fetches them once, after hydration. Nothing the server rendered is fetched
    // again.
    const extras = /\/api\/cars\/([^/]+\/(price-insight|similar)|price-bands)$/;
    expect(apiCalls.filter((url) => !extras.test(url))).toEqual([]);
    expect(ctx.consoleErrors).toEqual([]);

    // The hydrated page works: a client-side navigation fetches the next page's data.
    await page.goto(`${app.url}/buy-a-car`, { waitUntil: 'networkidle' });
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await expect.poll(() => apiCalls.some((p) => p === '/api/cars')).toBe(true);
    expect(ctx.consoleErrors).toEqual([]);
  });

  it("keeps a car page's canonical URL after hydration when it was opened with a query", async () => {
    const [car] = (await newestCars(1)).cars as [Car];
    const page = ctx.page();
    await page.goto(`${app.url}/car-details/${car._id}?utm_source=whatsapp`, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const canonical = () =>
      page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href'));
    expect(await canonical()).toBe(`${app.url}/car-details/${car._id}`);
  });
});

describe('the remembered colour mode', () => {
  const ctx = usePage({ width: 390, height: 844 });

  it('is applied by the page itself before any bundle runs (its inline script allowed by the CSP)', async () => {
    const first = ctx.page();
    await first.goto(`${app.url}/faq`);
    await ctx.context().addCookies([{ name: 'colorMode', value: 'dark', url: app.url }]);
    // A second tab whose bundles never arrive: only the HTML and its inline script run.
    const page = await ctx.context().newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('net::ERR_FAILED')) errors.push(m.text());
    });
    await page.route('**/static/js/**', (route) => route.abort());
    await page.goto(`${app.url}/buy-a-car`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(errors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
    await page.close();
  });
});

describe('a remote whose server build cannot be loaded', () => {
  const ctx = usePage({ width: 390, height: 844 });
  let degraded: RunningApp;

  afterAll(async () => {
    await degraded?.stop();
  });

  it('gives a working page: the area is rendered by the browser, never a 500 or a blank page', async () => {
    const nothingThere = await freePort();
    degraded = await startApp({
      env: { REMOTE_CATALOG_SERVER_URL: `http://127.0.0.1:${nothingThere}/server/remoteEntry.js` },
    });
    const res = await fetchHtml(`${degraded.url}/`);
    expect(res.status).toBe(200);
    const page = res.text;
    // The header is server-rendered; the catalog's area is left to the browser (its loading state).
    expect(textOf(appHtml(page))).toContain('Sell a car');
    expect(page).toContain('data-testid="remote-loading"');
    expect(textOf(appHtml(page))).not.toContain('Top Cars');

    const browserPage = ctx.page();
    await browserPage.goto(`${degraded.url}/`);
    await browserPage.getByRole('heading', { name: 'Top Cars' }).waitFor();
    await browserPage.getByRole('link', { name: /₹/ }).first().waitFor();
    expect(await browserPage.getByTestId('remote-fallback').count()).toBe(0);
    // React reports that it rendered the area itself; nothing else went wrong.
    expect(ctx.consoleErrors.filter((e) => !/#419|server could not finish/i.test(e))).toEqual([]);
  });
});
