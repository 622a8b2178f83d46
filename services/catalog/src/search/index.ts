/**
 * Car search port and adapters (issue 5 "Car search"): PostgreSQL by default, Elasticsearch when
 * configured. See `types.ts` for the port and its query semantics.
 */
import { Client } from '@elastic/elasticsearch';
import type { Db } from '@marketplace/platform';
import { createElasticsearchSearch, type EsClientLike } from './elasticsearch';
import { createMemorySearch } from './memory';
import { createPostgresSearch } from './postgres';
import { scanCarDocuments } from './scan';
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
  toEsQuery,
  toEsSource,
} from './elasticsearch';
export { createMemorySearch } from './memory';
export { createPostgresSearch, searchCondition, searchOrder } from './postgres';
export { scanCarDocuments } from './scan';
export * from './types';

/** Options of {@link createCarSearches}. */
export interface CarSearchOptions {
  /** The catalog's database (its `car_docs` table is the read model and the PostgreSQL adapter's index). */
  db: Db;
  /** Elasticsearch URL (ELASTICSEARCH_URL); when set, Elasticsearch answers searches. */
  elasticsearchUrl?: string;
  /** Elasticsearch index name (default `cars`). */
  elasticsearchIndex?: string;
  /** Answer searches from an in-process index (embedded mode; one catalog process only). */
  inMemory?: boolean;
}

/** The searches of the catalog: where reads go, and the extra indexes the projection also feeds. */
export interface CarSearches {
  /** Serves `GET /api/cars` and `GET /api/cars/{id}`. */
  read: CarSearch;
  /** Indexes fed from the same listing events after the PostgreSQL read model (Elasticsearch or memory). */
  secondaries: CarSearch[];
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
      load: async () => {},
    };
  }
  if (opts.inMemory) {
    const memory = createMemorySearch({});
    return {
      read: memory,
      secondaries: [memory],
      load: () => memory.loadFrom(scanCarDocuments(opts.db)),
    };
  }
  return { read: postgres, secondaries: [], load: async () => {} };
}
