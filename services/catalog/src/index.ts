/**
 * Catalog service: states, RTOs, brands, models, variants; the car read model and search (issue 5); the
 * sitemap of the cars for sale (issue 21, `/sitemap.xml`, `/sitemaps/*`). It announces its cars with
 * `catalog.car.indexed` / `catalog.car.removed` (ADR 6), also for the demo cars it seeds on first start.
 * The buyers' tools (issue 24): the shortlist, saved searches, and their alerts (`catalog.alert.*`, produced
 * by the consumer `catalog.buyer-alerts` from its own car events, the daily digests by a timer checking
 * every minute for 09:00 India time). Price insights and the seller's valuation (issue 25): `price_insights`
 * kept per model by the consumer `catalog.price-insights` of its own car events, which announces each
 * recomputation (`catalog.price_insights.changed`) to the listener `catalog.price-insight-cache` of every
 * process, so each drops what it cached of it.
 *
 * Four modules with one layout (ADR 16): `reference-data/`, `cars/`, `buyers/` and `pricing/`, each with `http/` (the handlers
 * bound to its operations; the cars' also the sitemap routes), `use-cases/` (one flow per file),
 * `domain/` (pure rules), `data/` (tables and queries) and `events/` (`publish.ts`; the cars'
 * `consumers.ts`, the projection of listing's events, and `reannounce.ts`). The cars' search adapters are
 * in `cars/search/` (one folder each), the demo inventory in `cars/demo/`, the seeding of the reference
 * data in `reference-data/data/`. What both share: `handlers.ts` (the handlers' type) and `data/schema.ts`
 * (the schema, the outbox and inbox tables, the id check).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventPayloads, operationsOf } from '@marketplace/contracts';
import { bindOperations, defineService, pageGeneration } from '@marketplace/platform';
import { buyerAlerts, buyerAlertsConsumes } from './buyers/events/consumers';
import { alertHandlers } from './buyers/http/alerts';
import { savedSearchHandlers } from './buyers/http/saved-searches';
import { shortlistHandlers } from './buyers/http/shortlist';
import { startDigestTimer } from './buyers/use-cases/send-daily-digests';
import { seedDemoOnFirstStart } from './cars/demo/seed-demo';
import { carProjection, carProjectionConsumes } from './cars/events/consumers';
import { carHandlers } from './cars/http/cars';
import { similarHandlers } from './cars/http/similar';
import { sitemapRoutes } from './cars/http/sitemap';
import { createCarSearches } from './cars/search/index';
import { createInsightCache } from './pricing/data/insight-cache';
import { priceInsightCacheFeed, priceInsights, priceInsightsConsumes } from './pricing/events/consumers';
import { pricingHandlers } from './pricing/http/pricing';
import { createListedBrands } from './reference-data/data/listed-brands';
import { seedReferenceData } from './reference-data/data/seed';
import { loadSeedData } from './reference-data/data/seed-data';
import { sitePagesFeed } from './reference-data/events/consumers';
import { brandHandlers } from './reference-data/http/brands';
import { modelHandlers } from './reference-data/http/models';
import { rtoHandlers } from './reference-data/http/rtos';
import { stateHandlers } from './reference-data/http/states';
import { variantHandlers } from './reference-data/http/variants';
import type { ReferenceDataDeps } from './reference-data/use-cases/deps';

export { type SitemapOptions, sitemapRoutes } from './cars/http/sitemap';
export * from './public';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The versioned seed data files (sources in data/SOURCES-*.md). */
export const dataDir = path.join(root, 'data');

/** The catalog's definition: what it owns, publishes, consumes and calls, and how it starts. */
export const catalogService = defineService<EventPayloads>({
  name: 'catalog',
  schema: 'catalog',
  migrationsFolder: path.join(root, 'migrations'),
  consumes: [carProjectionConsumes, buyerAlertsConsumes, priceInsightsConsumes],
  publishes: [
    'catalog.brand.changed',
    'catalog.model.changed',
    'catalog.variant.changed',
    'catalog.car.indexed',
    'catalog.car.removed',
    'catalog.alert.search_matched',
    'catalog.alert.price_dropped',
    'catalog.price_insights.changed',
  ],
  calls: ['storage'],
  create: (ports) => {
    // What the server-rendered public pages show changed: the gateways' kept pages are dropped (issue 47).
    const sitePages = pageGeneration(ports.cache);
    const pagesChanged = () => sitePages.bump();
    const searches = createCarSearches({
      db: ports.db,
      cache: ports.cache,
      elasticsearchUrl: ports.config.ELASTICSEARCH_URL,
      elasticsearchIndex: ports.config.ELASTICSEARCH_INDEX,
      inMemory:
        ports.config.CAR_SEARCH === 'postgres' ? undefined : ports.embedded ? 'embedded' : 'distributed',
      pagesChanged,
    });
    const { pages } = searches;
    const reference: ReferenceDataDeps = {
      db: ports.db,
      outbox: ports.outbox,
      peers: ports.peers,
      logosDir: path.join(dataDir, 'logos'),
      listedBrands: createListedBrands(),
    };
    const insights = createInsightCache();
    const alertSecret = ports.config.ALERT_SIGNING_SECRET;
    const stopDigests = startDigestTimer({ outbox: ports.outbox, alertSecret }, ports.clock, ports.logger);
    return {
      stop: stopDigests,
      operations: bindOperations(operationsOf('catalog'), {
        ...stateHandlers(ports.db),
        ...rtoHandlers(ports.db),
        ...brandHandlers(reference),
        ...modelHandlers(reference),
        ...variantHandlers(reference),
        ...carHandlers(searches.read, pages),
        ...similarHandlers(searches.read, pages),
        ...pricingHandlers(ports.db, insights),
        ...shortlistHandlers(ports.db),
        ...savedSearchHandlers(ports.db),
        ...alertHandlers(ports.db, alertSecret),
      }),
      router: sitemapRoutes(ports.db, { publicUrl: ports.config.PUBLIC_URL }),
      consumers: [carProjection(searches.secondaries, pages), buyerAlerts(alertSecret), priceInsights()],
      listeners: [
        ...searches.listeners,
        priceInsightCacheFeed(insights, pagesChanged),
        sitePagesFeed(reference.listedBrands, pagesChanged),
      ],
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
