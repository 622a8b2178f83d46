/**
 * Car reads (spec §7 "Cars", issue 5): `GET /api/cars?…` → `{ data: { cars, totalLength } }` and
 * `GET /api/cars/{carId}` → `{ data: car }` (404 when unknown or malformed). `/api/cars/seller` belongs to
 * the listing service and is passed on.
 */
import { carSearchQuery } from '@marketplace/contracts';
import { notFound, parseInput } from '@marketplace/platform';
import { type RequestHandler, Router } from 'express';
import type { CarSearch } from '../search/types';

/** Search results may be cached briefly by shared caches (30 s) and served stale while revalidating. */
const searchCache: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'public, max-age=30, stale-while-revalidate=120');
  next();
};

export function carRoutes(search: CarSearch): Router {
  const router = Router();
  router.get('/api/cars', searchCache, async (req, res) => {
    const query = parseInput(carSearchQuery, req.query);
    res.json({ data: await search.search(query) });
  });
  router.get('/api/cars/:carId', searchCache, async (req, res, next) => {
    if (req.params.carId === 'seller') return next();
    const car = await search.get(String(req.params.carId));
    if (!car) throw notFound('Car not found.');
    res.json({ data: car });
  });
  return router;
}
