/**
 * What the test-drive service publishes and consumes (ARCHITECTURE.md "Events"; issue 7; ADR 6).
 *
 * Publishes, through its outbox in the transaction of the change (payloads as packages/contracts events.ts):
 * - `testdrive.booked` `{ testDrive }` on a new booking (status Pending);
 * - `testdrive.rescheduled` `{ testDrive, previous: { appointmentDate, appointmentTime } }`;
 * - `testdrive.status_changed` `{ testDrive, previousStatus, changedBy }` when the seller or an Admin
 *   confirms or completes a booking;
 * - `testdrive.cancelled` `{ testDrive, cancelledBy }` when an active booking ends without taking place:
 *   the booker or an Admin deletes a Pending booking (`DELETE`), the seller or an Admin sets Cancelled
 *   (`PATCH …/status`), the car is sold or removed (cancelledBy: the car's seller), or the booker is
 *   deleted (cancelledBy: the Admin who deleted them).
 *
 * Consumes:
 * - `catalog.car.indexed` / `catalog.car.removed` → the local car projection (store.ts `cars`). When a car
 *   becomes not for sale (status `sold`) or is removed, its active (Pending and Confirmed) bookings are
 *   cancelled: nobody can test-drive a car that is gone.
 * - `auth.user.deleted` → the user's bookings are deleted (active ones announced as cancelled). Bookings
 *   on the cars the user sold end through the car path: listing deletes the listings, the catalog
 *   announces `catalog.car.removed`.
 */
import {
  type EventPayloads,
  events,
  type SubscribedEvent,
  subscribedTo,
  type TestDriveStatus,
} from '@marketplace/contracts';
import type { Consumer, Db, Emit } from '@marketplace/platform';
import { inArray } from 'drizzle-orm';
import { isActive } from './domain/rules';
import { toEventData } from './domain/serialize';
import { type BookingView, type CarRow, carStore, cars, type TestDriveRow, testDriveStore } from './store';

/** The service's consumers, by name and events (the module's `consumes`; each factory below spreads one). */
export const consumes = {
  cars: { name: 'test-drive.cars', ...subscribedTo('catalog.car.indexed', 'catalog.car.removed') },
  userDeleted: { name: 'test-drive.user-deleted', ...subscribedTo('auth.user.deleted') },
};

/** Emits `testdrive.booked`. @throws ZodError when the payload breaks the contract (a bug; rolls back). */
export function emitBooked(emit: Emit<EventPayloads>, view: BookingView) {
  return emit('testdrive.booked', events['testdrive.booked'].payload.parse({ testDrive: toEventData(view) }));
}

/** Emits `testdrive.rescheduled` with the previous date and time. */
export function emitRescheduled(
  emit: Emit<EventPayloads>,
  view: BookingView,
  previous: { appointmentDate: string; appointmentTime: string },
) {
  return emit(
    'testdrive.rescheduled',
    events['testdrive.rescheduled'].payload.parse({ testDrive: toEventData(view), previous }),
  );
}

/** Emits `testdrive.cancelled`; `cancelledBy` is a user id (booker, seller or Admin). */
export function emitCancelled(emit: Emit<EventPayloads>, view: BookingView, cancelledBy: string) {
  return emit(
    'testdrive.cancelled',
    events['testdrive.cancelled'].payload.parse({ testDrive: toEventData(view), cancelledBy }),
  );
}

/** Emits `testdrive.status_changed` with the previous status and who changed it. */
export function emitStatusChanged(
  emit: Emit<EventPayloads>,
  view: BookingView,
  previousStatus: TestDriveStatus,
  changedBy: string,
) {
  return emit(
    'testdrive.status_changed',
    events['testdrive.status_changed'].payload.parse({
      testDrive: toEventData(view),
      previousStatus,
      changedBy,
    }),
  );
}

/** Cancels the active bookings of `car` and announces each (cancelledBy: the car's seller). */
async function cancelBookingsOf(tx: Db, emit: Emit<EventPayloads>, car: CarRow): Promise<number> {
  const cancelled = await testDriveStore.cancelActiveOfCar(tx, car.id);
  for (const row of cancelled) await emitCancelled(emit, { ...row, car }, car.sellerId);
  return cancelled.length;
}

type CarEvent = SubscribedEvent<typeof consumes.cars>;

/**
 * Keeps the local car projection (see the module comment). Idempotent: the inbox drops redeliveries, and
 * an event older than the applied one (by `occurredAt`) or after the removal changes nothing.
 */
export function carProjectionConsumer(): Consumer<CarEvent, EventPayloads> {
  return {
    ...consumes.cars,
    async handle(event, { tx, emit, logger }) {
      const version = new Date(event.occurredAt);
      if (event.name === 'catalog.car.removed') {
        const { carId } = event.payload;
        if (!(await carStore.remove(tx, carId, version))) return;
        const car = (await carStore.byId(tx, carId))!;
        const n = await cancelBookingsOf(tx, emit, car);
        if (n > 0) logger.info({ carId, bookings: n }, 'bookings of a removed car cancelled');
        return;
      }
      const summary = event.payload.car;
      const applied = await carStore.index(
        tx,
        {
          id: summary._id,
          sellerId: summary.seller,
          status: summary.status,
          brandName: summary.brand.name,
          modelName: summary.model.name,
          variantName: summary.variant.name,
        },
        version,
      );
      if (applied && applied.after.status !== 'used') {
        const n = await cancelBookingsOf(tx, emit, applied.after);
        if (n > 0) logger.info({ carId: summary._id, bookings: n }, 'bookings of a sold car cancelled');
      }
    },
  };
}

/** Deletes a deleted user's bookings (see the module comment). */
export function userDeletedConsumer(): Consumer<SubscribedEvent<typeof consumes.userDeleted>, EventPayloads> {
  return {
    ...consumes.userDeleted,
    async handle(event, { tx, emit, logger }) {
      const { userId, deletedBy } = event.payload;
      const removed: TestDriveRow[] = await testDriveStore.removeByUser(tx, userId);
      const active = removed.filter((r) => isActive(r.status));
      if (active.length > 0) {
        const carRows = await tx
          .select()
          .from(cars)
          .where(
            inArray(
              cars.id,
              active.map((r) => r.carId),
            ),
          );
        const byId = new Map(carRows.map((c) => [c.id, c]));
        for (const row of active) {
          await emitCancelled(
            emit,
            { ...row, status: 'Cancelled', car: byId.get(row.carId) ?? null },
            deletedBy ?? userId,
          );
        }
      }
      if (removed.length > 0)
        logger.info({ userId, bookings: removed.length }, "deleted user's bookings removed");
    },
  };
}
