/**
 * The car search answer (spec §7 `GET /api/cars`, issue 5; facets issue 22): the page of cars and the
 * total, with the facet counts when asked, as the JSON text the API sends.
 */
import type { Car, CarSearchQuery } from '@marketplace/contracts';
import { type JsonAnswer, jsonAnswer } from '@marketplace/platform';
import { carJsonOf } from '../search/car-json';
import type { CarSearch } from '../search/types';

const COMMA = Buffer.from(',');

/**
 * The UTF-8 JSON text `before` + `JSON.stringify(cars)` + `after` (e.g. `{"data":` and `}`), joined from
 * each car's kept text (../search/car-json.ts).
 */
export function carsJson(before: string, cars: readonly Car[], after: string): Buffer {
  const parts: Buffer[] = [Buffer.from(`${before}[`, 'utf8')];
  cars.forEach((car, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(carJsonOf(car));
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
