/**
 * Test-drive rules (domain/rules.ts) with fixed clocks: opening hours at any minute and the slots the form
 * offers, overlapping 30-minute windows (issue 19), the bookable window in India time (UTC+05:30), times
 * already passed today, the status lifecycle and who may do what.
 */
import { minutesOfTime, testDriveSlotTimes, timeOfMinutes } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentProblem,
  bookableWindow,
  canTransition,
  clashes,
  indiaNow,
  isActive,
  isLocked,
  LAST_START,
  mayChangeStatus,
  mayManage,
  messages,
  openSlots,
  overlaps,
  SLOT_TIMES,
  TRANSITIONS,
} from '../src/domain/rules';

/** 2026-03-15 14:10 in India (08:40 UTC). */
const NOW = new Date('2026-03-15T08:40:00.000Z');

describe('slots', () => {
  it('are every 30 minutes from 10:00, the last at 18:30', () => {
    expect(SLOT_TIMES).toEqual(testDriveSlotTimes());
    expect(SLOT_TIMES[0]).toBe('10:00');
    expect(SLOT_TIMES.at(-1)).toBe('18:30');
    expect(SLOT_TIMES).toHaveLength(18);
    expect(SLOT_TIMES.slice(0, 3)).toEqual(['10:00', '10:30', '11:00']);
    expect(timeOfMinutes(minutesOfTime('09:05'))).toBe('09:05');
  });

  it('accepts any minute from 10:00 to 18:30 (issue 19), nothing outside', () => {
    const date = '2026-03-20';
    expect(LAST_START).toBe('18:30');
    for (const time of SLOT_TIMES) expect(appointmentProblem(date, time, NOW)).toBeUndefined();
    for (const time of ['10:01', '10:15', '10:49', '14:45', '18:29']) {
      expect(appointmentProblem(date, time, NOW), time).toBeUndefined();
    }
    for (const time of ['00:00', '09:30', '09:59', '18:31', '18:45', '19:00', '23:30']) {
      expect(appointmentProblem(date, time, NOW), time).toBe(messages.outsideHours);
    }
    expect(messages.outsideHours).toMatch(
      /^appointmentTime: .*10:00 to 19:00 .*30 minutes \(last start 18:30\)/,
    );
  });
});

describe('overlaps (30-minute windows [start, start + 30))', () => {
  it('overlap iff the starts are less than 30 minutes apart, in either order', () => {
    for (const other of ['10:20', '10:30', '10:45', '10:49', '11:00', '11:18']) {
      expect(overlaps('10:49', other), other).toBe(true);
      expect(overlaps(other, '10:49'), other).toBe(true);
    }
    for (const other of ['10:00', '10:19', '11:19', '11:30', '18:30']) {
      expect(overlaps('10:49', other), other).toBe(false);
      expect(overlaps(other, '10:49'), other).toBe(false);
    }
  });

  it("a time clashes with a day's bookings when it overlaps any of them", () => {
    expect(clashes([], '10:45')).toBe(false);
    expect(clashes(['10:49'], '10:45')).toBe(true);
    expect(clashes(['10:00', '12:00'], '11:40')).toBe(true);
    expect(clashes(['10:00', '12:00'], '11:30')).toBe(false);
    expect(clashes(['10:00', '12:00'], '11:00')).toBe(false);
    expect(clashes(['10:49'], '11:30')).toBe(false);
  });
});

