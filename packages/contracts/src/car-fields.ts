/**
 * The field rules of a car listing (issue 6; the free-text forms of issue 19): registration number, PIN
 * code, price in rupees, kilometres driven, engine capacity in cc and the uploaded images' keys, as zod
 * fields that name themselves in their messages. The public constants are re-exported by cars.ts; the
 * field builders serve car-writes.ts.
 */
import { z } from 'zod';
import { blankToUndefined, fieldError, intField, optionalInput, textField } from './common';

/**
 * Indian registration number, e.g. `KA-01-AB-1234`, `DL-3C-AB-1234`, `KA01AB1234`, or the BH series
 * `22-BH-1234-AB`; hyphens or spaces between the parts are optional (issue 6). Checked upper-cased.
 */
export const REG_NUMBER_PATTERN =
  /^(?:[A-Z]{2}[- ]?\d{1,2}[- ]?(?:[A-Z]{1,3}[- ]?){0,2}\d{1,4}|\d{2}[- ]?BH[- ]?\d{4}[- ]?[A-Z]{1,2})$/;
/**
 * The comparable form of a registration number (issue 20): upper-case, without spaces and hyphens, so
 * `ka-01-ab-1234`, `KA 01 AB 1234` and `KA01AB1234` are one car. The listing service refuses a number that
 * is already on another seller's active listing by this form (its `cars.reg_number` column holds it).
 * @param regNumber a registration number as typed (any case, with or without separators).
 * @returns e.g. `KA01AB1234`.
 */
export function normalizeRegNumber(regNumber: string): string {
  return regNumber.toUpperCase().replace(/[\s-]+/g, '');
}
/** Indian PIN code: six digits, not starting with 0 (issue 6). */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
/** Largest accepted price in rupees (sanity bound, a guess: ₹100 crore). */
export const MAX_PRICE_RUPEES = 1_000_000_000;
/** Largest accepted odometer reading in km (sanity bound, a guess). */
export const MAX_KM_DRIVEN = 2_000_000;

/** Price field: whole rupees, greater than 0 (issue 6); a numeric string counts as its number (issue 19). */
export function priceField(field = 'price') {
  return intField(field, 0, MAX_PRICE_RUPEES, 'rupees').refine(
    (price) => price > 0,
    `${field} must be greater than 0 rupees`,
  );
}

/** Largest accepted engine capacity in cc (sanity bound: the largest production car engines are ~8 L). */
export const MAX_ENGINE_CC = 10_000;

const CC_TEXT = /^(\d{1,5})\s*(?:cc)?$/i;
const LITRE_TEXT = /^(\d{1,2}(?:\.\d{1,3})?)\s*(?:l|litres?|liters?)$/i;

/**
 * Engine capacity in cc from what people type in the spec's free-text input (issue 19): `1197`,
 * `"1197"`, `"1197 cc"`, `"1197cc"` → 1197; `"1.2 L"`, `"1.2L"`, `"1.5 litre"` → 1200, 1500 (1 L = 1000 cc).
 * @returns the cc as a whole number, or `undefined` when the text is none of these forms.
 */
export function engineCapacityCc(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const cc = CC_TEXT.exec(text);
  if (cc) return Number(cc[1]);
  const litres = LITRE_TEXT.exec(text);
  return litres ? Math.round(Number(litres[1]) * 1000) : undefined;
}

/**
 * Optional `specifications.engineCapacity`: a number of cc or the text forms of {@link engineCapacityCc};
 * `''` is absent. Output: whole cc, 0 to {@link MAX_ENGINE_CC}.
 */
export function engineCapacityField(field = 'specifications.engineCapacity') {
  const forms = `a number of cc or text like "1197", "1197 cc" or "1.2 L"`;
  return optionalInput(
    z
      .union([z.number(), z.string()], { error: fieldError(field, `${field} must be ${forms}`) })
      .transform((value, ctx): number => {
        const cc = engineCapacityCc(value);
        if (cc === undefined) {
          ctx.addIssue({ code: 'custom', message: `${field} must be ${forms}`, input: value });
          return z.NEVER;
        }
        if (cc > MAX_ENGINE_CC) {
          ctx.addIssue({
            code: 'custom',
            message: `${field} must be at most ${MAX_ENGINE_CC} cc`,
            input: value,
          });
          return z.NEVER;
        }
        return cc;
      })
      .optional(),
  ).meta({ description: `Engine capacity: ${forms}; stored in cc` });
}

/** An insurance whose every field is blank (the spec's form untouched) counts as absent (issue 19). */
export function blankInsuranceToUndefined(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return blankToUndefined(value);
  return Object.values(value).every((v) => blankToUndefined(v) === undefined) ? undefined : value;
}

/** Kilometres driven field: a whole number ≥ 0 (issue 6). */
export function kmDrivenField(field = 'specifications.kmDriven') {
  return intField(field, 0, MAX_KM_DRIVEN, 'km');
}

/** Image references sent with a listing: `[{ key }]` from the storage upload, at least one (issue 6). */
export function imageKeysField(field = 'images') {
  return z
    .array(z.object({ key: textField(`${field}.key`, 300) }), {
      error: fieldError(field, `${field} must be a list of { key }`),
    })
    .min(1, `${field} must contain at least one image`)
    .max(20, `${field} must contain at most 20 images`);
}
