/**
 * Shared primitives of the API contract: ids, the error body, the enumerations and business constants of
 * the product spec (`/work/shared/spec/marketplace-spec.md`, "spec §n" below) and small builders for
 * fields whose validation messages always name the field ("<field> is required", ...).
 */
/// <reference types="zod-openapi" />
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// Constants (spec §9 unless noted)
// ---------------------------------------------------------------------------------------------------

/** Cars per listing page (spec §9: "Page size: 9 cars"); also the default `limit` of `GET /api/cars`. */
export const PAGE_SIZE = 9;
/** Largest `limit` accepted by `GET /api/cars`; larger values are capped to it (issue 5). */
export const MAX_PAGE_SIZE = 50;
/** Number of page links in the pagination window (spec §9). */
export const PAGINATION_WINDOW = 3;
/** Oldest manufacturing / model year (spec §9: year choices down to 1980; issues 5 and 6). */
export const MIN_YEAR = 1980;
/** Digits in a one-time code (spec §5, §9). */
export const OTP_LENGTH = 6;
/** Minutes before an OTP expires (issue 4). */
export const OTP_TTL_MINUTES = 10;
/** Wrong tries after which an OTP dies (issue 4). */
export const OTP_MAX_ATTEMPTS = 5;
/** Minimum seconds between two OTP resends for a phone (issue 4). */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
/** Maximum OTP resends per phone per hour (issue 4). */
export const OTP_RESENDS_PER_HOUR = 5;
/** Trailing digits of the phone number shown in the verification dialog (spec §2, §9). */
export const MASKED_PHONE_DIGITS = 4;
/** Session cookie name (spec §4, §9). */
export const AUTH_COOKIE_NAME = 'auth-token';
/**
 * The sign-in hint cookie (`signed-in=1`, not HttpOnly) set next to the session cookie, so front ends skip
 * the profile call for visitors who are not signed in (issue 20).
 */
export const SIGNED_IN_COOKIE_NAME = 'signed-in';
/** Session cookie path (spec §4, §9). */
export const AUTH_COOKIE_PATH = '/';
/** Session cookie lifetime in days (spec §4, §9). */
export const AUTH_COOKIE_MAX_AGE_DAYS = 30;
/** Toast auto-close delay in milliseconds (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Inline alert auto-hide delay in milliseconds (spec §5, §9). */
export const ALERT_AUTO_HIDE_MS = 5000;
/** Currency label shown before prices; prices are whole rupees (spec §1, §9). */
export const CURRENCY_LABEL = 'Rs.';
/** Placeholder rating shown on every car card (spec §2, §9). */
export const PLACEHOLDER_RATING = 4.7;
/** Placeholder review count shown on every car card (spec §2, §9). */
export const PLACEHOLDER_REVIEW_COUNT = 245;
/** Length of a test-drive slot in minutes (issue 7); opening hours are chosen by the test-drive service. */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** How many days ahead a test drive may be booked (issue 7). */
export const TEST_DRIVE_MAX_DAYS_AHEAD = 60;
/**
 * Opening hours of test drives, `HH:MM` 24-hour in {@link TEST_DRIVE_TIME_ZONE}, every day of the week (a
 * choice of the test-drive service, issue 7): the first slot starts at the opening time, the last one
 * {@link TEST_DRIVE_SLOT_MINUTES} before the closing time (10:00 … 18:30).
 */
export const TEST_DRIVE_OPENING_TIME = '10:00';
/** Closing time of test drives (`HH:MM`, exclusive: the last slot ends here); see {@link TEST_DRIVE_OPENING_TIME}. */
export const TEST_DRIVE_CLOSING_TIME = '19:00';
/**
 * The time zone of appointment dates and times: India Standard Time (UTC+05:30, no daylight saving).
 * "Not in the past" and "at most {@link TEST_DRIVE_MAX_DAYS_AHEAD} days ahead" are judged on the calendar
 * there.
 */
