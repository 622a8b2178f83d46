/**
 * The test-drive API's test harness (issues 7 and 19): the embedded system with an Admin, buyers A and B,
 * a seller S and a user R for the rate limit, and the seeded demo cars once the test-drive service knows
 * them (through the catalog's `catalog.car.indexed`, ADR 6); bookings, the lists, the rows and events that
 * show what a request stored, and cars sold through the listing API. With RabbitMQ delivery is
 * asynchronous, so effects of events are polled with a deadline.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, DEV_ADMIN, login, type Session } from '../../../../test-support/accounts';
import { listingBody, pickReference, uploadImage } from '../../../../test-support/cars';
import { dayFromToday } from '../../../../test-support/dates';
import { call, startTestSystem, type TestServers, type TestSystem } from '../../../../test-support/system';

/** A JSON object as the API answers it. */
export type Json = Record<string, unknown>;
/** A signed-in user of the tests. */
export type User = Session;

/** How long an event may take to show its effect (RabbitMQ, busy machine). */
export const EVENTUAL_MS = 15_000;

/** The system under test, its users and the demo cars for sale. */
export interface Ctx {
  t: TestSystem;
  base: string;
  admin: User;
  /** Buyers A and B, the seller S, a user for the rate limit R. */
  a: User;
  b: User;
  s: User;
  r: User;
  /** Demo cars for sale (their seller is the demo seller, no user). */
  demo: Json[];
}

/** A user created by the Admin through the account API (name `label …`), signed in. */
export function newUser(ctx: Pick<Ctx, 'base' | 'admin'>, label: string): Promise<User> {
  return createUser(ctx.base, ctx.admin.token, { label });
}

/**
 * Polls `GET /api/testDrive/slots` until the test-drive service knows `carId` (answers 200), at most
 * {@link EVENTUAL_MS}. A loop rather than `expect.poll`, which only runs inside a test (this also runs in
 * `beforeAll`). @throws Error on the deadline.
 */
export async function whenKnown(ctx: Pick<Ctx, 'base'>, carId: string) {
  const deadline = Date.now() + EVENTUAL_MS;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await call(ctx.base, 'GET', `/api/testDrive/slots?car=${carId}&date=${dayFromToday(2)}`))
      .status;
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`car ${carId} not bookable within ${EVENTUAL_MS} ms (last status ${status})`);
}

/** Starts the system, makes the users and waits until the first ten demo cars can be booked. */
async function setUp(servers: TestServers | undefined): Promise<Ctx> {
  const t = await startTestSystem({}, servers);
  const base = t.url;
  const admin = await login(base, DEV_ADMIN);
  const [a, b, s, r] = [
    await newUser({ base, admin }, 'Asha'),
    await newUser({ base, admin }, 'Bala'),
    await newUser({ base, admin }, 'Suresh'),
    await newUser({ base, admin }, 'Ravi'),
  ];
  const cars = await call(base, 'GET', '/api/cars?limit=50');
  expect(cars.status).toBe(200);
  const demo = (cars.body.data as { cars: Json[] }).cars.filter((c) => c.status === 'used');
  expect(demo.length).toBeGreaterThanOrEqual(10);
  const ctx: Ctx = { t, base, admin, a, b, s, r, demo };
  for (const car of demo.slice(0, 10)) await whenKnown(ctx, car._id as string);
  return ctx;
}

/**
 * Registers hooks that set the system up before the tests of the enclosing `describe` (unless `skip`) and
 * stop it after them. @returns the context, filled in once `beforeAll` has run.
 */
export function useTestDriveApi(servers: TestServers | undefined, skip: boolean): Ctx {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    if (!skip) Object.assign(ctx, await setUp(servers));
  }, 120_000);
  afterAll(async () => {
    await ctx.t?.stop();
  });
  return ctx;
}

/** `POST /api/testDrive` of `car` at `date` `time`, as `user` (signed out when undefined). */
export const book = (ctx: Ctx, user: User | undefined, car: unknown, date: string, time: string) =>
  call(ctx.base, 'POST', '/api/testDrive', {
    body: { car, appointmentDate: date, appointmentTime: time },
    ...(user ? { token: user.token } : {}),
  });

/** Rows and outbox events of the test-drive service (to prove a rejection stored and emitted nothing). */
export async function testDriveState(ctx: Ctx) {
  const [row] = await queryRows<{ bookings: number; events: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT (SELECT count(*)::int FROM test_drive.test_drives) AS bookings,
               (SELECT count(*)::int FROM test_drive.outbox) AS events`,
  );
  return row!;
}

/** `testdrive.*` events of booking `id` in the outbox, oldest first: `[name, payload]`. */
export async function eventsOf(ctx: Ctx, id: string) {
  return queryRows<{ name: string; payload: Json }>(
    ctx.t.system.infra.database.db,
    sql`SELECT name, envelope->'payload' AS payload FROM test_drive.outbox
        WHERE envelope->'payload'->'testDrive'->>'_id' = ${id} ORDER BY seq`,
  );
}

/** A list of bookings `p` (default the user's own) that must answer 200, as `user`. */
export const list = async (ctx: Ctx, user: User, p = '/api/testDrive') => {
  const res = await call(ctx.base, 'GET', p, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as unknown as Json[];
};

/** Lists a car for sale as `seller` through `POST /api/cars`; its id, once the test-drive service knows it. */
export async function sellCar(ctx: Ctx, seller: User): Promise<{ id: string; modelName: string }> {
  const ref = await pickReference(ctx.base);
  const created = await call(ctx.base, 'POST', '/api/cars', {
    token: seller.token,
    body: listingBody(ref, [await uploadImage(ctx.base, seller.token)], {
      price: 480000,
      location: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
      specifications: { regNumber: 'KA-01-AB-1234', kmDriven: 42000 },
      history: [],
    }),
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  await whenKnown(ctx, id);
  return { id, modelName: ref.modelName };
}
