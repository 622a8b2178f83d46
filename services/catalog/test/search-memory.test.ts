/**
 * In-memory car search (unit): the adapter's own mechanics (slot reuse after removal, re-sorting after
 * writes, the count cap, ids in any case, loading, a reader of the cars). The query semantics are covered by
 * the conformance suite (`search-conformance.int.test.ts`) and random comparisons
 * (`search-memory-random.test.ts`); the search words by `text-index.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { type CarDocument, indexFieldsOf, SEARCH_COUNT_CAP } from '../src/cars/search';
import { type CarReader, createMemorySearch } from '../src/cars/search/memory/memory';
import { expectedSearch, fixtureUuid, parseQuery, searchFixtures } from './support/search-cars';

const docs: CarDocument[] = searchFixtures().map((f) => f.doc);
const ids = (r: { cars: { _id: string }[] }) => r.cars.map((c) => c._id);

/** A copy of fixture `i` with id `n` and the given car fields. */
function variant(i: number, n: number, car: Partial<CarDocument['car']> = {}): CarDocument {
  const base = docs[i]!;
  return { ...base, car: { ...base.car, ...car, _id: fixtureUuid(4, n) } };
}

/** A load source that yields `first`, then waits for `release()` before yielding `rest`. */
function pausedSource(first: CarDocument[], rest: CarDocument[]) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* batches() {
    yield first;
    await gate;
    yield rest;
  }
  return { source: batches(), release };
}

