/**
 * Elasticsearch adapter of the car search port: the index mapping, the translation of a
 * {@link CarSearchQuery} into a search request (`toEsQuery`, unit-tested without a server) and the
 * adapter over any client shaped like {@link EsClientLike} (the `Client` of `@elastic/elasticsearch` 8/9).
 *
 * Semantics follow the port (see `../types.ts`); differences from PostgreSQL: a search word matches by fuzzy
 * (`AUTO:4,7`: one edit for 4–6 letters, two from 7) or prefix match rather than by infix substring and
 * trigram similarity; pages beyond the 10 000th hit (`index.max_result_window`) come back empty.
 */
import type { Car, CarSearchQuery, NumericRange } from '@marketplace/contracts';
import {
  type CarDocument,
  type CarSearch,
  type CarSearchResult,
  emptyFacets,
  FACET_DIMENSIONS,
  type FacetDimension,
  indexFieldsOf,
  isUuid,
  ownershipsOf,
  SEARCH_COUNT_CAP,
  searchWords,
  wantedIds,
} from '../types';

/** The document stored per car: the API car (`_source` only, not indexed) plus indexed fields. */
export interface EsCarSource {
  id: string;
  brandId: string;
  modelId: string;
  variantId: string | null;
  brandName: string;
  modelName: string;
  variantName: string;
  fuelType: string;
  transmission: string;
  bodyType: string | null;
  /** Rupees. */
  price: number;
  /** Kilometres. */
  kmDriven: number;
  manufacturerYear: number;
  /** `specifications.ownership` (First … More than Four), null when the car has none (issue 25). */
  ownership: string | null;
  city: string;
  status: string;
  /** Lower-case `brand model variant city` (as PostgreSQL's `search_text`). */
  searchText: string;
  /** ISO 8601. */
  createdAt: string;
  car: Car;
}

/** Index settings: a `lowercase` normalizer so `city.keyword` compares ignoring case. */
export const esSettings = {
  analysis: { normalizer: { lowercase: { type: 'custom', filter: ['lowercase'] } } },
} as const;

const nameField = { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } } as const;

/**
 * Index mapping: keyword for ids and enums, long/integer for price (rupees), km and year, text with a
 * keyword sub-field for names and city (city's keyword is lower-cased), date for createdAt; the API car
 * is kept in `_source` only (`enabled: false`).
 */
export const esMapping = {
  dynamic: 'strict',
  properties: {
    id: { type: 'keyword' },
    brandId: { type: 'keyword' },
    modelId: { type: 'keyword' },
    variantId: { type: 'keyword' },
    brandName: nameField,
    modelName: nameField,
    variantName: nameField,
    fuelType: { type: 'keyword' },
    transmission: { type: 'keyword' },
    bodyType: { type: 'keyword' },
    price: { type: 'long' },
    kmDriven: { type: 'integer' },
    manufacturerYear: { type: 'integer' },
    ownership: { type: 'keyword' },
    city: { type: 'text', fields: { keyword: { type: 'keyword', normalizer: 'lowercase' } } },
    status: { type: 'keyword' },
    searchText: { type: 'text' },
    createdAt: { type: 'date' },
    car: { type: 'object', enabled: false },
  },
} as const;

/** An Elasticsearch query clause (a plain JSON object). */
export type EsClause = Record<string, unknown>;

/** The search request body built by {@link toEsQuery}. */
export interface EsSearchBody {
  query: { bool: { filter: EsClause[]; must?: EsClause[] } };
  sort: Array<Record<string, 'asc' | 'desc'>>;
  from: number;
  size: number;
  track_total_hits: number;
  _source: string[];
}

/**
 * Edit distance a search word may have: none up to 3 letters, one for 4–6, two from 7 (`AUTO:4,7`; plain
 * `AUTO` allows two edits from 6 letters, which lets `cretta` match "crysta" while PostgreSQL's trigram
 * threshold does not).
 */
export const ES_FUZZINESS = 'AUTO:4,7';

