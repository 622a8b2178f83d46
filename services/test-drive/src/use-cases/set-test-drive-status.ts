/** The seller (or an Admin) confirming, completing or cancelling a booking (`PATCH …/status`; issue 7). */
import type { TestDrive, TestDriveStatus } from '@marketplace/contracts';
import { conflict, forbidden, notFound, type Principal } from '@marketplace/platform';
import { testDriveStore } from '../data/store';
import { canTransition, mayChangeStatus, messages } from '../domain/rules';
import { toTestDrive } from '../domain/serialize';
import { emitCancelled, emitStatusChanged } from '../events/publish';
import type { TestDriveDeps } from './schedule';

/**
 * Sets booking `id` to `status` and emits `testdrive.cancelled` (to Cancelled) or
 * `testdrive.status_changed`.
 * @throws HttpError 404 unknown (or neither the seller's nor the booker's); 403 the booker; 409 a change
 *   the lifecycle forbids.
 */
export async function setTestDriveStatus(
  deps: TestDriveDeps,
  caller: Principal,
  id: string,
  status: TestDriveStatus,
): Promise<TestDrive> {
  return deps.outbox.transaction(async (tx, emit) => {
    const booking = await testDriveStore.byId(tx, id, true);
    if (!booking) throw notFound(messages.notFound);
    if (!mayChangeStatus(caller, booking.sellerId)) {
      throw booking.userId === caller.id ? forbidden(messages.notSeller) : notFound(messages.notFound);
    }
    if (!canTransition(booking.status, status))
      throw conflict(messages.badTransition(booking.status, status));
    const row = await testDriveStore.update(tx, booking.id, { status });
    if (!row) throw notFound(messages.notFound);
    const view = { ...row, car: booking.car };
    if (status === 'Cancelled') await emitCancelled(emit, view, caller.id);
    else await emitStatusChanged(emit, view, booking.status, caller.id);
    return toTestDrive(view);
  });
}
