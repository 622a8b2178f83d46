/**
 * Formatting for message texts (no I/O): HTML escaping, readable Indian English dates, 12-hour times and
 * rupee amounts with Indian digit grouping. Written out by hand rather than through `Intl`, so a message
 * reads the same on every Node build (ICU data differs between builds).
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes `& < > " '` so any text is safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Escaped text with its line breaks as `<br>` (for multi-line user input such as a contact message). */
export function escapeHtmlLines(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>\n');
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A calendar date `YYYY-MM-DD` in Indian English, day before month: `2026-03-14` → `Saturday, 14 March 2026`.
 * The date is a local date of the appointment and is not shifted by any time zone.
 * @throws RangeError when `isoDate` is not a valid `YYYY-MM-DD` date.
 */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (
    !match ||
    !date ||
    date.getUTCDate() !== Number(match[3]) ||
    date.getUTCMonth() !== Number(match[2]) - 1
  ) {
    throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  }
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * A 24-hour time `HH:MM` (seconds, if any, are dropped) as 12-hour with AM/PM (spec §9: hour 0 shows as 12):
 * `00:05` → `12:05 AM`, `09:30` → `9:30 AM`, `12:00` → `12:00 PM`, `18:30` → `6:30 PM`.
 * @throws RangeError when `time` is not a valid `HH:MM[:SS]` time.
 */
export function formatTime(time: string): string {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new RangeError(`not an HH:MM time: ${time}`);
  const suffix = hour < 12 ? 'AM' : 'PM';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${match[2]} ${suffix}`;
}

/**
 * Whole rupees with Indian digit grouping and the rupee sign the site shows (spec §1 allows 'Rs.' or the
 * sign; issue 9): 575000 → `₹5,75,000`, 12500000 → `₹1,25,00,000`. Fractions are rounded to whole rupees.
 * SMS pass `label` `Rs. `: the sign is outside the GSM 7-bit alphabet, and one would cut a message's
 * length from 160 characters to 70.
 */
export function formatRupees(amount: number, label: '₹' | 'Rs. ' = '₹'): string {
  const whole = Math.round(Math.abs(amount)).toString();
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3;
  return `${amount < 0 ? '-' : ''}${label}${grouped}`;
}
