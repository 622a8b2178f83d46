/**
 * Field builders of the API contract: every validation message names its field ("<field> is required",
 * ...); form input as the spec's client posts it (numbers as strings, dates as ISO date-times, '' for an
 * untouched input); query-string helpers (values arrive as strings; empty means "not given").
 */
/// <reference types="zod-openapi" />
import { z } from 'zod';
import { currentYear, INDIA_TIME_ZONE, MIN_YEAR } from './vocabulary';

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
