/**
 * The cars of search pages read by id from the PostgreSQL read model (`catalog.car_docs`), for an
 * in-memory index that holds only index fields (distributed mode, docs/adr/0014). The most recently read
 * cars stay in process ({@link CAR_READER_CACHE_SIZE}), so repeated pages and car pages cost no query.
 */
import type { Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { carDocs } from '../../data/tables';
import type { CarReader } from './memory';

/**
 * Cars kept in process by a {@link createCarReader}: about 3 KB each as objects (plus their JSON text once
 * served, see cars/use-cases/search-cars.ts), so ~60 MB; 20 000 covers the first pages of every popular search.
 */
export const CAR_READER_CACHE_SIZE = 20_000;

/** A {@link CarReader} with an in-process cache that is told when a car changes. */
export interface CachedCarReader extends CarReader {
  /** Drops car `id` (lower case) from the cache; a read in flight does not keep what it read. */
  forget(id: string): void;
  /** Drops every car from the cache (events may have been missed); a read in flight keeps nothing. */
  forgetAll(): void;
}

/** A reader of `car_docs` by id, with the cache described in the module doc. */
export function createCarReader(db: Db, max = CAR_READER_CACHE_SIZE): CachedCarReader {
  const cache = new LRUCache<string, Car>({ max });
  let changes = 0; // forget() calls so far: a read that saw one in flight keeps nothing
  return {
    async read(ids) {
      const missing = ids.filter((id) => !cache.has(id));
      const fetched = new Map<string, Car>();
      if (missing.length > 0) {
        const before = changes;
        const rows = await db
          .select({ id: carDocs.id, doc: carDocs.doc })
          .from(carDocs)
          .where(inArray(carDocs.id, missing));
        for (const row of rows) fetched.set(row.id, row.doc as Car);
        if (changes === before) for (const [id, car] of fetched) cache.set(id, car);
      }
      return ids.map((id) => cache.get(id) ?? fetched.get(id));
    },
    forget(id) {
      changes++;
      cache.delete(id);
    },
    forgetAll() {
      changes++;
      cache.clear();
    },
  };
}
