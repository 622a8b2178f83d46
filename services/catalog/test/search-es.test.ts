/**
 * Elasticsearch adapter without a server: the query translation (`toEsQuery`) for every filter, open
 * ranges, sorts and paging, the mapping, and the adapter's calls against a recording fake client.
 */
import { describe, expect, it } from 'vitest';
import {
  createCarSearches,
  createElasticsearchSearch,
  ES_FUZZINESS,
  type EsClientLike,
  esMapping,
  SEARCH_COUNT_CAP,
  toEsFacetsQuery,
  toEsQuery,
  toEsSource,
} from '../src/cars/search';
import { brandId, modelId, parseQuery, searchFixtures } from './support/search-cars';

const used = { term: { status: 'used' } };

describe('toEsFacetsQuery', () => {
  it('asks for no hits, keeps the other filters in the query and filters each facet by the other facets only', () => {
    const body = toEsFacetsQuery(
      parseQuery({ fuelTypes: 'Diesel', transmissions: 'Manual', city: 'Pune', page: '3' }),
    );
    expect(body.size).toBe(0);
    expect(body.query.bool.filter).toEqual([
      { term: { status: 'used' } },
      { term: { 'city.keyword': 'pune' } },
    ]);
    expect(body.aggs.fuelTypes).toEqual({
      filter: { bool: { filter: [{ terms: { transmission: ['Manual'] } }] } },
      aggs: { values: { terms: { field: 'fuelType', size: 500 } } },
    });
    expect(body.aggs.brands).toMatchObject({
      filter: {
        bool: { filter: [{ terms: { fuelType: ['Diesel'] } }, { terms: { transmission: ['Manual'] } }] },
      },
      aggs: { values: { terms: { field: 'brandId' } } },
    });
  });
});

describe('toEsQuery', () => {
  it('defaults: used cars, newest first (ties by id), first page of 9, total tracked to the cap', () => {
    expect(toEsQuery(parseQuery())).toEqual({
      query: { bool: { filter: [used] } },
      sort: [{ createdAt: 'desc' }, { id: 'asc' }],
      from: 0,
      size: 9,
      track_total_hits: SEARCH_COUNT_CAP,
      _source: ['car'],
    });
    expect(SEARCH_COUNT_CAP).toBe(10_000);
  });

  it.each([
    [
      { brands: `${brandId('Hyundai')},${brandId('Tata')}` },
      { terms: { brandId: [brandId('Hyundai'), brandId('Tata')] } },
    ],
    [{ fuelTypes: 'Diesel,Electric' }, { terms: { fuelType: ['Diesel', 'Electric'] } }],
    [{ transmissions: 'Automatic' }, { terms: { transmission: ['Automatic'] } }],
    [{ bodyTypes: 'SUV,Sedan' }, { terms: { bodyType: ['SUV', 'Sedan'] } }],
    [{ price: '500000-1500000' }, { range: { price: { gte: 500000, lte: 1500000 } } }],
    [{ price: '-500000' }, { range: { price: { lte: 500000 } } }],
    [{ price: '100000-' }, { range: { price: { gte: 100000 } } }],
    [{ kmDriven: '20000-40000' }, { range: { kmDriven: { gte: 20000, lte: 40000 } } }],
    [{ kmDriven: '-30000' }, { range: { kmDriven: { lte: 30000 } } }],
    [{ years: '2019-2022' }, { range: { manufacturerYear: { gte: 2019, lte: 2022 } } }],
    [{ years: '2020-' }, { range: { manufacturerYear: { gte: 2020 } } }],
    [{ city: 'PUNE' }, { term: { 'city.keyword': 'pune' } }],
    [{ city: 'New Delhi' }, { term: { 'city.keyword': 'new delhi' } }],
    [
      { models: `${modelId('Hyundai/Creta')},${modelId('Kia/Seltos')}` },
      { terms: { modelId: [modelId('Hyundai/Creta'), modelId('Kia/Seltos')] } },
    ],
    [{ owners: '1' }, { terms: { ownership: ['First'] } }],
    [{ owners: '3+' }, { terms: { ownership: ['Third', 'Fourth', 'More than Four'] } }],
    [{ owners: '3+,2,2' }, { terms: { ownership: ['Second', 'Third', 'Fourth', 'More than Four'] } }],
  ])('filter %j → %j', (params, clause) => {
    expect(toEsQuery(parseQuery(params)).query.bool.filter).toEqual([used, clause]);
  });

  it('an unbounded range (`-`) adds no clause', () => {
    for (const field of ['price', 'kmDriven', 'years']) {
      expect(toEsQuery(parseQuery({ [field]: '-' })).query.bool.filter).toEqual([used]);
    }
  });

  it('combines filters in one bool filter', () => {
    const q = toEsQuery(
      parseQuery({
        brands: brandId('Kia'),
        fuelTypes: 'Petrol',
        price: '-1200000',
        years: '2020-',
        city: 'Hyderabad',
      }),
    );
    expect(q.query.bool.filter).toEqual([
      used,
      { terms: { brandId: [brandId('Kia')] } },
      { terms: { fuelType: ['Petrol'] } },
      { range: { price: { lte: 1200000 } } },
      { range: { manufacturerYear: { gte: 2020 } } },
      { term: { 'city.keyword': 'hyderabad' } },
    ]);
    expect(q.query.bool.must).toBeUndefined();
  });

  it('searchTerm: every word fuzzy on brand/model/variant/city or a prefix of the combined text', () => {
    const q = toEsQuery(parseQuery({ searchTerm: '  Maruthi   SWFT ' }));
    const word = (w: string) => ({
      bool: {
        should: [
          {
            multi_match: {
              query: w,
              fields: ['brandName', 'modelName', 'variantName', 'city', 'searchText'],
              fuzziness: ES_FUZZINESS,
            },
          },
          { prefix: { searchText: { value: w } } },
        ],
        minimum_should_match: 1,
      },
    });
    expect(q.query.bool.must).toEqual([word('maruthi'), word('swft')]);
    expect(ES_FUZZINESS).toBe('AUTO:4,7');
    expect(q.query.bool.filter).toEqual([used]);
  });

  it.each([
    ['newest', [{ createdAt: 'desc' }, { id: 'asc' }]],
    ['price_asc', [{ price: 'asc' }, { id: 'asc' }]],
    ['price_desc', [{ price: 'desc' }, { id: 'asc' }]],
    ['km_asc', [{ kmDriven: 'asc' }, { id: 'asc' }]],
  ])('sort %s', (sort, expected) => {
    expect(toEsQuery(parseQuery({ sort })).sort).toEqual(expected);
  });

  it.each([
    [{}, 0, 9],
    [{ page: '0' }, 0, 9],
    [{ page: '2' }, 9, 9],
    [{ page: '3', limit: '20' }, 40, 20],
    [{ page: '2', limit: '500' }, 50, 50],
  ])('paging %j → from %i size %i', (params, from, size) => {
    const q = toEsQuery(parseQuery(params));
    expect([q.from, q.size]).toEqual([from, size]);
  });
});