export const TEST_DRIVE_TIME_ZONE = 'Asia/Kolkata';
/** India Standard Time (UTC+05:30): the calendar on which the product's dates are read (issues 7 and 19). */
export const INDIA_TIME_ZONE = TEST_DRIVE_TIME_ZONE;
/** Largest accepted image upload in bytes: 10 MB (issue 6). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest accepted image width or height in pixels (issue 6). */
export const MAX_IMAGE_DIMENSION = 8000;
/**
 * Largest accepted image area in pixels: 40 megapixels, what a phone photo needs (a 48 MP sensor's
 * default 12 MP output, or a 40 MP 8000×5000 full-resolution shot), so one upload's decode stays bounded
 * (issue 20, point 10). Checked from the header, before any pixel is decoded; with MAX_IMAGE_DIMENSION per
 * side, 8000×5000 passes and 8000×8000 (64 MP) is refused.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Lifetime of a signed upload URL in seconds: 10 minutes (issue 6). */
export const UPLOAD_URL_TTL_SECONDS = 600;
/** Image content types the storage service accepts, checked by decoding the content (issue 6). */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Widths in pixels of the responsive WebP sizes stored for each image (issue 6, "e.g." values). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** The current calendar year (upper bound of model and manufacturing years; issues 5 and 6). */
export function currentYear(): number {
  return new Date().getFullYear();
}

// ---------------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------------

/** Fuel types (spec §2 filter panel, §5 model form, §9). */
export const fuelTypes = ['Petrol', 'Diesel', 'Electric', 'Hybrid', 'LPG', 'Other'] as const;
/** One fuel type (spec §9). */
export type FuelType = (typeof fuelTypes)[number];
/** Transmissions (spec §5, §9). */
export const transmissions = ['Manual', 'Automatic'] as const;
/** One transmission (spec §9). */
export type Transmission = (typeof transmissions)[number];
/** Car conditions; the sell form defaults to `good` (spec §5, §9). */
export const conditions = ['excellent', 'good', 'fair', 'poor'] as const;
/** One car condition (spec §9). */
export type Condition = (typeof conditions)[number];
/** Ownership options; the sell form defaults to `First` (spec §5, §9). */
export const ownerships = ['First', 'Second', 'Third', 'Fourth', 'More than Four'] as const;
/** One ownership option (spec §9). */
export type Ownership = (typeof ownerships)[number];
/** User roles; new users default to `User` (spec §6, §9). */
export const roles = ['User', 'Admin'] as const;
/** One role (spec §6). */
export type Role = (typeof roles)[number];
/** Model body types, beyond the spec so the home page category tiles can filter (issue 5). */
export const bodyTypes = ['Hatchback', 'Sedan', 'SUV', 'MUV', 'Convertible', 'Coupe', 'Pickup'] as const;
/** One body type (issue 5). */
export type BodyType = (typeof bodyTypes)[number];
/** Test-drive statuses: Pending → Confirmed → Completed, or Cancelled (spec §4, issue 7). */
export const testDriveStatuses = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const;
/** One test-drive status (issue 7). */
export type TestDriveStatus = (typeof testDriveStatuses)[number];
/** Statuses in which a booking can no longer be edited or deleted (spec §4; issue 7: 409). */
export const TEST_DRIVE_LOCKED_STATUSES = [
  'Confirmed',
  'Completed',
] as const satisfies readonly TestDriveStatus[];
/**
 * Car listing statuses. The spec shows only the default `used` (spec §3, §9); issue 6 adds `sold` for a
 * seller's update. Guess: no other values.
 */
export const carStatuses = ['used', 'sold'] as const;
/** One car listing status (spec §3, issue 6). */
export type CarStatus = (typeof carStatuses)[number];
/** Upload kinds of `POST /api/storage/getUrl?type=` (spec §7). */
export const uploadTypes = ['cars', 'logo'] as const;
/** One upload kind (spec §7). */
export type UploadType = (typeof uploadTypes)[number];

