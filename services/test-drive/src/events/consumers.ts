/**
 * What the test-drive service consumes (docs/architecture.md "Events"; issue 7; ADR 6):
 * - `catalog.car.indexed` / `catalog.car.removed` → the local car projection (data/store.ts `cars`). When
 *   a car becomes not for sale (status `sold`) or is removed, its active (Pending and Confirmed) bookings
 *   are cancelled: nobody can test-drive a car that is gone.
 * - `auth.user.deleted` → the user's bookings are deleted (active ones announced as cancelled). Bookings
 *   on the cars the user sold end through the car path: listing deletes the listings, the catalog
 *   announces `catalog.car.removed`.
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer, Db, Emit } from '@marketplace/platform';
import { inArray } from 'drizzle-orm';
import { type CarRow, carStore, cars, type TestDriveRow, testDriveStore } from '../data/store';
import { isActive } from '../domain/rules';
import { emitCancelled } from './publish';

/** The service's consumers, by name and events (the module's `consumes`; each factory below spreads one). */
export const consumes = {
  cars: { name: 'test-drive.cars', ...subscribedTo('catalog.car.indexed', 'catalog.car.removed') },
  userDeleted: { name: 'test-drive.user-deleted', ...subscribedTo('auth.user.deleted') },
};

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
