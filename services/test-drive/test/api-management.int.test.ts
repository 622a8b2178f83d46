import { describe, expect, it } from 'vitest';
import { dayFromToday } from '../../../test-support/dates';
import { call, systemVariants } from '../../../test-support/system';
import {
  book,
  EVENTUAL_MS,
  eventsOf,
  type Json,
  list,
  newUser,
  sellCar,
  testDriveState,
  type User,
  useTestDriveApi,
} from './support/test-drive-api';

const variants = await systemVariants();

describe.each(variants)('test-drive API on $name: managing bookings', ({ servers, skip }) => {
  const ctx = useTestDriveApi(servers, skip);

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
    const leaving = await newUser(ctx, 'Leela');
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
      const c = await newUser(ctx, 'Chitra');
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
