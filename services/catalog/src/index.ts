/**
 * Catalog service: states, RTOs, brands, models, variants; the car read model and search (issue 5); the
 * sitemap of the cars for sale (issue 21, `/sitemap.xml`, `/sitemaps/*`). It
 * announces its cars with `catalog.car.indexed` / `catalog.car.removed` (ADR 6; projection.ts), also for
 * the demo cars it seeds on first start. Its API handlers are in reference-data/http/ and cars/http/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventPayloads, operationsOf } from '@marketplace/contracts';
import { bindOperations, defineService } from '@marketplace/platform';
import { carHandlers } from './cars/http/cars';
import { sitemapRoutes } from './cars/http/sitemap';
import { seedDemoOnFirstStart } from './demo/seed-demo';
import { loadSeedData } from './domain/seed-data';
import { carProjection, carProjectionConsumes } from './projection';
import { brandHandlers } from './reference-data/http/brands';
import { modelHandlers } from './reference-data/http/models';
import { rtoHandlers } from './reference-data/http/rtos';
import { stateHandlers } from './reference-data/http/states';
import { variantHandlers } from './reference-data/http/variants';
import { createCarSearches } from './search/index';
import { seedReferenceData } from './seed';

export { type SitemapOptions, sitemapRoutes } from './cars/http/sitemap';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The versioned seed data files (sources in data/SOURCES-*.md). */
export const dataDir = path.join(root, 'data');

export const catalogService = defineService<EventPayloads>({
  name: 'catalog',
  schema: 'catalog',
  migrationsFolder: path.join(root, 'migrations'),
  consumes: [carProjectionConsumes],
  publishes: [
    'catalog.brand.changed',
    'catalog.model.changed',
    'catalog.variant.changed',
    'catalog.car.indexed',
    'catalog.car.removed',
  ],
  calls: ['storage'],
  create: (ports) => {
    const searches = createCarSearches({
      db: ports.db,
      cache: ports.cache,
      elasticsearchUrl: ports.config.ELASTICSEARCH_URL,
      elasticsearchIndex: ports.config.ELASTICSEARCH_INDEX,
      inMemory:
        ports.config.CAR_SEARCH === 'postgres' ? undefined : ports.embedded ? 'embedded' : 'distributed',
    });
    const { pages } = searches;
    return {
      operations: bindOperations(operationsOf('catalog'), {
        ...stateHandlers(ports.db),
        ...rtoHandlers(ports.db),
        ...brandHandlers(ports.db, ports.outbox, path.join(dataDir, 'logos'), ports.peers),
        ...modelHandlers(ports.db, ports.outbox),
        ...variantHandlers(ports.db, ports.outbox),
        ...carHandlers(searches.read, pages),
      }),
      router: sitemapRoutes(ports.db, { publicUrl: ports.config.PUBLIC_URL }),
      consumers: [carProjection(searches.secondaries, pages)],
      listeners: searches.listeners,
      readiness: { 'search-index': searches.ready },
      async seed() {
        const counts = await seedReferenceData(ports.db, loadSeedData(dataDir));
        ports.logger.info({ counts }, 'catalog reference data seeded');
        const seeded = await seedDemoOnFirstStart(ports.db, { logger: ports.logger, outbox: ports.outbox });
        await searches.load(seeded > 0);
        await pages.invalidate();
      },
    };
  },
});
