/**
 * Similar cars (issue 25): `GET /api/cars/{carId}/similar` → `{ data: car[] }`, up to 6 cars for sale of the
 * same body type and price band, the same model first, never the car itself (the rule:
 * ../use-cases/similar-cars.ts); 404 `Car not found.` when the car is unknown. Public and cacheable like
 * the other car reads ({@link CAR_READS_CACHE}); the answer is kept with the search pages (key
 * `similar:<carId>`), so it is made again only after a car changed.
 */
import { answered, jsonAnswer, notFound, sendJsonAnswer } from '@marketplace/platform';
import type { CatalogHandlers } from '../../handlers';
import { noSearchPageCache, type SearchPageCache } from '../search/page-cache';
import type { CarSearch } from '../search/types';
import { carsJson } from '../use-cases/search-cars';
import { similarCars } from '../use-cases/similar-cars';
import { searchCache } from './cars';

/**
 * The handler of the similar cars over `search` (the adapter that answers `GET /api/cars`), answers kept
 * in `pages` (the search pages' cache).
 */
export function similarHandlers(
  search: CarSearch,
  pages: SearchPageCache = noSearchPageCache,
): CatalogHandlers<'getSimilarCars'> {
  return {
    getSimilarCars: {
      before: [searchCache],
      async handle({ params }, { req, res }) {
        const cached = await pages.lookupKey(`similar:${params.carId}`);
        if (cached.body !== undefined) {
          sendJsonAnswer(req, res, cached.body);
          return answered;
        }
        const cars = await similarCars(search, params.carId);
        if (!cars) throw notFound('Car not found.');
        // The same text `res.json({ data: cars })` would send.
        const body = jsonAnswer(carsJson('{"data":', cars, '}'));
        sendJsonAnswer(req, res, body);
        await cached.store(body);
        return answered;
      },
    },
  };
}