/** The fields a search word is matched against. */
export const ES_TEXT_FIELDS = ['brandName', 'modelName', 'variantName', 'city', 'searchText'];

function rangeClause(field: string, range: NumericRange | undefined): EsClause[] {
  if (range?.min === undefined && range?.max === undefined) return [];
  const bounds: Record<string, number> = {};
  if (range.min !== undefined) bounds.gte = range.min;
  if (range.max !== undefined) bounds.lte = range.max;
  return [{ range: { [field]: bounds } }];
}

function sortOf(sort: CarSearchQuery['sort']): EsSearchBody['sort'] {
  switch (sort) {
    case 'price_asc':
      return [{ price: 'asc' }, { id: 'asc' }];
    case 'price_desc':
      return [{ price: 'desc' }, { id: 'asc' }];
    case 'km_asc':
      return [{ kmDriven: 'asc' }, { id: 'asc' }];
    default:
      return [{ createdAt: 'desc' }, { id: 'asc' }];
  }
}

/**
 * The search request of `q`: filters in `bool.filter` (`status: used`, `terms` for lists — `owners` as the
 * ownerships it stands for — inclusive
 * `range` with open ends omitted, `city.keyword` lower-cased), the search term in `bool.must` (every word
 * must match one of {@link ES_TEXT_FIELDS} fuzzily, `fuzziness: 'AUTO:4,7'`, or the combined text as a
 * prefix), sort with id as tie-breaker, `from`/`size` from page and limit, `track_total_hits` at
 * {@link SEARCH_COUNT_CAP}.
 */
export function toEsQuery(q: CarSearchQuery): EsSearchBody {
  const filter: EsClause[] = [{ term: { status: 'used' } }];
  if (q.brands) filter.push({ terms: { brandId: q.brands } });
  if (q.models) filter.push({ terms: { modelId: q.models } });
  const owned = ownershipsOf(q.owners);
  if (owned) filter.push({ terms: { ownership: owned } });
  if (q.fuelTypes) filter.push({ terms: { fuelType: q.fuelTypes } });
  if (q.transmissions) filter.push({ terms: { transmission: q.transmissions } });
  if (q.bodyTypes) filter.push({ terms: { bodyType: q.bodyTypes } });
  filter.push(...rangeClause('price', q.price));
  filter.push(...rangeClause('kmDriven', q.kmDriven));
  filter.push(...rangeClause('manufacturerYear', q.years));
  if (q.city !== undefined) filter.push({ term: { 'city.keyword': q.city.toLowerCase() } });
  const limit = Math.max(0, Math.trunc(q.limit));
  const body: EsSearchBody = {
    query: { bool: { filter } },
    sort: sortOf(q.sort),
    from: (Math.max(1, Math.trunc(q.page)) - 1) * limit,
    size: limit,
    track_total_hits: SEARCH_COUNT_CAP,
    _source: ['car'],
  };
  const words = searchWords(q.searchTerm);
  if (words.length > 0) {
    body.query.bool.must = words.map((word) => ({
      bool: {
        should: [
          { multi_match: { query: word, fields: ES_TEXT_FIELDS, fuzziness: ES_FUZZINESS } },
          { prefix: { searchText: { value: word } } },
        ],
        minimum_should_match: 1,
      },
    }));
  }
  return body;
}

/** The keyword field of each facet dimension in the index. */
const ES_FACET_FIELDS: Record<FacetDimension, string> = {
  brands: 'brandId',
  fuelTypes: 'fuelType',
  transmissions: 'transmission',
  bodyTypes: 'bodyType',
};

/** Most values a facet lists (more than there are brands). */
const ES_FACET_SIZE = 500;

/**
 * The Elasticsearch request of the facets of `q` (port `facets`): no hits; the query holds every filter but
 * the four facet filters, and per dimension an aggregation filtered by the other three facet filters with
 * the counts per value of its own field (`terms`, exact on one shard).
 */
