/**
 * Similar cars `GET /api/cars/{carId}/similar` (issue 25) through the embedded system, on the embedded
 * adapters and on the real PostgreSQL, RabbitMQ and Redis: at most 6 cars, never the car itself, all for
 * sale, of its body type and within the widened price band (±50 %), its own model first (closest price
 * first); a sold car still gets similar cars for sale; an unknown or malformed id is a 404.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemVariants } from '../../../test-support/system';
import { SIMILAR_PRICE_BAND_WIDE } from '../src/cars/use-cases/similar-cars';
import { type Json, useCatalogApi } from './support/catalog-api';
import { createOwnBrand, listCars, type OwnModel } from './support/listed-cars';

const variants = await systemVariants();

describe.each(variants)('similar cars on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);

  it.skipIf(skip)(
    'up to 6 cars for sale like the car: its body type and price band, its model first',
    async () => {
      const { brandId, models } = await createOwnBrand(api, 'Similarmotors', [
        { name: 'Pathmaker', bodyType: 'Pickup', fuelType: 'Diesel', transmission: 'Manual' },
        { name: 'Loadstar', bodyType: 'Pickup', fuelType: 'Diesel', transmission: 'Manual' },
        { name: 'Citylite', bodyType: 'Convertible', fuelType: 'Petrol', transmission: 'Automatic' },
      ]);
      const [path, load, lite] = models as [OwnModel, OwnModel, OwnModel];
      const at = (model: OwnModel, price: number, status: 'used' | 'sold' = 'used') => ({
        model,
        price,
        kmDriven: 30_000,
        year: 2021,
        city: 'Pune',
        ownership: 'First' as const,
        status,
      });
      // The car (0), two of its model in the band (1, 2), one far out of it (3), a sold one (4); two of
      // another Pickup model in the band (5, 6); a Convertible at the same price (7).
      const listings = await listCars(api, brandId, [
        at(path, 1_500_000),
        at(path, 1_450_000),
        at(path, 1_700_000),
        at(path, 9_000_000),
        at(path, 1_500_000, 'sold'),
        at(load, 1_510_000),
        at(load, 1_300_000),
        at(lite, 1_500_000),
      ]);
      const [car, near, farther, far, sold, other1, other2, convertible] = listings.map((l) => l._id);

      const similar = async (id: string) => {
        const res = await api.get(`/api/cars/${id}/similar`);
        expect(res.status).toBe(200);
        return res.body.data as unknown as Json[];
      };
      const cars = await similar(car!);
      const ids = cars.map((c) => c._id);
      expect(cars.length).toBeGreaterThan(0);
      expect(cars.length).toBeLessThanOrEqual(6);
      expect(ids).not.toContain(car);
      expect(ids).not.toContain(sold);
      expect(ids).not.toContain(far);
      expect(ids).not.toContain(convertible);
      // Its own model first, the closest price first; then the other Pickup model's, closest first.
      expect(ids.slice(0, 2)).toEqual([near, farther]);
      expect(ids.indexOf(other1)).toBeLessThan(ids.indexOf(other2));
      expect(ids).toContain(other1);
      for (const c of cars) {
        expect(c.status).toBe('used');
        expect((c.model as Json).bodyType).toBe('Pickup');
        expect(Math.abs((c.price as number) - 1_500_000)).toBeLessThanOrEqual(
          1_500_000 * SIMILAR_PRICE_BAND_WIDE,
        );
      }
      expect(new Set(ids).size).toBe(ids.length);

      // A sold car gets similar cars for sale, never itself.
      const ofSold = (await similar(sold!)).map((c) => c._id);
      expect(ofSold).not.toContain(sold);
      expect(ofSold.slice(0, 3)).toEqual([car, near, farther]);
      // Every car's answer, the far one's too, holds neither itself nor a car of another body type.
      for (const id of [far!, other2!, convertible!]) {
        const list = await similar(id);
        expect(list.length).toBeLessThanOrEqual(6);
        expect(list.map((c) => c._id)).not.toContain(id);
      }
      for (const c of await similar(convertible!)) expect((c.model as Json).bodyType).toBe('Convertible');

      // A car of its model listed closer in price comes first in the next answer (the kept one is gone).
      const [closer] = await listCars(api, brandId, [at(path, 1_490_000)], 7);
      expect((await similar(car!))[0]?._id).toBe(closer!._id);
    },
  );

  it.skipIf(skip)('an unknown or malformed car id is a 404', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await api.get(`/api/cars/${id}/similar`);
      expect(res.status, id).toBe(404);
    }
  });
});
