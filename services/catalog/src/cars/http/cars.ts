/**
 * Car reads (spec §7 "Cars", issue 5): `GET /api/cars?…` → `{ data: { cars, totalLength } }` (with
 * `facets=true` also `facets`, issue 22) and
 * `GET /api/cars/{carId}` → `{ data: car }` (404 when unknown or malformed), both public and cacheable
 * ({@link CAR_READS_CACHE}). `/api/cars/seller` is the listing service's: the platform mounts literal
 * paths before parameters, so it never reaches `getCar`. A search page is answered from the page cache
 * when it holds it (issue 22), else built by ../use-cases/search-cars.ts and kept there once sent.
 */
import { answered, notFound, sendJsonAnswer } from '@marketplace/platform';
import type { RequestHandler } from 'express';
import type { CatalogHandlers } from '../../handlers';
import { noSearchPageCache, type SearchPageCache } from '../search/page-cache';
import type { CarSearch } from '../search/types';
import { searchCarsJson } from '../use-cases/search-cars';

/**
 * Cache policy of the car reads (issue 21), the same answer for every visitor (nothing here depends on
 * who asks): browsers revalidate every use (`max-age=0`; Express's ETag makes a repeat a 304 without a
 * body); shared caches (a CDN) serve one copy for 30 s, then up to 300 s more while they revalidate in the
 * background. So a price change, a sale or a removal reaches visitors within 30 s of the CDN's copy
 * expiring while traffic is steady, and at worst 330 s after the change, for the first visitor after a
 * quiet spell; the origin sees about one search per distinct URL per 30 s however many visitors ask.
 */
export const CAR_READS_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

/** Sets {@link CAR_READS_CACHE} on the answer (every public read of cars: searches, similar cars, price insights and bands). */
export const searchCache: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', CAR_READS_CACHE);
  next();
};

/** The handlers of the car reads over `search`; search pages answered from `pages` when cached there. */
export function carHandlers(
  search: CarSearch,
  pages: SearchPageCache = noSearchPageCache,
): CatalogHandlers<'searchCars' | 'getCar'> {
  return {
    searchCars: {
      before: [searchCache],
      async handle({ query }, { req, res }) {
        const cached = await pages.lookup(query);
        if (cached.body !== undefined) {
          sendJsonAnswer(req, res, cached.body);
          return answered;
        }
        // The same text `res.json({ data: { cars, totalLength, facets } })` would send.
        const body = await searchCarsJson(search, query);
        sendJsonAnswer(req, res, body);
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
