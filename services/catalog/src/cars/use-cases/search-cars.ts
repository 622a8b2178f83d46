/**
 * The car search answer (spec §7 `GET /api/cars`, issue 5; facets issue 22): the page of cars and the
 * total, with the facet counts when asked, as the JSON text the API sends.
 */
import type { Car, CarSearchQuery } from '@marketplace/contracts';
import { type JsonAnswer, jsonAnswer } from '@marketplace/platform';
import type { CarSearch } from '../search/types';

/**
 * JSON text (UTF-8, outside the JavaScript heap) of each car object served, kept while the object lives:
 * the in-memory search returns the same stored objects on every search, so a page of results is joined
 * from cached bytes instead of being serialised again (other adapters return fresh objects, which are
 * serialised once and dropped).
 */
const carJson = new WeakMap<Car, Buffer>();
const COMMA = Buffer.from(',');

/** `JSON.stringify(car)` as UTF-8, cached per object (see {@link carJson}). */
function jsonOf(car: Car): Buffer {
  let bytes = carJson.get(car);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(car), 'utf8');
    carJson.set(car, bytes);
  }
  return bytes;
}

/**
 * The UTF-8 JSON text `before` + `JSON.stringify(cars)` + `after` (e.g. `{"data":` and `}`), joined from
 * each car's cached text.
 */
export function carsJson(before: string, cars: readonly Car[], after: string): Buffer {
  const parts: Buffer[] = [Buffer.from(`${before}[`, 'utf8')];
  cars.forEach((car, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(jsonOf(car));
  });
  parts.push(Buffer.from(`]${after}`, 'utf8'));
  return Buffer.concat(parts);
}

/**
 * Searches `search` for `query` (with its facets when `query.facets`) and answers the body
 * `{ data: { cars, totalLength[, facets] } }`: the same text `JSON.stringify` of that object would give.
 */
export async function searchCarsJson(search: CarSearch, query: CarSearchQuery): Promise<JsonAnswer> {
  const [{ cars, totalLength }, facets] = await Promise.all([
    search.search(query),
    query.facets ? search.facets(query) : undefined,
  ]);
  const more = facets ? `,"facets":${JSON.stringify(facets)}` : '';
  return jsonAnswer(carsJson('{"data":{"cars":', cars, `,"totalLength":${totalLength}${more}}}`));
}
