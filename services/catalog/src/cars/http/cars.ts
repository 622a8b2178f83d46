/**
 * Car reads (spec §7 "Cars", issue 5): `GET /api/cars?…` → `{ data: { cars, totalLength } }` (with
 * `facets=true` also `facets`, issue 22) and
 * `GET /api/cars/{carId}` → `{ data: car }` (404 when unknown or malformed), both public and cacheable
 * ({@link CAR_READS_CACHE}). `/api/cars/seller` is the listing service's: the platform mounts literal
 * paths before parameters, so it never reaches `getCar`.
 */
import type { Car } from '@marketplace/contracts';
import { answered, notFound } from '@marketplace/platform';
import type { RequestHandler } from 'express';
import type { CatalogHandlers } from '../../reference-data/http/handlers';
import { noSearchPageCache, type SearchPageCache } from '../../search/page-cache';
import type { CarSearch } from '../../search/types';

/**
 * Cache policy of the car reads (issue 21), the same answer for every visitor (nothing here depends on
 * who asks): browsers revalidate every use (`max-age=0`; Express's ETag makes a repeat a 304 without a
 * body); shared caches (a CDN) serve one copy for 30 s, then up to 300 s more while they revalidate in the
 * background. So a price change, a sale or a removal reaches visitors within 30 s of the CDN's copy
 * expiring while traffic is steady, and at worst 330 s after the change, for the first visitor after a
 * quiet spell; the origin sees about one search per distinct URL per 30 s however many visitors ask.
 */
export const CAR_READS_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

const searchCache: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', CAR_READS_CACHE);
  next();
};

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

/** The handlers of the car reads over `search`; search pages answered from `pages` when cached there. */
export function carHandlers(
  search: CarSearch,
  pages: SearchPageCache = noSearchPageCache,
): CatalogHandlers<'searchCars' | 'getCar'> {
  return {
    searchCars: {
      before: [searchCache],
      async handle({ query }, { res }) {
        const cached = await pages.lookup(query);
        if (cached.body !== undefined) {
          res.type('json').send(cached.body);
          return answered;
        }
        const [{ cars, totalLength }, facets] = await Promise.all([
          search.search(query),
          query.facets ? search.facets(query) : undefined,
        ]);
        // The same text `res.json({ data: { cars, totalLength, facets } })` would send.
        const more = facets ? `,"facets":${JSON.stringify(facets)}` : '';
        const body = `{"data":{"cars":[${cars.map(jsonOf).join(',')}],"totalLength":${totalLength}${more}}}`;
        res.type('json').send(body);
        await cached.store(body);
        return answered;
      },
    },
    getCar: {
      before: [searchCache],
      async handle({ params }) {
        const car = await search.get(params.carId);
        if (!car) throw notFound('Car not found.');
        return { data: car };
      },
    },
  };
}