/** Defaults of the sell form and user creation (spec §3, §9). */
export const DEFAULTS = {
  condition: 'good',
  status: 'used',
  ownership: 'First',
  spareKey: false,
  role: 'User',
} as const satisfies {
  condition: Condition;
  status: CarStatus;
  ownership: Ownership;
  spareKey: boolean;
  role: Role;
};

// ---------------------------------------------------------------------------------------------------
// Field builders: every message names its field
// ---------------------------------------------------------------------------------------------------

/**
 * A zod error callback for a field: "<field> is required" when the value is missing, else `message`.
 * Used for the type check of every field so that a 400 always names the field.
 */
export function fieldError(field: string, message: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined || issue.input === null ? `${field} is required` : message);
}

/**
 * Control characters a text field refuses (issue 20, point 11): a NUL cannot be stored by PostgreSQL (in
 * `text` or `jsonb`) and no other C0 control (U+0000–U+001F) nor DEL (U+007F) belongs in a name, an id or a
 * query. Decision: single-line fields ({@link textField}, {@link idField}, the `query*` builders) refuse all
 * of them, tab and line breaks included; free text ({@link freeTextField}: descriptions, history entries,
 * messages) also takes tab (U+0009), line feed (U+000A) and carriage return (U+000D), which a textarea
 * posts. Leading and trailing whitespace is trimmed before the check.
 *
 * @param value the (trimmed) text.
 * @param allowLineBreaks true for free text: tab, LF and CR are allowed.
 * @returns the index (UTF-16 code unit) of the first refused character, or -1 when there is none.
 */
export function controlCharacterIndex(value: string, allowLineBreaks = false): number {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return i;
  }
  return -1;
}

/** The 400 message of a text with a control character (issue 20): it names the field. */
export function controlCharacterMessage(field: string, allowLineBreaks = false): string {
  return allowLineBreaks
    ? `${field} must not contain control characters (only tab and line breaks are allowed)`
    : `${field} must not contain control characters such as NUL, tab or line breaks`;
}

/** True when `value` has no refused control character; see {@link controlCharacterIndex}. */
function withoutControls(allowLineBreaks: boolean) {
  return (value: string) => controlCharacterIndex(value, allowLineBreaks) === -1;
}

/**
 * A required, trimmed, non-empty string of at most `max` characters; control characters (C0 and DEL) →
 * 400 naming `field` (issue 20). Single-line unless `opts.lineBreaks` (a required message, e.g. the
 * Contact form's): then tab, LF and CR are allowed as in {@link freeTextField}.
 */
export function textField(field: string, max = 200, opts: { lineBreaks?: boolean } = {}) {
  const lineBreaks = opts.lineBreaks ?? false;
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(withoutControls(lineBreaks), controlCharacterMessage(field, lineBreaks));
}

/**
 * A trimmed string that may be empty, of at most `max` characters (descriptions, optional notes); tab and
 * line breaks are allowed, other control characters → 400 naming `field` (issue 20).
 */
export function freeTextField(field: string, max = 2000) {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(withoutControls(true), controlCharacterMessage(field, true));
}

/**
 * An id field: a non-empty string of at most 64 characters without control characters (the database
 * uses UUIDs; spec keeps `_id`). A control character → 400 naming `field` (issue 20).
 */
export function idField(field: string) {
  return z
    .string({ error: fieldError(field, `${field} must be an id string`) })
    .trim()
    .min(1, `${field} is required`)
    .max(64, `${field} must be an id of at most 64 characters`)
    .refine(withoutControls(false), controlCharacterMessage(field));
}

// ---------------------------------------------------------------------------------------------------
// Form input (issue 19): the spec's client posts what its inputs hold, so numbers arrive as strings
// ("483180"), dates as ISO date-times, and an untouched optional input as ''. The mapping rules are in
// packages/contracts/README.md.
// ---------------------------------------------------------------------------------------------------

