/**
 * What the catalog offers code outside the service besides its definition (re-exported by `index.ts`):
 * the seeders of the reference data and the demo inventory (the benchmarks, the cross-service tests), the
 * re-announcement of the read model (`npm run ops -- catalog reannounce`), its reconciliation with the listings
 * the Elasticsearch rebuild and the invalidation of the search pages cached in Redis (`npm run ops -- search
 * reindex`), the searches a catalog process keeps (the
 * reindex test's replica), and the search adapters, PRNG
 * and tables the benchmarks drive directly, and the signing of the alerts' unsubscribe tokens (the
 * conformance test's one-click unsubscribe), and the bulk computation of the price insights of a bulk-filled
 * inventory (bench/price-insight.ts). Services never import it (ADR 16).
 */

export { signUnsubscribeToken, type UnsubscribeTarget } from './buyers/domain/unsubscribe-token';
export { sendDueDigests } from './buyers/use-cases/send-daily-digests';
export { DEMO_SEED, generateCars } from './cars/demo/generate';
export { mulberry32 } from './cars/demo/random';
export { seedDemoInventory } from './cars/demo/seed-demo';
export { type ReannounceOptions, reannounceCars } from './cars/events/reannounce';
export {
  type EsIndexAdminLike,
  openElasticsearchAdmin,
  type RebuildResult,
  rebuildElasticsearchIndex,
} from './cars/search/elasticsearch/rebuild';
export { type CarSearches, createCarSearches } from './cars/search/index';
export { createMemorySearch } from './cars/search/memory/memory';
export { createSearchPageCache } from './cars/search/page-cache';
export { createPostgresSearch } from './cars/search/postgres/postgres';
export {
  type ListingReader,
  type ReconcileResult,
  reconcileReadModel,
} from './cars/use-cases/reconcile-read-model';
export {
  type ComputeAllOptions,
  computeAllPriceInsights,
} from './pricing/use-cases/compute-insights';
export { seedReferenceData } from './reference-data/data/seed';
export { loadSeedData } from './reference-data/data/seed-data';
export { brands, models, rtos, states, variants } from './reference-data/data/tables';
