/**
 * Test-drive rules without I/O (spec §4, §5, §8; issues 7 and 19): the messages users see (spec §8 toasts
 * where given), the booking rate limit, the bookable window and opening hours in India time, when two
 * bookings overlap, the slots the booking form offers, the status lifecycle and who may do what. Dates are
 * `YYYY-MM-DD`, times `HH:MM` 24-hour, both on the calendar of {@link TEST_DRIVE_TIME_ZONE}; `now` is always
 * passed in (the service's clock port), so tests fix it.
 */
import {
  minutesOfTime,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_LOCKED_STATUSES,
  TEST_DRIVE_MAX_DAYS_AHEAD,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
  type TestDriveStatus,
  testDriveSlotTimes,
  timeOfMinutes,
} from '@marketplace/contracts';
import type { Principal } from '@marketplace/platform';

/**
 * Rate limit of `POST /api/testDrive`: attempts that pass the body's validation, per user (a guess: 30 an
 * hour — a buyer comparing cars books a handful; a script filling slots is stopped).
 */
export const limits = {
  bookPerUser: { name: 'testdrive-book-user', points: 30, durationMs: 60 * 60_000 },
} as const;

/**
 * The slot times the booking form offers (contracts `testDriveSlotTimes`: 10:00, 10:30, …, 18:30), computed
 * once. A booking may start at any minute within opening hours (issue 19), not only on these.
 */
export const SLOT_TIMES: readonly string[] = testDriveSlotTimes();
/**
 * The latest start `HH:MM`: a test drive lasts {@link TEST_DRIVE_SLOT_MINUTES} minutes and ends by
 * {@link TEST_DRIVE_CLOSING_TIME} (18:30).
 */
export const LAST_START = timeOfMinutes(minutesOfTime(TEST_DRIVE_CLOSING_TIME) - TEST_DRIVE_SLOT_MINUTES);

export const messages = {
  /** Spec §8 success toasts. */
  created: 'Test drive created successfully',
  updated: 'Test drive updated successfully',
  deleted: 'Test drive deleted successfully',
  statusChanged: (status: TestDriveStatus) => `Test drive ${status.toLowerCase()}`,
  notFound: 'Test drive not found.',
  carNotFound: 'Car not found.',
  carNotForSale: 'This car is no longer for sale.',
  ownCar: 'You cannot book a test drive of your own car.',
  slotTaken: `This time is already booked for this car (a test drive lasts ${TEST_DRIVE_SLOT_MINUTES} minutes). Please choose another time.`,
  userBusy: `You already have a test drive booked at an overlapping time (a test drive lasts ${TEST_DRIVE_SLOT_MINUTES} minutes).`,
  locked: (status: TestDriveStatus) => `A ${status} test drive cannot be changed or deleted.`,
  cancelled: 'A cancelled test drive cannot be rescheduled. Please book a new one.',
  notSeller: "Only the car's seller or an Admin can change the status of a test drive.",
  badTransition: (from: TestDriveStatus, to: TestDriveStatus) =>
    `A ${from} test drive cannot be marked ${to}.`,
  tooMany: 'You have booked too many test drives recently. Please try again later.',
  pastDate: 'appointmentDate: the date must not be in the past',
  tooFar: (last: string) =>
    `appointmentDate: test drives can be booked at most ${TEST_DRIVE_MAX_DAYS_AHEAD} days ahead (until ${last})`,
  outsideHours: `appointmentTime: test drives run from ${TEST_DRIVE_OPENING_TIME} to ${TEST_DRIVE_CLOSING_TIME} and last ${TEST_DRIVE_SLOT_MINUTES} minutes (last start ${LAST_START})`,
  passed: 'appointmentTime: this time has already passed today',
} as const;

const indiaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TEST_DRIVE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The calendar date `YYYY-MM-DD` and the minutes since midnight (0–1439) of `now` in India. */
export function indiaNow(now: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(indiaParts.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The date `days` days after `date` (both `YYYY-MM-DD`; negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The bookable dates in India on `now`: from today to {@link TEST_DRIVE_MAX_DAYS_AHEAD} days later, inclusive. */
export function bookableWindow(now: Date): { first: string; last: string } {
  const { date } = indiaNow(now);
  return { first: date, last: addDays(date, TEST_DRIVE_MAX_DAYS_AHEAD) };
}

/** Whether `date` is outside the bookable window: a message naming `appointmentDate`, or undefined. */
export function dateProblem(date: string, now: Date): string | undefined {
  const { first, last } = bookableWindow(now);
  if (date < first) return messages.pastDate;
  if (date > last) return messages.tooFar(last);
  return undefined;
}

/**
 * Checks an appointment (valid `YYYY-MM-DD` and `HH:MM`, as the contract parsed them) against the rules:
 * the date between today and {@link TEST_DRIVE_MAX_DAYS_AHEAD} days ahead, the time any minute from
 * {@link TEST_DRIVE_OPENING_TIME} to {@link LAST_START} (issue 19: not only slot starts), and — today — a
 * time that has not come yet (India time, to the minute).
 * @returns a message naming the field (`appointmentDate: …` or `appointmentTime: …`) for a 400, or
 *   undefined when the appointment is bookable.
 */
export function appointmentProblem(date: string, time: string, now: Date): string | undefined {
  const problem = dateProblem(date, now);
  if (problem) return problem;
  const minutes = minutesOfTime(time);
  if (minutes < minutesOfTime(TEST_DRIVE_OPENING_TIME) || minutes > minutesOfTime(LAST_START)) {
    return messages.outsideHours;
  }
  const today = indiaNow(now);
  if (date === today.date && minutes <= today.minutes) return messages.passed;
  return undefined;
}

/**
 * Whether test drives starting at `a` and `b` (`HH:MM`, same day) overlap: each occupies
 * [start, start + {@link TEST_DRIVE_SLOT_MINUTES}), so they overlap iff their starts are less than 30 minutes
 * apart (10:49 overlaps 10:30 and 11:00 … 11:18, not 10:19 or 11:19; issue 19).
 */
export function overlaps(a: string, b: string): boolean {
  return Math.abs(minutesOfTime(a) - minutesOfTime(b)) < TEST_DRIVE_SLOT_MINUTES;
}

/** Whether a test drive at `time` overlaps any of `held` (start times `HH:MM` of active bookings that day). */
export function clashes(held: readonly string[], time: string): boolean {
  return held.some((start) => overlaps(start, time));
}

/**
 * The slot times ({@link SLOT_TIMES}) of `date` still open: those that have not started (India time, when
 * `date` is today) and overlap none of `held` (start times, any minute, of the car's active bookings that
 * day). Empty outside the bookable window.
 */
export function openSlots(date: string, now: Date, held: readonly string[]): string[] {
  return SLOT_TIMES.filter(
    (time) => !clashes(held, time) && appointmentProblem(date, time, now) === undefined,
  );
}

/** Statuses that hold their time: a Pending or Confirmed booking (the partial unique indexes use the same set). */
export const ACTIVE_STATUSES = ['Pending', 'Confirmed'] as const satisfies readonly TestDriveStatus[];

/** Whether a booking in `status` holds its slot. */
export function isActive(status: TestDriveStatus): boolean {
  return (ACTIVE_STATUSES as readonly TestDriveStatus[]).includes(status);
}

/** Whether a booking in `status` can no longer be changed or deleted by PUT/DELETE (spec §4: Confirmed, Completed). */
export function isLocked(status: TestDriveStatus): boolean {
  return (TEST_DRIVE_LOCKED_STATUSES as readonly TestDriveStatus[]).includes(status);
}

/** The status lifecycle: Pending → Confirmed → Completed; Pending or Confirmed → Cancelled (issue 7). */
export const TRANSITIONS: Readonly<Record<TestDriveStatus, readonly TestDriveStatus[]>> = {
  Pending: ['Confirmed', 'Cancelled'],
  Confirmed: ['Completed', 'Cancelled'],
  Completed: [],
  Cancelled: [],
};

/** Whether a booking may go from `from` to `to` (the status endpoint). */
export function canTransition(from: TestDriveStatus, to: TestDriveStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

type Caller = Pick<Principal, 'id' | 'role'>;

/** Whether `caller` may read, reschedule or delete a booking of `bookerId`: the booker or an Admin. */
export function mayManage(caller: Caller, bookerId: string): boolean {
  return caller.role === 'Admin' || caller.id === bookerId;
}

/** Whether `caller` may change the status of a booking of a car sold by `sellerId`: the seller or an Admin. */
export function mayChangeStatus(caller: Caller, sellerId: string): boolean {
  return caller.role === 'Admin' || caller.id === sellerId;
}
