/**
 * The car projection (cars/events/consumers.ts, cars/use-cases/project-listing.ts) on an in-memory PGlite with the catalog's migrations and reference
 * data, through the platform's consumer runtime: indexing a listing emits `catalog.car.indexed` with the
 * car's summary in the same transaction, a stale update emits nothing, a deletion emits
 * `catalog.car.removed` (ADR 6); the cached search pages are invalidated once each change has committed
 * (issue 22).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type CarListing, events, makeEvent } from '@marketplace/contracts';
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriber, useMigratedDatabase } from '../../../test-support/consumers';
import { carProjection } from '../src/cars/events/consumers';
import { noSearchPageCache, type SearchPageCache } from '../src/cars/search/page-cache';
import { tables } from '../src/data/schema';
import { dataDir } from '../src/index';
import { seedReferenceData } from '../src/reference-data/data/seed';
import { loadSeedData } from '../src/reference-data/data/seed-data';
import { brands, models, variants } from '../src/reference-data/data/tables';

const migrationsFolder = path.resolve(import.meta.dirname, '../migrations');
const database = useMigratedDatabase('catalog', migrationsFolder);
const subscribe = subscriber(database, tables);

let listing: (over?: Partial<CarListing>) => CarListing;
let names: { brand: string; model: string; variant: string };

beforeAll(async () => {
  await seedReferenceData(database.db, loadSeedData(dataDir));
  const [variant] = await database.db.select().from(variants).limit(1);
  const [model] = (await database.db.select().from(models)).filter((m) => m.id === variant!.modelId);
  const [brand] = (await database.db.select().from(brands)).filter((b) => b.id === model!.brandId);
  names = { brand: brand!.name, model: model!.name, variant: variant!.name };
  listing = (over = {}) => ({
    _id: randomUUID(),
    seller: randomUUID(),
    brand: brand!.id,
    model: model!.id,
    variant: variant!.id,
    manufacturerYear: Math.max(model!.year, 2020),
    condition: 'good',
    fuelType: variant!.fuelType as CarListing['fuelType'],
    transmission: variant!.transmission as CarListing['transmission'],
    status: 'used',
    state: randomUUID(),
    rto: randomUUID(),
    price: 650000,
    location: { street: '1 MG Road', city: 'Pune', state: 'Maharashtra', postal_code: '411001' },
    specifications: { regNumber: 'MH-12-AB-1234', spareKey: true, kmDriven: 30000, ownership: 'First' },
    history: [],
    images: [{ key: 'cars/a.jpg', url: '/api/storage/images/cars%2Fa.jpg' }],
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...over,
  });
}, 60_000);

const subscription = () => subscribe(carProjection());

/** Payloads of catalog events in the outbox about `carId`, oldest first. */
async function announced(carId: string) {
  const rows = await queryRows<{ name: string; envelope: unknown }>(
    database.db,
    sql`SELECT name, envelope FROM catalog.outbox ORDER BY seq`,
  );
  return rows
    .map((r) => ({ name: r.name, envelope: r.envelope as { payload: Record<string, unknown> } }))
    .filter(
      (r) =>
        (r.envelope.payload.car as { _id?: string } | undefined)?._id === carId ||
        r.envelope.payload.carId === carId,
    );
}

