/**
 * What every booking flow shares: its dependencies, the bookable car, the booker's (or Admin's) booking,
 * and the overlap guard of the writing transaction (issue 19).
 */
import type { EventPayloads } from '@marketplace/contracts';
import {
  conflict,
  type Db,
  isUniqueViolation,
  notFound,
  type Outbox,
  type Principal,
  type RateLimiter,
} from '@marketplace/platform';
import { type CarRow, carStore, testDriveStore } from '../data/store';
import { clashes, mayManage, messages } from '../domain/rules';

/** The ports the booking flows use; `bookLimiter` counts bookings per user (`limits.bookPerUser`). */
export interface TestDriveDeps {
  db: Db;
  outbox: Outbox<EventPayloads>;
  /** Current time; decides "today" and "passed" in India time. */
  clock: () => Date;
  bookLimiter: RateLimiter;
}

/** The projected car `carId` if it can be booked. @throws HttpError 404 unknown or removed, 409 not for sale. */
export async function bookableCar(db: Db, carId: string): Promise<CarRow> {
  const car = await carStore.byId(db, carId);
  if (!car || car.removed) throw notFound(messages.carNotFound);
  if (car.status !== 'used') throw conflict(messages.carNotForSale);
  return car;
}

/**
 * Inside the booking or rescheduling transaction `tx`: locks the schedules of the car and of the booker
 * (store `lockSchedules`), then refuses a time whose 30-minute window overlaps another active booking of
 * either on that date (rules `clashes`; issue 19). `exceptId`: the booking being rescheduled.
 * @throws HttpError 409 `slotTaken` (the car's) or `userBusy` (the booker's).
 */
export async function assertFree(
  tx: Db,
  at: { carId: string; userId: string; date: string; time: string; exceptId?: string },
): Promise<void> {
  await testDriveStore.lockSchedules(tx, at.carId, at.userId);
  if (clashes(await testDriveStore.activeTimes(tx, { carId: at.carId }, at.date, at.exceptId), at.time)) {
    throw conflict(messages.slotTaken);
  }
  if (clashes(await testDriveStore.activeTimes(tx, { userId: at.userId }, at.date, at.exceptId), at.time)) {
    throw conflict(messages.userBusy);
  }
}

/**
 * Runs a write guarded by {@link assertFree}; should the exact-start unique indexes (store.ts, a
 * backstop) still refuse it, the violation becomes the 409 of the car or of the booker, never a 500.
 */
export async function slotWrite<T>(
  db: Db,
  at: { carId: string; date: string; time: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const carHeld = (await testDriveStore.activeTimes(db, { carId: at.carId }, at.date)).includes(at.time);
    throw conflict(carHeld ? messages.slotTaken : messages.userBusy);
  }
}

/** The booking `id` for the booker or an Admin, locked for the transaction. @throws HttpError 404 otherwise. */
export async function managedBooking(tx: Db, id: string, caller: Principal) {
  const booking = await testDriveStore.byId(tx, id, true);
  if (!booking || !mayManage(caller, booking.userId)) throw notFound(messages.notFound);
  return booking;
}
