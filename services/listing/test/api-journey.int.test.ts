/**
 * Listing API (issue 6) through the embedded system, on the embedded adapters and on the real PostgreSQL,
 * RabbitMQ and Redis: sell a car with two uploaded photos, find it in search and on its detail route with
 * working image URLs, the seller's list, update, sold, delete — once with the real storage service and once
 * with a stub of its confirm call (support/api.ts).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, systemVariants } from '../../../test-support/system';
import {
  type Ctx,
  detailWhen,
  type Json,
  lastEvent,
  listingBody,
  listingState,
  searchCity,
  useListingApi,
  VISIBLE_WITHIN_MS,
} from './support/api';

const variants = await systemVariants();

/** Polls the detail of `id` until `field` of it is `value`. */
async function detailShows(ctx: Ctx, id: unknown, field: string, value: unknown) {
  await expect
    .poll(async () => ((await call(ctx.base, 'GET', `/api/cars/${id}`)).body.data as Json)?.[field], {
      timeout: VISIBLE_WITHIN_MS,
      interval: 20,
    })
    .toBe(value);
}

/**
 * The whole journey with `keys` (two uploaded images of the seller): create → search and detail within a
 * second → seller list → update price, km and status (sold leaves the search, detail stays) → delete → gone.
 * `checkImage` verifies an image URL of the detail.
 */
async function journey(ctx: Ctx, keys: string[], checkImage?: (image: Json) => Promise<void>) {
  const [seller] = ctx.users;
  const body = listingBody(ctx, keys);
  const city = body.location.city;
  const before = await listingState(ctx);

  const created = await call(ctx.base, 'POST', '/api/cars', { body, token: seller!.token });
  expect(created.status).toBe(201);
  expect(created.body.message).toBe('Car successfully created.');
  const car = created.body.data as Json;
  expect(car).toMatchObject({
    seller: seller!.id,
    brand: ctx.ref.brand,
    model: ctx.ref.model,
    variant: ctx.ref.variant,
    condition: 'good',
    status: 'used',
    price: 575000,
    specifications: { regNumber: 'KA-01-AB-1234', spareKey: false, ownership: 'First', kmDriven: 42000 },
  });
  expect((car.images as Json[]).map((i) => i.key)).toEqual(keys);
  expect(await listingState(ctx)).toEqual({ cars: before.cars + 1, events: before.events + 1 });
  expect(await lastEvent(ctx)).toMatchObject({
    name: 'listing.car.created',
    envelope: { payload: { car: { _id: car._id } } },
  });

  const started = Date.now();
  const detail = await detailWhen(ctx, car._id as string, 200);
  expect(Date.now() - started).toBeLessThan(VISIBLE_WITHIN_MS + 200);
  const read = detail.body.data as Json;
  expect(read).toMatchObject({
    _id: car._id,
    brand: { _id: ctx.ref.brand },
    model: { _id: ctx.ref.model, name: ctx.ref.modelName },
    price: 575000,
    status: 'used',
    location: { city },
    specifications: { kmDriven: 42000, regNumber: 'KA-01-AB-1234' },
  });
  expect((read.images as Json[]).map((i) => i.key)).toEqual(keys);
  if (checkImage) for (const image of read.images as Json[]) await checkImage(image);
  expect(await searchCity(ctx, city)).toEqual([car._id]);

  const mine = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect(mine.status).toBe(200);
  expect(mine.headers.get('cache-control')).toBe('private, no-store');
  expect((mine.body.data as Json[])[0]).toMatchObject({
    _id: car._id,
    brand: { _id: ctx.ref.brand, name: expect.any(String) },
    fuelType: ctx.ref.fuelType,
    transmission: ctx.ref.transmission,
    price: 575000,
    status: 'used',
    images: [
      { key: keys[0], url: expect.any(String) },
      { key: keys[1], url: expect.any(String) },
    ],
  });
  const theirs = await call(ctx.base, 'GET', '/api/cars/seller', { token: ctx.users[1]!.token });
  expect((theirs.body.data as Json[]).map((c) => c._id)).not.toContain(car._id);

  const cheaper = await call(ctx.base, 'PUT', `/api/cars/${car._id}`, {
    body: {
      price: 550000,
      specifications: { kmDriven: 43000 },
      images: [{ key: keys[1] }, { key: keys[0] }],
    },
    token: seller!.token,
  });
  expect(cheaper.status).toBe(200);
  expect(cheaper.body.data).toMatchObject({
    price: 550000,
    specifications: { kmDriven: 43000, regNumber: 'KA-01-AB-1234' },
    images: [{ key: keys[1] }, { key: keys[0] }],
  });
  await detailShows(ctx, car._id, 'price', 550000);

  const sold = await call(ctx.base, 'PUT', `/api/cars/${car._id}`, {
    body: { status: 'sold' },
    token: seller!.token,
  });
  expect(sold.status).toBe(200);
  expect(sold.body.data).toMatchObject({ status: 'sold', price: 550000 });
  await detailShows(ctx, car._id, 'status', 'sold');
  // A sold car leaves the public search; its page and the seller's list still show it.
  expect(await searchCity(ctx, city)).toEqual([]);
  const listed = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect((listed.body.data as Json[]).find((c) => c._id === car._id)).toMatchObject({ status: 'sold' });

  const deleted = await call(ctx.base, 'DELETE', `/api/cars/${car._id}`, { token: seller!.token });
  expect(deleted.status).toBe(200);
  expect(deleted.body).toEqual({ message: 'Car successfully deleted.' });
  await detailWhen(ctx, car._id as string, 404);
  const after = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect((after.body.data as Json[]).map((c) => c._id)).not.toContain(car._id);
  expect((await call(ctx.base, 'DELETE', `/api/cars/${car._id}`, { token: seller!.token })).status).toBe(404);
}

