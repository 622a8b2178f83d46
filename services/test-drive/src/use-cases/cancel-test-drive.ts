/** Deleting a booking (spec §7 `DELETE /api/testDrive/{id}`; issue 7). */
import { conflict, notFound, type Principal } from '@marketplace/platform';
import { testDriveStore } from '../data/store';
import { isActive, isLocked, messages } from '../domain/rules';
import { emitCancelled } from '../events/publish';
import { managedBooking, type TestDriveDeps } from './schedule';

/**
 * Deletes booking `id` (the caller's, or any for an Admin); an active one is announced as
 * `testdrive.cancelled` by the caller.
 * @throws HttpError 404 not the caller's; 409 Confirmed or Completed.
 */
export async function cancelTestDrive(deps: TestDriveDeps, caller: Principal, id: string): Promise<void> {
  await deps.outbox.transaction(async (tx, emit) => {
    const booking = await managedBooking(tx, id, caller);
    if (isLocked(booking.status)) throw conflict(messages.locked(booking.status));
    const row = await testDriveStore.remove(tx, booking.id);
    if (!row) throw notFound(messages.notFound);
    if (isActive(row.status))
      await emitCancelled(emit, { ...row, status: 'Cancelled', car: booking.car }, caller.id);
  });
}
