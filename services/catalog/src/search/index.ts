/**
 * Car search port and adapters (issue 5 "Car search"): PostgreSQL by default, Elasticsearch when
 * configured. See `types.ts` for the port and its query semantics.
 */
import { Client } from '@elastic/elasticsearch';
import type { Db, Listener } from '@marketplace/platform';
import { createCarReader } from './documents';
import { createElasticsearchSearch, type EsClientLike } from './elasticsearch';
import { searchIndexFeed } from './feed';
import { createMemorySearch } from './memory';
import { createPostgresSearch } from './postgres';
import { scanCarDocuments } from './scan';
import type { CarSearch } from './types';

export { type CachedCarReader, createCarReader } from './documents';
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
  toEsQuery,
  toEsSource,
} from './elasticsearch';
export { searchIndexFeed } from './feed';
export { createMemorySearch } from './memory';
export { createPostgresSearch, searchCondition, searchOrder } from './postgres';
export { readCarDocument, scanCarDocuments, scanIndexFields } from './scan';
export * from './types';

/** Options of {@link createCarSearches}. */
export interface CarSearchOptions {
  /** The catalog's database (its `car_docs` table is the read model and the PostgreSQL adapter's index). */
  db: Db;
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
  /** Fills the in-memory index from the read model (call once the seeders ran); a no-op otherwise. */
  load(): Promise<void>;
}

/**
 * The car searches chosen by `opts`. PostgreSQL's `car_docs` always holds the read model (written in the
 * consumer's transaction, used for the reference-data delete checks); Elasticsearch, when configured, or
 * else the in-memory index, when asked for, is fed from the same events and answers the searches
 * (docs/adr/0002, 0005).
 */
export function createCarSearches(opts: CarSearchOptions): CarSearches {
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
      load: async () => {},
    };
  }
  if (opts.inMemory === 'embedded') {
    const memory = createMemorySearch({});
    return {
      read: memory,
      secondaries: [memory],
      listeners: [],
      load: () => memory.loadFrom(scanCarDocuments(opts.db)),
    };
  }
  if (opts.inMemory === 'distributed') {
    const cars = createCarReader(opts.db);
    const memory = createMemorySearch({ cars });
    return {
      read: memory,
      secondaries: [],
      listeners: [searchIndexFeed(opts.db, memory, cars)],
      load: async () => {},
    };
  }
  return { read: postgres, secondaries: [], listeners: [], load: async () => {} };
}
