/** The open start times of a car on a date (`GET /api/testDrive/slots`; issue 19). */
import {
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
  type TestDriveSlotsResponse,
} from '@marketplace/contracts';
import { badRequest } from '@marketplace/platform';
import { testDriveStore } from '../data/store';
import { dateProblem, openSlots } from '../domain/rules';
import { bookableCar, type TestDriveDeps } from './schedule';

/**
 * The :00 and :30 starts (`HH:MM`, India time) on `date` that no active booking of car `carId`
 * overlaps, with the opening hours they follow.
 * @throws HttpError 404 unknown car, 409 not for sale, 400 naming `date` in the past or too far ahead.
 */
export async function listOpenSlots(
  deps: Pick<TestDriveDeps, 'db' | 'clock'>,
  carId: string,
  date: string,
): Promise<TestDriveSlotsResponse['data']> {
  const car = await bookableCar(deps.db, carId);
  const now = deps.clock();
  const problem = dateProblem(date, now);
  if (problem) throw badRequest(problem.replace(/^appointmentDate/, 'date'));
  const slots = openSlots(date, now, await testDriveStore.activeTimes(deps.db, { carId: car.id }, date));
  return {
    car: car.id,
    date,
    slots,
    openingTime: TEST_DRIVE_OPENING_TIME,
    closingTime: TEST_DRIVE_CLOSING_TIME,
    slotMinutes: TEST_DRIVE_SLOT_MINUTES,
    timeZone: TEST_DRIVE_TIME_ZONE,
  };
}
