/**
 * The sitemap documents (sitemaps.org protocol 0.9, issue 21): a `<urlset>` of page URLs with their last
 * change, or a `<sitemapindex>` of sitemap files, and the protocol's limits. No I/O.
 */

/** The protocol's limit of URLs in one sitemap file (and of sitemaps in one index). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public static pages of spec §2, as paths. */
export const PUBLIC_PAGES = ['/', '/buy-a-car', '/faq', '/about', '/contact', '/t&c'] as const;

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
