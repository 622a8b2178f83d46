/** HTTP routes of the catalog service: reference data and car reads (spec §7), the sitemap (issue 21). */
import type { Db, Outbox, Peers } from '@marketplace/platform';
import { Router } from 'express';
import { brandRoutes } from './routes/brands';
import { carRoutes } from './routes/cars';
import { modelRoutes } from './routes/models';
import { rtoRoutes } from './routes/rtos';
import { type SitemapOptions, sitemapRoutes } from './routes/sitemap';
import { stateRoutes } from './routes/states';
import { variantRoutes } from './routes/variants';
import type { CarSearch } from './search/types';

/**
 * The catalog's router. `logosDir` holds the seeded brand logos; `peers` reaches storage (brand logos);
 * `sitemap` carries PUBLIC_URL for the sitemap's absolute URLs.
 */
export function catalogRoutes(
  db: Db,
  outbox: Outbox,
  search: CarSearch,
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
    carRoutes(search),
    sitemapRoutes(db, sitemap),
  );
  return router;
}
