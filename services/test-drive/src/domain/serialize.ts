/**
 * API and event shapes of a stored booking (packages/contracts test-drives.ts, events.ts): the booking as
 * read (`TestDrive`: car as `{ _id, brand: { name }, model: { name } }`, timestamps ISO 8601) and as carried
 * by `testdrive.*` events (plus the car's `seller`).
 */
import type { TestDrive } from '@marketplace/contracts';
import type { BookingView } from '../data/store';

/** The booking as the API answers it. A car the projection never saw is named with empty strings. */
export function toTestDrive(view: BookingView): TestDrive {
  return {
    _id: view.id,
    car: {
      _id: view.carId,
      brand: { name: view.car?.brandName ?? '' },
      model: { name: view.car?.modelName ?? '' },
    },
    user: view.userId,
    appointmentDate: view.appointmentDate,
    appointmentTime: view.appointmentTime,
    status: view.status,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** The booking as `testdrive.*` events carry it (`testDriveEventData`): no timestamps, the car's seller. */
export function toEventData(view: BookingView) {
  const { createdAt: _c, updatedAt: _u, car, ...rest } = toTestDrive(view);
  return { ...rest, car: { ...car, seller: view.sellerId } };
}
