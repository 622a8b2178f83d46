/**
 * What the test-drive service publishes, through its outbox in the transaction of the change (payloads
 * as packages/contracts events.ts; docs/architecture.md "Events"; issue 7; ADR 6):
 * - `testdrive.booked` `{ testDrive }` on a new booking (status Pending);
 * - `testdrive.rescheduled` `{ testDrive, previous: { appointmentDate, appointmentTime } }`;
 * - `testdrive.status_changed` `{ testDrive, previousStatus, changedBy }` when the seller or an Admin
 *   confirms or completes a booking;
 * - `testdrive.cancelled` `{ testDrive, cancelledBy }` when an active booking ends without taking place:
 *   the booker or an Admin deletes a Pending booking (`DELETE`), the seller or an Admin sets Cancelled
 *   (`PATCH …/status`), the car is sold or removed (cancelledBy: the car's seller), or the booker is
 *   deleted (cancelledBy: the Admin who deleted them).
 */
import { type EventPayloads, events, type TestDriveStatus } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';
import type { BookingView } from '../data/store';
import { toEventData } from '../domain/serialize';

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
