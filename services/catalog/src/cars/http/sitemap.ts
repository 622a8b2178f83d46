/**
 * The sitemap routes (sitemaps.org protocol 0.9, issue 21): `GET /sitemap.xml` and
 * `GET /sitemaps/{pages.xml | cars-{n}.xml}` (see ../use-cases/build-sitemap.ts for what each holds); an
 * unknown file → 404 `{ message }`.
 *
 * Origin: PUBLIC_URL — always in production, where config requires it, so no request's Host or
 * X-Forwarded-Host reaches a sitemap a shared cache keeps (issue 47) — else, in development only, the
 * request's (see `publicOrigin`). Answers are `application/xml`, `public, max-age=3600` (crawlers read
 * them rarely; a new car waits at most an hour), with Express's ETag.
 */
import { type Db, notFound, publicOrigin } from '@marketplace/platform';
import { type Request, type Response, Router } from 'express';
import { PUBLIC_PAGES, SITEMAP_MAX_URLS } from '../domain/sitemap-xml';
import { type SitemapSource, sitemapFileXml, sitemapXml } from '../use-cases/build-sitemap';

/** Cache policy of every sitemap file. */
export const SITEMAP_CACHE = 'public, max-age=3600';

/** Options of {@link sitemapRoutes}. */
export interface SitemapOptions {
  /** PUBLIC_URL (always set in production); absent → the request's origin (development). */
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
  const source = (req: Request): SitemapSource => ({
    db,
    origin: publicOrigin(req, opts.publicUrl),
    perFile,
  });
  const send = (res: Response, xml: string) => {
    res.setHeader('cache-control', SITEMAP_CACHE);
    res.type('application/xml').send(xml);
  };

  const router = Router();
  router.get('/sitemap.xml', async (req, res) => {
    send(res, await sitemapXml(source(req)));
  });
  router.get('/sitemaps/:file', async (req, res) => {
    const xml = await sitemapFileXml(source(req), req.params.file);
    if (xml === undefined) throw notFound('No such sitemap.');
    send(res, xml);
  });
  return router;
}
