/**
 * Car search port and adapters (issue 5 "Car search"): PostgreSQL by default, Elasticsearch when
 * configured. See `types.ts` for the port and its query semantics.
 */
import type { Db } from '@marketplace/platform';
import { createPostgresSearch } from './postgres';
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
export { createPostgresSearch, searchCondition, searchOrder } from './postgres';
export * from './types';

/** Options of {@link createCarSearch}. */
export interface CarSearchOptions {
  /** The catalog's database (its `car_docs` table serves the PostgreSQL adapter). */
  db: Db;
  /** Elasticsearch URL (e.g. from ELASTICSEARCH_URL); absent → the PostgreSQL adapter. */
  elasticsearchUrl?: string;
}

/**
 * The car search chosen by `opts`: PostgreSQL over `opts.db` when no Elasticsearch URL is given.
 * @throws Error when `elasticsearchUrl` is set: the `@elastic/elasticsearch` client is not a dependency
 * yet; build its `Client` and pass it to `createElasticsearchSearch` instead.
 */
export function createCarSearch(opts: CarSearchOptions): CarSearch {
  if (opts.elasticsearchUrl) {
    throw new Error(
      'Elasticsearch adapter needs @elastic/elasticsearch: add the dependency and pass its Client to createElasticsearchSearch',
    );
  }
  return createPostgresSearch(opts.db);
}
