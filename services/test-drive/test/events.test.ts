/**
 * The test-drive service's consumers and store (events.ts, store.ts) on an in-memory PGlite with the
 * service's migrations, through the platform's consumer runtime: the car projection from the catalog's
 * events (ordering, tombstones), bookings cancelled when their car is sold or removed, a deleted user's
 * bookings removed, the partial unique indexes that hold one active booking per car and per user and exact
 * start (a backstop of the overlap rule), and the active start times the overlap checks read.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type CarSummary, makeEvent } from '@marketplace/contracts';
import { isUniqueViolation, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriber, useMigratedDatabase } from '../../../test-support/consumers';
import { carStore, tables, testDriveStore } from '../src/data/store';
import { carProjectionConsumer, userDeletedConsumer } from '../src/events/consumers';

const migrationsFolder = path.resolve(import.meta.dirname, '../migrations');
const database = useMigratedDatabase('test_drive', migrationsFolder);
const subscribe = subscriber(database, tables);

function summary(over: Partial<CarSummary> = {}): CarSummary {
  return {
    _id: randomUUID(),
    seller: randomUUID(),
    status: 'used',
    brand: { _id: randomUUID(), name: 'Tata' },
    model: { _id: randomUUID(), name: 'Nexon' },
    variant: { _id: randomUUID(), name: 'XZ Plus' },
    manufacturerYear: 2021,
    price: 900000,
    city: 'Pune',
    ...over,
  };
}

const at = (iso: string) => ({ correlationId: 't', occurredAt: iso });
const indexed = (car: CarSummary, iso = '2026-03-01T10:00:00.000Z') =>
  ({ body: makeEvent('catalog.car.indexed', { car }, at(iso)), attempt: 1 }) as const;
const removed = (carId: string, iso = '2026-03-02T10:00:00.000Z') =>
  ({ body: makeEvent('catalog.car.removed', { carId }, at(iso)), attempt: 1 }) as const;

async function book(carId: string, sellerId: string, date: string, time: string, userId = randomUUID()) {
  return testDriveStore.insert(database.db, {
    carId,
    userId,
    sellerId,
    appointmentDate: date,
    appointmentTime: time,
    status: 'Pending',
  });
}

/** `testdrive.*` events in the outbox about `bookingIds`, oldest first. */
async function emitted(bookingIds: string[]) {
  const rows = await queryRows<{ name: string; envelope: { payload: Record<string, unknown> } }>(
    database.db,
    sql`SELECT name, envelope FROM test_drive.outbox ORDER BY seq`,
  );
  return rows.filter((r) =>
    bookingIds.includes((r.envelope.payload.testDrive as { _id: string } | undefined)?._id ?? ''),
  );
}

describe('car projection', () => {
  it('keeps the newest summary, ignores older redeliveries and anything after the removal', async () => {
    const sub = subscribe(carProjectionConsumer());
    const car = summary();
    await sub.handle(indexed(car));
    expect(await carStore.byId(database.db, car._id)).toMatchObject({
      sellerId: car.seller,
      status: 'used',
      brandName: 'Tata',
      modelName: 'Nexon',
      variantName: 'XZ Plus',
      removed: false,
    });
    await sub.handle(
      indexed({ ...car, model: { ...car.model, name: 'Nexon EV' } }, '2026-03-03T10:00:00.000Z'),
    );
    await sub.handle(indexed({ ...car, model: { ...car.model, name: 'Old' } }, '2026-03-02T10:00:00.000Z'));
    expect((await carStore.byId(database.db, car._id))?.modelName).toBe('Nexon EV');
    await sub.handle(removed(car._id, '2026-03-04T10:00:00.000Z'));
    await sub.handle(indexed(car, '2026-03-05T10:00:00.000Z'));
    expect(await carStore.byId(database.db, car._id)).toMatchObject({ removed: true, modelName: 'Nexon EV' });
    // A removal of a car never indexed leaves a tombstone, so a late indexed event cannot add it.
    const ghost = summary();
    await sub.handle(removed(ghost._id));
    await sub.handle(indexed(ghost, '2026-03-01T09:00:00.000Z'));
    expect((await carStore.byId(database.db, ghost._id))?.removed).toBe(true);
  });

  it('cancels the active bookings of a car that is sold, with testdrive.cancelled each, once', async () => {
    const sub = subscribe(carProjectionConsumer());
    const car = summary();
    await sub.handle(indexed(car));
    const pending = await book(car._id, car.seller, '2026-04-01', '10:00');
    const confirmed = await book(car._id, car.seller, '2026-04-01', '10:30');
    await testDriveStore.update(database.db, confirmed.id, { status: 'Confirmed' });
    const completed = await book(car._id, car.seller, '2026-03-01', '11:00');
    await testDriveStore.update(database.db, completed.id, { status: 'Completed' });
    const other = summary();
    await sub.handle(indexed(other));
    const elsewhere = await book(other._id, other.seller, '2026-04-01', '10:00');

    const sold = indexed({ ...car, status: 'sold' }, '2026-03-06T10:00:00.000Z');
    await sub.handle(sold);
    await sub.handle({ ...sold, attempt: 2 });
    const statuses = async (ids: string[]) =>
      Promise.all(ids.map(async (id) => (await testDriveStore.byId(database.db, id))?.status));
    expect(await statuses([pending.id, confirmed.id, completed.id, elsewhere.id])).toEqual([
      'Cancelled',
      'Cancelled',
      'Completed',
      'Pending',
    ]);
    const events = await emitted([pending.id, confirmed.id, completed.id, elsewhere.id]);
    expect(events.map((e) => e.name)).toEqual(['testdrive.cancelled', 'testdrive.cancelled']);
    expect(events[0]!.envelope.payload).toMatchObject({
      testDrive: {
        _id: pending.id,
        status: 'Cancelled',
        car: { _id: car._id, brand: { name: 'Tata' }, model: { name: 'Nexon' }, seller: car.seller },
      },
      cancelledBy: car.seller,
    });
  });

  it('cancels the active bookings of a removed car', async () => {
    const sub = subscribe(carProjectionConsumer());
    const car = summary();
    await sub.handle(indexed(car));
    const pending = await book(car._id, car.seller, '2026-04-02', '12:00');
    await sub.handle(removed(car._id, '2026-03-07T10:00:00.000Z'));
    expect((await testDriveStore.byId(database.db, pending.id))?.status).toBe('Cancelled');
    expect((await emitted([pending.id])).map((e) => e.name)).toEqual(['testdrive.cancelled']);
  });
});