describe('date window (India time)', () => {
  it('takes "today" from the India calendar, not UTC', () => {
    // 23:00 UTC on the 14th is 04:30 on the 15th in India.
    expect(indiaNow(new Date('2026-03-14T23:00:00.000Z'))).toEqual({ date: '2026-03-15', minutes: 270 });
    expect(indiaNow(NOW)).toEqual({ date: '2026-03-15', minutes: 14 * 60 + 10 });
    const lateUtc = new Date('2026-03-14T23:00:00.000Z');
    expect(appointmentProblem('2026-03-14', '12:00', lateUtc)).toBe(messages.pastDate);
    expect(appointmentProblem('2026-03-15', '10:00', lateUtc)).toBeUndefined();
  });

  it('refuses past dates and dates more than 60 days ahead', () => {
    expect(bookableWindow(NOW)).toEqual({ first: '2026-03-15', last: '2026-05-14' });
    expect(addDays('2026-03-15', 60)).toBe('2026-05-14');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(appointmentProblem('2026-03-14', '12:00', NOW)).toBe(messages.pastDate);
    expect(appointmentProblem('2025-12-31', '12:00', NOW)).toBe(messages.pastDate);
    expect(appointmentProblem('2026-05-14', '18:30', NOW)).toBeUndefined();
    expect(appointmentProblem('2026-05-15', '10:00', NOW)).toBe(messages.tooFar('2026-05-14'));
    expect(messages.tooFar('2026-05-14')).toMatch(/^appointmentDate: .*60 days/);
  });

  it('refuses times of today that have come, to the minute; later ones are open', () => {
    expect(appointmentProblem('2026-03-15', '10:00', NOW)).toBe(messages.passed);
    expect(appointmentProblem('2026-03-15', '14:00', NOW)).toBe(messages.passed);
    expect(appointmentProblem('2026-03-15', '14:10', NOW)).toBe(messages.passed);
    expect(appointmentProblem('2026-03-15', '14:11', NOW)).toBeUndefined();
    expect(appointmentProblem('2026-03-15', '14:30', NOW)).toBeUndefined();
    const atSlot = new Date('2026-03-15T09:00:00.000Z'); // 14:30 India
    expect(appointmentProblem('2026-03-15', '14:30', atSlot)).toBe(messages.passed);
  });

  it('lists open slots without started ones and those a booking at any minute overlaps', () => {
    expect(openSlots('2026-03-15', NOW, ['15:00'])).toEqual([
      '14:30',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
    ]);
    // 10:49 overlaps the 10:30 and 11:00 slots only; 18:05 overlaps 18:00 and 18:30.
    expect(openSlots('2026-03-16', NOW, ['10:49', '18:05'])).toEqual(
      SLOT_TIMES.filter((t) => !['10:30', '11:00', '18:00', '18:30'].includes(t)),
    );
    expect(openSlots('2026-03-16', NOW, [])).toEqual(SLOT_TIMES);
    expect(openSlots('2026-03-14', NOW, [])).toEqual([]);
    expect(openSlots('2026-05-15', NOW, [])).toEqual([]);
    // After the last slot has started, today has none left.
    expect(openSlots('2026-03-15', new Date('2026-03-15T13:00:00.000Z'), [])).toEqual([]);
  });
});

describe('status lifecycle', () => {
  it('goes Pending → Confirmed → Completed, or to Cancelled from Pending or Confirmed', () => {
    expect(canTransition('Pending', 'Confirmed')).toBe(true);
    expect(canTransition('Confirmed', 'Completed')).toBe(true);
    expect(canTransition('Pending', 'Cancelled')).toBe(true);
    expect(canTransition('Confirmed', 'Cancelled')).toBe(true);
    expect(canTransition('Pending', 'Completed')).toBe(false);
    expect(canTransition('Completed', 'Cancelled')).toBe(false);
    expect(canTransition('Cancelled', 'Confirmed')).toBe(false);
    expect(canTransition('Confirmed', 'Confirmed')).toBe(false);
    expect(TRANSITIONS.Completed).toEqual([]);
    expect(TRANSITIONS.Cancelled).toEqual([]);
  });

  it('locks Confirmed and Completed; Pending and Confirmed hold the slot', () => {
    expect(['Pending', 'Confirmed', 'Completed', 'Cancelled'].filter((s) => isLocked(s as never))).toEqual([
      'Confirmed',
      'Completed',
    ]);
    expect(['Pending', 'Confirmed', 'Completed', 'Cancelled'].filter((s) => isActive(s as never))).toEqual([
      'Pending',
      'Confirmed',
    ]);
  });

  it('lets the booker or an Admin manage, the seller or an Admin change the status', () => {
    const booker = { id: 'u1', role: 'User' as const };
    const seller = { id: 's1', role: 'User' as const };
    const admin = { id: 'a1', role: 'Admin' as const };
    expect(mayManage(booker, 'u1')).toBe(true);
    expect(mayManage(seller, 'u1')).toBe(false);
    expect(mayManage(admin, 'u1')).toBe(true);
    expect(mayChangeStatus(seller, 's1')).toBe(true);
    expect(mayChangeStatus(booker, 's1')).toBe(false);
    expect(mayChangeStatus(admin, 's1')).toBe(true);
  });
});
