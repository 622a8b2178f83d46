/**
 * Test drives (spec §3 "Test drive", §4, §5, §7 "Test drives"; issue 7).
 * Dates are `YYYY-MM-DD`, times `HH:MM` 24-hour. Status lifecycle: Pending → Confirmed → Completed, or
 * Cancelled; Confirmed and Completed bookings cannot be changed or deleted (spec §4, issue 7).
 */
import { z } from 'zod';
import {
  calendarDateField,
  dateField,
  enumField,
  fieldError,
  idField,
  objectId,
  queryText,
  refField,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
  testDriveStatusSchema,
} from './common';

/** A time `HH:MM`, 24-hour (spec §3); opening hours and overlaps are the test-drive service's rules. */
export function timeField(field: string) {
  return z.iso.time({ precision: -1, error: fieldError(field, `${field} must be a time HH:MM (24-hour)`) });
}

/** Minutes since midnight of a time `HH:MM` (no validation: pass a valid time). */
export function minutesOfTime(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** The time `HH:MM` of `minutes` since midnight (0 ≤ minutes < 1440). */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Start times `HH:MM` of every test-drive slot of a day, in order: from {@link TEST_DRIVE_OPENING_TIME}
 * every {@link TEST_DRIVE_SLOT_MINUTES} minutes to the last slot that ends by {@link TEST_DRIVE_CLOSING_TIME}
 * (`['10:00', '10:30', …, '18:30']`). The UI offers these; the service accepts any minute from the
 * opening time to the last of these (issue 19).
 */
export function testDriveSlotTimes(): string[] {
  const out: string[] = [];
  const close = minutesOfTime(TEST_DRIVE_CLOSING_TIME);
  for (
    let m = minutesOfTime(TEST_DRIVE_OPENING_TIME);
    m + TEST_DRIVE_SLOT_MINUTES <= close;
    m += TEST_DRIVE_SLOT_MINUTES
  ) {
    out.push(timeOfMinutes(m));
  }
  return out;
}

/** The car of a booking as read: `{ _id, brand: { name }, model: { name } }` (spec §3, issue 7). */
export const testDriveCar = z
  .object({
    _id: objectId,
    brand: z.object({ name: z.string() }),
    model: z.object({ name: z.string() }),
  })
  .meta({ id: 'TestDriveCar' });

/**
 * A booking as read (spec §3; issue 7). `user` is the booker's id (an addition of this contract so
 * sellers and admins can tell bookings apart).
 */
export const testDrive = z
  .object({
    _id: objectId,
    car: testDriveCar,
    user: objectId,
    appointmentDate: z.iso.date(),
    appointmentTime: z.iso.time({ precision: -1 }),
    status: testDriveStatusSchema,
    createdAt: z.iso.datetime({ offset: true }).optional(),
    updatedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'TestDrive', description: 'A test-drive booking (spec §3, issue 7)' });
/** Inferred type of {@link testDrive}. */
export type TestDrive = z.infer<typeof testDrive>;

/**
 * `POST /api/testDrive` body: `{ car, appointmentDate, appointmentTime }` (spec §7). `appointmentDate` is
 * `YYYY-MM-DD` or the ISO date-time a date picker posts, read on India's calendar (issue 19).
 */
export const testDriveCreateBody = z.object({
  car: idField('car'),
  appointmentDate: calendarDateField('appointmentDate'),
  appointmentTime: timeField('appointmentTime'),
});
/** Input type of {@link testDriveCreateBody}. */
export type TestDriveCreateBody = z.input<typeof testDriveCreateBody>;

/**
 * `PUT /api/testDrive/{id}` body: `{ appointmentDate, appointmentTime, id, car }` (spec §7). Only date and
 * time change (spec §3); `id` and `car` are accepted because the spec's client sends them, and ignored:
 * `car` as an id or as the object a GET returned (issue 19; a malformed one is still a 400 naming it).
 */
export const testDriveUpdateBody = z.object({
  appointmentDate: calendarDateField('appointmentDate'),
  appointmentTime: timeField('appointmentTime'),
  id: idField('id').optional(),
  car: refField('car').optional(),
});
/** Input type of {@link testDriveUpdateBody}. */
export type TestDriveUpdateBody = z.input<typeof testDriveUpdateBody>;

/** Statuses the status endpoint can set (issue 7; `Pending` is only the initial status). */
export const settableTestDriveStatuses = ['Confirmed', 'Completed', 'Cancelled'] as const;

/**
 * `PATCH /api/testDrive/{id}/status` body: `{ status }`, used by the car's seller or an Admin to confirm,
 * complete or cancel a booking (issue 7: "an endpoint of your design"; the path is this contract's choice).
 */
export const testDriveStatusBody = z.object({ status: enumField('status', settableTestDriveStatuses) });

/** `GET /api/testDrive?keyword=` query; keyword matches the car's name (spec §7, issue 7). */
export const testDriveListQuery = z.object({ keyword: queryText('keyword') });

/** `GET /api/testDrive/slots?car=&date=` query: the car's id and a date `YYYY-MM-DD` (India time). */
export const testDriveSlotsQuery = z.object({ car: idField('car'), date: dateField('date') });

/**
 * `GET /api/testDrive/slots` answer: the open slot starts ({@link testDriveSlotTimes}) of `car` on `date` —
 * not yet passed (India time) and overlapping no active (Pending or Confirmed) booking of the car, which
 * may start at any minute (issue 19) — with the opening hours so the UI can explain them.
 */
export const testDriveSlotsResponse = z.object({
  data: z
    .object({
      car: objectId,
      date: z.iso.date(),
      slots: z.array(z.iso.time({ precision: -1 })),
      openingTime: z.literal(TEST_DRIVE_OPENING_TIME),
      closingTime: z.literal(TEST_DRIVE_CLOSING_TIME),
      slotMinutes: z.literal(TEST_DRIVE_SLOT_MINUTES),
      timeZone: z.literal(TEST_DRIVE_TIME_ZONE),
    })
    .meta({ id: 'TestDriveSlots' }),
});
/** Output type of {@link testDriveSlotsResponse}. */
export type TestDriveSlotsResponse = z.infer<typeof testDriveSlotsResponse>;

/** `POST /api/testDrive` answer: `{ data: testDrive }` (spec §7); `message` optional. */
export const testDriveCreateResponse = z.object({ data: testDrive, message: z.string().optional() });
/** List answer of `GET /api/testDrive`, `/api/testDrive/admin`, `/api/testDrive/seller`: `{ data: [...] }`. */
export const testDriveListResponse = z.object({ data: z.array(testDrive) });
/** `PUT /api/testDrive/{id}` answer: the updated booking itself at the top level (issue 7). */
export const testDriveUpdateResponse = testDrive;
/** `PATCH /api/testDrive/{id}/status` answer: `{ message, data: testDrive }` (this contract's choice). */
export const testDriveStatusResponse = z.object({ message: z.string(), data: testDrive });