describe('car projection announcements (ADR 6)', () => {
  it('emits catalog.car.indexed for a created and an updated listing, nothing for a stale one', async () => {
    const sub = subscription();
    const car = listing();
    await sub.handle({
      body: makeEvent('listing.car.created', { car }, { correlationId: 't' }),
      attempt: 1,
    });
    let rows = await announced(car._id);
    expect(rows.map((r) => r.name)).toEqual(['catalog.car.indexed']);
    const summary = events['catalog.car.indexed'].envelope.parse(rows[0]!.envelope).payload.car;
    expect(summary).toEqual({
      _id: car._id,
      seller: car.seller,
      status: 'used',
      brand: { _id: car.brand, name: names.brand },
      model: { _id: car.model, name: names.model },
      variant: { _id: car.variant, name: names.variant },
      manufacturerYear: car.manufacturerYear,
      price: 650000,
      city: 'Pune',
      image: '/api/storage/images/cars%2Fa.jpg',
    });

    const sold = { ...car, status: 'sold' as const, updatedAt: '2026-02-01T10:00:00.000Z' };
    await sub.handle({
      body: makeEvent('listing.car.updated', { car: sold }, { correlationId: 't' }),
      attempt: 1,
    });
    const stale = { ...car, price: 1, updatedAt: '2026-01-15T10:00:00.000Z' };
    await sub.handle({
      body: makeEvent('listing.car.updated', { car: stale }, { correlationId: 't' }),
      attempt: 1,
    });
    rows = await announced(car._id);
    expect(rows.map((r) => r.name)).toEqual(['catalog.car.indexed', 'catalog.car.indexed']);
    expect(rows[1]!.envelope.payload.car).toMatchObject({ status: 'sold', price: 650000 });
  });

  it('emits catalog.car.removed on listing.car.deleted, once per event', async () => {
    const sub = subscription();
    const car = listing({ images: [] });
    await sub.handle({ body: makeEvent('listing.car.created', { car }, { correlationId: 't' }), attempt: 1 });
    const rows = await announced(car._id);
    expect(rows[0]!.envelope.payload.car).not.toHaveProperty('image');
    const deleted = makeEvent(
      'listing.car.deleted',
      { carId: car._id, seller: car.seller, deletedBy: car.seller },
      { correlationId: 't' },
    );
    await sub.handle({ body: deleted, attempt: 1 });
    await sub.handle({ body: deleted, attempt: 2 });
    // An update arriving after the deletion is ignored and announces nothing.
    const late = { ...car, updatedAt: '2026-05-01T10:00:00.000Z' };
    await sub.handle({
      body: makeEvent('listing.car.updated', { car: late }, { correlationId: 't' }),
      attempt: 1,
    });
    const after = await announced(car._id);
    expect(after.map((r) => r.name)).toEqual(['catalog.car.indexed', 'catalog.car.removed']);
    expect(events['catalog.car.removed'].envelope.parse(after[1]!.envelope).payload).toEqual({
      carId: car._id,
    });
  });
});

describe('search page invalidation (issue 22)', () => {
  it('invalidates the cached search pages after each change commits; not for a stale or repeated event', async () => {
    const car = listing();
    // What a reader sees of the car when the invalidation runs: the committed price (inside the
    // transaction, this read on the single PGlite connection would wait for the transaction: a timeout).
    const seen: Array<number | null> = [];
    const pages: SearchPageCache = {
      ...noSearchPageCache,
      invalidate: async () => {
        const [row] = await queryRows<{ price: number }>(
          database.db,
          sql`SELECT price::int AS price FROM catalog.car_docs WHERE id = ${car._id}`,
        );
        seen.push(row?.price ?? null);
      },
    };
    const sub = subscribe(carProjection([], pages));
    const send = (body: unknown) => sub.handle({ body, attempt: 1 });
    const created = makeEvent('listing.car.created', { car }, { correlationId: 't' });
    await send(created);
    await send(created);
    const repriced = { ...car, price: 640000, updatedAt: '2026-02-01T10:00:00.000Z' };
    await send(makeEvent('listing.car.updated', { car: repriced }, { correlationId: 't' }));
    const stale = { ...car, price: 1, updatedAt: '2026-01-15T10:00:00.000Z' };
    await send(makeEvent('listing.car.updated', { car: stale }, { correlationId: 't' }));
    await send(
      makeEvent(
        'listing.car.deleted',
        { carId: car._id, seller: car.seller, deletedBy: car.seller },
        { correlationId: 't' },
      ),
    );
    expect(seen).toEqual([650000, 640000, null]);
  });
});
