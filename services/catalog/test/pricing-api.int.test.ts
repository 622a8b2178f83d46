/**
 * Price insight and valuation (issue 25) through the embedded system, on the embedded adapters and on the
 * real PostgreSQL, RabbitMQ and Redis: a seeded demo car's insight (a band, a basis naming its real
 * comparables, counted in the read model), an insight following a comparable's price change within 2 s and
 * dropping a sold car, the valuation of a model/year/km (400 naming `model`, `state`, `year`), 404s.
 */
import { randomUUID } from 'node:crypto';
import type { CarListing, EventPayloads } from '@marketplace/contracts';
import { createOutbox, messagingTables, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemVariants } from '../../../test-support/system';
import { type Json, useCatalogApi } from './support/catalog-api';
import { createOwnBrand } from './support/listed-cars';

const variants = await systemVariants();
/** `text` as a literal in a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(variants)('price insight and valuation on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);

  it.skipIf(skip)('explains a seeded demo car’s price by its real comparables', async () => {
    const { t, get } = api;
    const db = t.system.infra.database.db;
    let found: { car: Json; insight: Json } | undefined;
    for (let page = 1; !found && page <= 6; page++) {
      const { cars } = (await get(`/api/cars?limit=50&page=${page}`)).body.data as { cars: Json[] };
      for (const car of cars) {
        const res = await get(`/api/cars/${car._id}/price-insight`);
        expect(res.status, res.text).toBe(200);
        const insight = res.body.data as Json;
        expect(insight.price).toBe(car.price);
        if (insight.band !== 'unknown') {
          found = { car, insight };
          break;
        }
      }
    }
    expect(found, 'a demo car with enough comparables').toBeDefined();
    const { car } = found!;
    const brand = (car.brand as Json).name as string;
    const model = car.model as Json;
    const year = car.manufacturerYear as number;
    const km = (car.specifications as Json).kmDriven as number;
    const half = Math.max(km / 2, 20_000);
    const lowKm = Math.max(0, km - half);
    /** The car's insight, and how many comparables the read model really holds for its basis. */
    const claimAndTruth = async () => {
      const insight = (await get(`/api/cars/${car._id}/price-insight`)).body.data as Json;
      const n = insight.comparables as number;
      const m = new RegExp(
        `^${n} ${literal(`${brand} ${model.name}`)}, (\\d{4})–(\\d{4}), (\\d+)–(\\d+)k km, (in (.+)|across India)$`,
      ).exec(insight.basis as string);
      expect(m, insight.basis as string).not.toBeNull();
      const [, yearFrom, yearTo, kmFrom, kmTo, , state] = m!;
      // The windows of the car: ±2 years, km ± max(50 %, 20 000 km).
      expect([yearFrom, yearTo, kmFrom, kmTo].map(Number)).toEqual([
        year - 2,
        year + 2,
        Math.round(lowKm / 1000),
        Math.round((km + half) / 1000),
      ]);
      // The read model's cars of the model in those windows, for sale or sold within 180 days.
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM catalog.car_docs d LEFT JOIN catalog.car_versions v ON v.id = d.id
            WHERE d.model_id = ${model._id as string} AND d.id <> ${car._id as string}
              AND (d.status = 'used'
                OR (d.status = 'sold' AND coalesce(v.updated_at, d.created_at) >= now() - interval '180 days'))
              AND d.manufacturer_year BETWEEN ${year - 2} AND ${year + 2}
              AND d.km_driven BETWEEN ${lowKm} AND ${km + half}
              AND (${state ?? null}::text IS NULL OR d.doc->'location'->>'state' = ${state ?? null}::text)`,
      );
      return { insight, claimed: n, real: row!.n };
    };
    // The comparables are real; right after the first start the consumer may still be working through
    // the seeding's announcements, so the claim is awaited to match.
    await expect
      .poll(
        async () => {
          const { claimed, real } = await claimAndTruth();
          return claimed === real;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    const { insight } = await claimAndTruth();
    expect(insight.band).toMatch(/^(great|good|fair|high)$/);
    expect(insight.comparables as number).toBeGreaterThanOrEqual(5);
    expect(insight.prices).toHaveLength(insight.comparables as number);
    const low = insight.expectedLow as number;
    const high = insight.expectedHigh as number;
    expect(low).toBeLessThanOrEqual(insight.median as number);
    expect(insight.median as number).toBeLessThanOrEqual(high);
  });

  it.skipIf(skip)('follows listing events within 2 s; values a model/year/km; 400s and 404s', async () => {
    const { t, get } = api;
    const { brandId, brandName, models } = await createOwnBrand(api, 'Pricemotors', [
      { name: 'Fairprice', bodyType: 'Hatchback', fuelType: 'Petrol', transmission: 'Manual' },
    ]);
    const { id: modelId, variantId } = models[0]!;
    const createdAt = '2026-01-01T10:00:00.000Z';
    const listing = (price: number): CarListing => ({
      _id: randomUUID(),
      seller: randomUUID(),
      brand: brandId,
      model: modelId,
      variant: variantId,
      manufacturerYear: 2020,
      condition: 'good',
      fuelType: 'Petrol',
      transmission: 'Manual',
      status: 'used',
      state: randomUUID(),
      rto: randomUUID(),
      price,
      location: { street: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
      specifications: { regNumber: 'KA-01-AB-1234', spareKey: true, kmDriven: 40000, ownership: 'First' },
      history: [],
      images: [],
      createdAt,
      updatedAt: createdAt,
    });
    // The same year and km: every adjustment is × 1, so the prices are the comparables' own.
    const cars = [450_000, 500_000, 520_000, 540_000, 560_000, 580_000].map(listing);
    const outbox = createOutbox<EventPayloads>({
      db: t.system.infra.database.db,
      tables: messagingTables('listing'),
    });
    for (const car of cars) await outbox.transaction((_tx, emit) => emit('listing.car.created', { car }));
    await t.system.drainOutboxes();
    const insightOf = async (id: string) => {
      const res = await get(`/api/cars/${id}/price-insight`);
      return res.status === 200 ? (res.body.data as Json) : res.status;
    };
    const first = cars[0]!._id;
    await expect
      .poll(async () => ((await insightOf(first)) as Json).comparables, { timeout: 10_000 })
      .toBe(5);
    expect(await insightOf(first)).toEqual({
      band: 'great',
      price: 450_000,
      expectedLow: 520_000,
      median: 540_000,
      expectedHigh: 560_000,
      comparables: 5,
      basis: `5 ${brandName} Fairprice, 2018–2022, 20–60k km, in Karnataka`,
      prices: [500_000, 520_000, 540_000, 560_000, 580_000],
    });

    // A comparable's price changes: the insight follows within 2 s.
    const updatedAt = new Date().toISOString();
    await outbox.transaction((_tx, emit) =>
      emit('listing.car.updated', { car: { ...cars[5]!, price: 900_000, updatedAt } }),
    );
    await t.system.drainOutboxes();
    await expect
      .poll(async () => ((await insightOf(first)) as Json).prices, { timeout: 2_000, interval: 50 })
      .toEqual([500_000, 520_000, 540_000, 560_000, 900_000]);
    // A sold car has no insight and is still a comparable (sold within 180 days).
    await outbox.transaction((_tx, emit) =>
      emit('listing.car.updated', { car: { ...cars[1]!, status: 'sold', updatedAt } }),
    );
    await t.system.drainOutboxes();
    await expect.poll(() => insightOf(cars[1]!._id), { timeout: 5_000 }).toBe(404);
    expect(((await insightOf(first)) as Json).comparables).toBe(5);
    // A page's bands in one call: the sold car (no insight any more) and an unknown id are left out.
    const bands = await get(`/api/cars/price-bands?ids=${[first, cars[1]!._id, randomUUID()].join(',')}`);
    expect(bands.status, bands.text).toBe(200);
    expect(bands.body.data).toEqual({ [first]: 'great' });
    for (const query of ['', '?ids=', `?ids=${Array.from({ length: 61 }, () => randomUUID()).join(',')}`]) {
      const bad = await get(`/api/cars/price-bands${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.message, query).toMatch(/ids/);
    }

    const valuation = await get(`/api/valuation?model=${modelId}&year=2020&kmDriven=40000`);
    expect(valuation.status, valuation.text).toBe(200);
    expect(valuation.body.data).toMatchObject({
      comparables: 6,
      median: 530_000,
      basis: expect.stringMatching(/across India$/),
    });
    expect(valuation.body.data).not.toHaveProperty('band');
    const states = (await get('/api/carstate')).body.data as unknown as Json[];
    const karnataka = states.find((s) => s.state === 'Karnataka')!;
    const local = await get(
      `/api/valuation?model=${modelId}&year=2021&kmDriven=30000&state=${karnataka._id}`,
    );
    expect(local.status, local.text).toBe(200);
    expect((local.body.data as Json).basis).toMatch(/^6 .+ Fairprice, 2019–2023, 10–50k km, in Karnataka$/);
    for (const [query, field] of [
      [`model=${randomUUID()}&year=2020&kmDriven=40000`, 'model'],
      ['model=not-an-id&year=2020&kmDriven=40000', 'model'],
      [`model=${modelId}&year=2020&kmDriven=40000&state=${randomUUID()}`, 'state'],
      [`model=${modelId}&kmDriven=40000`, 'year'],
      [`model=${modelId}&year=2020&kmDriven=-1`, 'kmDriven'],
    ] as const) {
      const bad = await get(`/api/valuation?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.message, query).toMatch(new RegExp(field));
    }

    expect((await get(`/api/cars/${randomUUID()}/price-insight`)).status).toBe(404);
    expect((await get('/api/cars/not-an-id/price-insight')).status).toBe(404);
  });
});