/** The image URL answers 200 with image bytes; each responsive size is as wide as it says. */
async function servesImage(ctx: Ctx, image: Json) {
  const res = await fetch(new URL(image.url as string, ctx.base));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\//);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta.width).toBeGreaterThan(0);
  const sizes = (image.sizes as Array<{ width: number; url: string }>) ?? [];
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) {
    const r = await fetch(new URL(size.url, ctx.base));
    expect(r.status).toBe(200);
    expect((await sharp(Buffer.from(await r.arrayBuffer())).metadata()).width).toBe(size.width);
  }
}

describe.each(variants)('listing API with storage on $name', ({ servers, skip }) => {
  const ctx = useListingApi('service', servers, skip);

  it.skipIf(skip)(
    'upload two images → create → search and detail with working images → seller list → update → sold → delete',
    async () => {
      const keys = await ctx.imageKeys(ctx.users[0]!.token, 2);
      await journey(ctx, keys, (image) => servesImage(ctx, image));
    },
  );
});

describe.each(variants)('listing API with a storage contract stub on $name', ({ servers, skip }) => {
  const ctx = useListingApi('stub', servers, skip);

  it.skipIf(skip)('create → search and detail → seller list → update → sold → delete', async () => {
    const k = await ctx.imageKeys(ctx.users[0]!.token, 2);
    await journey(ctx, k);
    const confirm = ctx.stub!.calls.find((c) => c.keys[0] === k[0]);
    expect(confirm).toEqual({ type: 'cars', keys: k, authorized: true });
    // The update reordered known keys only: storage was not asked again for them.
    expect(ctx.stub!.calls.filter((c) => c.keys.includes(k[0]!))).toHaveLength(1);
  });

  it.skipIf(skip)("lists the seller's cars newest first, and only theirs", async () => {
    const seller = ctx.users[1]!;
    const ids: string[] = [];
    for (const price of [300000, 310000]) {
      const res = await call(ctx.base, 'POST', '/api/cars', {
        body: { ...listingBody(ctx, await ctx.imageKeys(seller.token, 2)), price },
        token: seller.token,
      });
      expect(res.status).toBe(201);
      ids.push((res.body.data as Json)._id as string);
    }
    const mine = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller.token });
    expect((mine.body.data as Json[]).map((c) => [c._id, c.price])).toEqual([
      [ids[1], 310000],
      [ids[0], 300000],
    ]);
    const other = await call(ctx.base, 'GET', '/api/cars/seller', { token: ctx.users[2]!.token });
    expect((other.body.data as Json[]).map((c) => c._id)).not.toContain(ids[0]);
    for (const id of ids) await call(ctx.base, 'DELETE', `/api/cars/${id}`, { token: seller.token });
  });
});