describe('createMemorySearch', () => {
  it('removes by tombstone and reuses the slot for the next document', async () => {
    const s = createMemorySearch();
    await s.upsertMany(docs);
    expect(s.size()).toBe(docs.length);
    const gone = docs[8]!; // the newest car
    await s.remove(gone.car._id);
    expect(s.size()).toBe(docs.length - 1);
    expect(await s.get(gone.car._id)).toBeUndefined();
    let r = await s.search(parseQuery({ limit: '50' }));
    expect(ids(r)).not.toContain(gone.car._id);
    expect(r.totalLength).toBe(docs.length - 2); // one sold, one removed

    const fresh = variant(0, 700, { price: 99_000 });
    await s.upsert(fresh);
    expect(s.size()).toBe(docs.length);
    expect(await s.get(fresh.car._id)).toEqual(fresh.car); // a copy of the stored car (held as JSON)
    r = await s.search(parseQuery({ sort: 'price_asc', limit: '1' }));
    expect(ids(r)).toEqual([fresh.car._id]);
    await s.remove(gone.car._id); // already gone: ignored
    await s.remove('not-a-uuid');
    expect(s.size()).toBe(docs.length);
  });

  it('re-sorts after writes, between searches', async () => {
    const s = createMemorySearch();
    await s.upsertMany(docs);
    const cheapest = async () => ids(await s.search(parseQuery({ sort: 'price_asc', limit: '1' })))[0];
    const newest = async () => ids(await s.search(parseQuery({ limit: '1' })))[0];
    const before = await cheapest();
    expect(await newest()).toBe(docs[8]!.car._id);

    const target = docs[13]!;
    await s.upsert({ ...target, car: { ...target.car, price: 1 }, createdAt: new Date('2031-01-01') });
    expect(await cheapest()).toBe(target.car._id);
    expect(await newest()).toBe(target.car._id);
    await s.upsert(target);
    expect(await cheapest()).toBe(before);
    expect(await newest()).toBe(docs[8]!.car._id);

    // Marking a car sold takes it out of every order.
    await s.upsert({ ...target, car: { ...target.car, status: 'sold' } });
    for (const sort of ['newest', 'price_asc', 'price_desc', 'km_asc']) {
      expect(ids(await s.search(parseQuery({ sort, limit: '50' })))).not.toContain(target.car._id);
    }
  });

  it('counts up to the cap but still serves pages beyond it', async () => {
    const s = createMemorySearch();
    const many = Array.from({ length: SEARCH_COUNT_CAP + 500 }, (_, n) =>
      variant(n % 39, 10_000 + n, { price: 100_000 + n }),
    );
    await s.upsertMany(many);
    const r = await s.search(parseQuery({ sort: 'price_desc' }));
    expect(r.totalLength).toBe(SEARCH_COUNT_CAP);
    expect(r.cars[0]?.price).toBe(100_000 + SEARCH_COUNT_CAP + 499);
    const deep = await s.search(parseQuery({ sort: 'price_asc', page: '1112', limit: '9' }));
    expect(deep.totalLength).toBe(SEARCH_COUNT_CAP);
    expect(deep.cars.map((c) => c.price)).toEqual(
      Array.from({ length: 9 }, (_, k) => 100_000 + 1111 * 9 + k),
    );
    const filtered = await s.search(parseQuery({ price: '100000-100099', sort: 'price_asc' }));
    expect(filtered.totalLength).toBe(100);
  });

  it('matches ids and brand ids regardless of case, as the uuid columns do', async () => {
    const s = createMemorySearch();
    const d = docs[0]!;
    await s.upsert({ ...d, car: { ...d.car, _id: d.car._id.toUpperCase() } });
    await s.upsert(d); // the same car: replaces
    expect(s.size()).toBe(1);
    expect(await s.get(d.car._id.toUpperCase())).toEqual(d.car);
    const r = await s.search(parseQuery({ brands: d.brandId.toUpperCase() }));
    expect(ids(r)).toEqual([d.car._id]);
  });

  it('rejects a batch with a malformed id as a whole', async () => {
    const s = createMemorySearch();
    const bad = { ...docs[1]!, car: { ...docs[1]!.car, _id: 'x' } };
    await expect(s.upsertMany([docs[0]!, bad])).rejects.toThrow(/UUID/);
    expect(s.size()).toBe(0);
  });

  it('loads from `opts.load` before its first operation', async () => {
    let calls = 0;
    const s = createMemorySearch({
      load: async function* () {
        calls++;
        yield docs.slice(0, 20);
        yield docs.slice(20);
      },
    });
    expect((await s.search(parseQuery())).totalLength).toBe(docs.length - 1);
    expect(await s.get(docs[30]!.car._id)).toEqual(docs[30]!.car);
    expect(calls).toBe(1);
    const fromArray = createMemorySearch({ load: async () => docs });
    expect(await fromArray.get(docs[0]!.car._id)).toEqual(docs[0]!.car);
  });

  it('loadFrom skips documents written or removed while it runs (they are newer)', async () => {
    const s = createMemorySearch();
    const newer = variant(0, 1, { price: 1 });
    const { source, release } = pausedSource([docs[2]!], [variant(0, 1, { price: 2 }), docs[3]!, docs[4]!]);
    const loading = s.loadFrom(source);
    await Promise.resolve();
    await s.upsert(newer);
    await s.remove(docs[3]!.car._id);
    release();
    await loading;
    expect((await s.get(newer.car._id))?.price).toBe(1);
    expect(await s.get(docs[3]!.car._id)).toBeUndefined();
    expect(await s.get(docs[4]!.car._id)).toEqual(docs[4]!.car);
    expect(s.size()).toBe(3);
    // After the load, writes are plain again.
    await s.loadFrom([[docs[3]!]]);
    expect(await s.get(docs[3]!.car._id)).toEqual(docs[3]!.car);
  });

  it('searchTerm: caches per word and extends the cache to texts added later', async () => {
    const s = createMemorySearch();
    await s.upsertMany(docs.slice(0, 10));
    const creta = async () => (await s.search(parseQuery({ searchTerm: 'cretta', limit: '50' }))).totalLength;
    expect(await creta()).toBe(3);
    const lateCreta = variant(3, 900, { location: { city: 'Surat', state: 'Gujarat' } }); // a new text
    await s.upsert(lateCreta);
    expect(await creta()).toBe(4);
    expect(ids(await s.search(parseQuery({ searchTerm: 'cretta surat' })))).toEqual([lateCreta.car._id]);
  });

  it('with a reader, holds index fields only: pages and get read the cars there, a vanished car is left out', async () => {
    const held = new Map(docs.map((d) => [d.car._id, d.car]));
    const asked: string[][] = [];
    const reader: CarReader = {
      async read(wanted) {
        asked.push(wanted);
        return wanted.map((id) => held.get(id));
      },
    };
    const s = createMemorySearch({ cars: reader });
    await s.loadFrom([docs.map(indexFieldsOf)]);
    const q = parseQuery({ sort: 'price_asc' });
    const want = expectedSearch(docs, q);
    const page = await s.search(q);
    expect(ids(page)).toEqual(want.ids);
    expect(page.totalLength).toBe(want.totalLength);
    expect(asked.at(-1)).toEqual(want.ids.map((id) => id.toLowerCase()));
    expect(await s.get(docs[0]!.car._id)).toEqual(docs[0]!.car);
    held.delete(want.ids[0]!); // removed from the read model after the walk
    const after = await s.search(q);
    expect(ids(after)).toEqual(want.ids.slice(1));
    expect(after.totalLength).toBe(want.totalLength);
    // Index fields are refused by an index that holds the cars itself.
    await expect(createMemorySearch().loadFrom([docs.map(indexFieldsOf)])).rejects.toThrow(/holds the cars/);
  });

  it('a replacing load removes the cars its source lacks, but not one written while it ran', async () => {
    const s = createMemorySearch();
    await s.upsertMany(docs);
    const kept = docs.slice(0, 10);
    const late = docs[20]!;
    const { source, release } = pausedSource(kept.slice(0, 5), kept.slice(5));
    const loading = s.loadFrom(source, { replace: true });
    await s.upsert(late); // written while the load runs: newer than the source
    release();
    await loading;
    expect(s.size()).toBe(kept.length + 1);
    expect(await s.get(late.car._id)).toEqual(late.car);
    expect(await s.get(docs[15]!.car._id)).toBeUndefined();
  });

  it('searches wait for the first load of an index without a load option', async () => {
    const s = createMemorySearch();
    const { source, release } = pausedSource(docs.slice(0, 5), docs.slice(5));
    const loading = s.loadFrom(source);
    const searching = s.search(parseQuery({ limit: '50' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.loaded()).toBe(false);
    release();
    await loading;
    expect(s.loaded()).toBe(true);
    expect((await searching).totalLength).toBe(docs.filter((d) => d.car.status === 'used').length);
  });
});
