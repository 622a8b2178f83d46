/**
 * The car search answer (spec §7 `GET /api/cars`, issue 5; facets issue 22): the page of cars and the
 * total, with the facet counts when asked, as the JSON text the API sends.
 */
import type { Car, CarSearchQuery } from '@marketplace/contracts';
import type { CarSearch } from '../search/types';

/**
 * JSON text of each car object served, kept while the object lives: the in-memory search returns the same
 * stored objects on every search, so a page of results is joined from cached text instead of being
 * serialised again (other adapters return fresh objects, which are serialised once and dropped).
 */
const carJson = new WeakMap<Car, string>();

/** `JSON.stringify(car)`, cached per object (see {@link carJson}). */
function jsonOf(car: Car): string {
  let text = carJson.get(car);
  if (text === undefined) {
    text = JSON.stringify(car);
    carJson.set(car, text);
  }
  return text;
}

/**
 * Searches `search` for `query` (with its facets when `query.facets`) and answers the body
 * `{ data: { cars, totalLength[, facets] } }` as JSON text: the same text `JSON.stringify` of that object
 * would give.
 */
export async function searchCarsJson(search: CarSearch, query: CarSearchQuery): Promise<string> {
  const [{ cars, totalLength }, facets] = await Promise.all([
    search.search(query),
    query.facets ? search.facets(query) : undefined,
  ]);
  const more = facets ? `,"facets":${JSON.stringify(facets)}` : '';
  return `{"data":{"cars":[${cars.map(jsonOf).join(',')}],"totalLength":${totalLength}${more}}}`;
}
