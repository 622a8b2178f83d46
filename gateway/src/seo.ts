/**
 * What the gateway itself answers for search engines (issue 21): `/robots.txt`. The sitemap it names
 * (`/sitemap.xml`, `/sitemaps/*`) is the catalog's: mounted in process in embedded mode, proxied by the
 * route table (packages/contracts `servicePrefixes`) in distributed mode.
 */
import { publicOrigin } from '@marketplace/platform';
import { Router } from 'express';

/**
 * `/robots.txt` for the site at `origin` (e.g. `https://cars.example.in`): crawl the public site, not the
 * API, the dashboard or signed-in pages (spec §2 routes), and read the sitemap at its absolute URL.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /profile',
    'Disallow: /appointment',
    'Disallow: /sold',
    'Disallow: /pages/',
    'Disallow: /loading',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The gateway's SEO router: `GET /robots.txt` as plain text, cacheable by shared caches for a day, so its
 * origin is PUBLIC_URL — always in production, where config requires it (issue 47: a request's Host or
 * X-Forwarded-Host must not land in an answer kept for everyone); only in development, PUBLIC_URL unset,
 * the request's (`publicOrigin`).
 */
export function seoRouter(config: { PUBLIC_URL?: string | undefined }): Router {
  const router = Router();
  router.get('/robots.txt', (req, res) => {
    res.setHeader('cache-control', 'public, max-age=86400');
    res.type('text/plain').send(robotsTxt(publicOrigin(req, config.PUBLIC_URL)));
  });
  return router;
}
