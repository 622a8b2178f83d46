/**
 * Similar cars (issue 25): `GET /api/cars/{carId}/similar` → `{ data: car[] }`, up to 6 cars for sale of the
 * same body type and price band, the same model first, never the car itself (the rule:
 * ../use-cases/similar-cars.ts); 404 `Car not found.` when the car is unknown. Public and cacheable like
 * the other car reads ({@link CAR_READS_CACHE}).
 */
import { notFound } from '@marketplace/platform';
import type { CatalogHandlers } from '../../handlers';
import type { CarSearch } from '../search/types';
import { similarCars } from '../use-cases/similar-cars';
import { searchCache } from './cars';

/** The handler of the similar cars over `search` (the adapter that answers `GET /api/cars`). */
export function similarHandlers(search: CarSearch): CatalogHandlers<'getSimilarCars'> {
  return {
    getSimilarCars: {
      before: [searchCache],
      async handle({ params }) {
        const cars = await similarCars(search, params.carId);
        if (!cars) throw notFound('Car not found.');
        return { data: cars };
      },
    },
  };
}
