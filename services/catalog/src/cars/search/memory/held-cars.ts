/**
 * Cars a catalog process keeps for long, held as their JSON text (UTF-8 bytes, outside the JavaScript
 * heap), with the most recently read ones as objects ({@link PARSED_CARS} by default). Two users: the
 * embedded index holds every car by slot (memory.ts), and a replica's car reader (documents.ts) keeps the
 * cars it read from PostgreSQL by id, bounded in bytes, none parsed. Holding 100 000 cars as objects made a
 * heap of ~500 MB, and every young-generation collection's pause grows with the heap (about 1.5 µs per
 * 256 KB page here: bench/README.md, tenth session) and with the objects that survive it (a replica's
 * reader cache of 20 000 car objects, churned by the similar cars: 11–16 ms young pauses, twelfth session);
 * as bytes they cost ~1.5 KB each outside the heap and a small object on it. A car read again is the same
 * object while it stays among the parsed ones; its bytes are registered for the page's JSON
 * (../car-json.ts), so a held car is never serialised again.
 */
import type { Car } from '@marketplace/contracts';
import { ownedBytes } from '@marketplace/platform';
import { LRUCache } from 'lru-cache';
import { keepCarJson } from '../car-json';

/** Cars kept parsed: 5 000 (~15 MB of objects), the cars of the pages being looked at. */
export const PARSED_CARS = 5_000;

/** Where a {@link HeldCars} keeps the bytes: a `Map` (every car) or an `LRUCache` bounded in bytes. */
export interface HeldBytes<K> {
  get(key: K): Buffer | undefined;
  has(key: K): boolean;
  set(key: K, bytes: Buffer): unknown;
  delete(key: K): unknown;
  clear(): void;
}

/** Cars by key, held as JSON (see the module doc). */
export class HeldCars<K extends {}> {
  private readonly parsed: LRUCache<K, Car> | undefined;

  /**
   * @param bytes where the JSON is kept (default: a `Map`, which keeps every car until deleted)
   * @param parsed how many cars stay parsed (default {@link PARSED_CARS}); 0 parses a car at every read
   */
  constructor(
    private readonly bytes: HeldBytes<K> = new Map<K, Buffer>(),
    parsed = PARSED_CARS,
  ) {
    this.parsed = parsed > 0 ? new LRUCache<K, Car>({ max: parsed }) : undefined;
  }

  /** Holds a copy of `car` under `key` (replacing what it held); `car` itself is not kept. */
  set(key: K, car: Car): void {
    this.bytes.set(key, ownedBytes(JSON.stringify(car)));
    this.parsed?.delete(key);
  }

  /** True when a car is held under `key` (its bytes may still be pushed out later). */
  has(key: K): boolean {
    return this.bytes.has(key);
  }

  /** The car held under `key`, or undefined when there is none. */
  get(key: K): Car | undefined {
    let car = this.parsed?.get(key);
    if (car !== undefined) return car;
    const bytes = this.bytes.get(key);
    if (bytes === undefined) return undefined;
    car = JSON.parse(bytes.toString('utf8')) as Car;
    keepCarJson(car, bytes);
    this.parsed?.set(key, car);
    return car;
  }

  /** Drops the car under `key`. */
  delete(key: K): void {
    this.bytes.delete(key);
    this.parsed?.delete(key);
  }

  /** Drops every car. */
  clear(): void {
    this.bytes.clear();
    this.parsed?.clear();
  }
}
