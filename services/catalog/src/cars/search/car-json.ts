/**
 * The JSON text of car objects (UTF-8, outside the JavaScript heap), kept per object while it lives, so a
 * page of results is joined from bytes instead of serialising each car again (../use-cases/search-cars.ts).
 * An index that holds its cars as JSON (memory/held-cars.ts) registers the bytes it parsed an object from,
 * so such a car is never serialised at all; cars of other adapters are serialised on first use.
 */
import type { Car } from '@marketplace/contracts';

const carJson = new WeakMap<Car, Buffer>();

/** `JSON.stringify(car)` as UTF-8, kept while `car` lives. */
export function carJsonOf(car: Car): Buffer {
  let bytes = carJson.get(car);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(car), 'utf8');
    carJson.set(car, bytes);
  }
  return bytes;
}

/** Records that `bytes` are `JSON.stringify(car)` as UTF-8 (`car` was parsed from them). */
export function keepCarJson(car: Car, bytes: Buffer): void {
  carJson.set(car, bytes);
}
