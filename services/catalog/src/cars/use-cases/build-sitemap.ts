/**
 * The sitemap files (issue 21) from the read model: the public static pages (spec §2) and every car for
 * sale as `{origin}/car-details/{id}` with its last change as `<lastmod>`.
 *
 * - `/sitemap.xml`: one `<urlset>` while the pages and cars fit in one file (`perFile` URLs); beyond that
 *   a `<sitemapindex>` of `/sitemaps/pages.xml` and `/sitemaps/cars-1.xml` … `cars-N.xml`,
 *   N = ceil(cars / perFile).
 * - `/sitemaps/pages.xml`, `/sitemaps/cars-{n}.xml` (cars in id order, `perFile` a file): built in either
 *   form; a file past the last car (or another name) is none.
 */
import type { Db } from '@marketplace/platform';
import { carsForSale, countCarsForSale } from '../data/for-sale';
import { PUBLIC_PAGES, type SitemapUrl, sitemapIndexXml, urlsetXml } from '../domain/sitemap-xml';

/** Where the sitemap is read: the catalog's database, the site's origin and the URLs per file. */
export interface SitemapSource {
  db: Db;
  /** `https://host`, without a trailing slash. */
  origin: string;
  /** From the number of static pages to the protocol's 50 000. */
  perFile: number;
}

const pageUrls = (origin: string): SitemapUrl[] => PUBLIC_PAGES.map((p) => ({ loc: `${origin}${p}` }));

/** The URLs of the cars for sale from `offset`, at most `limit`. */
async function carUrls({ db, origin }: SitemapSource, offset: number, limit: number): Promise<SitemapUrl[]> {
  return (await carsForSale(db, { offset, limit })).map((car) => ({
    loc: `${origin}/car-details/${car.id}`,
    lastmod: car.updatedAt,
  }));
}

/** The XML of `/sitemap.xml`: a `<urlset>` of everything, or the `<sitemapindex>` of the files. */
export async function sitemapXml(source: SitemapSource): Promise<string> {
  const { origin, perFile } = source;
  const cars = await countCarsForSale(source.db);
  if (PUBLIC_PAGES.length + cars <= perFile) {
    return urlsetXml([...pageUrls(origin), ...(await carUrls(source, 0, perFile - PUBLIC_PAGES.length))]);
  }
  const files = Array.from({ length: Math.ceil(cars / perFile) }, (_, i) => `cars-${i + 1}.xml`);
  return sitemapIndexXml(['pages.xml', ...files].map((file) => `${origin}/sitemaps/${file}`));
}

/** The XML of `/sitemaps/{file}` (`pages.xml` or `cars-{n}.xml`); undefined when there is no such file. */
export async function sitemapFileXml(source: SitemapSource, file: string): Promise<string | undefined> {
  if (file === 'pages.xml') return urlsetXml(pageUrls(source.origin));
  const n = /^cars-([1-9]\d{0,8})\.xml$/.exec(file)?.[1];
  const urls = n ? await carUrls(source, (Number(n) - 1) * source.perFile, source.perFile) : [];
  return urls.length === 0 ? undefined : urlsetXml(urls);
}