/** A decimal number as a form posts it: optional sign, digits, optional fraction (no grouping commas). */
export const NUMERIC_STRING_PATTERN = /^[+-]?\d+(?:\.\d+)?$/;

/** `''` or blanks → `undefined` (absent); anything else unchanged. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A numeric string → its number (trimmed), `''` → `undefined`; anything else unchanged for the type check. */
export function numberFromForm(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (s === '') return undefined;
  return NUMERIC_STRING_PATTERN.test(s) ? Number(s) : value;
}

/** `"true"`/`"false"` (any case) → the boolean, `''` → `undefined`; anything else unchanged. */
function booleanFromForm(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim().toLowerCase();
  if (s === '') return undefined;
  return s === 'true' ? true : s === 'false' ? false : value;
}

/** OpenAPI rendering of a number that may also come as a numeric string. */
function documentNumericString({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  const number = { ...jsonSchema };
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.anyOf = [
    number,
    { type: 'string', pattern: NUMERIC_STRING_PATTERN.source, description: 'The same number as a string' },
  ];
}

/**
 * An optional field of a form: `''` or blanks count as absent (issue 19), then `schema` (which must accept
 * `undefined`: an `.optional()` or `.default(…)` schema) decides.
 */
export function optionalInput<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema);
}

/**
 * A whole number between `min` and `max` (inclusive); `unit` is added to the messages (e.g. 'rupees'). A
 * numeric string is read as its number (forms post strings, issue 19): `"483180"` → 483180.
 */
export function intField(field: string, min: number, max: number, unit?: string) {
  const u = unit ? ` ${unit}` : '';
  return z
    .preprocess(
      numberFromForm,
      z
        .number({ error: fieldError(field, `${field} must be a number${unit ? ` of ${unit}` : ''}`) })
        .int(`${field} must be a whole number${u}`)
        .min(min, `${field} must be at least ${min}${u}`)
        .max(max, `${field} must be at most ${max}${u}`),
    )
    .meta({ override: documentNumericString });
}

/**
 * A year between {@link MIN_YEAR} and the current year, checked at parse time (issues 5 and 6); a
 * numeric string such as `"2022"` is read as its number (issue 19).
 */
export function yearField(field: string) {
  return z
    .preprocess(
      numberFromForm,
      z
        .number({ error: fieldError(field, `${field} must be a number`) })
        .int(`${field} must be a whole year`)
        .min(MIN_YEAR, `${field} must be ${MIN_YEAR} or later`)
        .refine((y) => y <= currentYear(), `${field} must not be after the current year`),
    )
    .meta({
      description: `A year from ${MIN_YEAR} to the current year (a number, or the same as a string)`,
      override: documentNumericString,
    });
}

/** One value of a fixed list; the message names the field and lists the allowed values. */
export function enumField<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: fieldError(field, `${field} must be one of: ${values.join(', ')}`) });
}

/** A boolean field; the strings `"true"` and `"false"` count as the booleans (forms post strings, issue 19). */
export function booleanField(field: string) {
  return z.preprocess(
    booleanFromForm,
    z.boolean({ error: fieldError(field, `${field} must be true or false`) }),
  );
}

/** A calendar date `YYYY-MM-DD` (a real date: 2024-02-30 fails). */
export function dateField(field: string) {
  return z.iso.date({ error: fieldError(field, `${field} must be a date in YYYY-MM-DD format`) });
}

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: INDIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date `YYYY-MM-DD` in India of an instant. */
export function indiaCalendarDate(instant: Date): string {
  return indiaDate.format(instant);
}

/**
 * A calendar date given as `YYYY-MM-DD` or as an ISO date-time with `Z` or an offset, as a date picker
 * posts it (`"2026-11-24T06:40:21.636Z"`, issue 19); the date-time is read on India's calendar (so a
 * picker's local midnight, 18:30Z the day before, stays the chosen day). Output: `YYYY-MM-DD`.
 */
