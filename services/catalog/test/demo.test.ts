/**
 * Demo inventory (issue 5 "Seed data", last bullet): the generator is deterministic and realistic, its
 * documents satisfy the contracts `car` schema, and the seeders write searchable documents (PGlite in memory).
 */
import path from 'node:path';
import {
  car as carSchema,
  carSearchQuery,
  type EventPayloads,
  events,
  REG_NUMBER_PATTERN,
} from '@marketplace/contracts';
import { createDatabase, createOutbox, type Database, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER_ID, type GenerateOptions, generateCars } from '../src/cars/demo/generate';
import { mulberry32, randomUuid } from '../src/cars/demo/random';
import { FIRST_START_DEMO_CARS, seedDemoInventory, seedDemoOnFirstStart } from '../src/cars/demo/seed-demo';
import { cityOf } from '../src/cars/demo/traits';
import { createPostgresSearch, isUuid } from '../src/cars/search';
import { tables } from '../src/data/schema';
import { dataDir } from '../src/index';
import { seedReferenceData } from '../src/reference-data/data/seed';
import { loadSeedData } from '../src/reference-data/data/seed-data';
import { brands, models, rtos, states, variants } from '../src/reference-data/data/tables';

const migrationsFolder = path.resolve(import.meta.dirname, '../migrations');
const NOW = new Date('2026-03-15T12:00:00.000Z');
const REG = /^[A-Z]{2}-\d{1,3}C?-[A-Z]{1,3}-\d{4}$/;

let database: Database;
let reference: Omit<GenerateOptions, 'count'>;