export function toEsFacetsQuery(q: CarSearchQuery): {
  query: EsSearchBody['query'];
  size: 0;
  aggs: Record<string, unknown>;
} {
  const base = toEsQuery({
    ...q,
    brands: undefined,
    fuelTypes: undefined,
    transmissions: undefined,
    bodyTypes: undefined,
  });
  const clause = (d: FacetDimension): EsClause[] => {
    const values = q[d];
    return values ? [{ terms: { [ES_FACET_FIELDS[d]]: values } }] : [];
  };
  const aggs = Object.fromEntries(
    FACET_DIMENSIONS.map((d) => [
      d,
      {
        filter: { bool: { filter: FACET_DIMENSIONS.filter((o) => o !== d).flatMap(clause) } },
        aggs: { values: { terms: { field: ES_FACET_FIELDS[d], size: ES_FACET_SIZE } } },
      },
    ]),
  );
  return { query: base.query, size: 0, aggs };
}

/** A bulk response item per operation, e.g. `{ index: { status: 201 } }`. */
export type EsBulkItem = Partial<Record<string, { status: number; error?: unknown }>>;

/**
 * The part of the `@elastic/elasticsearch` client the adapter uses (its `Client` satisfies it), so the
 * adapter compiles and is testable without the package.
 */
export interface EsClientLike {
  bulk(params: {
    operations: unknown[];
    refresh?: boolean | 'wait_for';
  }): Promise<{ errors: boolean; items: EsBulkItem[] }>;
  search(params: { index: string } & Record<string, unknown>): Promise<{
    hits: {
      total?: number | { value: number; relation?: string };
      hits: Array<{ _source?: unknown }>;
    };
    aggregations?: Record<string, unknown>;
  }>;
  indices: {
    exists(params: { index: string }): Promise<boolean>;
    create(params: { index: string; mappings: unknown; settings?: unknown }): Promise<unknown>;
    /**
     * Adds fields to an existing index's mapping (`indices.putMapping`); optional so fakes may leave it out.
     * Used to add the fields newer than an index (e.g. `ownership`, issue 25).
     */
    putMapping?(params: { index: string; properties: unknown }): Promise<unknown>;
  };
}

/** Options of {@link createElasticsearchSearch}. */
export interface ElasticsearchSearchOptions {
  /**
   * Refresh after writes: `'wait_for'` (default) makes a write visible to the next search, as on
   * PostgreSQL; `false` for bulk loads.
   */
  refresh?: boolean | 'wait_for';
}

/** The document stored for `doc`. */
export function toEsSource(doc: CarDocument): EsCarSource {
  const { car } = doc;
  const fields = indexFieldsOf(doc);
  return {
    ...fields,
    brandName: car.brand.name,
    modelName: car.model.name,
    variantName: car.variant.name,
    createdAt: fields.createdAt.toISOString(),
    car,
  };
}

/** Max `from + size` of a search (Elasticsearch's default `index.max_result_window`). */
const MAX_RESULT_WINDOW = 10_000;

/**
 * The Elasticsearch car search on index `index` of `client`. The index is created with
 * {@link esMapping} on first use when missing; an existing one gets the mapping's newer fields added
 * (`putMapping`, when the client has it). Cars indexed before a field existed lack it until they are
 * indexed again (`npm run ops -- search reindex` rebuilds the index from the read model): until then an
 * `owners` filter does not find them.
 * @throws Error from writes when Elasticsearch rejects an operation (the first item error).
 */
