/**
 * In-memory car search (unit): pg_trgm word similarity against values computed by PostgreSQL 15's
 * pg_trgm, and the adapter's own mechanics (slot reuse after removal, re-sorting after writes, the count
 * cap, loading). The query semantics are covered by the conformance suite (`search.int.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/demo/generate';
import { type CarDocument, indexFieldsOf, SEARCH_COUNT_CAP } from '../src/search';
import { type CarReader, createMemorySearch } from '../src/search/memory';
import { TextIndex, trigramsOf, wordSimilarity, wordSimilarityMatches } from '../src/search/text-index';
import { searchTextOf, searchWords } from '../src/search/types';
import {
  expectedSearch,
  fixtureUuid,
  parseQuery,
  randomInventory,
  randomSearchParams,
  searchFixtures,
} from './support/search-cars';

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

describe('pg_trgm word similarity', () => {
  it('extracts trigrams as pg_trgm does (lower case, words padded, alphanumerics only)', () => {
    expect(trigramsOf('Ab')).toEqual(['  a', ' ab', 'ab ']);
    expect(trigramsOf('x')).toEqual(['  x', ' x ']);
    expect(trigramsOf('e:hev')).toEqual(['  e', ' e ', '  h', ' he', 'hev', 'ev ']);
    expect(trigramsOf(' - ')).toEqual([]);
  });

  // select word_similarity(w, t) on PostgreSQL 15.20 with pg_trgm (float4 results).
  const known: Array<[string, string, number]> = [
    ['cretta', 'hyundai creta sx(o) diesel pune', 0.625],
    ['maruthi', 'maruti suzuki swift vxi bengaluru', 0.625],
    ['hundai', 'hyundai creta sx pune', 0.5714286],
    ['nexn', 'tata nexon creative kolkata', 0.6],
    ['nexn', 'new delhi', 0.4],
    ['mumbay', 'tata nexon ev fearless mumbai', 0.71428573],
    ['creta', 'tata nexon creative kolkata', 0.5],
    ['creta', 'toyota innova crysta gx chennai', 0.33333334],
    ['swft', 'maruti suzuki swift vxi pune', 0.4],
    ['skorpio', 'mahindra scorpio-n z8 pune', 0.5],
    ['belano', 'maruti suzuki baleno alpha kolkata', 0.16666667],
    ['seltoz', 'kia seltos htx hyderabad', 0.71428573],
    ['a', 'kia seltos htx hyderabad', 0],
    ['x', 'xuv700', 0.5],
    ['4x2at', 'toyota fortuner 4x2 at pune', 0.5],
    ['', 'abc', 0],
    ['e:hev', 'honda city e:hev zx pune', 1],
    // Extents spanning several words of the text.
    ['nexonev', 'tata nexon ev fearless mumbai', 0.625],
    ['mahindrascorpio', 'mahindra scorpio-n z8 pune', 0.7368421],
    ['abab', 'ab ab ba baab abab', 1],
  ];

  it.each(known)('word_similarity(%j, %j) = %f', (word, text, expected) => {
    expect(wordSimilarity(word, text)).toBe(Math.fround(expected));
  });

  it('`<%` at the typo threshold (0.55): float4 similarity compared as PostgreSQL does', () => {
    expect(wordSimilarityMatches('cretta', 'hyundai creta sx pune')).toBe(true);
    expect(wordSimilarityMatches('hundai', 'hyundai creta sx pune')).toBe(true);
    expect(wordSimilarityMatches('nexonev', 'tata nexon ev fearless mumbai')).toBe(true);
    expect(wordSimilarityMatches('creta', 'tata nexon creative kolkata')).toBe(false);
    expect(wordSimilarityMatches('nexn', 'new delhi')).toBe(false);
    expect(wordSimilarityMatches('-', 'a - b')).toBe(false);
    // 11 of 20 → float4 0.55000001 ≥ 0.55; an exact 0.5 stays below 0.5000001.
    expect(wordSimilarityMatches('x', 'xuv700', 0.5)).toBe(true);
    expect(wordSimilarityMatches('x', 'xuv700', 0.5000001)).toBe(false);
  });
});

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
    expect(await s.get(fresh.car._id)).toBe(fresh.car); // the stored object, as is
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
    expect(await s.get(d.car._id.toUpperCase())).toBe(d.car);
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
    expect(await s.get(docs[30]!.car._id)).toBe(docs[30]!.car);
    expect(calls).toBe(1);
    const fromArray = createMemorySearch({ load: async () => docs });
    expect(await fromArray.get(docs[0]!.car._id)).toBe(docs[0]!.car);
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
    expect(await s.get(docs[4]!.car._id)).toBe(docs[4]!.car);
    expect(s.size()).toBe(3);
    // After the load, writes are plain again.
    await s.loadFrom([[docs[3]!]]);
    expect(await s.get(docs[3]!.car._id)).toBe(docs[3]!.car);
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

  it('answers as a full scan would while cars change between searches (stale views, then rebuilt ones)', async () => {
    const random = mulberry32(21);
    const current = new Map(randomInventory(random, docs, 2_000).map((d) => [d.car._id, d]));
    const search = createMemorySearch();
    await search.upsertMany([...current.values()]);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    let extra = 0;
    for (let k = 0; k < 400; k++) {
      // A change: a new car, a removal, or a new price, km, city, status or listing time.
      const roll = random();
      if (roll < 0.15) {
        const base = pick([...current.values()]);
        const car = {
          ...base.car,
          _id: fixtureUuid(7, ++extra),
          price: 100_000 + Math.floor(random() * 60) * 50_000,
        };
        const doc = { ...base, car };
        current.set(car._id, doc);
        await search.upsert(doc);
      } else if (roll < 0.3) {
        const id = pick([...current.keys()]);
        current.delete(id);
        await search.remove(id);
      } else {
        const base = pick([...current.values()]);
        const createdAt = new Date(base.createdAt.getTime() + Math.floor((random() - 0.5) * 1e9));
        const car = {
          ...base.car,
          price: random() < 0.5 ? 100_000 + Math.floor(random() * 60) * 50_000 : base.car.price,
          status: random() < 0.1 ? ('sold' as const) : ('used' as const),
          location: random() < 0.3 ? { ...base.car.location, city: 'Goa' } : base.car.location,
          specifications: { ...base.car.specifications, kmDriven: Math.floor(random() * 30) * 5_000 },
          createdAt: createdAt.toISOString(),
        };
        const doc = { ...base, car, createdAt };
        current.set(car._id, doc);
        await search.upsert(doc);
      }
      const all = [...current.values()];
      const params = randomSearchParams(random, all);
      const q = parseQuery(params);
      const got = await search.search(q);
      expect({ k, params, ids: ids(got), totalLength: got.totalLength }).toEqual({
        k,
        params,
        ...expectedSearch(all, q),
      });
      if (k % 40 === 0) {
        const facets = await search.facets(q);
        const fuels: Record<string, number> = {};
        for (const fuel of new Set(all.map((d) => d.car.fuelType))) {
          const n = expectedSearch(all, parseQuery({ ...params, fuelTypes: fuel })).totalLength;
          if (n > 0) fuels[fuel] = n;
        }
        expect({ k, fuels: facets.fuelTypes }).toEqual({ k, fuels });
      }
    }
  });

  it('answers random filter combinations as a full scan would (the postings and ranked drivers)', async () => {
    const random = mulberry32(7);
    const many = randomInventory(random, docs);
    const search = createMemorySearch();
    await search.upsertMany(many);
    for (let k = 0; k < 400; k++) {
      const params = randomSearchParams(random, many);
      const q = parseQuery(params);
      const got = await search.search(q);
      const want = expectedSearch(many, q);
      expect({ params, ids: ids(got), totalLength: got.totalLength }).toEqual({
        params,
        ids: want.ids,
        totalLength: want.totalLength,
      });
    }
  });

  it('the text index matches each word as a substring or pg_trgm word similarity test of every text would', () => {
    const random = mulberry32(5);
    const texts = [
      ...new Set(randomInventory(random, docs, 600).map((d) => searchTextOf(d))),
      'maruti suzuki swift vxi new delhi',
      'maruti suzuki wagon r vxi maruti nagar',
      'hyundai creta sx diesel mumbai',
      'hyundai creta sx diesel navi mumbai',
      'tata nexon ev max pune',
    ];
    const index = new TextIndex();
    for (const t of texts) index.code(t);
    index.warm(40); // the commonest tokens answered from the words computed in advance
    const tokens = [...new Set(texts.flatMap((t) => t.split(' ')))];
    const pick = () => tokens[Math.floor(random() * tokens.length)]!;
    const words = ['marutisuzuki', 'suzukiswift', 'crettamumbai', 'nexonev', 'delhi', 'maruthi', 'r'];
    for (let k = 0; k < 150; k++) {
      const w = pick();
      const cut = Math.floor(random() * w.length);
      words.push(w, w.slice(0, cut) + w.slice(cut + 1), w + pick(), w.slice(0, 3));
    }
    for (const word of words) {
      const { mask, codes } = index.matches(word);
      const want = texts.map((t) => +(t.includes(word) || wordSimilarityMatches(word, t)));
      expect({ word, mask: [...mask] }).toEqual({ word, mask: want });
      expect(codes).toEqual(Int32Array.from(want.flatMap((m, t) => (m ? [t] : []))));
    }
  });

  it('answers random filter combinations with search words as a full scan would (the search-text driver)', async () => {
    const random = mulberry32(11);
    const many = randomInventory(random, docs);
    const search = createMemorySearch();
    await search.upsertMany(many);
    // The reference: every car's text tested against each word's matches, computed over all texts.
    const texts = new TextIndex();
    const textOf = new Map(many.map((d) => [d.car._id, texts.code(searchTextOf(d))]));
    const vocabulary = [
      ...new Set(
        [...textOf.keys()].flatMap((id) => searchTextOf(many.find((d) => d.car._id === id)!).split(' ')),
      ),
    ];
    const word = () => {
      const w = vocabulary[Math.floor(random() * vocabulary.length)]!;
      if (random() < 0.3 && w.length > 4) {
        const cut = 1 + Math.floor(random() * (w.length - 2)); // a typo: one letter left out
        return w.slice(0, cut) + w.slice(cut + 1);
      }
      return random() < 0.3 ? w.slice(0, 3) : w;
    };
    for (let k = 0; k < 300; k++) {
      const params = randomSearchParams(random, many);
      params.searchTerm = random() < 0.3 ? `${word()} ${word()}` : word();
      const q = parseQuery(params);
      const masks = searchWords(q.searchTerm).map((w) => texts.matches(w).mask);
      const matching = many.filter((d) => masks.every((m) => m[textOf.get(d.car._id)!] === 1));
      const got = await search.search(q);
      const want = expectedSearch(matching, q);
      expect({ params, ids: ids(got), totalLength: got.totalLength }).toEqual({
        params,
        ids: want.ids,
        totalLength: want.totalLength,
      });
    }
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
    expect(await s.get(docs[0]!.car._id)).toBe(docs[0]!.car);
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
    expect(await s.get(late.car._id)).toBe(late.car);
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