describe('auth.user.deleted consumer', () => {
  it("deletes the user's bookings, announcing the active ones as cancelled, once", async () => {
    const projection = subscribe(carProjectionConsumer());
    const car = summary();
    await projection.handle(indexed(car));
    const user = randomUUID();
    const admin = randomUUID();
    const pending = await book(car._id, car.seller, '2026-04-03', '10:00', user);
    const completed = await book(car._id, car.seller, '2026-03-01', '10:00', user);
    await testDriveStore.update(database.db, completed.id, { status: 'Completed' });
    const theirs = await book(car._id, car.seller, '2026-04-03', '10:30');
    const sub = subscribe(userDeletedConsumer());
    const event = makeEvent('auth.user.deleted', { userId: user, deletedBy: admin }, { correlationId: 't' });
    await sub.handle({ body: event, attempt: 1 });
    await sub.handle({ body: event, attempt: 2 });
    expect(await testDriveStore.list(database.db, { userId: user })).toEqual([]);
    expect(await testDriveStore.byId(database.db, theirs.id)).toBeDefined();
    const events = await emitted([pending.id, completed.id]);
    expect(events.map((e) => e.name)).toEqual(['testdrive.cancelled']);
    expect(events[0]!.envelope.payload).toMatchObject({
      testDrive: { _id: pending.id, user, status: 'Cancelled' },
      cancelledBy: admin,
    });
  });
});

describe('partial unique indexes', () => {
  it('hold one active booking per car and slot and per user and slot; cancelled ones free the slot', async () => {
    const car = randomUUID();
    const seller = randomUUID();
    const user = randomUUID();
    const first = await book(car, seller, '2026-04-10', '15:00', user);
    const violation = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return false;
      } catch (err) {
        return isUniqueViolation(err);
      }
    };
    expect(await violation(() => book(car, seller, '2026-04-10', '15:00'))).toBe(true);
    expect(await violation(() => book(randomUUID(), seller, '2026-04-10', '15:00', user))).toBe(true);
    expect(await violation(() => book(car, seller, '2026-04-10', '15:30', user))).toBe(false);
    await testDriveStore.update(database.db, first.id, { status: 'Cancelled' });
    expect(await violation(() => book(car, seller, '2026-04-10', '15:00'))).toBe(false);
    expect(await testDriveStore.activeTimes(database.db, { carId: car }, '2026-04-10')).toEqual([
      '15:00',
      '15:30',
    ]);
  });
});

describe('activeTimes', () => {
  it("lists a car's or a booker's active start times of a date, but the excepted booking", async () => {
    const car = randomUUID();
    const seller = randomUUID();
    const user = randomUUID();
    const late = await book(car, seller, '2026-04-11', '12:07', user);
    const early = await book(car, seller, '2026-04-11', '10:49');
    const cancelled = await book(car, seller, '2026-04-11', '14:00', user);
    await testDriveStore.update(database.db, cancelled.id, { status: 'Cancelled' });
    await book(car, seller, '2026-04-12', '10:00', user);
    const times = (of: Parameters<typeof testDriveStore.activeTimes>[1], exceptId?: string) =>
      testDriveStore.activeTimes(database.db, of, '2026-04-11', exceptId);
    expect(await times({ carId: car })).toEqual(['10:49', '12:07']);
    expect(await times({ carId: car }, early.id)).toEqual(['12:07']);
    expect(await times({ userId: user })).toEqual(['12:07']);
    expect(await times({ userId: user }, late.id)).toEqual([]);
    expect(await times({ carId: 'not-a-uuid' })).toEqual([]);
  });
});