describe('esMapping and documents', () => {
  it('maps ids and enums as keyword, numbers as integer/long, names as text+keyword, createdAt as date', () => {
    const p = esMapping.properties;
    for (const f of [
      'id',
      'brandId',
      'modelId',
      'variantId',
      'fuelType',
      'transmission',
      'bodyType',
      'ownership',
      'status',
    ]) {
      expect(p[f as keyof typeof p]).toEqual({ type: 'keyword' });
    }
    expect(p.price.type).toBe('long');
    expect(p.kmDriven.type).toBe('integer');
    expect(p.manufacturerYear.type).toBe('integer');
    expect(p.brandName).toMatchObject({ type: 'text', fields: { keyword: { type: 'keyword' } } });
    expect(p.city).toMatchObject({ type: 'text', fields: { keyword: { normalizer: 'lowercase' } } });
    expect(p.createdAt.type).toBe('date');
    expect(p.car).toEqual({ type: 'object', enabled: false });
  });

  it('builds the indexed document from a search document', () => {
    const d = searchFixtures()[3]!.doc;
    const s = toEsSource(d);
    expect(s).toMatchObject({
      id: d.car._id,
      brandId: brandId('Hyundai'),
      brandName: 'Hyundai',
      modelName: 'Creta',
      fuelType: 'Diesel',
      bodyType: 'SUV',
      price: 1450000,
      kmDriven: 27000,
      manufacturerYear: 2021,
      city: 'Pune',
      status: 'used',
      searchText: 'hyundai creta sx(o) diesel pune',
      createdAt: d.createdAt.toISOString(),
    });
    expect(s.car).toBe(d.car);
    expect(Object.keys(s).sort()).toEqual(Object.keys(esMapping.properties).sort());
  });
});

