/**
 * Test-drive API, booking (spec §7 "Test drives", §4, §8; issues 7 and 19) through the embedded system, on
 * the embedded adapters and on the real PostgreSQL, RabbitMQ and Redis, on the seeded demo cars: book, list
 * with a keyword, reschedule and delete, announcing each step; every booking rule (past, > 60 days, outside
 * hours, overlapping 30-minute windows of the car or of the booker, unknown car) and the open slots; who may
 * read, change and delete a booking (404 for someone else's, an Admin any — the bookings of the tests before
 * it included); simultaneous overlapping bookings (exactly one wins).
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayFromToday } from '../../../test-support/dates';
import { call, systemVariants } from '../../../test-support/system';
import {
  book,
  eventsOf,
  type Json,
  list,
  newUser,
  testDriveState,
  type User,
  useTestDriveApi,
} from './support/test-drive-api';

const variants = await systemVariants();

describe.each(variants)('test-drive API on $name: booking', ({ servers, skip }) => {
  const ctx = useTestDriveApi(servers, skip);

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
    'lets exactly one of simultaneous overlapping bookings win, on one car or for one user',
    async () => {
      const racers: User[] = [];
      for (let i = 0; i < 6; i++) racers.push(await newUser(ctx, 'Racer'));
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
});
