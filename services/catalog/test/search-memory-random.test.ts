/**
 * In-memory car search (unit) against a full scan of the same cars (the reference of
 * support/search-cars.ts): random filter combinations over random inventories, with and without search
 * words, and while cars change between searches (stale views, then rebuilt ones).
 */
import { ownerships } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/cars/demo/random';
import type { CarDocument } from '../src/cars/search';
import { createMemorySearch } from '../src/cars/search/memory/memory';
import { TextIndex } from '../src/cars/search/memory/text-index';
import { searchTextOf, searchWords } from '../src/cars/search/types';
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

describe('createMemorySearch as a full scan would answer', () => {
  it('answers as a full scan would while cars change between searches (stale views, then rebuilt ones)', async () => {
    const random = mulberry32(21);
    const current = new Map(randomInventory(random, docs, 2_000).map((d) => [d.car._id, d]));
    const search = createMemorySearch();
    await search.upsertMany([...current.values()]);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    let extra = 0;
    for (let k = 0; k < 400; k++) {
      // A change: a new car, a removal, or a new price, km, city, ownership, status or listing time.
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
          specifications: {
            ...base.car.specifications,
            kmDriven: Math.floor(random() * 30) * 5_000,
            ...(random() < 0.2 ? { ownership: ownerships[Math.floor(random() * ownerships.length)]! } : {}),
          },
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
});
