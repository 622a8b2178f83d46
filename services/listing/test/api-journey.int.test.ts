/**
 * Listing API (issue 6) through the embedded system, on the embedded adapters and on the real PostgreSQL,
 * RabbitMQ and Redis: sell a car with two uploaded photos, find it in search and on its detail route with
 * working image URLs, the seller's list, update, delete; every rejection leaves nothing stored or emitted.
 *
 * The first suite uses the real storage service (two-step upload, then `POST /api/storage/images/confirm`
 * called by the listing service). The second runs the listing flow with a stub of that confirm call that
 * follows its contract (packages/contracts storage.ts), so the listing side is checked on its own too.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { listingService } from '@marketplace/listing-service';
import {
  createLogger,
  createMemoryRateLimiters,
  isUniqueViolation,
  listen,
  loadConfig,
  queryRows,
  type RunningServer,
  type RunningService,
  startService,
} from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  startTestSystem,
  systemVariants,
  type TestServers,
  type TestSystem,
} from '../../test-support/system';
import { createGatewayApp } from '../src/app';

const variants = await systemVariants();

type Json = Record<string, unknown>;

/** The "within a second": how long a new listing may take to reach search and detail. */
const VISIBLE_WITHIN_MS = 1_000;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A JPEG of `width`×`height` pixels. */
function jpeg(width: number, height: number, hue = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The system under test plus the sessions and the reference data a listing needs. */
interface Ctx {
  t: TestSystem;
  base: string;
  admin: string;
  adminId: string;
  /** Seller, another user, a third user (rate limit), each `{ id, token }`. */
  users: Array<{ id: string; token: string }>;
  ref: {
    brand: string;
    model: string;
    modelName: string;
    variant: string;
    fuelType: string;
    transmission: string;
    year: number;
    otherModel: string;
    otherBrand: string;
    otherVariant: string;
    state: string;
    rto: string;
    otherStateRto: string;
  };
}

/** Starts the system, signs the dev admin in, creates users through the account API and picks reference data. */
async function setUp(env: Record<string, string>, servers: TestServers | undefined): Promise<Ctx> {
  const t = await startTestSystem(env, servers);
  const base = t.url;
  const ip = `10.6.${seq % 250}.1`;
  const login = async (email: string, password: string) => {
    const res = await call(base, 'POST', '/api/auth/login', { body: { email, password }, ip });
    expect(res.status).toBe(200);
    return { id: (res.body.user as Json)._id as string, token: res.body.tokenId as string };
  };
  const { token: admin, id: adminId } = await login('admin@marketplace.local', 'Admin@12345');
  const users = [];
  for (let i = 0; i < 3; i++) {
    const n = unique();
    const body = {
      name: `Seller ${n}`,
      username: `seller.${n}`,
      email: `seller.${n}@example.in`,
      password: 'safeRide42',
      role: 'User',
    };
    const created = await call(base, 'POST', '/api/account/user/new', { body, token: admin, ip });
    expect(created.status).toBe(201);
    users.push(await login(body.email, body.password));
  }
  const get = async (p: string) => {
    const res = await call(base, 'GET', p, { ip });
    expect(res.status).toBe(200);
    return res.body.data as Json & Json[];
  };
  const brands = (await get('/api/carbrand')) as Json[];
  const maruti = brands.find((b) => b.name === 'Maruti Suzuki') ?? brands[0]!;
  const other = brands.find((b) => b._id !== maruti._id)!;
  const year = 2019;
  const models = (await get(`/api/carModel?brand=${maruti._id}&year=${year}`)) as Json[];
  let model: Json | undefined;
  let variant: Json | undefined;
  let otherModel: Json | undefined;
  for (const m of models) {
    const vs = (await get(`/api/carVariant?model=${m._id}`)) as Json[];
    if (!model && vs.length > 0) {
      model = m;
      variant = vs[0];
    } else if (model && vs.length > 0) {
      otherModel = m;
      break;
    }
  }
  const otherVariant = ((await get(`/api/carVariant?model=${otherModel!._id}`)) as Json[])[0]!;
  const otherBrandModel = ((await get(`/api/carModel?brand=${other._id}`)) as Json[])[0]!;
  const states = (await get('/api/carstate')) as Json[];
  const karnataka = states.find((s) => s.state === 'Karnataka')!;
  const delhi = states.find((s) => s.state === 'Delhi')!;
  const rtos = (await get(`/api/RTO?state=${karnataka._id}`)) as unknown as Json[];
  const delhiRtos = (await get(`/api/RTO?state=${delhi._id}`)) as unknown as Json[];
  return {
    t,
    base,
    admin,
    adminId,
    users,
    ref: {
      brand: maruti._id as string,
      model: model!._id as string,
      modelName: model!.name as string,
      variant: variant!._id as string,
      fuelType: variant!.fuelType as string,
      transmission: variant!.transmission as string,
      year,
      otherModel: otherBrandModel._id as string,
      otherBrand: other._id as string,
      otherVariant: otherVariant._id as string,
      state: karnataka._id as string,
      rto: rtos.find((r) => r.code === 'KA-01')!._id as string,
      otherStateRto: delhiRtos[0]!._id as string,
    },
  };
}

/** A valid `POST /api/cars` body with `keys` as its images and a unique city (to find it in search). */
function listingBody(ctx: Ctx, keys: string[], city = `Testpur ${unique()}`, regNumber = 'ka-01-ab-1234') {
  return {
    brand: ctx.ref.brand,
    model: ctx.ref.model,
    variant: ctx.ref.variant,
    manufacturerYear: ctx.ref.year,
    fuelType: ctx.ref.fuelType,
    transmission: ctx.ref.transmission,
    state: ctx.ref.state,
    rto: ctx.ref.rto,
    price: 575000,
    description: 'Single owner, serviced at the dealer.',
    location: { street: '12 MG Road', city, state: 'Karnataka', postal_code: '560001' },
    specifications: {
      regNumber,
      engineCapacity: 1197,
      insurance: { type: 'Comprehensive', validTill: '2027-03-31' },
      kmDriven: 42000,
    },
    history: ['Serviced 2024-05'],
    images: keys.map((key) => ({ key })),
  };
}

/** Rows of the listing service's table and outbox (to prove a rejection stored and emitted nothing). */
async function listingState(ctx: Ctx) {
  const [row] = await queryRows<{ cars: number; events: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT (SELECT count(*)::int FROM listing.cars) AS cars, (SELECT count(*)::int FROM listing.outbox) AS events`,
  );
  return row!;
}

/** Polls until `GET /api/cars/{id}` answers `status`, at most `timeout` ms; the answer. */
async function detailWhen(ctx: Ctx, id: string, status: number, timeout = VISIBLE_WITHIN_MS) {
  let last: Awaited<ReturnType<typeof call>> | undefined;
  await expect
    .poll(
      async () => {
        last = await call(ctx.base, 'GET', `/api/cars/${id}`);
        return last.status;
      },
      { timeout, interval: 20 },
    )
    .toBe(status);
  return last!;
}

/** The ids of the cars found by a public search on `city`. */
async function searchCity(ctx: Ctx, city: string) {
  const res = await call(ctx.base, 'GET', `/api/cars?city=${encodeURIComponent(city)}`);
  expect(res.status).toBe(200);
  return ((res.body.data as Json).cars as Json[]).map((c) => c._id);
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
  const [event] = await queryRows<{ name: string; envelope: { payload: { car: Json } } }>(
    ctx.t.system.infra.database.db,
    sql`SELECT name, envelope FROM listing.outbox ORDER BY seq DESC LIMIT 1`,
  );
  expect(event).toMatchObject({
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
  await expect
    .poll(async () => ((await call(ctx.base, 'GET', `/api/cars/${car._id}`)).body.data as Json)?.price, {
      timeout: VISIBLE_WITHIN_MS,
      interval: 20,
    })
    .toBe(550000);

  const sold = await call(ctx.base, 'PUT', `/api/cars/${car._id}`, {
    body: { status: 'sold' },
    token: seller!.token,
  });
  expect(sold.status).toBe(200);
  expect(sold.body.data).toMatchObject({ status: 'sold', price: 550000 });
  await expect
    .poll(async () => ((await call(ctx.base, 'GET', `/api/cars/${car._id}`)).body.data as Json)?.status, {
      timeout: VISIBLE_WITHIN_MS,
      interval: 20,
    })
    .toBe('sold');
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

/** Every rejected create: 4xx naming the field, nothing stored or emitted, nothing in search. */
async function rejections(ctx: Ctx, keys: string[]) {
  const [seller] = ctx.users;
  const before = await listingState(ctx);
  const body = listingBody(ctx, keys);
  const unauthenticated = await call(ctx.base, 'POST', '/api/cars', { body });
  expect(unauthenticated.status).toBe(401);

  const next = new Date().getFullYear() + 1;
  const bad: Array<[string, (b: ReturnType<typeof listingBody>) => unknown, RegExp]> = [
    ['unknown brand', (b) => ({ ...b, brand: randomUUID() }), /^brand: /],
    ['model of another brand', (b) => ({ ...b, model: ctx.ref.otherModel }), /^model: /],
    ['variant of another model', (b) => ({ ...b, variant: ctx.ref.otherVariant }), /^variant: /],
    [
      'fuel type not the variant’s',
      (b) => ({ ...b, fuelType: b.fuelType === 'Petrol' ? 'Diesel' : 'Petrol' }),
      /^fuelType: /,
    ],
    [
      'transmission not the variant’s',
      (b) => ({ ...b, transmission: b.transmission === 'Manual' ? 'Automatic' : 'Manual' }),
      /^transmission: /,
    ],
    ['RTO of another state', (b) => ({ ...b, rto: ctx.ref.otherStateRto }), /^rto: /],
    ['unknown state', (b) => ({ ...b, state: randomUUID() }), /^state: /],
    ['year 1979', (b) => ({ ...b, manufacturerYear: 1979 }), /^manufacturerYear\b/],
    ['next year', (b) => ({ ...b, manufacturerYear: next }), /^manufacturerYear\b/],
    ['price 0', (b) => ({ ...b, price: 0 }), /^price\b/],
    ['price as text', (b) => ({ ...b, price: 'lots' }), /^price\b/],
    [
      'negative km',
      (b) => ({ ...b, specifications: { ...b.specifications, kmDriven: -1 } }),
      /^specifications\.kmDriven\b/,
    ],
    ['bad condition', (b) => ({ ...b, condition: 'mint' }), /^condition\b/],
    [
      'bad ownership',
      (b) => ({ ...b, specifications: { ...b.specifications, ownership: 'Fifth' } }),
      /^specifications\.ownership\b/,
    ],
    ['bad status', (b) => ({ ...b, status: 'new' }), /^status\b/],
    [
      'regNumber XYZ',
      (b) => ({ ...b, specifications: { ...b.specifications, regNumber: 'XYZ' } }),
      /^specifications\.regNumber\b/,
    ],
    [
      'bad validTill',
      (b) => ({
        ...b,
        specifications: {
          ...b.specifications,
          insurance: { type: 'Comprehensive', validTill: '2027-02-30' },
        },
      }),
      /^specifications\.insurance\.validTill\b/,
    ],
    [
      'PIN 12345',
      (b) => ({ ...b, location: { ...b.location, postal_code: '12345' } }),
      /^location\.postal_code\b/,
    ],
    [
      'missing street',
      (b) => ({ ...b, location: { ...b.location, street: undefined } }),
      /^location\.street\b/,
    ],
    ['missing city', (b) => ({ ...b, location: { ...b.location, city: '  ' } }), /^location\.city\b/],
    ['no images', (b) => ({ ...b, images: [] }), /^images\b/],
    // Issue 20: control characters → 400 naming the field (PostgreSQL cannot store a NUL: it was a 500).
    [
      'NUL in the description',
      (b) => ({ ...b, description: 'Single owner\u0000' }),
      /^description must not contain control characters/,
    ],
    [
      'escape in the street',
      (b) => ({ ...b, location: { ...b.location, street: '12 MG\u001bRoad' } }),
      /^location\.street must not contain control characters/,
    ],
    [
      'NUL in a history entry',
      (b) => ({ ...b, history: ['Serviced\u0000'] }),
      /^history.* must not contain control characters/,
    ],
    [
      'NUL in the insurance type',
      (b) => ({
        ...b,
        specifications: {
          ...b.specifications,
          insurance: { type: 'Compre\u0000hensive', validTill: '2027-03-31' },
        },
      }),
      /^specifications\.insurance\.type must not contain control characters/,
    ],
    ['the same image twice', (b) => ({ ...b, images: [b.images[0], b.images[0]] }), /^images\[1\]\.key: /],
  ];
  for (const [name, change, message] of bad) {
    const res = await call(ctx.base, 'POST', '/api/cars', { body: change(body), token: seller!.token });
    expect.soft(res.status, name).toBe(400);
    expect.soft(res.body.message, name).toMatch(message);
  }
  expect(await listingState(ctx)).toEqual(before);
  await ctx.t.system.drainOutboxes();
  expect(await searchCity(ctx, body.location.city)).toEqual([]);
  const mine = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect(mine.body.data).toEqual([]);
}

/** Update and delete by another user → 403 and nothing changes; an Admin may; unknown ids → 404. */
async function othersCannotChange(ctx: Ctx, keys: string[]) {
  const [seller, other] = ctx.users;
  const created = await call(ctx.base, 'POST', '/api/cars', {
    body: listingBody(ctx, keys),
    token: seller!.token,
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  const before = await listingState(ctx);
  const put = await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { price: 1 }, token: other!.token });
  expect(put.status).toBe(403);
  const del = await call(ctx.base, 'DELETE', `/api/cars/${id}`, { token: other!.token });
  expect(del.status).toBe(403);
  expect((await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { price: 1 } })).status).toBe(401);
  expect((await call(ctx.base, 'DELETE', `/api/cars/${randomUUID()}`, { token: seller!.token })).status).toBe(
    404,
  );
  expect(
    (await call(ctx.base, 'PUT', `/api/cars/not-a-uuid`, { body: { price: 5 }, token: seller!.token }))
      .status,
  ).toBe(404);
  const empty = await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: {}, token: seller!.token });
  expect(empty.status).toBe(400);
  const zero = await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { price: 0 }, token: seller!.token });
  expect(zero.body.message).toMatch(/^price\b/);
  expect(await listingState(ctx)).toEqual(before);
  const mine = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect((mine.body.data as Json[]).find((c) => c._id === id)).toMatchObject({ price: 575000 });

  const byAdmin = await call(ctx.base, 'PUT', `/api/cars/${id}`, {
    body: { description: 'Checked by the marketplace', images: [{ key: keys[0] }] },
    token: ctx.admin,
  });
  expect(byAdmin.status).toBe(200);
  expect(byAdmin.body.data).toMatchObject({ seller: seller!.id, images: [{ key: keys[0] }] });
  const removed = await call(ctx.base, 'DELETE', `/api/cars/${id}`, { token: ctx.admin });
  expect(removed.status).toBe(200);
  const [event] = await queryRows<{ envelope: { payload: Json } }>(
    ctx.t.system.infra.database.db,
    sql`SELECT envelope FROM listing.outbox WHERE name = 'listing.car.deleted' ORDER BY seq DESC LIMIT 1`,
  );
  expect(event!.envelope.payload).toEqual({ carId: id, seller: seller!.id, deletedBy: ctx.adminId });
}

/** Too many creations by one user in an hour → 429 with Retry-After, counted per user. */
async function rateLimited(ctx: Ctx, keys: string[]) {
  const user = ctx.users[2]!;
  // Attempts that pass the body's checks count, so a wrong variant spends them without storing anything.
  const body = { ...listingBody(ctx, keys), variant: ctx.ref.otherVariant };
  for (let i = 0; i < 20; i++) {
    const res = await call(ctx.base, 'POST', '/api/cars', { body, token: user.token });
    expect(res.status).toBe(400);
  }
  const refused = await call(ctx.base, 'POST', '/api/cars', { body, token: user.token });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  const malformed = await call(ctx.base, 'POST', '/api/cars', {
    body: { ...body, price: 0 },
    token: user.token,
  });
  expect(malformed.status).toBe(400);
}

/** An admin deletes the seller: their listings go, with `listing.car.deleted`, and leave the catalog. */
async function userDeletion(ctx: Ctx, keysOf: (token: string) => Promise<string[]>) {
  const n = unique();
  const body = {
    name: `Leaving ${n}`,
    username: `leaving.${n}`,
    email: `leaving.${n}@example.in`,
    password: 'safeRide42',
  };
  expect((await call(ctx.base, 'POST', '/api/account/user/new', { body, token: ctx.admin })).status).toBe(
    201,
  );
  const login = await call(ctx.base, 'POST', '/api/auth/login', {
    body: { email: body.email, password: body.password },
  });
  const token = login.body.tokenId as string;
  const userId = (login.body.user as Json)._id as string;
  const created = await call(ctx.base, 'POST', '/api/cars', {
    body: listingBody(ctx, await keysOf(token), undefined, uniqueReg()),
    token,
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  await detailWhen(ctx, id, 200, 5_000);

  expect((await call(ctx.base, 'DELETE', `/api/account/user/${userId}`, { token: ctx.admin })).status).toBe(
    200,
  );
  await ctx.t.system.drainOutboxes();
  await detailWhen(ctx, id, 404, 5_000);
  const [row] = await queryRows<{ n: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT count(*)::int AS n FROM listing.cars WHERE seller_id = ${userId}`,
  );
  expect(row!.n).toBe(0);
}

// ---------------------------------------------------------------------------------------------------
// Issue 20, point 12: Idempotency-Key and one active listing per registration number across sellers
// ---------------------------------------------------------------------------------------------------

let regSeq = 0;
/** A registration number no other test uses, e.g. `MH-12-RG-1001`. */
const uniqueReg = () => `MH-12-RG-${1000 + ++regSeq}`;

/** A new user created by the admin through the account API, signed in. */
async function newUser(ctx: Ctx): Promise<{ id: string; token: string }> {
  const n = unique();
  const ip = `10.8.${seq % 250}.3`;
  const body = {
    name: `Seller ${n}`,
    username: `seller.${n}`,
    email: `seller.${n}@example.in`,
    password: 'safeRide42',
    role: 'User',
  };
  const created = await call(ctx.base, 'POST', '/api/account/user/new', { body, token: ctx.admin, ip });
  expect(created.status).toBe(201);
  const login = await call(ctx.base, 'POST', '/api/auth/login', {
    body: { email: body.email, password: body.password },
    ip,
  });
  expect(login.status).toBe(200);
  return { id: (login.body.user as Json)._id as string, token: login.body.tokenId as string };
}

/** `POST /api/cars` with an optional `Idempotency-Key`: `{ status, body, replayed }`. */
async function postCar(ctx: Ctx, body: unknown, token: string, idempotencyKey?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(`${ctx.base}/api/cars`, { method: 'POST', headers, body: JSON.stringify(body) });
  return {
    status: res.status,
    body: (await res.json()) as Json,
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

/** Rows of `listing.cars` that are active (`used`) with the normalised registration number `reg`. */
async function activeWithReg(ctx: Ctx, reg: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT count(*)::int AS n FROM listing.cars WHERE reg_number = ${reg.replace(/[\s-]/g, '').toUpperCase()} AND status = 'used'`,
  );
  return row!.n;
}

/**
 * The same key and body → the first answer again (one listing, one event); the same key and another body
 * → 422; parallel retries → one listing; after 24 h the key is fresh; a malformed key → 400.
 */
async function idempotentCreate(ctx: Ctx, keysOf: (token: string) => Promise<string[]>) {
  const seller = await newUser(ctx);
  const body = listingBody(ctx, await keysOf(seller.token), undefined, uniqueReg());
  const key = randomUUID();
  // Someone's answer from two days ago: the first keyed create of this process purges it.
  const db = ctx.t.system.infra.database.db;
  await db.execute(
    sql`INSERT INTO listing.idempotency_keys (user_id, key, request_hash, status, response, created_at)
        VALUES (${randomUUID()}, 'stale-key', 'x', 201, '{}'::jsonb, now() - interval '2 days')`,
  );
  const before = await listingState(ctx);

  const first = await postCar(ctx, body, seller.token, key);
  expect(first.status).toBe(201);
  expect(first.replayed).toBe(false);
  await expect
    .poll(async () => {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM listing.idempotency_keys WHERE key = 'stale-key'`,
      );
      return rows[0]!.n;
    })
    .toBe(0);
  const again = await postCar(ctx, body, seller.token, key);
  expect(again).toEqual({ status: 201, body: first.body, replayed: true });
  // The same JSON value with its keys in another order is the same body.
  const reordered = Object.fromEntries(Object.entries(body).reverse());
  expect(await postCar(ctx, reordered, seller.token, key)).toMatchObject({ status: 201, replayed: true });
  expect(await listingState(ctx)).toEqual({ cars: before.cars + 1, events: before.events + 1 });

  const changed = await postCar(ctx, { ...body, price: body.price + 1 }, seller.token, key);
  expect(changed.status).toBe(422);
  expect(changed.body.message).toMatch(/^Idempotency-Key: .*different request body/);
  for (const bad of ['x'.repeat(256), 'clé']) {
    const malformed = await postCar(ctx, body, seller.token, bad);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^Idempotency-Key must be/);
  }
  expect(await listingState(ctx)).toEqual({ cars: before.cars + 1, events: before.events + 1 });

  // Another user's identical key is theirs alone.
  const other = await newUser(ctx);
  const theirs = await postCar(
    ctx,
    listingBody(ctx, await keysOf(other.token), undefined, uniqueReg()),
    other.token,
    key,
  );
  expect(theirs.status).toBe(201);
  expect((theirs.body.data as Json)._id).not.toBe((first.body.data as Json)._id);

  // Parallel retries of one new key: exactly one listing; the others replay it or are told to wait (409).
  const parallelKey = randomUUID();
  const mid = await listingState(ctx);
  const answers = await Promise.all([1, 2, 3].map(() => postCar(ctx, body, seller.token, parallelKey)));
  const created = answers.filter((a) => a.status === 201 && !a.replayed);
  expect(created).toHaveLength(1);
  for (const a of answers.filter((x) => x !== created[0])) {
    if (a.status === 201) expect(a.body).toEqual(created[0]!.body);
    else {
      expect(a.status).toBe(409);
      expect(a.body.message).toMatch(/^Idempotency-Key: .*still being processed/);
    }
  }
  expect(await listingState(ctx)).toEqual({ cars: mid.cars + 1, events: mid.events + 1 });
  expect(await postCar(ctx, body, seller.token, parallelKey)).toEqual({
    status: 201,
    body: created[0]!.body,
    replayed: true,
  });

  // The answer is stored in the listing service's database, for 24 hours.
  await ctx.t.system.infra.database.db.execute(
    sql`UPDATE listing.idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = ${key}`,
  );
  const later = await postCar(ctx, body, seller.token, key);
  expect(later.status).toBe(201);
  expect(later.replayed).toBe(false);
  expect((later.body.data as Json)._id).not.toBe((first.body.data as Json)._id);
}

