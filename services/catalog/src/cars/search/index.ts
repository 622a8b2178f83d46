/**
 * Car search port and adapters (issue 5 "Car search"): {@link createCarSearches} chooses PostgreSQL
 * (`postgres/`) by default, Elasticsearch (`elasticsearch/`) when configured, or the in-memory index
 * (`memory/`) when asked for, with the search page cache (`page-cache.ts`) in front. See `types.ts` for the
 * port and its query semantics. Re-exports what the catalog's other modules and tests use of them.
 */
import { Client } from '@elastic/elasticsearch';
import type { Cache, Db, Listener } from '@marketplace/platform';
import { createElasticsearchSearch, type EsClientLike } from './elasticsearch/elasticsearch';
import { createCarReader } from './memory/documents';
import { resyncSearchIndex, searchIndexFeed } from './memory/feed';
import { createMemorySearch } from './memory/memory';
import { scanCarDocuments } from './memory/scan';
import {
  alsoInvalidating,
  createLocalSearchPageCache,
  createSearchPageCache,
  noSearchPageCache,
  type SearchPageCache,
} from './page-cache';
import { createPostgresSearch } from './postgres/postgres';
import type { CarSearch } from './types';

export {
  createElasticsearchSearch,
  type ElasticsearchSearchOptions,
  ES_FUZZINESS,
  ES_TEXT_FIELDS,
  type EsBulkItem,
  type EsCarSource,
  type EsClause,
  type EsClientLike,
  type EsSearchBody,
  esMapping,
  esSettings,
  toEsFacetsQuery,
  toEsQuery,
  toEsSource,
} from './elasticsearch/elasticsearch';
export { type CachedCarReader, createCarReader } from './memory/documents';
export { resyncSearchIndex, type SearchIndexParts, searchIndexFeed } from './memory/feed';
export { createMemorySearch } from './memory/memory';
export { readCarDocument, scanCarDocuments, scanIndexFields } from './memory/scan';
export {
  createLocalSearchPageCache,
  createSearchPageCache,
  normalisedQuery,
  noSearchPageCache,
  type SearchPageCache,
} from './page-cache';
export { createPostgresSearch, searchCondition, searchOrder } from './postgres/postgres';
export * from './types';

/** Options of {@link createCarSearches}. */
export interface CarSearchOptions {
  /** The catalog's database (its `car_docs` table is the read model and the PostgreSQL adapter's index). */
  db: Db;
  /** The shared cache: search pages are kept there when it is Redis and searches go to a database. */
  cache?: Cache;
  /** Elasticsearch URL (ELASTICSEARCH_URL); when set, Elasticsearch answers searches. */
  elasticsearchUrl?: string;
  /** Elasticsearch index name (default `cars`). */
  elasticsearchIndex?: string;
  /**
   * Answer searches from an in-process index: `embedded` holds the documents too and is fed by the
   * projection (one catalog process); `distributed` holds index fields only, reads the pages' cars from
   * `car_docs` and is fed by a per-process listener, so any number of replicas can run (docs/adr/0014).
   */
  inMemory?: 'embedded' | 'distributed';
  /**
   * Called after every invalidation of the search pages, once the change is in the index: the rendered
   * public pages show the same cars (issue 47; the catalog replaces the page generation).
   */
  pagesChanged?: () => Promise<void>;
}

/** The searches of the catalog: where reads go, and the extra indexes the projection also feeds. */
export interface CarSearches {
  /** Serves `GET /api/cars` and `GET /api/cars/{id}`. */
  read: CarSearch;
  /** Indexes fed from the same listing events after the PostgreSQL read model (Elasticsearch or memory). */
  secondaries: CarSearch[];
  /** Per-process listeners that keep this process's index current. */
  // biome-ignore lint/suspicious/noExplicitAny: the service's listeners of different event types
  listeners: Listener<any>[];
  /**
   * Search pages by query (ADR 13, 14): in this process in front of an in-memory index, in Redis in front
   * of a database, else none. Invalidated when a change reaches the index.
   */
  pages: SearchPageCache;
  /**
   * Fills the in-memory index from the read model; call once the seeders ran, `seeded` telling whether they
   * wrote cars. A listener-fed index loads itself when its queue is bound and resyncs here only after a
   * seeding (whose events would reach it late). A no-op for the other adapters.
   */
  load(seeded: boolean): Promise<void>;
  /** Readiness: false until the in-memory index has been filled once (true for the other adapters). */
  ready(): Promise<boolean>;
}

/**
 * The car searches chosen by `opts`. PostgreSQL's `car_docs` always holds the read model (written in the
 * consumer's transaction, used for the reference-data delete checks); Elasticsearch, when configured, or
 * else the in-memory index, when asked for, is fed from the same events and answers the searches
 * (docs/adr/0002, 0005).
 */
export function createCarSearches(opts: CarSearchOptions): CarSearches {
  const { pagesChanged } = opts;
  const told = (pages: SearchPageCache) => (pagesChanged ? alsoInvalidating(pages, pagesChanged) : pages);
  const postgres = createPostgresSearch(opts.db);
  if (opts.elasticsearchUrl) {
    const client = new Client({ node: opts.elasticsearchUrl });
    const elasticsearch = createElasticsearchSearch(
      // The client's methods are overloaded with its own request types; our port types mappings loosely.
      client as unknown as EsClientLike,
      opts.elasticsearchIndex ?? 'cars',
    );
    return {
      read: { ...elasticsearch, get: (id) => postgres.get(id) },
      secondaries: [elasticsearch],
      listeners: [],
      pages: told(sharedPages(opts.cache)),
      load: async () => {},
      ready: async () => true,
    };
  }
  if (opts.inMemory === 'embedded') {
    const memory = createMemorySearch({});
    return {
      read: memory,
      secondaries: [memory],
      listeners: [],
      pages: told(createLocalSearchPageCache()),
      load: () => memory.loadFrom(scanCarDocuments(opts.db)),
      ready: async () => memory.loaded(),
    };
  }
  if (opts.inMemory === 'distributed') {
    const cars = createCarReader(opts.db);
    const memory = createMemorySearch({ cars });
    const pages = told(createLocalSearchPageCache());
    const parts = { index: memory, cars, pages };
    return {
      read: memory,
      secondaries: [],
      listeners: [searchIndexFeed(opts.db, parts)],
      pages,
      // The listener loaded the index when it started, before the seeders wrote (first start: the demo
      // cars); their events would arrive only after the relays start, so the index is resynced now.
      load: async (seeded) => {
        if (seeded) await resyncSearchIndex(opts.db, parts);
      },
      ready: async () => memory.loaded(),
    };
  }
  return {
    read: postgres,
    secondaries: [],
    listeners: [],
    pages: told(sharedPages(opts.cache)),
    load: async () => {},
    ready: async () => true,
  };
}

/** Pages in `cache` when it is Redis (shared by the replicas), else none. */
function sharedPages(cache: Cache | undefined): SearchPageCache {
  return cache?.kind === 'redis' ? createSearchPageCache(cache) : noSearchPageCache;
}
