/**
 * Car search port and adapters (issue 5 "Car search"): PostgreSQL by default, Elasticsearch when
 * configured. See `types.ts` for the port and its query semantics.
 */
import { Client } from '@elastic/elasticsearch';
import type { Db } from '@marketplace/platform';
import { createElasticsearchSearch, type EsClientLike } from './elasticsearch';
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

/** Options of {@link createCarSearches}. */
export interface CarSearchOptions {
  /** The catalog's database (its `car_docs` table is the read model and the PostgreSQL adapter's index). */
  db: Db;
  /** Elasticsearch URL (ELASTICSEARCH_URL); absent → PostgreSQL serves searches too. */
  elasticsearchUrl?: string;
  /** Elasticsearch index name (default `cars`). */
  elasticsearchIndex?: string;
}

/** The searches of the catalog: where reads go, and the extra index (if any) the projection also feeds. */
export interface CarSearches {
  /** Serves `GET /api/cars`: Elasticsearch when configured, else PostgreSQL. */
  read: CarSearch;
  /** Elasticsearch, fed from the same listing events after the PostgreSQL read model; undefined without it. */
  secondary?: CarSearch;
}

/**
 * The car searches chosen by `opts`. PostgreSQL's `car_docs` always holds the read model (written in the
 * consumer's transaction, used for `get` and for the reference-data delete checks); Elasticsearch, when
 * configured, is indexed from the same events and answers the searches (docs/adr/0002).
 */
export function createCarSearches(opts: CarSearchOptions): CarSearches {
  const postgres = createPostgresSearch(opts.db);
  if (!opts.elasticsearchUrl) return { read: postgres };
  const client = new Client({ node: opts.elasticsearchUrl });
  const elasticsearch = createElasticsearchSearch(
    // The client's methods are overloaded with its own request types; our port types mappings loosely.
    client as unknown as EsClientLike,
    opts.elasticsearchIndex ?? 'cars',
  );
  return { read: { ...elasticsearch, get: (id) => postgres.get(id) }, secondary: elasticsearch };
}