/**
 * A registration number on another seller's active listing → 409 naming specifications.regNumber, in any
 * spelling; the seller's own number, or one whose listings are sold, is fine; sold → used is checked too;
 * parallel creates of one number by two sellers → exactly one listing.
 */
async function duplicateRegNumbers(ctx: Ctx, keysOf: (token: string) => Promise<string[]>) {
  const [a, b] = [await newUser(ctx), await newUser(ctx)];
  const [aKeys, bKeys] = [await keysOf(a.token), await keysOf(b.token)];
  const reg = uniqueReg();
  const first = await postCar(ctx, listingBody(ctx, aKeys, undefined, reg), a.token);
  expect(first.status).toBe(201);

  const before = await listingState(ctx);
  for (const spelling of [reg, reg.toLowerCase().replace(/-/g, ' '), reg.replace(/-/g, '')]) {
    const taken = await postCar(ctx, listingBody(ctx, bKeys, undefined, spelling), b.token);
    expect(taken.status, spelling).toBe(409);
    expect(taken.body.message).toMatch(/^specifications\.regNumber: .*another seller/);
  }
  expect(await listingState(ctx)).toEqual(before);

  // The seller's own number again (a second listing of theirs) is not refused.
  const own = await postCar(ctx, listingBody(ctx, aKeys, undefined, reg.replace(/-/g, '')), a.token);
  expect(own.status).toBe(201);
  expect(await activeWithReg(ctx, reg)).toBe(2);

  // Once A's listings are sold, B may list the number; A putting one back on sale is then refused.
  const aIds = [first, own].map((r) => (r.body.data as Json)._id as string);
  for (const id of aIds) {
    expect(
      (await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { status: 'sold' }, token: a.token })).status,
    ).toBe(200);
  }
  const bCar = await postCar(ctx, listingBody(ctx, bKeys, undefined, reg.toLowerCase()), b.token);
  expect(bCar.status).toBe(201);
  const relist = await call(ctx.base, 'PUT', `/api/cars/${aIds[0]}`, {
    body: { status: 'used' },
    token: a.token,
  });
  expect(relist.status).toBe(409);
  expect(relist.body.message).toMatch(/^specifications\.regNumber: /);
  const bId = (bCar.body.data as Json)._id as string;
  expect(
    (await call(ctx.base, 'PUT', `/api/cars/${bId}`, { body: { price: 500000 }, token: b.token })).status,
  ).toBe(200);
  expect(await activeWithReg(ctx, reg)).toBe(1);

  // The database itself refuses a second seller's active row with the number (trigger), whoever writes it.
  const columns = sql.raw(
    'brand_id, brand_name, model_id, model_name, variant_id, variant_name, manufacturer_year, condition, ' +
      'fuel_type, transmission, state_id, rto_id, price, description, location, specifications, history, images',
  );
  const copy = (seller: string) =>
    ctx.t.system.infra.database.db.execute(
      sql`INSERT INTO listing.cars (id, seller_id, status, ${columns})
          SELECT gen_random_uuid(), ${seller}, 'used', ${columns} FROM listing.cars WHERE id = ${bId}`,
    );
  const refused = await copy(randomUUID()).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isUniqueViolation(refused)).toBe(true);
  await copy(b.id);
  expect(await activeWithReg(ctx, reg)).toBe(2);

  // Two sellers at once with one new number: the database lets exactly one through, each time.
  for (let round = 0; round < 3; round++) {
    const contested = uniqueReg();
    const statuses = (
      await Promise.all([
        postCar(ctx, listingBody(ctx, aKeys, undefined, contested), a.token),
        postCar(ctx, listingBody(ctx, bKeys, undefined, contested.toLowerCase()), b.token),
      ])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await activeWithReg(ctx, contested)).toBe(1);
  }
}

