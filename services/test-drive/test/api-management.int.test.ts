/**
 * Test-drive API (spec §7 "Test drives", §4, §8; issues 7 and 19) through the embedded system, on the
 * embedded adapters and on the real PostgreSQL, RabbitMQ and Redis. Bookings on the seeded demo cars (known
 * to the test-drive service through the catalog's `catalog.car.indexed`, ADR 6) and on cars sold through
 * the listing API: every booking rule (past, > 60 days, outside hours, overlapping 30-minute windows of the
 * car or of the booker, own car, unknown car), bookings at any minute and the slots they hide, simultaneous
 * overlapping bookings (exactly one wins), rescheduling with what a GET returned, who may read, change and
 * delete, the status lifecycle by the seller and an Admin, the lists (own with keyword, Admin, seller), the
 * open-slots endpoint, the events in the outbox, a sold or deleted car cancelling its bookings, a deleted
 * user's bookings, the rate limit. With RabbitMQ delivery is asynchronous, so effects of events are polled
 * with a deadline.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../../test-support/system';

const variants = await systemVariants();

type Json = Record<string, unknown>;
interface User {
  id: string;
  token: string;
}

/** How long an event may take to show its effect (RabbitMQ, busy machine). */
const EVENTUAL_MS = 15_000;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The India calendar date `days` days from today, `YYYY-MM-DD`. */
function dayFromToday(days: number): string {
  const today = indiaDate.format(new Date());
  const d = new Date(`${today}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Ctx {
  t: TestSystem;
  base: string;
  admin: User;
  /** Buyers A and B, the seller S, a user for the rate limit R. */
  a: User;
  b: User;
  s: User;
  r: User;
  /** Ids of demo cars for sale (their seller is the demo seller, no user). */
  demo: Json[];
}

async function login(base: string, email: string, password: string): Promise<User> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return { id: (res.body.user as Json)._id as string, token: res.body.tokenId as string };
}

async function newUser(base: string, admin: User, label: string): Promise<User> {
  const n = unique();
  const body = {
    name: `${label} ${n}`,
    username: `${label.toLowerCase()}.${n}`,
    email: `${label.toLowerCase()}.${n}@example.in`,
    password: 'safeRide42',
    role: 'User',
  };
  const created = await call(base, 'POST', '/api/account/user/new', { body, token: admin.token });
  expect(created.status).toBe(201);
  return login(base, body.email, body.password);
}

/**
 * Polls `GET /api/testDrive/slots` until the test-drive service knows `carId` (answers 200), at most
 * {@link EVENTUAL_MS}. A loop rather than `expect.poll`, which only runs inside a test (this also runs in
 * `beforeAll`). @throws Error on the deadline.
 */
async function whenKnown(ctx: Pick<Ctx, 'base'>, carId: string) {
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

async function setUp(servers: Parameters<typeof startTestSystem>[1]): Promise<Ctx> {
  const t = await startTestSystem({}, servers);
  const base = t.url;
  const admin = await login(base, 'admin@marketplace.local', 'Admin@12345');
  const [a, b, s, r] = [
    await newUser(base, admin, 'Asha'),
    await newUser(base, admin, 'Bala'),
    await newUser(base, admin, 'Suresh'),
    await newUser(base, admin, 'Ravi'),
  ];
  const cars = await call(base, 'GET', '/api/cars?limit=50');
  expect(cars.status).toBe(200);
  const demo = (cars.body.data as { cars: Json[] }).cars.filter((c) => c.status === 'used');
  expect(demo.length).toBeGreaterThanOrEqual(10);
  const ctx: Ctx = { t, base, admin, a: a!, b: b!, s: s!, r: r!, demo };
  for (const car of demo.slice(0, 10)) await whenKnown(ctx, car._id as string);
  return ctx;
}

const book = (ctx: Ctx, user: User | undefined, car: unknown, date: string, time: string) =>
  call(ctx.base, 'POST', '/api/testDrive', {
    body: { car, appointmentDate: date, appointmentTime: time },
    ...(user ? { token: user.token } : {}),
  });

/** Rows and outbox events of the test-drive service (to prove a rejection stored and emitted nothing). */
async function testDriveState(ctx: Ctx) {
  const [row] = await queryRows<{ bookings: number; events: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT (SELECT count(*)::int FROM test_drive.test_drives) AS bookings,
               (SELECT count(*)::int FROM test_drive.outbox) AS events`,
  );
  return row!;
}

