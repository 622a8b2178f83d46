/**
 * Car reads (spec §7 "Cars", issue 5): `GET /api/cars?…` → `{ data: { cars, totalLength } }` and
 * `GET /api/cars/{carId}` → `{ data: car }` (404 when unknown or malformed). `/api/cars/seller` belongs to
 * the listing service and is passed on.
 */
import { type Car, carSearchQuery } from '@marketplace/contracts';
import { notFound, parseInput } from '@marketplace/platform';
import { type RequestHandler, Router } from 'express';
import type { CarSearch } from '../search/types';

/** Search results may be cached briefly by shared caches (30 s) and served stale while revalidating. */
const searchCache: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'public, max-age=30, stale-while-revalidate=120');
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

/** Router of the car reads over `search`. */
export function carRoutes(search: CarSearch): Router {
  const router = Router();
  router.get('/api/cars', searchCache, async (req, res) => {
    const query = parseInput(carSearchQuery, req.query);
    const { cars, totalLength } = await search.search(query);
    // The same text `res.json({ data: { cars, totalLength } })` would send.
    res.type('json').send(`{"data":{"cars":[${cars.map(jsonOf).join(',')}],"totalLength":${totalLength}}}`);
  });
  // `/api/cars/seller` is the listing service's private list: pass it on before any public cache header.
  const notSeller: RequestHandler = (req, _res, next) =>
    next(req.params.carId === 'seller' ? 'route' : undefined);
  router.get('/api/cars/:carId', notSeller, searchCache, async (req, res) => {
    const car = await search.get(String(req.params.carId));
    if (!car) throw notFound('Car not found.');
    res.json({ data: car });
  });
  return router;
}