export function calendarDateField(field: string) {
  const message = `${field} must be a date: YYYY-MM-DD or an ISO date-time`;
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: fieldError(field, message) })
    .transform((v) => (v.length === 10 ? v : indiaCalendarDate(new Date(v))))
    .meta({ description: 'YYYY-MM-DD, or an ISO date-time read on India time' });
}

/**
 * A reference to another record as a write sends it: its id, or the `{ _id, … }` object a read returned
 * (so what a GET returns can be PUT back, issue 19). Output: the id. A bad id is a 400 naming `field`.
 */
export function refField(field: string) {
  return z.union([idField(field), z.object({ _id: idField(field) }).transform((ref) => ref._id)], {
    error: fieldError(field, `${field} must be an id or an object with its _id`),
  });
}

// ---------------------------------------------------------------------------------------------------
// Shared schemas
// ---------------------------------------------------------------------------------------------------

/** A database id as a string (UUIDs in practice, but only "non-empty, ≤ 64 chars" is promised). */
export const objectId = idField('id').meta({ id: 'ObjectId', description: 'Record id (a string)' });

/** Path parameters `{ id }` of routes such as `PUT /api/RTO/{id}` (spec §7). */
export const idParams = z.object({ id: idField('id') });

/** Error body of every failed call: `{ message }`, shown as a toast by the client (spec §8). */
export const errorResponse = z
  .object({ message: z.string() })
  .meta({ id: 'ErrorResponse', description: 'Error body; `message` is shown to the user (spec §8)' });

/** Success body carrying only a message, e.g. `DELETE /api/RTO/{id}` (spec §7). */
export const messageResponse = z
  .object({ message: z.string() })
  .meta({ id: 'MessageResponse', description: 'A success message' });

/**
 * Answer of a delete: `{ message, data }`, `data` being the deleted `record` as a read answers it, which the
 * spec's client removes from its list by `_id` (issue 19).
 */
export function deletedResponse<T extends z.ZodType>(record: T) {
  return z.object({ message: z.string(), data: record });
}

/** A reference to another record as returned on reads: `{ _id, name }` (spec §3, e.g. variant.carModel). */
export const namedRef = z
  .object({ _id: objectId, name: z.string() })
  .meta({ id: 'NamedRef', description: 'Reference to another record: its id and name' });

/** Response-side enum schemas, registered as OpenAPI components. */
export const fuelTypeSchema = z.enum(fuelTypes).meta({ id: 'FuelType' });
/** Transmission enum schema (spec §9). */
export const transmissionSchema = z.enum(transmissions).meta({ id: 'Transmission' });
/** Condition enum schema (spec §9). */
export const conditionSchema = z.enum(conditions).meta({ id: 'Condition' });
/** Ownership enum schema (spec §9). */
export const ownershipSchema = z.enum(ownerships).meta({ id: 'Ownership' });
/** Role enum schema (spec §6). */
export const roleSchema = z.enum(roles).meta({ id: 'Role' });
/** Body type enum schema (issue 5). */
export const bodyTypeSchema = z.enum(bodyTypes).meta({ id: 'BodyType' });
/** Test-drive status enum schema (issue 7). */
export const testDriveStatusSchema = z.enum(testDriveStatuses).meta({ id: 'TestDriveStatus' });
/** Car status enum schema (spec §3, issue 6). */
export const carStatusSchema = z.enum(carStatuses).meta({ id: 'CarStatus' });

/** Inferred type of {@link errorResponse}. */
export type ErrorResponse = z.infer<typeof errorResponse>;
/** Inferred type of {@link messageResponse}. */
export type MessageResponse = z.infer<typeof messageResponse>;
/** Inferred type of {@link namedRef}. */
export type NamedRef = z.infer<typeof namedRef>;

// ---------------------------------------------------------------------------------------------------
// Query-string helpers: query values arrive as strings; an empty value means "not given"
// ---------------------------------------------------------------------------------------------------