/** `testdrive.*` events of booking `id` in the outbox, oldest first: `[name, payload]`. */
async function eventsOf(ctx: Ctx, id: string) {
  const rows = await queryRows<{ name: string; payload: Json }>(
    ctx.t.system.infra.database.db,
    sql`SELECT name, envelope->'payload' AS payload FROM test_drive.outbox
        WHERE envelope->'payload'->'testDrive'->>'_id' = ${id} ORDER BY seq`,
  );
  return rows;
}

const list = async (ctx: Ctx, user: User, p = '/api/testDrive') => {
  const res = await call(ctx.base, 'GET', p, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as unknown as Json[];
};

// ---------------------------------------------------------------------------------------------------
// With a car sold through the listing API
// ---------------------------------------------------------------------------------------------------

/** Uploads a JPEG through the two-step flow as `user`; its key. */
async function upload(ctx: Ctx, user: User): Promise<string> {
  const res = await call(ctx.base, 'POST', '/api/storage/getUrl?type=cars', { token: user.token });
  expect(res.status).toBe(200);
  const { uploadUrl, key } = res.body as unknown as { uploadUrl: string; key: string };
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const put = await fetch(new URL(uploadUrl, ctx.base), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(image),
  });
  expect(put.status).toBe(200);
  return key;
}

