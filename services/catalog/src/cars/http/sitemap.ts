/**
 * The sitemap (sitemaps.org protocol 0.9, issue 21), built from the read model: the public static pages
 * (spec §2) and every car for sale as `{origin}/car-details/{id}` with its last change as `<lastmod>`.
 *
 * - `GET /sitemap.xml`: one `<urlset>` while the pages and cars fit in one file (`urlsPerFile`, at most
 *   the protocol's 50 000); beyond that a `<sitemapindex>` of `/sitemaps/pages.xml` and
 *   `/sitemaps/cars-1.xml` … `cars-N.xml`, N = ceil(cars / urlsPerFile).
 * - `GET /sitemaps/pages.xml`, `GET /sitemaps/cars-{n}.xml` (cars in id order, `urlsPerFile` a file):
 *   served in either form; a file past the last car (or another name) → 404 `{ message }`.
 *
 * Origin: PUBLIC_URL when set, else the request's (see `publicOrigin`). Answers are
 * `application/xml`, `public, max-age=3600` (crawlers read them rarely; a new car waits at most an hour),
 * with Express's ETag.
 */
import { type Db, notFound, publicOrigin } from '@marketplace/platform';
import { type Response, Router } from 'express';
import { carsForSale, countCarsForSale } from '../../search/for-sale';

/** The protocol's limit of URLs in one sitemap file (and of sitemaps in one index). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public static pages of spec §2, as paths. */
export const PUBLIC_PAGES = ['/', '/buy-a-car', '/faq', '/about', '/contact', '/t&c'] as const;

/** Cache policy of every sitemap file. */
export const SITEMAP_CACHE = 'public, max-age=3600';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** `text` with the five XML special characters as entities (`/t&c` → `/t&amp;c`). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** One `<url>`: an absolute URL and, when known, when the page last changed. */
export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/** W3C datetime in UTC to the second (`2026-11-25T16:23:24Z`), the form sitemaps use for `<lastmod>`. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A `<urlset>` document of `urls` (the caller keeps it within {@link SITEMAP_MAX_URLS} and non-empty). */
export function urlsetXml(urls: SitemapUrl[]): string {
  const items = urls.map(
    (u) =>
      `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${w3cDatetime(u.lastmod)}</lastmod>` : ''}</url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${items.join('')}</urlset>\n`;
}

/** A `<sitemapindex>` document listing the sitemap files at the absolute URLs `locs`. */
export function sitemapIndexXml(locs: string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
}

/** Options of {@link sitemapRoutes}. */
export interface SitemapOptions {
  /** PUBLIC_URL; absent → the request's origin. */
  publicUrl?: string | undefined;
  /** URLs per sitemap file, from the number of static pages to {@link SITEMAP_MAX_URLS} (the default). */
  urlsPerFile?: number;
}

/** The sitemap routes over the catalog's database `db`. @throws RangeError when `urlsPerFile` is out of range. */
export function sitemapRoutes(db: Db, opts: SitemapOptions = {}): Router {
  const perFile = opts.urlsPerFile ?? SITEMAP_MAX_URLS;
  if (!Number.isInteger(perFile) || perFile < PUBLIC_PAGES.length || perFile > SITEMAP_MAX_URLS) {
    throw new RangeError(`urlsPerFile must be an integer from ${PUBLIC_PAGES.length} to ${SITEMAP_MAX_URLS}`);
  }
  const pageUrls = (origin: string): SitemapUrl[] => PUBLIC_PAGES.map((p) => ({ loc: `${origin}${p}` }));
  const carUrls = async (origin: string, offset: number, limit: number): Promise<SitemapUrl[]> =>
    (await carsForSale(db, { offset, limit })).map((car) => ({
      loc: `${origin}/car-details/${car.id}`,
      lastmod: car.updatedAt,
    }));
  const send = (res: Response, xml: string) => {
    res.setHeader('cache-control', SITEMAP_CACHE);
    res.type('application/xml').send(xml);
  };

  const router = Router();
  router.get('/sitemap.xml', async (req, res) => {
    const origin = publicOrigin(req, opts.publicUrl);
    const cars = await countCarsForSale(db);
    if (PUBLIC_PAGES.length + cars <= perFile) {
      send(
        res,
        urlsetXml([...pageUrls(origin), ...(await carUrls(origin, 0, perFile - PUBLIC_PAGES.length))]),
      );
      return;
    }
    const files = Array.from({ length: Math.ceil(cars / perFile) }, (_, i) => `cars-${i + 1}.xml`);
    send(res, sitemapIndexXml(['pages.xml', ...files].map((file) => `${origin}/sitemaps/${file}`)));
  });
  router.get('/sitemaps/:file', async (req, res) => {
    const origin = publicOrigin(req, opts.publicUrl);
    if (req.params.file === 'pages.xml') return send(res, urlsetXml(pageUrls(origin)));
    const n = /^cars-([1-9]\d{0,8})\.xml$/.exec(req.params.file)?.[1];
    const urls = n ? await carUrls(origin, (Number(n) - 1) * perFile, perFile) : [];
    if (urls.length === 0) throw notFound('No such sitemap.');
    send(res, urlsetXml(urls));
  });
  return router;
}
