/**
 * An inventory of its own for the catalog's API suites of issue 25 (filters, similar cars): a brand with a
 * unique name and its models (each with one variant), created through the admin API, and listings of them
 * projected into the car search as listing's events would be (`listing.car.created` through listing's
 * outbox), so that a suite's searches can be scoped to its own brand on top of the seeded demo cars.
 */
import { randomUUID } from 'node:crypto';
import type {
  BodyType,
  CarListing,
  EventPayloads,
  FuelType,
  Ownership,
  Transmission,
} from '@marketplace/contracts';
import { createOutbox, messagingTables } from '@marketplace/platform';
import { expect } from 'vitest';
import { call } from '../../../../test-support/system';
import type { CatalogApi, Json } from './catalog-api';

/** A model of the suite's brand and its variant's fixed fuel type and gearbox. */
export interface OwnModel {
  id: string;
  name: string;
  variantId: string;
  bodyType: BodyType;
  fuelType: FuelType;
  transmission: Transmission;
}

/** What a listing of {@link listCars} varies; the rest is fixed (2 July 2026, Karnataka, one photo). */
export interface ListingSpec {
  model: OwnModel;
  price: number;
  kmDriven: number;
  year: number;
  city: string;
  ownership: Ownership;
  status?: 'used' | 'sold';
}

/**
 * Creates a brand named `<prefix> <random>` and one model per entry of `models` (name, body type, fuel
 * type and gearbox of its one variant) through the admin API. Resolves to the brand's id and name and the
 * models in the same order.
 */
export async function createOwnBrand(
  api: CatalogApi,
  prefix: string,
  models: Array<Omit<OwnModel, 'id' | 'variantId'>>,
): Promise<{ brandId: string; brandName: string; models: OwnModel[] }> {
  const { t, admin } = api;
  const brandName = `${prefix} ${randomUUID().slice(0, 6)}`;
  const brand = await call(t.url, 'POST', '/api/carbrand', {
    body: { name: brandName, country: 'India', founded: 2001 },
    token: admin,
  });
  expect(brand.status).toBe(201);
  const brandId = (brand.body.data as Json)._id as string;
  const out: OwnModel[] = [];
  for (const m of models) {
    const model = await call(t.url, 'POST', '/api/carModel', {
      body: {
        name: m.name,
        year: 2015,
        fuelType: [m.fuelType],
        transmission: [m.transmission],
        carBrand: brandId,
        bodyType: m.bodyType,
      },
      token: admin,
    });
    expect(model.status).toBe(201);
    const id = (model.body.data as Json)._id as string;
    const variant = await call(t.url, 'POST', '/api/carVariant', {
      body: {
        name: `${m.name} Base`,
        carModel: id,
        carBrand: brandId,
        fuelType: m.fuelType,
        transmission: m.transmission,
        features: ['ABS'],
      },
      token: admin,
    });
    expect(variant.status).toBe(201);
    out.push({ ...m, id, variantId: (variant.body.data as Json)._id as string });
  }
  return { brandId, brandName, models: out };
}

/**
 * Lists `specs` of brand `brandId` (one `listing.car.created` each, listed an hour apart) and waits until
 * `GET /api/cars?brands=<brandId>` finds the cars for sale among them (besides `forSaleBefore` of the
 * brand listed earlier) and `GET /api/cars/{id}` the sold ones. Resolves to the listings in order.
 */
export async function listCars(
  api: CatalogApi,
  brandId: string,
  specs: ListingSpec[],
  forSaleBefore = 0,
): Promise<CarListing[]> {
  const { t, get } = api;
  const listings = specs.map((s, i): CarListing => {
    const createdAt = new Date(Date.UTC(2026, 6, 2, 0) + i * 3_600_000).toISOString();
    return {
      _id: randomUUID(),
      seller: randomUUID(),
      brand: brandId,
      model: s.model.id,
      variant: s.model.variantId,
      manufacturerYear: s.year,
      condition: 'good',
      fuelType: s.model.fuelType,
      transmission: s.model.transmission,
      status: s.status ?? 'used',
      state: randomUUID(),
      rto: randomUUID(),
      price: s.price,
      location: { street: '1 MG Road', city: s.city, state: 'Karnataka', postal_code: '560001' },
      specifications: {
        regNumber: 'KA-01-AB-1234',
        spareKey: true,
        kmDriven: s.kmDriven,
        ownership: s.ownership,
      },
      history: [],
      images: [{ key: 'cars/x.jpg', url: '/api/storage/images/cars%2Fx.jpg' }],
      createdAt,
      updatedAt: createdAt,
    };
  });
  const outbox = createOutbox<EventPayloads>({
    db: t.system.infra.database.db,
    tables: messagingTables('listing'),
  });
  for (const car of listings) await outbox.transaction((_tx, emit) => emit('listing.car.created', { car }));
  await t.system.drainOutboxes();
  const forSale = listings.filter((l) => l.status === 'used').length;
  await expect
    .poll(async () => ((await get(`/api/cars?brands=${brandId}&limit=50`)).body.data as Json)?.totalLength, {
      timeout: 10_000,
    })
    .toBe(forSale + forSaleBefore);
  for (const sold of listings.filter((l) => l.status !== 'used')) {
    await expect.poll(async () => (await get(`/api/cars/${sold._id}`)).status, { timeout: 10_000 }).toBe(200);
  }
  return listings;
}
