/** Booking a test drive (spec §7 `POST /api/testDrive`; issues 7 and 19). */
import type { TestDrive } from '@marketplace/contracts';
import { badRequest, forbidden, type Principal, tooManyRequests } from '@marketplace/platform';
import { testDriveStore } from '../data/store';
import { appointmentProblem, messages } from '../domain/rules';
import { toTestDrive } from '../domain/serialize';
import { emitBooked } from '../events/publish';
import { assertFree, bookableCar, slotWrite, type TestDriveDeps } from './schedule';

/**
 * Books `car` at `appointmentDate` `appointmentTime` (India time) for `caller`, status Pending, and emits
 * `testdrive.booked` in the same transaction.
 * @throws HttpError 429 (Retry-After) past the booking limit; 400 naming the field for a date in the past
 *   or too far ahead or a time outside opening hours or passed; 404 unknown car; 409 not for sale or
 *   overlapping a booking of the car or of the caller; 403 the caller's own car.
 */
export async function bookTestDrive(
  deps: TestDriveDeps,
  caller: Principal,
  input: { car: string; appointmentDate: string; appointmentTime: string },
): Promise<TestDrive> {
  const limit = await deps.bookLimiter.consume(caller.id);
  if (!limit.allowed) throw tooManyRequests(messages.tooMany, limit.retryAfterMs);
  const { appointmentDate, appointmentTime } = input;
  const problem = appointmentProblem(appointmentDate, appointmentTime, deps.clock());
  if (problem) throw badRequest(problem);
  const car = await bookableCar(deps.db, input.car);
  if (car.sellerId === caller.id) throw forbidden(messages.ownCar);
  return slotWrite(deps.db, { carId: car.id, date: appointmentDate, time: appointmentTime }, () =>
    deps.outbox.transaction(async (tx, emit) => {
      await assertFree(tx, {
        carId: car.id,
        userId: caller.id,
        date: appointmentDate,
        time: appointmentTime,
      });
      const row = await testDriveStore.insert(tx, {
        carId: car.id,
        userId: caller.id,
        sellerId: car.sellerId,
        appointmentDate,
        appointmentTime,
        status: 'Pending',
      });
      const view = { ...row, car };
      await emitBooked(emit, view);
      return toTestDrive(view);
    }),
  );
}