beforeAll(async () => {
  database = await createDatabase();
  await database.prepareSchema({ schema: 'catalog', migrationsFolder });
  await seedReferenceData(database.db, loadSeedData(dataDir));
  const db = database.db;
  reference = {
    brands: await db.select().from(brands),
    models: await db.select().from(models),
    variants: await db.select().from(variants),
    rtos: await db.select().from(rtos),
    states: await db.select().from(states),
    now: NOW,
  };
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function carCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM catalog.car_docs`,
  );
  return row!.n;
}

describe('PRNG and helpers', () => {
  it('mulberry32 is deterministic and in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });

  it('randomUuid gives version 4 shaped UUIDs', () => {
    const r = mulberry32(7);
    for (let i = 0; i < 100; i++) {
      expect(randomUuid(r)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('strips the RTO area from the city', () => {
    expect(cityOf('Kakinada (East Godavari)')).toBe('Kakinada');
    expect(cityOf('Bengaluru (Koramangala)')).toBe('Bengaluru');
    expect(cityOf('Pune')).toBe('Pune');
  });
});

describe('generateCars', () => {
  it('is deterministic for a seed; another seed differs; a longer run starts with the same cars', () => {
    const a = [...generateCars({ ...reference, count: 200, seed: 5 })];
    const b = [...generateCars({ ...reference, count: 200, seed: 5 })];
    const c = [...generateCars({ ...reference, count: 200, seed: 6 })];
    const longer = [...generateCars({ ...reference, count: 300, seed: 5 })];
    expect(b).toEqual(a);
    expect(longer.slice(0, 200)).toEqual(a);
    expect(c.map((d) => d.car._id)).not.toEqual(a.map((d) => d.car._id));
    // Row order of the reference data does not matter.
    const shuffled = [
      ...generateCars({
        ...reference,
        brands: [...reference.brands].reverse(),
        models: [...reference.models].reverse(),
        variants: [...reference.variants].reverse(),
        rtos: [...reference.rtos].reverse(),
        count: 200,
        seed: 5,
      }),
    ];
    expect(shuffled).toEqual(a);
  });

  it('produces valid, plausible cars', () => {
    const docs = [...generateCars({ ...reference, count: 3000, seed: 11 })];
    const modelById = new Map(reference.models.map((m) => [m.id, m]));
    const variantById = new Map(reference.variants.map((v) => [v.id, v]));
    const rtoCities = new Set(reference.rtos.map((r) => cityOf(r.city)));
    const ids = new Set<string>();
    for (const [i, doc] of docs.entries()) {
      const { car } = doc;
      if (i < 500) expect(carSchema.parse(car)).toEqual(car);
      expect(isUuid(car._id)).toBe(true);
      ids.add(car._id);
      const model = modelById.get(doc.modelId)!;
      const variant = variantById.get(doc.variantId!)!;
      expect(variant.modelId).toBe(model.id);
      expect(model.brandId).toBe(doc.brandId);
      expect(car.brand._id).toBe(doc.brandId);
      expect(car.fuelType).toBe(variant.fuelType);
      expect(car.transmission).toBe(variant.transmission);
      expect(car.model.bodyType).toBe(model.bodyType);
      expect(car.manufacturerYear).toBeGreaterThanOrEqual(model.year);
      expect(car.manufacturerYear).toBeLessThanOrEqual(Math.min(model.yearTo ?? 2026, 2026));
      expect(car.price % 1000).toBe(0);
      expect(car.price).toBeGreaterThanOrEqual(50_000);
      expect(car.price).toBeLessThanOrEqual(16_000_000);
      const age = 2026 - car.manufacturerYear + 1;
      expect(car.specifications.kmDriven).toBeGreaterThanOrEqual(0);
      expect(car.specifications.kmDriven).toBeLessThanOrEqual(age * 15_000 * 1.25 + 1);
      expect(car.specifications.regNumber).toMatch(REG);
      expect(car.specifications.regNumber!).toMatch(REG_NUMBER_PATTERN);
      expect(rtoCities.has(car.location.city)).toBe(true);
      expect(car.location.city).not.toMatch(/[()]/);
      if (car.fuelType === 'Electric') expect(car.specifications.engineCapacity).toBeUndefined();
      else expect(car.specifications.engineCapacity).toBeGreaterThan(600);
      expect(car.inspectionReport.length).toBeLessThanOrEqual(3);
      const created = Date.parse(car.createdAt);
      expect(created).toBeLessThanOrEqual(NOW.getTime());
      expect(created).toBeGreaterThan(NOW.getTime() - 91 * 86_400_000);
      expect(doc.createdAt.toISOString()).toBe(car.createdAt);
      // A seeded storage photo in the shape of the body type (keys 01, 04, … sedans; 02, 05, … hatchbacks).
      const [photo] = car.images;
      expect(car.images).toHaveLength(1);
      expect(photo!.url).toBe(`/api/storage/images/${photo!.key}`);
      expect(photo!.sizes).toEqual(
        [320, 640, 1280].map((width) => ({ width, url: `${photo!.url}/${width}.webp` })),
      );
      const n = Number(/^demo-car-(\d\d)$/.exec(photo!.key)?.[1]);
      const shape =
        car.model.bodyType === 'Hatchback'
          ? 2
          : ['SUV', 'MUV', 'Pickup'].includes(car.model.bodyType ?? '')
            ? 0
            : 1;
      expect(n % 3).toBe(shape);
      expect(car.seller).toBe(DEMO_SELLER_ID);
    }
    expect(ids.size).toBe(docs.length);
    const sold = docs.filter((d) => d.car.status === 'sold').length / docs.length;
    expect(sold).toBeGreaterThan(0.01);
    expect(sold).toBeLessThan(0.06);
    // Mass-market brands dominate; luxury cars are priced as such.
    const maruti = docs.filter((d) => d.car.brand.name === 'Maruti Suzuki').length / docs.length;
    expect(maruti).toBeGreaterThan(0.25);
    const newHatch = docs.filter(
      (d) => d.car.brand.name === 'Maruti Suzuki' && d.car.model.bodyType === 'Hatchback',
    );
    expect(Math.max(...newHatch.map((d) => d.car.price))).toBeLessThan(1_100_000);
    const luxury = docs.filter((d) => d.car.brand.name === 'BMW' && d.car.manufacturerYear >= 2024);
    for (const d of luxury) expect(d.car.price).toBeGreaterThan(2_000_000);
    // Delhi registrations carry the car category letter.
    const delhi = docs.find((d) => d.car.specifications.regNumber?.startsWith('DL-'));
    if (delhi) expect(delhi.car.specifications.regNumber).toMatch(/^DL-\d{1,2}C-/);
    // Older cars have driven further on average.
    const meanKm = (pred: (y: number) => boolean) => {
      const sel = docs.filter((d) => pred(d.car.manufacturerYear));
      return sel.reduce((s, d) => s + d.car.specifications.kmDriven, 0) / sel.length;
    };
    expect(meanKm((y) => y <= 2016)).toBeGreaterThan(meanKm((y) => y >= 2023) * 2);
  });

  it('throws without reference data', () => {
    expect(() => [...generateCars({ ...reference, variants: [], count: 1 })]).toThrow(/reference data/);
  });
});

describe('seedDemoInventory', () => {
  it('seeds the first start only into an empty catalog', async () => {
    expect(await carCount()).toBe(0);
    expect(await seedDemoOnFirstStart(database.db)).toBe(FIRST_START_DEMO_CARS);
    expect(await carCount()).toBe(FIRST_START_DEMO_CARS);
    expect(await seedDemoOnFirstStart(database.db)).toBe(0);
    expect(await carCount()).toBe(FIRST_START_DEMO_CARS);
    await database.db.execute(sql`DELETE FROM catalog.car_docs`);
  });

  it('announces each first-start demo car with catalog.car.indexed, in batched transactions (ADR 6)', async () => {
    const commits: number[] = [];
    const outbox = createOutbox<EventPayloads>({ db: database.db, tables, onCommit: () => commits.push(1) });
    expect(await seedDemoOnFirstStart(database.db, { outbox })).toBe(FIRST_START_DEMO_CARS);
    expect(commits).toHaveLength(3);
    const rows = await queryRows<{ name: string; envelope: unknown }>(
      database.db,
      sql`SELECT name, envelope FROM catalog.outbox ORDER BY seq`,
    );
    expect(rows).toHaveLength(FIRST_START_DEMO_CARS);
    const expected = [...generateCars({ ...reference, count: FIRST_START_DEMO_CARS })];
    const summaries = rows.map((r) => events['catalog.car.indexed'].envelope.parse(r.envelope).payload.car);
    expect(summaries.map((c) => c._id)).toEqual(expected.map((d) => d.car._id));
    const first = (await createPostgresSearch(database.db).get(expected[0]!.car._id))!;
    expect(summaries[0]).toEqual({
      _id: first._id,
      seller: DEMO_SELLER_ID,
      status: first.status,
      brand: { _id: first.brand._id, name: first.brand.name },
      model: { _id: first.model._id, name: first.model.name },
      variant: { _id: first.variant._id, name: first.variant.name },
      manufacturerYear: first.manufacturerYear,
      price: first.price,
      city: first.location.city,
      image: first.images[0]!.url,
    });
    expect(new Set(summaries.map((c) => c.status))).toContain('sold');
    // A restart announces nothing again; bulk fills (no outbox) never announce.
    expect(await seedDemoOnFirstStart(database.db, { outbox })).toBe(0);
    await database.db.execute(sql`DELETE FROM catalog.car_docs`);
    await seedDemoInventory(database.db, { count: 20, seed: 9, now: NOW });
    const [after] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM catalog.outbox`,
    );
    expect(after!.n).toBe(FIRST_START_DEMO_CARS);
    await database.db.execute(sql`DELETE FROM catalog.car_docs`);
    await database.db.execute(sql`DELETE FROM catalog.outbox`);
  });

  it('writes N searchable documents in batches, idempotently per seed', async () => {
    const progress: number[] = [];
    const written = await seedDemoInventory(database.db, {
      count: 250,
      seed: 3,
      batchSize: 100,
      now: NOW,
      onProgress: (n) => progress.push(n),
    });
    expect(written).toBe(250);
    expect(progress).toEqual([100, 200, 250]);
    expect(await carCount()).toBe(250);
    await seedDemoInventory(database.db, { count: 250, seed: 3, now: NOW });
    expect(await carCount()).toBe(250);

    const search = createPostgresSearch(database.db);
    const expected = [...generateCars({ ...reference, count: 250, seed: 3 })];
    const first = expected[0]!.car;
    expect(await search.get(first._id)).toEqual(first);
    const unsold = expected.filter((d) => d.car.status === 'used');
    const all = await search.search(carSearchQuery.parse({ limit: '50' }));
    expect(all.totalLength).toBe(unsold.length);
    expect(all.cars).toHaveLength(50);
    const brand = first.brand;
    const byBrand = await search.search(carSearchQuery.parse({ brands: brand._id, limit: '50' }));
    expect(byBrand.totalLength).toBe(unsold.filter((d) => d.brandId === brand._id).length);
    const byTerm = await search.search(
      carSearchQuery.parse({ searchTerm: `${first.model.name} ${first.location.city}`, limit: '50' }),
    );
    if (first.status === 'used') expect(byTerm.cars.map((c) => c._id)).toContain(first._id);
  });
});