// ---------------------------------------------------------------------------------------------------
// With the real storage service
// ---------------------------------------------------------------------------------------------------

/** Uploads a JPEG through the two-step flow as `token`; its key. */
async function upload(ctx: Ctx, token: string, width = 1600, height = 1200): Promise<string> {
  const res = await call(ctx.base, 'POST', '/api/storage/getUrl?type=cars', { token });
  expect(res.status).toBe(200);
  const { uploadUrl, key } = res.body as unknown as { uploadUrl: string; key: string };
  const put = await fetch(new URL(uploadUrl, ctx.base), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(await jpeg(width, height, seq * 13)),
  });
  expect(put.status).toBe(200);
  return key;
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
  let ctx: Ctx;
  beforeAll(async () => {
    if (skip) return;
    ctx = await setUp({}, servers);
  });
  afterAll(async () => {
    await ctx?.t.stop();
  });

  it.skipIf(skip)(
    'upload two images → create → search and detail with working images → seller list → update → sold → delete',
    async () => {
      const token = ctx.users[0]!.token;
      await journey(ctx, [await upload(ctx, token), await upload(ctx, token)], (image) =>
        servesImage(ctx, image),
      );
    },
  );

  it.skipIf(skip)(
    'rejects bad fields and another user’s image key with 400 naming the field, storing nothing',
    async () => {
      const token = ctx.users[0]!.token;
      const keys = [await upload(ctx, token), await upload(ctx, token)];
      await rejections(ctx, keys);
      const foreign = await upload(ctx, ctx.users[1]!.token);
      const before = await listingState(ctx);
      const res = await call(ctx.base, 'POST', '/api/cars', {
        body: listingBody(ctx, [keys[0]!, foreign]),
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^images\[1\]\.key: /);
      const unknown = await call(ctx.base, 'POST', '/api/cars', {
        body: listingBody(ctx, ['cars/nope.jpg']),
        token,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/^images\[0\]\.key: /);
      expect(await listingState(ctx)).toEqual(before);
    },
  );

  it.skipIf(skip)('lets only the seller or an Admin update or delete', async () => {
    const token = ctx.users[0]!.token;
    await othersCannotChange(ctx, [await upload(ctx, token)]);
  });

  it.skipIf(skip)('rate-limits listing creation per user', async () => {
    await rateLimited(ctx, [await upload(ctx, ctx.users[2]!.token)]);
  });

  it.skipIf(skip)("removes a deleted user's listings from the listing service and the catalog", async () => {
    await userDeletion(ctx, async (token) => [await upload(ctx, token)]);
  });

  it.skipIf(skip)(
    'answers a repeated Idempotency-Key with the first listing, 422 for another body (issue 20)',
    async () => {
      await idempotentCreate(ctx, async (token) => [await upload(ctx, token)]);
    },
  );

  it.skipIf(skip)(
    "refuses a registration number on another seller's active listing with 409, also when racing (issue 20)",
    async () => {
      await duplicateRegNumbers(ctx, async (token) => [await upload(ctx, token)]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------
// With a stub of storage's confirm call (its contract), so the listing side is checked on its own
// ---------------------------------------------------------------------------------------------------

/**
 * Answers `POST /api/storage/images/confirm` as the contract says: 200 `{ data: { images } }` in key order
 * for keys whose name starts with the caller's token fingerprint ("mine:"), else 400 `{ message, index }`.
 */
async function startConfirmStub() {
  const calls: Array<{ type: string; keys: string[]; authorized: boolean }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/api/storage/images/confirm') {
        res.writeHead(404).end(JSON.stringify({ message: 'no such route' }));
        return;
      }
      const body = JSON.parse(raw) as { type: string; keys: string[] };
      calls.push({ ...body, authorized: Boolean(req.headers.authorization) });
      const index = body.keys.findIndex((k) => !k.startsWith('mine:'));
      if (!req.headers.authorization) res.writeHead(401).end(JSON.stringify({ message: 'Please log in.' }));
      else if (index >= 0) {
        res.writeHead(400).end(JSON.stringify({ message: 'this image was not uploaded by you', index }));
      } else {
        const images = body.keys.map((key) => ({
          key,
          url: `/api/storage/images/${encodeURIComponent(key)}`,
          sizes: [{ width: 320, url: `/api/storage/images/${encodeURIComponent(key)}/320.webp` }],
        }));
        res.writeHead(200).end(JSON.stringify({ data: { images } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(variants)('listing API with a storage contract stub on $name', ({ servers, skip }) => {
  let ctx: Ctx;
  let stub: Awaited<ReturnType<typeof startConfirmStub>>;
  const keys = () => [`mine:${unique()}.jpg`, `mine:${unique()}.jpg`];
  beforeAll(async () => {
    if (skip) return;
    stub = await startConfirmStub();
    ctx = await setUp({ STORAGE_SERVICE_URL: stub.url }, servers);
  });
  afterAll(async () => {
    await ctx?.t.stop();
    await stub?.stop();
  });

  it.skipIf(skip)('create → search and detail → seller list → update → sold → delete', async () => {
    const k = keys();
    await journey(ctx, k);
    const confirm = stub.calls.find((c) => c.keys[0] === k[0]);
    expect(confirm).toEqual({ type: 'cars', keys: k, authorized: true });
    // The update reordered known keys only: storage was not asked again for them.
    expect(stub.calls.filter((c) => c.keys.includes(k[0]!))).toHaveLength(1);
  });

  it.skipIf(skip)(
    'rejects bad fields and a key storage refuses with 400 naming the field, storing nothing',
    async () => {
      await rejections(ctx, keys());
      const before = await listingState(ctx);
      const res = await call(ctx.base, 'POST', '/api/cars', {
        body: listingBody(ctx, [`mine:${unique()}`, 'someone-else.jpg']),
        token: ctx.users[0]!.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('images[1].key: this image was not uploaded by you');
      expect(await listingState(ctx)).toEqual(before);
    },
  );

  it.skipIf(skip)("lists the seller's cars newest first, and only theirs", async () => {
    const seller = ctx.users[1]!;
    const ids: string[] = [];
    for (const price of [300000, 310000]) {
      const res = await call(ctx.base, 'POST', '/api/cars', {
        body: { ...listingBody(ctx, keys()), price },
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

  it.skipIf(skip)('names the position of a refused new key in an update', async () => {
    const k = keys();
    const created = await call(ctx.base, 'POST', '/api/cars', {
      body: listingBody(ctx, k),
      token: ctx.users[0]!.token,
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as Json)._id as string;
    const res = await call(ctx.base, 'PUT', `/api/cars/${id}`, {
      body: { images: [{ key: k[0] }, { key: `mine:${unique()}` }, { key: 'stolen.jpg' }] },
      token: ctx.users[0]!.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^images\[2\]\.key: /);
  });

  it.skipIf(skip)('lets only the seller or an Admin update or delete', async () => {
    await othersCannotChange(ctx, keys());
  });

  it.skipIf(skip)('rate-limits listing creation per user', async () => {
    await rateLimited(ctx, keys());
  });

  it.skipIf(skip)("removes a deleted user's listings from the listing service and the catalog", async () => {
    await userDeletion(ctx, async () => keys());
  });
});

// ---------------------------------------------------------------------------------------------------
// Distributed: the listing service standalone behind the proxy gateway
// ---------------------------------------------------------------------------------------------------

describe('listing service standalone behind the proxy gateway (embedded adapters)', () => {
  let ctx: Ctx;
  let stub: Awaited<ReturnType<typeof startConfirmStub>>;
  let listing: RunningService;
  let gateway: RunningServer;
  let listingDir: string;

  beforeAll(async () => {
    stub = await startConfirmStub();
    // Auth, catalog and the rest run in the embedded system; the listing service runs alone on its own
    // PGlite, verifying tokens against auth's JWKS and asking the catalog and storage by URL.
    ctx = await setUp({ STORAGE_SERVICE_URL: stub.url }, undefined);
    listingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: listingDir,
      LOG_LEVEL: 'silent',
      JWKS_URL: `${ctx.base}/api/auth/.well-known/jwks.json`,
      // Issue 20: token checks ask auth whether the user still exists with that role.
      AUTH_SERVICE_URL: ctx.base,
      CATALOG_SERVICE_URL: ctx.base,
      STORAGE_SERVICE_URL: stub.url,
    };
    listing = await startService(listingService, loadConfig(env), createLogger({ level: 'silent' }));
    const config = loadConfig({ ...env, RATE_LIMIT_PER_MINUTE: '1000' });
    const app = createGatewayApp({
      config,
      logger: createLogger({ level: 'silent' }),
      rateLimiters: createMemoryRateLimiters(),
      readiness: {},
      mode: {
        kind: 'proxy',
        targets: {
          auth: ctx.base,
          catalog: ctx.base,
          listing: listing.server.url,
          'test-drive': ctx.base,
          storage: stub.url,
        },
      },
      webRoot: listingDir,
    });
    gateway = await listen(app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway?.stop();
    await listing?.stop();
    await ctx?.t.stop();
    await stub?.stop();
    if (listingDir) fs.rmSync(listingDir, { recursive: true, force: true });
  });

  it('routes POST /api/cars and GET /api/cars/seller to listing, GET /api/cars/{id} to catalog', async () => {
    const token = ctx.users[0]!.token;
    const created = await call(gateway.url, 'POST', '/api/cars', {
      body: listingBody(ctx, [`mine:${unique()}`]),
      token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as Json)._id as string;
    // Stored by the standalone listing service, not by the embedded one.
    const [row] = await queryRows<{ n: number }>(
      listing.infra.database.db,
      sql`SELECT count(*)::int AS n FROM listing.cars WHERE id = ${id}`,
    );
    expect(row!.n).toBe(1);
    const mine = await call(gateway.url, 'GET', '/api/cars/seller', { token });
    expect(mine.status).toBe(200);
    expect((mine.body.data as Json[]).map((c) => c._id)).toEqual([id]);
    expect((await call(gateway.url, 'GET', '/api/cars/seller')).status).toBe(401);
    // The catalog answers detail reads: one of its demo cars is found, the standalone listing's car is not
    // (its events go to the standalone process's own in-process bus).
    const page = await call(gateway.url, 'GET', '/api/cars?limit=1');
    const demo = ((page.body.data as Json).cars as Json[])[0]!;
    expect((await call(gateway.url, 'GET', `/api/cars/${demo._id}`)).status).toBe(200);
    expect((await call(gateway.url, 'GET', `/api/cars/${id}`)).status).toBe(404);
    const wrong = await call(gateway.url, 'POST', '/api/cars', {
      body: { ...listingBody(ctx, [`mine:${unique()}`]), variant: ctx.ref.otherVariant },
      token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^variant: /);
  });
});
