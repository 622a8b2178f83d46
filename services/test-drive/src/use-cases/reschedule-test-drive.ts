/** Moving a booking to another date or time (spec §7 `PUT /api/testDrive/{id}`; issue 19). */
import type { TestDrive } from '@marketplace/contracts';
import { badRequest, conflict, notFound, type Principal } from '@marketplace/platform';
import { testDriveStore } from '../data/store';
import { appointmentProblem, isLocked, mayManage, messages } from '../domain/rules';
import { toTestDrive } from '../domain/serialize';
import { emitRescheduled } from '../events/publish';
import { assertFree, managedBooking, slotWrite, type TestDriveDeps } from './schedule';

/**
 * Moves booking `id` (the caller's, or any for an Admin) to `appointmentDate` `appointmentTime` and emits
 * `testdrive.rescheduled`; the same date and time again changes nothing and emits nothing.
 * @throws HttpError 404 not the caller's; 409 Confirmed, Completed or Cancelled, or overlapping another
 *   booking; 400 naming the field for a date or time the rules refuse.
 */
export async function rescheduleTestDrive(
  deps: TestDriveDeps,
  caller: Principal,
  id: string,
  to: { appointmentDate: string; appointmentTime: string },
): Promise<TestDrive> {
  const { appointmentDate, appointmentTime } = to;
  const current = await testDriveStore.byId(deps.db, id);
  if (!current || !mayManage(caller, current.userId)) throw notFound(messages.notFound);
  return slotWrite(deps.db, { carId: current.carId, date: appointmentDate, time: appointmentTime }, () =>
    deps.outbox.transaction(async (tx, emit) => {
      const booking = await managedBooking(tx, id, caller);
      if (isLocked(booking.status)) throw conflict(messages.locked(booking.status));
      if (booking.status === 'Cancelled') throw conflict(messages.cancelled);
      const unchanged =
        booking.appointmentDate === appointmentDate && booking.appointmentTime === appointmentTime;
      if (unchanged) return toTestDrive(booking);
      const problem = appointmentProblem(appointmentDate, appointmentTime, deps.clock());
      if (problem) throw badRequest(problem);
      await assertFree(tx, {
        carId: booking.carId,
        userId: booking.userId,
        date: appointmentDate,
        time: appointmentTime,
        exceptId: booking.id,
      });
      const row = await testDriveStore.update(tx, booking.id, { appointmentDate, appointmentTime });
      if (!row) throw notFound(messages.notFound);
      const view = { ...row, car: booking.car };
      await emitRescheduled(emit, view, {
        appointmentDate: booking.appointmentDate,
        appointmentTime: booking.appointmentTime,
      });
      return toTestDrive(view);
    }),
  );
}
