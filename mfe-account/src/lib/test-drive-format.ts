/** Display of test-drive dates and times (spec §2 "Appointment page", §9) and the bookable date range. */
import { TEST_DRIVE_MAX_DAYS_AHEAD, todayInIndia } from '@marketplace/ui';

/** `HH:MM` 24-hour → 12-hour with AM/PM, hour 0 shown as 12: '00:30' → '12:30 AM', '14:00' → '2:00 PM'. */
export function formatTime12h(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  const hour = Number(h);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m.padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** `YYYY-MM-DD` in the long Indian English format, independent of the browser's zone: '14 May 2026'. */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** The last bookable date `YYYY-MM-DD`: {@link TEST_DRIVE_MAX_DAYS_AHEAD} days after today (India time). */
export function lastBookableDate(now = new Date()): string {
  const [y, m, d] = todayInIndia(now).split('-').map(Number);
  const last = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + TEST_DRIVE_MAX_DAYS_AHEAD));
  return last.toISOString().slice(0, 10);
}
