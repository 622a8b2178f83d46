/** HTTP routes of the catalog service: reference data and car reads (spec §7), the sitemap (issue 21). */
import type { EventPayloads } from '@marketplace/contracts';
import type { Db, Outbox, Peers } from '@marketplace/platform';
import { Router } from 'express';
import { brandRoutes } from './routes/brands';
import { carRoutes } from './routes/cars';
import { modelRoutes } from './routes/models';
import { rtoRoutes } from './routes/rtos';
import { type SitemapOptions, sitemapRoutes } from './routes/sitemap';
import { stateRoutes } from './routes/states';
import { variantRoutes } from './routes/variants';
import type { SearchPageCache } from './search/page-cache';
import type { CarSearch } from './search/types';

/**
 * The catalog's router. `pages` caches search pages (issue 22); `logosDir` holds the seeded brand logos;
 * `peers` reaches storage (brand logos); `sitemap` carries PUBLIC_URL for the sitemap's absolute URLs.
 */
export function catalogRoutes(
  db: Db,
  outbox: Outbox<EventPayloads>,
  search: CarSearch,
  pages: SearchPageCache,
  logosDir: string,
  peers: Peers,
  sitemap: SitemapOptions = {},
): Router {
  const router = Router();
  router.use(
    stateRoutes(db),
    rtoRoutes(db),
    brandRoutes(db, outbox, logosDir, peers),
    modelRoutes(db, outbox),
    variantRoutes(db, outbox),
    carRoutes(search, pages),
    sitemapRoutes(db, sitemap),
  );
  return router;
}