export function createElasticsearchSearch(
  client: EsClientLike,
  index: string,
  opts: ElasticsearchSearchOptions = {},
): CarSearch {
  const refresh = opts.refresh ?? 'wait_for';
  let ready: Promise<void> | undefined;
  function ensureIndex(): Promise<void> {
    ready ??= (async () => {
      if (await client.indices.exists({ index })) {
        await client.indices.putMapping?.({ index, properties: esMapping.properties });
        return;
      }
      try {
        await client.indices.create({ index, mappings: esMapping, settings: esSettings });
      } catch (err) {
        // Another instance created it meanwhile.
        if (!(await client.indices.exists({ index }))) throw err;
      }
    })().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  }

  async function bulk(operations: unknown[]): Promise<void> {
    if (operations.length === 0) return;
    await ensureIndex();
    const res = await client.bulk({ operations, refresh });
    if (!res.errors) return;
    for (const item of res.items) {
      for (const [op, result] of Object.entries(item)) {
        if (result?.error !== undefined && !(op === 'delete' && result.status === 404)) {
          throw new Error(`Elasticsearch ${op} failed: ${JSON.stringify(result.error)}`);
        }
      }
    }
  }

  /** Runs `body`; `totalLength` is capped at {@link SEARCH_COUNT_CAP} (its `track_total_hits`). */
  async function searchBody(body: EsSearchBody): Promise<CarSearchResult> {
    await ensureIndex();
    const res = await client.search({ index, ...body });
    const total = res.hits.total;
    const totalLength = typeof total === 'number' ? total : (total?.value ?? 0);
    const cars = res.hits.hits
      .map((h) => (h._source as { car?: Car } | undefined)?.car)
      .filter((c): c is Car => c !== undefined);
    return { cars, totalLength: Math.min(totalLength, SEARCH_COUNT_CAP) };
  }

  const upsertOps = (doc: CarDocument) => {
    const source = toEsSource(doc);
    return [{ index: { _index: index, _id: source.id } }, source];
  };

  return {
    kind: 'elasticsearch',
    upsert: (doc) => bulk(upsertOps(doc)),
    upsertMany: async (docs) => {
      for (let i = 0; i < docs.length; i += 1000) await bulk(docs.slice(i, i + 1000).flatMap(upsertOps));
    },
    async remove(id) {
      if (!isUuid(id)) return;
      await bulk([{ delete: { _index: index, _id: id } }]);
    },
    async get(id) {
      if (!isUuid(id)) return undefined;
      await ensureIndex();
      const res = await client.search({ index, query: { ids: { values: [id] } }, size: 1, _source: ['car'] });
      return (res.hits.hits[0]?._source as { car?: Car } | undefined)?.car;
    },
    async facets(q) {
      await ensureIndex();
      const res = await client.search({ index, ...toEsFacetsQuery(q) });
      const facets = emptyFacets();
      for (const d of FACET_DIMENSIONS) {
        const agg = res.aggregations?.[d] as {
          values?: { buckets?: Array<{ key: unknown; doc_count: number }> };
        };
        for (const bucket of agg?.values?.buckets ?? []) {
          if (bucket.doc_count > 0)
            facets[d][String(bucket.key)] = Math.min(bucket.doc_count, SEARCH_COUNT_CAP);
        }
      }
      return facets;
    },
    async searchHits(q) {
      const body = toEsQuery(q);
      if (body.from >= MAX_RESULT_WINDOW) return [];
      await ensureIndex();
      const res = await client.search({
        index,
        ...body,
        size: Math.min(body.size, MAX_RESULT_WINDOW - body.from),
        track_total_hits: false,
        _source: ['id', 'price'],
      });
      return res.hits.hits.map((h) => {
        const { id, price } = h._source as { id: string; price: number };
        return { id: id.toLowerCase(), price };
      });
    },
    async getMany(ids) {
      const wanted = wantedIds(ids);
      if (wanted.length === 0) return [];
      await ensureIndex();
      const res = await client.search({
        index,
        query: { ids: { values: wanted } },
        size: wanted.length,
        _source: ['car'],
      });
      const byId = new Map<string, Car>();
      for (const h of res.hits.hits) {
        const car = (h._source as { car?: Car } | undefined)?.car;
        if (car) byId.set(car._id.toLowerCase(), car);
      }
      return wanted.map((id) => byId.get(id)).filter((car) => car !== undefined);
    },
    async search(q) {
      const body = toEsQuery(q);
      if (body.from >= MAX_RESULT_WINDOW) {
        const counted = await searchBody({ ...body, from: 0, size: 0 });
        return { cars: [], totalLength: counted.totalLength };
      }
      return searchBody({ ...body, size: Math.min(body.size, MAX_RESULT_WINDOW - body.from) });
    },
  };
}
