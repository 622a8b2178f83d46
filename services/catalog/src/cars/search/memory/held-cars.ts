/**
 * The cars an in-memory index holds itself (embedded mode, memory.ts): each car's JSON text by slot as
 * UTF-8 bytes, outside the JavaScript heap, and the {@link PARSED_CARS} most recently read ones as objects.
 * Holding 100 000 cars as objects made a heap of ~500 MB, and every young-generation collection's pause
 * grows with the heap (about 1.5 µs per 256 KB page here: bench/README.md, tenth session), which set the
 * tail of every request; as bytes they cost ~150 MB outside the heap and ~15 MB on it. A car read again is
 * the same object while it stays among the parsed ones; its bytes are registered for the page's JSON
 * (../car-json.ts), so a held car is never serialised again.
 */
import type { Car } from '@marketplace/contracts';
import { LRUCache } from 'lru-cache';
import { keepCarJson } from '../car-json';

/** Cars kept parsed: 5 000 (~15 MB of objects), the cars of the pages being looked at. */
export const PARSED_CARS = 5_000;

/** Cars by slot, held as JSON (see the module doc). */
export class HeldCars {
  private readonly bytes: (Buffer | undefined)[] = [];
  private readonly parsed: LRUCache<number, Car>;

  constructor(parsed = PARSED_CARS) {
    this.parsed = new LRUCache<number, Car>({ max: parsed });
  }

  /** Holds `car` in slot `slot` (replacing what it held). */
  set(slot: number, car: Car): void {
    const bytes = Buffer.from(JSON.stringify(car), 'utf8');
    this.bytes[slot] = bytes;
    this.parsed.delete(slot);
  }

  /** The car of `slot`, or undefined when it holds none. */
  get(slot: number): Car | undefined {
    let car = this.parsed.get(slot);
    if (car !== undefined) return car;
    const bytes = this.bytes[slot];
    if (bytes === undefined) return undefined;
    car = JSON.parse(bytes.toString('utf8')) as Car;
    keepCarJson(car, bytes);
    this.parsed.set(slot, car);
    return car;
  }

  /** Empties `slot`. */
  delete(slot: number): void {
    this.bytes[slot] = undefined;
    this.parsed.delete(slot);
  }
}
