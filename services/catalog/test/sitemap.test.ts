/** The sitemap's XML builders (cars/domain/sitemap-xml.ts, issue 21). Validity against the schemas: gateway/test/seo.int.test.ts. */
import type { Db } from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_PAGES,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  urlsetXml,
  w3cDatetime,
  xmlEscape,
} from '../src/cars/domain/sitemap-xml';
import { sitemapRoutes } from '../src/cars/http/sitemap';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

describe('sitemap XML', () => {
  it('escapes the five XML special characters', () => {
    expect(xmlEscape(`/t&c?a=<b>&c="d"'`)).toBe('/t&amp;c?a=&lt;b&gt;&amp;c=&quot;d&quot;&apos;');
  });

  it('writes <lastmod> as a UTC W3C datetime to the second', () => {
    expect(w3cDatetime(new Date('2026-11-25T21:53:24.789+05:30'))).toBe('2026-11-25T16:23:24Z');
  });

  it('builds a urlset: one <url> per page, <lastmod> only when known, locations escaped', () => {
    const xml = urlsetXml([
      { loc: 'https://cars.example.in/t&c' },
      { loc: 'https://cars.example.in/car-details/1', lastmod: new Date('2026-01-02T03:04:05Z') },
    ]);
    expect(xml).toBe(
      `${HEAD}<urlset ${NS}>\n` +
        '<url><loc>https://cars.example.in/t&amp;c</loc></url>\n' +
        '<url><loc>https://cars.example.in/car-details/1</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>\n' +
        '</urlset>\n',
    );
  });

  it('builds a sitemap index of the given files', () => {
    expect(sitemapIndexXml(['https://x.in/sitemaps/pages.xml', 'https://x.in/sitemaps/cars-1.xml'])).toBe(
      `${HEAD}<sitemapindex ${NS}>\n` +
        '<sitemap><loc>https://x.in/sitemaps/pages.xml</loc></sitemap>\n' +
        '<sitemap><loc>https://x.in/sitemaps/cars-1.xml</loc></sitemap>\n' +
        '</sitemapindex>\n',
    );
  });

  it('lists the public static pages of spec §2 and keeps files within the protocol limit', () => {
    expect(PUBLIC_PAGES).toEqual(['/', '/buy-a-car', '/faq', '/about', '/contact', '/t&c']);
    const db = {} as Db;
    for (const urlsPerFile of [0, PUBLIC_PAGES.length - 1, SITEMAP_MAX_URLS + 1, 10.5]) {
      expect(() => sitemapRoutes(db, { urlsPerFile }), String(urlsPerFile)).toThrow(RangeError);
    }
    expect(() => sitemapRoutes(db, { urlsPerFile: PUBLIC_PAGES.length })).not.toThrow();
  });
});