/** Lists a car for sale as `seller` through `POST /api/cars`; its id, once the test-drive service knows it. */
async function sellCar(ctx: Ctx, seller: User): Promise<{ id: string; modelName: string }> {
  // Reference lists answer `{ data: [...] }` (issue 19).
  const get = async (p: string) => (await call(ctx.base, 'GET', p)).body.data as unknown as Json[];
  const maruti = (await get('/api/carbrand')).find((b) => b.name === 'Maruti Suzuki')!;
  const year = 2019;
  const models = await get(`/api/carModel?brand=${maruti._id}&year=${year}`);
  let model: Json | undefined;
  let variant: Json | undefined;
  for (const m of models) {
    const vs = await get(`/api/carVariant?model=${m._id}`);
    if (vs.length > 0) {
      model = m;
      variant = vs[0];
      break;
    }
  }
  const karnataka = (await get('/api/carstate')).find((s) => s.state === 'Karnataka')!;
  const rto = (await get(`/api/RTO?state=${karnataka._id}`)).find((r) => r.code === 'KA-01')!;
  const created = await call(ctx.base, 'POST', '/api/cars', {
    token: seller.token,
    body: {
      brand: maruti._id,
      model: model!._id,
      variant: variant!._id,
      manufacturerYear: year,
      fuelType: variant!.fuelType,
      transmission: variant!.transmission,
      state: karnataka._id,
      rto: rto._id,
      price: 480000,
      location: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' },
      specifications: { regNumber: 'KA-01-AB-1234', kmDriven: 42000 },
      history: [],
      images: [{ key: await upload(ctx, seller) }],
    },
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  await whenKnown(ctx, id);
  return { id, modelName: model!.name as string };
}

describe.each(variants)('test-drive API on $name', ({ servers, skip }) => {
  let ctx: Ctx;
  beforeAll(async () => {
    if (skip) return;
    ctx = await setUp(servers);
  }, 120_000);
  afterAll(async () => {
    await ctx?.t.stop();
  });

  it.skipIf(skip)(
    'books a demo car, lists it with a keyword, reschedules and deletes it, announcing each step',
    async () => {
      const car = ctx.demo[0]!;
      const date = dayFromToday(3);
      const created = await book(ctx, ctx.a, car._id, date, '11:00');
      expect(created.status).toBe(201);
      expect(created.body.message).toBe('Test drive created successfully');
      const booking = created.body.data as Json;
      expect(booking).toMatchObject({
        _id: expect.any(String),
        car: {
          _id: car._id,
          brand: { name: (car.brand as Json).name },
          model: { name: (car.model as Json).name },
        },
        user: ctx.a.id,
        appointmentDate: date,
        appointmentTime: '11:00',
        status: 'Pending',
      });
      const id = booking._id as string;

      const mine = await list(ctx, ctx.a);
      expect(mine.map((b) => b._id)).toContain(id);
      const modelName = String((car.model as Json).name);
      const byModel = await list(
        ctx,
        ctx.a,
        `/api/testDrive?keyword=${encodeURIComponent(modelName.toUpperCase())}`,
      );
      expect(byModel.map((b) => b._id)).toEqual([id]);
      expect(await list(ctx, ctx.a, '/api/testDrive?keyword=zzqx')).toEqual([]);
      expect(await list(ctx, ctx.a, '/api/testDrive?keyword=')).toHaveLength(mine.length);
      expect((await list(ctx, ctx.b)).map((b) => b._id)).not.toContain(id);
      expect((await call(ctx.base, 'GET', '/api/testDrive')).status).toBe(401);

      const slots = await call(ctx.base, 'GET', `/api/testDrive/slots?car=${car._id}&date=${date}`);
      expect(slots.status).toBe(200);
      expect(slots.body.data).toMatchObject({
        car: car._id,
        date,
        openingTime: '10:00',
        closingTime: '19:00',
        slotMinutes: 30,
        timeZone: 'Asia/Kolkata',
      });
      const open = (slots.body.data as Json).slots as string[];
      expect(open).toHaveLength(17);
      expect(open).not.toContain('11:00');
      expect(open[0]).toBe('10:00');
      expect(open.at(-1)).toBe('18:30');

      const later = dayFromToday(4);
      const moved = await call(ctx.base, 'PUT', `/api/testDrive/${id}`, {
        body: { appointmentDate: later, appointmentTime: '12:30', id, car: car._id },
        token: ctx.a.token,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        _id: id,
        appointmentDate: later,
        appointmentTime: '12:30',
        status: 'Pending',
      });
      const freed = await call(ctx.base, 'GET', `/api/testDrive/slots?car=${car._id}&date=${date}`);
      expect((freed.body.data as Json).slots).toContain('11:00');

      const deleted = await call(ctx.base, 'DELETE', `/api/testDrive/${id}`, { token: ctx.a.token });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: 'Test drive deleted successfully' });
      expect((await list(ctx, ctx.a)).map((b) => b._id)).not.toContain(id);
      expect((await call(ctx.base, 'DELETE', `/api/testDrive/${id}`, { token: ctx.a.token })).status).toBe(
        404,
      );

      const events = await eventsOf(ctx, id);
      expect(events.map((e) => e.name)).toEqual([
        'testdrive.booked',
        'testdrive.rescheduled',
        'testdrive.cancelled',
      ]);
      expect(events[0]!.payload).toEqual({
        testDrive: {
          _id: id,
          car: {
            _id: car._id,
            brand: { name: (car.brand as Json).name },
            model: { name: modelName },
            seller: car.seller,
          },
          user: ctx.a.id,
          appointmentDate: date,
          appointmentTime: '11:00',
          status: 'Pending',
        },
      });
      expect(events[1]!.payload).toMatchObject({
        testDrive: { appointmentDate: later, appointmentTime: '12:30' },
        previous: { appointmentDate: date, appointmentTime: '11:00' },
      });
      expect(events[2]!.payload).toMatchObject({ testDrive: { status: 'Cancelled' }, cancelledBy: ctx.a.id });
      // The relay publishes them.
      await ctx.t.system.drainOutboxes();
      const [pending] = await queryRows<{ n: number }>(
        ctx.t.system.infra.database.db,
        sql`SELECT count(*)::int AS n FROM test_drive.outbox WHERE published_at IS NULL`,
      );
      expect(pending!.n).toBe(0);
    },
  );

  it.skipIf(skip)(
    'refuses every broken rule with the right status, storing and emitting nothing',
    async () => {
      const car = ctx.demo[1]!._id;
      const other = ctx.demo[2]!._id;
      const date = dayFromToday(5);
      const taken = await book(ctx, ctx.a, car, date, '15:00');
      expect(taken.status).toBe(201);
      const before = await testDriveState(ctx);
      const cases: Array<[string, Awaited<ReturnType<typeof book>>, number, RegExp]> = [
        ['signed out', await book(ctx, undefined, car, date, '16:00'), 401, /log in/i],
        [
          'yesterday',
          await book(ctx, ctx.b, car, dayFromToday(-1), '16:00'),
          400,
          /^appointmentDate: .*past/,
        ],
        [
          '61 days ahead',
          await book(ctx, ctx.b, car, dayFromToday(61), '16:00'),
          400,
          /^appointmentDate: .*60 days/,
        ],
        [
          'before opening',
          await book(ctx, ctx.b, car, date, '09:30'),
          400,
          /^appointmentTime: .*10:00 to 19:00/,
        ],
        [
          'at closing',
          await book(ctx, ctx.b, car, date, '19:00'),
          400,
          /^appointmentTime: .*last start 18:30/,
        ],
        [
          'after the last start',
          await book(ctx, ctx.b, car, date, '18:31'),
          400,
          /^appointmentTime: .*last start 18:30/,
        ],
        ['not a time', await book(ctx, ctx.b, car, date, '4 pm'), 400, /^appointmentTime\b/],
        ['not a date', await book(ctx, ctx.b, car, '2026-02-30', '16:00'), 400, /^appointmentDate\b/],
        ['no car', await book(ctx, ctx.b, undefined, date, '16:00'), 400, /^car\b/],
        ['unknown car', await book(ctx, ctx.b, randomUUID(), date, '16:00'), 404, /^Car not found/],
        ['not a car id', await book(ctx, ctx.b, 'nope', date, '16:00'), 404, /^Car not found/],
        ['slot taken', await book(ctx, ctx.b, car, date, '15:00'), 409, /already booked for this car/],
        [
          'overlapping the car',
          await book(ctx, ctx.b, car, date, '14:31'),
          409,
          /already booked for this car/,
        ],
        ['booker busy then', await book(ctx, ctx.a, other, date, '15:00'), 409, /already have a test drive/],
        [
          'booker busy overlapping',
          await book(ctx, ctx.a, other, date, '15:29'),
          409,
          /already have a test drive/,
        ],
      ];
      for (const [name, res, status, message] of cases) {
        expect.soft(res.status, name).toBe(status);
        expect.soft(res.body.message, name).toMatch(message);
      }
      expect(await testDriveState(ctx)).toEqual(before);
      // Another slot of the same car, and the same slot of another car by someone else, are fine.
      expect((await book(ctx, ctx.b, car, date, '15:30')).status).toBe(201);
      expect((await book(ctx, ctx.b, other, date, '15:00')).status).toBe(201);
      // Open slots: public; unknown car 404; outside the window 400.
      const open = await call(ctx.base, 'GET', `/api/testDrive/slots?car=${car}&date=${date}`);
      expect((open.body.data as Json).slots).not.toContain('15:00');
      expect((open.body.data as Json).slots).not.toContain('15:30');
      expect(
        (await call(ctx.base, 'GET', `/api/testDrive/slots?car=${randomUUID()}&date=${date}`)).status,
      ).toBe(404);
      const past = await call(ctx.base, 'GET', `/api/testDrive/slots?car=${car}&date=${dayFromToday(-1)}`);
      expect(past.status).toBe(400);
      expect(past.body.message).toMatch(/^date: /);
      expect((await call(ctx.base, 'GET', `/api/testDrive/slots?car=${car}`)).status).toBe(400);
    },
  );

  it.skipIf(skip)("answers 404 for someone else's booking; an Admin may manage any", async () => {
    const car = ctx.demo[3]!._id;
    const date = dayFromToday(6);
    const created = await book(ctx, ctx.a, car, date, '10:00');
    const id = (created.body.data as Json)._id as string;
    const body = { appointmentDate: date, appointmentTime: '10:30' };
    const before = await testDriveState(ctx);
    expect((await call(ctx.base, 'PUT', `/api/testDrive/${id}`, { body, token: ctx.b.token })).status).toBe(
      404,
    );
    expect((await call(ctx.base, 'DELETE', `/api/testDrive/${id}`, { token: ctx.b.token })).status).toBe(404);
    const patch = await call(ctx.base, 'PATCH', `/api/testDrive/${id}/status`, {
      body: { status: 'Confirmed' },
      token: ctx.b.token,
    });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Test drive not found.');
    expect(
      (await call(ctx.base, 'PUT', `/api/testDrive/${randomUUID()}`, { body, token: ctx.a.token })).status,
    ).toBe(404);
    expect((await call(ctx.base, 'DELETE', '/api/testDrive/not-an-id', { token: ctx.a.token })).status).toBe(
      404,
    );
    expect((await call(ctx.base, 'PUT', `/api/testDrive/${id}`, { body })).status).toBe(401);
    expect(await testDriveState(ctx)).toEqual(before);
    // Bad new times are refused like bookings.
    const bad = await call(ctx.base, 'PUT', `/api/testDrive/${id}`, {
      body: { appointmentDate: dayFromToday(-2), appointmentTime: '10:30' },
      token: ctx.a.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^appointmentDate/);

    const byAdmin = await call(ctx.base, 'PUT', `/api/testDrive/${id}`, { body, token: ctx.admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ _id: id, appointmentTime: '10:30', user: ctx.a.id });
    const all = await list(ctx, ctx.admin, '/api/testDrive/admin');
    expect(all.map((b) => b._id)).toContain(id);
    expect(all.some((b) => b.user === ctx.b.id)).toBe(true);
    const model = String((ctx.demo[3]!.model as Json).name);
    const filtered = await list(ctx, ctx.admin, `/api/testDrive/admin?keyword=${encodeURIComponent(model)}`);
    expect(filtered.map((b) => b._id)).toContain(id);
    expect(
      filtered.every(
        (b) => (b.car as { model: Json }).model.name === model || JSON.stringify(b.car).includes(model),
      ),
    ).toBe(true);
    const forbidden = await call(ctx.base, 'GET', '/api/testDrive/admin', { token: ctx.a.token });
    expect(forbidden.status).toBe(403);
    expect((await call(ctx.base, 'DELETE', `/api/testDrive/${id}`, { token: ctx.admin.token })).status).toBe(
      200,
    );
    expect((await eventsOf(ctx, id)).at(-1)).toMatchObject({
      name: 'testdrive.cancelled',
      payload: { cancelledBy: ctx.admin.id },
    });
  });

  it.skipIf(skip)(
    'moves a demo car booking Pending → Confirmed → Completed by an Admin only; Confirmed and Completed are locked',
    async () => {
      const car = ctx.demo[4]!._id;
      const date = dayFromToday(7);
      const id = ((await book(ctx, ctx.a, car, date, '17:00')).body.data as Json)._id as string;
      const setStatus = (status: string, user: User) =>
        call(ctx.base, 'PATCH', `/api/testDrive/${id}/status`, { body: { status }, token: user.token });
      const byBooker = await setStatus('Confirmed', ctx.a);
      expect(byBooker.status).toBe(403);
      expect(byBooker.body.message).toMatch(/seller or an Admin/);
      expect((await setStatus('Completed', ctx.admin)).status).toBe(409);
      expect((await setStatus('Pending', ctx.admin)).status).toBe(400);
      const confirmed = await setStatus('Confirmed', ctx.admin);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        message: 'Test drive confirmed',
        data: { _id: id, status: 'Confirmed' },
      });

      const edit = await call(ctx.base, 'PUT', `/api/testDrive/${id}`, {
        body: { appointmentDate: date, appointmentTime: '17:30' },
        token: ctx.a.token,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe('A Confirmed test drive cannot be changed or deleted.');
      const del = await call(ctx.base, 'DELETE', `/api/testDrive/${id}`, { token: ctx.a.token });
      expect(del.status).toBe(409);
      // A Confirmed booking still holds its slot.
      expect((await book(ctx, ctx.b, car, date, '17:00')).status).toBe(409);

      expect((await setStatus('Completed', ctx.admin)).body).toMatchObject({ data: { status: 'Completed' } });
      expect((await setStatus('Cancelled', ctx.admin)).status).toBe(409);
      expect(
        (await call(ctx.base, 'DELETE', `/api/testDrive/${id}`, { token: ctx.admin.token })).status,
      ).toBe(409);
      expect((await list(ctx, ctx.a)).find((b) => b._id === id)).toMatchObject({ status: 'Completed' });
      const events = await eventsOf(ctx, id);
      expect(events.map((e) => e.name)).toEqual([
        'testdrive.booked',
        'testdrive.status_changed',
        'testdrive.status_changed',
      ]);
      expect(events[1]!.payload).toMatchObject({
        testDrive: { status: 'Confirmed' },
        previousStatus: 'Pending',
        changedBy: ctx.admin.id,
      });
    },
  );

  it.skipIf(skip)(
    'on a listed car: not by its seller; the seller lists and confirms its bookings; selling it cancels them',
    async () => {
      const { id: carId, modelName } = await sellCar(ctx, ctx.s);
      const date = dayFromToday(8);
      const own = await book(ctx, ctx.s, carId, date, '10:00');
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('You cannot book a test drive of your own car.');
      const first = ((await book(ctx, ctx.a, carId, date, '10:00')).body.data as Json)._id as string;
      const second = ((await book(ctx, ctx.b, carId, date, '11:00')).body.data as Json)._id as string;
      expect((await book(ctx, ctx.a, ctx.demo[5]!._id, date, '12:00')).status).toBe(201);

      const sellers = await list(ctx, ctx.s, '/api/testDrive/seller');
      expect(sellers.map((b) => b._id)).toEqual([first, second]);
      expect(sellers[0]).toMatchObject({ car: { _id: carId, model: { name: modelName } }, user: ctx.a.id });
      expect(await list(ctx, ctx.s, '/api/testDrive/seller?keyword=zzqx')).toEqual([]);
      expect((await list(ctx, ctx.a, '/api/testDrive/seller')).map((b) => b._id)).not.toContain(first);

      const confirm = await call(ctx.base, 'PATCH', `/api/testDrive/${first}/status`, {
        body: { status: 'Confirmed' },
        token: ctx.s.token,
      });
      expect(confirm.status).toBe(200);
      const reject = await call(ctx.base, 'PATCH', `/api/testDrive/${second}/status`, {
        body: { status: 'Cancelled' },
        token: ctx.s.token,
      });
      expect(reject.body).toMatchObject({ data: { status: 'Cancelled' } });
      expect((await eventsOf(ctx, second)).at(-1)).toMatchObject({
        name: 'testdrive.cancelled',
        payload: { cancelledBy: ctx.s.id },
      });
      // A cancelled booking frees its slot, cannot be rescheduled, and its booker may delete it.
      const third = ((await book(ctx, ctx.b, carId, date, '11:00')).body.data as Json)._id as string;
      const resched = await call(ctx.base, 'PUT', `/api/testDrive/${second}`, {
        body: { appointmentDate: date, appointmentTime: '12:00' },
        token: ctx.b.token,
      });
      expect(resched.status).toBe(409);
      expect(
        (await call(ctx.base, 'DELETE', `/api/testDrive/${second}`, { token: ctx.b.token })).status,
      ).toBe(200);

      // The seller marks the car sold: its active bookings (Pending and Confirmed) are cancelled.
      const sold = await call(ctx.base, 'PUT', `/api/cars/${carId}`, {
        body: { status: 'sold' },
        token: ctx.s.token,
      });
      expect(sold.status).toBe(200);
      await expect
        .poll(async () => (await list(ctx, ctx.a)).find((b) => b._id === first)?.status, {
          timeout: EVENTUAL_MS,
          interval: 50,
        })
        .toBe('Cancelled');
      await expect
        .poll(async () => (await list(ctx, ctx.b)).find((b) => b._id === third)?.status, {
          timeout: EVENTUAL_MS,
          interval: 50,
        })
        .toBe('Cancelled');
      expect((await eventsOf(ctx, first)).map((e) => e.name)).toEqual([
        'testdrive.booked',
        'testdrive.status_changed',
        'testdrive.cancelled',
      ]);
      expect((await eventsOf(ctx, first)).at(-1)!.payload).toMatchObject({ cancelledBy: ctx.s.id });
      const late = await book(ctx, ctx.b, carId, date, '13:00');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This car is no longer for sale.');

      // Another car, deleted by its seller: its pending booking is cancelled and it cannot be booked.
      const { id: gone } = await sellCar(ctx, ctx.s);
      const pending = ((await book(ctx, ctx.a, gone, date, '14:00')).body.data as Json)._id as string;
      expect((await call(ctx.base, 'DELETE', `/api/cars/${gone}`, { token: ctx.s.token })).status).toBe(200);
      await expect
        .poll(async () => (await list(ctx, ctx.a)).find((b) => b._id === pending)?.status, {
          timeout: EVENTUAL_MS,
          interval: 50,
        })
        .toBe('Cancelled');
      expect((await book(ctx, ctx.b, gone, date, '15:00')).status).toBe(404);
    },
  );

  it.skipIf(skip)("removes a deleted user's bookings", async () => {
    const leaving = await newUser(ctx.base, ctx.admin, 'Leela');
    const car = ctx.demo[6]!._id;
    const id = ((await book(ctx, leaving, car, dayFromToday(9), '16:30')).body.data as Json)._id as string;
    expect(
      (await call(ctx.base, 'DELETE', `/api/account/user/${leaving.id}`, { token: ctx.admin.token })).status,
    ).toBe(200);
    await ctx.t.system.drainOutboxes();
    await expect
      .poll(async () => (await list(ctx, ctx.admin, '/api/testDrive/admin')).some((b) => b._id === id), {
        timeout: EVENTUAL_MS,
        interval: 50,
      })
      .toBe(false);
    expect((await eventsOf(ctx, id)).at(-1)).toMatchObject({
      name: 'testdrive.cancelled',
      payload: { cancelledBy: ctx.admin.id },
    });
    // The slot is free again.
    expect((await book(ctx, ctx.b, car, dayFromToday(9), '16:30')).status).toBe(201);
  });

  it.skipIf(skip)(
    'books at any minute (issue 19): overlapping 30-minute windows of a car are refused, the slots hide them',
    async () => {
      const car = ctx.demo[8]!._id as string;
      const date = dayFromToday(11);
      const c = await newUser(ctx.base, ctx.admin, 'Chitra');
      const first = await book(ctx, ctx.a, car, date, '10:49');
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ appointmentTime: '10:49', status: 'Pending', user: ctx.a.id });
      const id = (first.body.data as Json)._id as string;

      // [10:49, 11:19) overlaps every start from 10:20 to 11:18.
      const before = await testDriveState(ctx);
      for (const time of ['10:45', '10:20', '10:49', '11:18']) {
        const clash = await book(ctx, c, car, date, time);
        expect.soft(clash.status, time).toBe(409);
        expect.soft(clash.body.message, time).toMatch(/^This time is already booked for this car/);
      }
      expect(await testDriveState(ctx)).toEqual(before);

      // The form's :00/:30 slots that 10:49 overlaps (10:30, 11:00) are not offered; 10:00 and 11:30 are.
      const slots = async () =>
        ((await call(ctx.base, 'GET', `/api/testDrive/slots?car=${car}&date=${date}`)).body.data as Json)
          .slots as string[];
      const open = await slots();
      expect(open).toHaveLength(16);
      expect(open).toEqual(expect.arrayContaining(['10:00', '11:30', '18:30']));
      expect(open).not.toContain('10:30');
      expect(open).not.toContain('11:00');

      // Exactly 30 minutes apart does not overlap.
      const later = await book(ctx, c, car, date, '11:30');
      expect(later.status).toBe(201);
      expect((await book(ctx, ctx.b, car, date, '10:19')).status).toBe(201);
      expect(await slots()).not.toContain('10:00');
      expect(await slots()).not.toContain('11:30');
      expect(await slots()).toContain('12:00');
      const laterId = (later.body.data as Json)._id as string;

      // The date as a date picker posts it (local midnight in India as an ISO date-time) is that day.
      const picked = await book(ctx, ctx.b, car, `${dayFromToday(10)}T18:30:00.000Z`, '12:30');
      expect(picked.status).toBe(201);
      expect(picked.body.data).toMatchObject({ appointmentDate: date, appointmentTime: '12:30' });
      expect(await slots()).not.toContain('12:30');

      // Rescheduling with what GET /api/testDrive returned (car as an object): only the time changes.
      const got = (await list(ctx, ctx.a)).find((b) => b._id === id)!;
      expect(got.car).toMatchObject({ _id: car, brand: { name: expect.any(String) } });
      const put = (bookingId: string, user: User, body: Json) =>
        call(ctx.base, 'PUT', `/api/testDrive/${bookingId}`, { body, token: user.token });
      const roundTrip = {
        appointmentDate: got.appointmentDate,
        appointmentTime: got.appointmentTime,
        id,
        car: got.car,
      };
      const same = await put(id, ctx.a, roundTrip);
      expect(same.status).toBe(200);
      expect(same.body).toEqual(got);

      // Moving onto another booking of the car (11:05 overlaps 11:30) is refused; 10:55 overlaps only itself.
      const onto = await put(id, ctx.a, { ...roundTrip, appointmentTime: '11:05' });
      expect(onto.status).toBe(409);
      expect(onto.body.message).toMatch(/^This time is already booked for this car/);
      const moved = await put(id, ctx.a, { ...roundTrip, appointmentTime: '10:55' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ ...got, appointmentTime: '10:55', updatedAt: expect.any(String) });
      expect((await list(ctx, ctx.a)).find((b) => b._id === id)).toEqual(moved.body);
      expect((await put(laterId, c, { appointmentDate: date, appointmentTime: '11:20' })).status).toBe(409);
      expect((await eventsOf(ctx, id)).map((e) => e.name)).toEqual([
        'testdrive.booked',
        'testdrive.rescheduled',
      ]);

      // A malformed car is still refused, naming the field, and changes nothing.
      const unchanged = await testDriveState(ctx);
      for (const car of [{}, 42, { _id: '' }, 'x'.repeat(65)]) {
        const bad = await put(id, ctx.a, { ...roundTrip, appointmentTime: '10:57', car });
        expect.soft(bad.status, JSON.stringify(car)).toBe(400);
        expect.soft(bad.body.message, JSON.stringify(car)).toMatch(/^car\b/);
      }
      expect(await testDriveState(ctx)).toEqual(unchanged);
      expect((await list(ctx, ctx.a)).find((b) => b._id === id)).toEqual(moved.body);
    },
  );

  it.skipIf(skip)(
    'lets exactly one of simultaneous overlapping bookings win, on one car or for one user',
    async () => {
      const racers: User[] = [];
      for (let i = 0; i < 6; i++) racers.push(await newUser(ctx.base, ctx.admin, 'Racer'));
      // Pairwise less than 30 minutes apart: any two overlap.
      const times = ['14:00', '14:29', '14:06', '14:23', '14:12', '14:18'];
      const car = ctx.demo[9]!._id as string;
      const outcome = (results: Array<Awaited<ReturnType<typeof book>>>) =>
        results.map((r) => r.status).sort((x, y) => x - y);
      for (const days of [12, 13, 14]) {
        const date = dayFromToday(days);
        const results = await Promise.all(racers.map((u, i) => book(ctx, u, car, date, times[i]!)));
        expect(outcome(results), date).toEqual([201, 409, 409, 409, 409, 409]);
        for (const r of results.filter((r) => r.status === 409)) {
          expect(r.body.message).toMatch(/^This time is already booked for this car/);
        }
        const [held] = await queryRows<{ n: number }>(
          ctx.t.system.infra.database.db,
          sql`SELECT count(*)::int AS n FROM test_drive.test_drives
              WHERE car_id = ${car} AND appointment_date = ${date} AND status IN ('Pending', 'Confirmed')`,
        );
        expect(held!.n).toBe(1);
      }
      // One user, six cars at once.
      const date = dayFromToday(15);
      const results = await Promise.all(
        ctx.demo.slice(0, 6).map((c, i) => book(ctx, racers[0], c._id, date, times[i]!)),
      );
      expect(outcome(results)).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) {
        expect(r.body.message).toMatch(/^You already have a test drive booked at an overlapping time/);
      }
    },
  );

  it.skipIf(skip)('rate-limits bookings per user', async () => {
    const car = ctx.demo[7]!._id;
    for (let i = 0; i < 30; i++) {
      expect((await book(ctx, ctx.r, car, dayFromToday(-1), '10:00')).status).toBe(400);
    }
    const refused = await book(ctx, ctx.r, car, dayFromToday(10), '10:00');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await book(ctx, ctx.b, car, dayFromToday(10), '10:00')).status).toBe(201);
  });
});
