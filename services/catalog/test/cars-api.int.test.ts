/**
 * Catalog car reads (issue 5) through the embedded system, on the embedded adapters and on the real
 * PostgreSQL and Redis: listing events projected into the car search (filters, facets, detail, 404s,
 * deletion, out-of-order events) and announced by the catalog (ADR 6).
 */
import { randomUUID } from 'node:crypto';
import type { CarListing, EventPayloads } from '@marketplace/contracts';
import { createOutbox, messagingTables, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, systemVariants } from '../../../test-support/system';
import { type Json, useCatalogApi } from './support/catalog-api';

const variants = await systemVariants();

describe.each(variants)('catalog car reads on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);

  it.skipIf(skip)('projects listing events into car search: filters, detail, 404s, deletion', async () => {
    const { t, admin, get } = api;
    const brand = await call(t.url, 'POST', '/api/carbrand', {
      body: { name: `Projmotors ${randomUUID().slice(0, 6)}`, country: 'India', founded: 2001 },
      token: admin,
    });
    const brandId = (brand.body.data as Json)._id as string;
    const model = await call(t.url, 'POST', '/api/carModel', {
      body: {
        name: 'Pathfinder X',
        year: 2018,
        fuelType: ['Diesel', 'Electric'],
        transmission: ['Automatic'],
        carBrand: brandId,
        bodyType: 'SUV',
      },
      token: admin,
    });
    const modelId = (model.body.data as Json)._id as string;
    const variant = await call(t.url, 'POST', '/api/carVariant', {
      body: {
        name: 'AX7',
        carModel: modelId,
        carBrand: brandId,
        fuelType: 'Diesel',
        transmission: 'Automatic',
        features: ['Sunroof'],
      },
      token: admin,
    });
    const variantId = (variant.body.data as Json)._id as string;
    const listing = (price: number, city: string, createdAt: string): CarListing => ({
      _id: randomUUID(),
      seller: randomUUID(),
      brand: brandId,
      model: modelId,
      variant: variantId,
      manufacturerYear: 2020,
      condition: 'good',
      fuelType: 'Diesel',
      transmission: 'Automatic',
      status: 'used',
      state: randomUUID(),
      rto: randomUUID(),
      price,
      location: { street: '1 MG Road', city, state: 'Karnataka', postal_code: '560001' },
      specifications: { regNumber: 'KA-01-AB-1234', spareKey: true, kmDriven: 42000, ownership: 'First' },
      history: [],
      images: [{ key: 'cars/x.jpg', url: '/api/storage/images/cars%2Fx.jpg' }],
      createdAt,
      updatedAt: createdAt,
    });
    const cars = [
      listing(850000, 'Pune', '2026-01-01T10:00:00.000Z'),
      listing(1250000, 'Bengaluru', '2026-01-02T10:00:00.000Z'),
      listing(990000, 'Pune', '2026-01-03T10:00:00.000Z'),
    ];
    const outbox = createOutbox<EventPayloads>({
      db: t.system.infra.database.db,
      tables: messagingTables('listing'),
    });
    for (const car of cars) await outbox.transaction((_tx, emit) => emit('listing.car.created', { car }));
    await t.system.drainOutboxes();
    const byBrand = async (extra = '') => {
      const res = await get(`/api/cars?brands=${brandId}${extra}`);
      expect(res.status).toBe(200);
      return res.body.data as { cars: Json[]; totalLength: number };
    };
    await expect.poll(async () => (await byBrand()).totalLength, { timeout: 5_000 }).toBe(3);
    const newest = await byBrand();
    expect(newest.cars.map((c) => c._id)).toEqual([cars[2]!._id, cars[1]!._id, cars[0]!._id]);
    expect(newest.cars[0]).toMatchObject({
      brand: { name: expect.stringMatching(/^Projmotors/) },
      model: { name: 'Pathfinder X', bodyType: 'SUV' },
      variant: { name: 'AX7', features: ['Sunroof'] },
      location: { city: 'Pune' },
      specifications: { kmDriven: 42000 },
    });
    expect((await byBrand('&city=PUNE')).totalLength).toBe(2);
    expect((await byBrand('&price=-900000')).cars.map((c) => c.price)).toEqual([850000]);
    expect((await byBrand('&price=1000000-')).cars.map((c) => c.price)).toEqual([1250000]);
    expect((await byBrand('&price=-')).totalLength).toBe(3);
    expect((await byBrand('&fuelTypes=Petrol,Electric')).totalLength).toBe(0);
    expect((await byBrand('&sort=price_asc&limit=2&page=0')).cars.map((c) => c.price)).toEqual([
      850000, 990000,
    ]);
    expect((await byBrand('&limit=2&page=2')).cars).toHaveLength(1);
    expect((await byBrand('&limit=500')).cars).toHaveLength(3);
    const typo = await get(`/api/cars?searchTerm=${encodeURIComponent('pathfindr')}`);
    expect((typo.body.data as { cars: Json[] }).cars.map((c) => c._id)).toEqual(
      expect.arrayContaining(cars.map((c) => c._id)),
    );
    expect((await get('/api/cars?price=abc')).status).toBe(400);
    // Facets on request: the other filters apply, a dimension's own filter does not (Pune: 2 of 3 cars).
    const faceted = await byBrand('&city=Pune&fuelTypes=Electric&facets=true');
    expect(faceted.totalLength).toBe(0);
    expect((faceted as unknown as { facets: Json }).facets).toEqual({
      brands: {},
      fuelTypes: { [cars[0]!.fuelType]: 2 },
      transmissions: {},
      bodyTypes: {},
    });
    expect((await byBrand()) as object).not.toHaveProperty('facets');
    const badFacets = await get('/api/cars?facets=yes');
    expect(badFacets.status).toBe(400);
    expect((badFacets.body as unknown as { message: string }).message).toMatch(/facets/);

    const detail = await get(`/api/cars/${cars[1]!._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ _id: cars[1]!._id, price: 1250000, inspectionReport: [] });
    expect((await get(`/api/cars/${randomUUID()}`)).status).toBe(404);
    expect((await get('/api/cars/not-an-id')).status).toBe(404);
    expect((await get('/api/cars/seller')).status).toBe(401);

    const inUse = await call(t.url, 'DELETE', `/api/carVariant/${variantId}`, { token: admin });
    expect(inUse.status).toBe(409);
    await outbox.transaction((_tx, emit) =>
      emit('listing.car.deleted', {
        carId: cars[1]!._id,
        seller: cars[1]!.seller,
        deletedBy: cars[1]!.seller,
      }),
    );
    await t.system.drainOutboxes();
    await expect
      .poll(async () => (await get(`/api/cars/${cars[1]!._id}`)).status, { timeout: 5_000 })
      .toBe(404);
    expect((await byBrand()).totalLength).toBe(2);
    // ADR 6: the catalog announced each indexed car and the removal through its outbox.
    const announced = await queryRows<{ name: string; payload: Json }>(
      t.system.infra.database.db,
      sql`SELECT name, envelope->'payload' AS payload FROM catalog.outbox
          WHERE envelope->'payload'->'car'->>'_id' = ${cars[1]!._id} OR envelope->'payload'->>'carId' = ${cars[1]!._id}
          ORDER BY seq`,
    );
    expect(announced.map((r) => r.name)).toEqual(['catalog.car.indexed', 'catalog.car.removed']);
    expect(announced[0]!.payload.car).toMatchObject({
      _id: cars[1]!._id,
      seller: cars[1]!.seller,
      status: 'used',
      brand: { _id: brandId },
      model: { _id: modelId, name: 'Pathfinder X' },
      variant: { _id: variantId, name: 'AX7' },
      price: 1250000,
      city: 'Bengaluru',
    });

    // Out of order: a newer update then an older one (a retried delivery) leaves the newer price; an
    // update that arrives after the deletion does not bring the car back.
    const later = (car: (typeof cars)[number], price: number, updatedAt: string) =>
      outbox.transaction((_tx, emit) => emit('listing.car.updated', { car: { ...car, price, updatedAt } }));
    await later(cars[0]!, 800000, '2026-02-01T10:00:00.000Z');
    await later(cars[0]!, 999000, '2026-01-15T10:00:00.000Z');
    await later(cars[1]!, 700000, '2026-03-01T10:00:00.000Z');
    await t.system.drainOutboxes();
    await expect
      .poll(async () => ((await get(`/api/cars/${cars[0]!._id}`)).body.data as Json).price, {
        timeout: 5_000,
      })
      .toBe(800000);
    // The last of the three was published after the others: once it is through, so are they.
    await new Promise((r) => setTimeout(r, 300));
    expect(((await get(`/api/cars/${cars[0]!._id}`)).body.data as Json).price).toBe(800000);
    expect((await get(`/api/cars/${cars[1]!._id}`)).status).toBe(404);
    expect((await byBrand()).totalLength).toBe(2);
  });
});