describe('createElasticsearchSearch against a fake client', () => {
  function fakeClient(hits: Array<{ _source?: unknown }> = [], total = 0) {
    const calls: Array<[string, unknown]> = [];
    let exists = false;
    const client: EsClientLike = {
      async bulk(params) {
        calls.push(['bulk', params]);
        return { errors: false, items: [] };
      },
      async search(params) {
        calls.push(['search', params]);
        return { hits: { total: { value: total, relation: 'eq' }, hits } };
      },
      indices: {
        async exists(params) {
          calls.push(['exists', params]);
          return exists;
        },
        async create(params) {
          calls.push(['create', params]);
          exists = true;
          return {};
        },
      },
    };
    return { client, calls };
  }

  it('creates the index once, then indexes documents in bulk with refresh', async () => {
    const { client, calls } = fakeClient();
    const s = createElasticsearchSearch(client, 'cars');
    const [a, b] = searchFixtures().map((f) => f.doc);
    await s.upsertMany([a!, b!]);
    await s.upsert(a!);
    await s.remove(a!.car._id);
    await s.remove('malformed');
    expect(calls.map((c) => c[0])).toEqual(['exists', 'create', 'bulk', 'bulk', 'bulk']);
    expect(calls[1]?.[1]).toMatchObject({ index: 'cars', mappings: esMapping });
    expect(calls[2]?.[1]).toEqual({
      refresh: 'wait_for',
      operations: [
        { index: { _index: 'cars', _id: a!.car._id } },
        toEsSource(a!),
        { index: { _index: 'cars', _id: b!.car._id } },
        toEsSource(b!),
      ],
    });
    expect(calls[4]?.[1]).toEqual({
      refresh: 'wait_for',
      operations: [{ delete: { _index: 'cars', _id: a!.car._id } }],
    });
  });

  it('returns the stored cars and the total; get by id; malformed ids never query', async () => {
    const d = searchFixtures()[0]!.doc;
    const { client, calls } = fakeClient([{ _source: { car: d.car } }], 42);
    const s = createElasticsearchSearch(client, 'cars');
    expect(await s.search(parseQuery({ fuelTypes: 'Petrol' }))).toEqual({ cars: [d.car], totalLength: 42 });
    expect(calls.at(-1)?.[1]).toEqual({ index: 'cars', ...toEsQuery(parseQuery({ fuelTypes: 'Petrol' })) });
    expect(await s.get(d.car._id)).toEqual(d.car);
    expect(calls.at(-1)?.[1]).toMatchObject({ index: 'cars', query: { ids: { values: [d.car._id] } } });
    const n = calls.length;
    expect(await s.get('abc')).toBeUndefined();
    expect(calls).toHaveLength(n);
  });

  it('pages beyond the 10 000-hit window come back empty with the total', async () => {
    const { client, calls } = fakeClient([], 10_000);
    const s = createElasticsearchSearch(client, 'cars');
    expect(await s.search(parseQuery({ page: '1000', limit: '50' }))).toEqual({
      cars: [],
      totalLength: 10_000,
    });
    expect(calls.at(-1)?.[1]).toMatchObject({ from: 0, size: 0 });
    await s.search(parseQuery({ page: '200', limit: '50' }));
    expect(calls.at(-1)?.[1]).toMatchObject({ from: 9950, size: 50 });
  });

  it('adds newer fields to an existing index; searchHits asks for ids and prices only, counting nothing', async () => {
    const { client, calls } = fakeClient([{ _source: { id: 'a', price: 550_000 } }], 7);
    const putMapping: unknown[] = [];
    client.indices.exists = async () => true;
    client.indices.putMapping = async (params) => {
      putMapping.push(params);
      return {};
    };
    const s = createElasticsearchSearch(client, 'cars');
    expect(await s.searchHits(parseQuery({ owners: '2' }))).toEqual([{ id: 'a', price: 550_000 }]);
    expect(putMapping).toEqual([{ index: 'cars', properties: esMapping.properties }]);
    expect(calls.at(-1)?.[1]).toMatchObject({ track_total_hits: false, _source: ['id', 'price'] });
    expect((await s.search(parseQuery({ owners: '2' }))).totalLength).toBe(7);
    expect(calls.at(-1)?.[1]).toMatchObject({ track_total_hits: SEARCH_COUNT_CAP });
  });

  it('reports a rejected bulk operation', async () => {
    const { client } = fakeClient();
    client.bulk = async () => ({
      errors: true,
      items: [{ index: { status: 400, error: { type: 'mapper_parsing_exception' } } }],
    });
    const s = createElasticsearchSearch(client, 'cars');
    await expect(s.upsert(searchFixtures()[0]!.doc)).rejects.toThrow(/mapper_parsing_exception/);
  });
});

describe('createCarSearches', () => {
  it('searches PostgreSQL alone without a URL, Elasticsearch (fed as secondary) with one, or memory fed by the projection or a per-process listener', () => {
    const plain = createCarSearches({ db: {} as never });
    expect(plain.read.kind).toBe('postgres');
    expect(plain.secondaries).toEqual([]);
    const withEs = createCarSearches({ db: {} as never, elasticsearchUrl: 'http://127.0.0.1:9200' });
    expect(withEs.read.kind).toBe('elasticsearch');
    expect(withEs.secondaries.map((x) => x.kind)).toEqual(['elasticsearch']);
    const embedded = createCarSearches({ db: {} as never, inMemory: 'embedded' });
    expect(embedded.read.kind).toBe('memory');
    expect(embedded.secondaries).toEqual([embedded.read]);
    expect(embedded.listeners).toEqual([]);
    const distributed = createCarSearches({ db: {} as never, inMemory: 'distributed' });
    expect(distributed.read.kind).toBe('memory');
    expect(distributed.secondaries).toEqual([]);
    expect(distributed.listeners.map((l) => l.name)).toEqual(['catalog.search-index']);
  });
});
