/**
 * The cars of search pages read by id from the PostgreSQL read model (`catalog.car_docs`), for an
 * in-memory index that holds only index fields (distributed mode, docs/adr/0014). The most recently read
 * cars stay in process as their JSON bytes ({@link CAR_READER_CACHE_BYTES}, held-cars.ts), so repeated
 * pages, car pages and similar cars cost no query.
 */
import type { Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { carDocs } from '../../data/tables';
import { HeldCars } from './held-cars';
import type { CarReader } from './memory';

/**
 * Bytes of car JSON a {@link createCarReader} keeps (outside the JavaScript heap): 48 MB, about 30 000
 * demo cars (~1.5 KB each), the cars of every popular search's first pages and of their similar cars;
 * within a replica's 1280 MiB (infra/k8s/base/catalog.yaml) beside its index and its 256 MB page cache.
 */
export const CAR_READER_CACHE_BYTES = 48 * 1024 * 1024;

/** A {@link CarReader} with an in-process cache that is told when a car changes. */
export interface CachedCarReader extends CarReader {
  /** Drops car `id` (lower case) from the cache; a read in flight does not keep what it read. */
  forget(id: string): void;
  /** Drops every car from the cache (events may have been missed); a read in flight keeps nothing. */
  forgetAll(): void;
}

/**
 * A reader of `car_docs` by id, with the cache described in the module doc (`maxBytes` of JSON). Every car
 * it gives is parsed for that read: a caller's change reaches nothing else.
 */
export function createCarReader(db: Db, maxBytes = CAR_READER_CACHE_BYTES): CachedCarReader {
  // No car stays parsed (0): a replica's reads churn through many cars (the similar cars of each car looked
  // at), and parsed cars kept for a while outlive young-generation collections (about 2.3 MB promoted per
  // scavenge, 11–16 ms pauses at 350 similar-cars requests a second; bench/README.md, twelfth session).
  // Parsed at every read (~15 µs a car), they die young, which costs a scavenge nothing.
  const held = new HeldCars<string>(
    new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (bytes) => bytes.length || 1 }),
    0,
  );
  let changes = 0; // forget() calls so far: a read that saw one in flight keeps nothing
  async function read(ids: readonly string[]): Promise<(Car | undefined)[]> {
    const missing = ids.filter((id) => !held.has(id));
    const fetched = new Map<string, Car>();
    if (missing.length > 0) {
      const before = changes;
      const rows = await db
        .select({ id: carDocs.id, doc: carDocs.doc })
        .from(carDocs)
        .where(inArray(carDocs.id, missing));
      for (const row of rows) fetched.set(row.id, row.doc as Car);
      if (changes === before) for (const [id, car] of fetched) held.set(id, car);
    }
    const cars = ids.map((id) => fetched.get(id) ?? held.get(id));
    // A car held when this read began may have been pushed out by another read meanwhile: read it again.
    const lost = ids.filter((id, i) => cars[i] === undefined && !missing.includes(id));
    if (lost.length > 0) {
      const again = new Map((await read(lost)).map((car, i) => [lost[i], car]));
      return ids.map((id, i) => cars[i] ?? again.get(id));
    }
    return cars;
  }
  return {
    read,
    forget(id) {
      changes++;
      held.delete(id);
    },
    forgetAll() {
      changes++;
      held.clear();
    },
  };
}