/** Turns `''` (after trimming) into `undefined`, so `?keyword=` behaves like no keyword (spec §7). */
function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** An optional free-text query parameter (trimmed; empty = absent; control characters → 400, issue 20). */
export function queryText(field: string, max = 100) {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(withoutControls(false), controlCharacterMessage(field))
    .optional()
    .transform(emptyToUndefined);
}

/** An optional id query parameter (empty = absent; control characters → 400, issue 20). */
export function queryId(field: string) {
  return z
    .string({ error: fieldError(field, `${field} must be an id string`) })
    .trim()
    .max(64, `${field} must be an id of at most 64 characters`)
    .refine(withoutControls(false), controlCharacterMessage(field))
    .optional()
    .transform(emptyToUndefined);
}

/** An optional query parameter that must be one of `values` (empty = absent). */
export function queryEnum<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .pipe(enumField(field, values).optional())
    .meta({ override: { enum: [...values] } });
}

/** An optional whole-number query parameter between `min` and `max` (empty = absent). */
export function queryInt(field: string, min: number, max: number) {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined || v === '') return undefined;
      const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
      const message = Number.isNaN(n)
        ? `${field} must be a whole number`
        : n < min
          ? `${field} must be at least ${min}`
          : n > max
            ? `${field} must be at most ${max}`
            : undefined;
      if (message === undefined) return n;
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    })
    .meta({
      override: {
        type: 'integer',
        minimum: min,
        ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
      },
    });
}

/**
 * An optional comma-joined list query parameter, e.g. `brands=id1,id2` (spec §7): blanks are dropped,
 * each entry is parsed with `item`, an empty list counts as absent; a control character anywhere → 400
 * naming `field` (issue 20).
 */
export function queryList<T extends z.ZodType>(field: string, item: T, description: string, maxItems = 50) {
  return z
    .string({ error: fieldError(field, `${field} must be a comma-joined string`) })
    .optional()
    .transform((v, ctx): Array<z.output<T>> | undefined => {
      if (v !== undefined && controlCharacterIndex(v.trim()) !== -1) {
        ctx.addIssue({ code: 'custom', message: controlCharacterMessage(field), input: v });
        return z.NEVER;
      }
      const entries = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (entries.length === 0) return undefined;
      if (entries.length > maxItems) {
        ctx.addIssue({ code: 'custom', message: `${field} must list at most ${maxItems} values`, input: v });
        return z.NEVER;
      }
      const out: Array<z.output<T>> = [];
      for (const entry of entries) {
        const r = item.safeParse(entry);
        if (!r.success) {
          ctx.addIssue({
            code: 'custom',
            message: r.error.issues[0]?.message ?? `${field} is invalid`,
            input: entry,
          });
          return z.NEVER;
        }
        out.push(r.data);
      }
      return out;
    })
    .meta({ description });
}

/** A parsed `'min-max'` range; either end may be open (issue 5: `-500000`, `100000-`, `-`). */
export interface NumericRange {
  min?: number;
  max?: number;
}

/** An optional `'min-max'` range query parameter of whole numbers, e.g. `price=100000-500000` (spec §7). */
export function queryRange(field: string, unit: string) {
  return z
    .string({ error: fieldError(field, `${field} must be a string`) })
    .trim()
    .regex(
      /^(\d+)?\s*-\s*(\d+)?$|^$/,
      `${field} must be a range 'min-max' in ${unit}; either end may be empty`,
    )
    .optional()
    .transform((v): NumericRange | undefined => {
      if (v === undefined || v === '') return undefined;
      const [lo = '', hi = ''] = v.split('-').map((s) => s.trim());
      const range: NumericRange = {};
      if (lo !== '') range.min = Number(lo);
      if (hi !== '') range.max = Number(hi);
      return range;
    })
    .refine(
      (r) => r?.min === undefined || r.max === undefined || r.min <= r.max,
      `${field} range must have min ≤ max`,
    )
    .meta({ description: `Range 'min-max' in ${unit}; either end may be empty` });
}
