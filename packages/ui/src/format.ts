/**
 * Display formats shared by the front ends: numbers with Indian digit grouping (lakh, crore), rupees,
 * prices in lakh and crore as people read them (issue 25), kilometres and calendar dates in India time.
 *
 * Written out here rather than with `Intl`, on purpose: the first `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` a page creates costs Chromium 30–120 ms of main thread (ICU loads its locale data;
 * measured on the bench machine, ×4 on Lighthouse's simulated phone), which was the largest single task of
 * a public page's start (issue 21, docs/adr/0012-server-side-rendering.md). The output is the same as
 * `Intl`'s `en-IN` formats (test/format.test.ts compares them) and the same on the server and in every
 * browser, whatever ICU version each has, so hydration never meets a different string (`Sept` or `Sep`).
 */

/**
 * An integer, rounded half away from zero, with Indian digit grouping: the last three digits, then groups
 * of two (1234567 → '12,34,567'; −1500 → '-1,500'). Not finite → '—'.
 */
export function formatIndianNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const rounded = Math.round(Math.abs(value));
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  const digits = String(rounded);
  if (digits.length <= 3) return sign + digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${pairs},${digits.slice(-3)}`;
}

/**
 * A price in rupees with the rupee sign and Indian digit grouping (lakh, crore): 575000 → '₹5,75,000'
 * (issue 9, spec §9 "Currency label"); a negative amount as '-₹1,500'. Fractions of a rupee are rounded
 * away.
 */
export function formatRupees(amount: number): string {
  const grouped = formatIndianNumber(amount);
  return grouped.startsWith('-') ? `-₹${grouped.slice(1)}` : `₹${grouped}`;
}

const LAKH = 1_00_000;
const CRORE = 1_00_00_000;

/** `value` with at most `digits` decimals, trailing zeros dropped: 5.60 → '5.6', 12.00 → '12'. */
function shortDecimal(value: number, digits: number): string {
  const factor = 10 ** digits;
  return String(Math.round(value * factor) / factor);
}

/** The unit an amount reads in: crore from 1 crore, lakh from 1 lakh (after rounding to `digits`). */
function spokenUnit(amount: number, digits: number): 'crore' | 'lakh' | 'rupees' {
  const abs = Math.abs(amount);
  if (Number(shortDecimal(abs / LAKH, digits)) >= 100) return 'crore';
  if (abs >= LAKH) return 'lakh';
  return 'rupees';
}

/** `amount` in `unit`, without the rupee sign: 560000 in lakh → '5.6'. */
function inUnit(amount: number, unit: 'crore' | 'lakh', digits: number): string {
  return shortDecimal(amount / (unit === 'crore' ? CRORE : LAKH), digits);
}

/**
 * A price as a person reads it (issue 25): lakh from ₹1 lakh, crore from ₹1 crore, with at most `digits`
 * decimals (default 2, trailing zeros dropped): 560000 → '₹5.6 lakh', 575000 → '₹5.75 lakh', 12000000 →
 * '₹1.2 crore'; below a lakh the exact rupees ('₹90,000'). Not finite → '—'.
 */
export function formatLakh(amount: number, digits = 2): string {
  if (!Number.isFinite(amount)) return '—';
  const unit = spokenUnit(amount, digits);
  if (unit === 'rupees') return formatRupees(amount);
  const text = inUnit(Math.abs(amount), unit, digits);
  return `${amount < 0 ? '-' : ''}₹${text} ${unit}`;
}

/**
 * A price range as a person reads it, one unit when both ends share it: (490000, 560000) → '₹4.9–5.6 lakh';
 * (9500000, 12000000) → '₹95 lakh–₹1.2 crore'. At most `digits` decimals (default 1).
 */
export function formatLakhRange(low: number, high: number, digits = 1): string {
  const unit = spokenUnit(low, digits);
  if (unit !== 'rupees' && unit === spokenUnit(high, digits))
    return `₹${inUnit(low, unit, digits)}–${inUnit(high, unit, digits)} ${unit}`;
  return `${formatLakh(low, digits)}–${formatLakh(high, digits)}`;
}

/** Kilometres driven with Indian digit grouping: 125000 → '1,25,000 km'. */
export function formatKm(km: number): string {
  return `${formatIndianNumber(km)} km`;
}

/** Month names as `en-IN`'s short format writes them (CLDR: 'Sept', not 'Sep'). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** India Standard Time is UTC+05:30 all year (India has no daylight saving time). */
const IST_OFFSET_MS = 330 * 60_000;

/** Today's date (`YYYY-MM-DD`) in India, where the cars and test drives are: `now` plus 05:30. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A calendar date in India time as '1 Jan 2027' (`en-IN`, day numeric, month short, year numeric):
 * a `YYYY-MM-DD` is that date; an ISO date-time, a `Date` or epoch ms is the date it is in India then.
 * An unreadable value → undefined.
 */
export function formatIndianDate(value: string | number | Date): string | undefined {
  const plainDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = plainDate ? Date.parse(`${value}T00:00:00Z`) : new Date(value).getTime() + IST_OFFSET_MS;
  if (Number.isNaN(ms)) return undefined;
  const d = new Date(ms);
  return `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
