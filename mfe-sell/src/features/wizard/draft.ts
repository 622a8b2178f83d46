/**
 * The wizard's draft: every answer of the nine steps, its defaults (spec §9) and its persistence in
 * local storage, so a reload does not lose the seller's answers (issue 11). Files are not kept.
 */
import {
  conditions,
  fuelTypes,
  ownerships,
  transmissions,
  MIN_YEAR as VOCABULARY_MIN_YEAR,
} from '@marketplace/contracts/vocabulary';
import { formatIndianNumber } from '@marketplace/ui';

/** Steps in tab order (spec §2 "Sell-a-car wizard"). */
export const STEPS = [
  'Brand',
  'Year',
  'Model',
  'Variant',
  'Reg. states',
  'Kms Driven',
  'Location',
  'Specifications',
  'Images',
] as const;
/** One step's name. */
export type StepName = (typeof STEPS)[number];

/** Fuel types (spec §9). */
export const FUEL_TYPES = fuelTypes;
/** Transmissions (spec §9). */
export const TRANSMISSIONS = transmissions;
/** Car conditions (spec §9), default good. */
export const CONDITIONS = conditions;
/** Ownership choices (spec §9), default First. */
export const OWNERSHIPS = ownerships;
/** Oldest year offered (spec §9). */
export const MIN_YEAR = VOCABULARY_MIN_YEAR;
/** Largest engine capacity in cc (the contracts' `MAX_ENGINE_CC`). */
export const MAX_ENGINE_CC = 10_000;

/**
 * Engine capacity in cc from what a seller types, the forms the API accepts (the contracts'
 * `engineCapacityCc`, issue 19): `"1197"`, `"1197 cc"`, `"1197cc"` → 1197; `"1.2 L"`, `"1.2L"`,
 * `"1.5 litre"` → 1200, 1500. The text itself is what the wizard sends.
 * @returns the cc, or `undefined` when the text is none of these forms.
 */
export function engineCapacityCc(text: string): number | undefined {
  const value = text.trim();
  const cc = /^(\d{1,5})\s*(?:cc)?$/i.exec(value);
  if (cc) return Number(cc[1]);
  const litres = /^(\d{1,2}(?:\.\d{1,3})?)\s*(?:l|litres?|liters?)$/i.exec(value);
  return litres ? Math.round(Number(litres[1]) * 1000) : undefined;
}

/** Indian PIN code: six digits, not starting with 0 (contracts). */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
/** Indian registration number (same rule as the contracts' `REG_NUMBER_PATTERN`). */
export const REG_NUMBER_PATTERN =
  /^(?:[A-Z]{2}[- ]?\d{1,2}[- ]?(?:[A-Z]{1,3}[- ]?){0,2}\d{1,4}|\d{2}[- ]?BH[- ]?\d{4}[- ]?[A-Z]{1,2})$/;

/** A chosen reference record: its id and the label shown. */
export interface Ref {
  id: string;
  name: string;
}

/** Everything the seller has answered. Numbers stay strings while typed. */
export interface Draft {
  brand: Ref | null;
  year: number | null;
  model: (Ref & { fuelTypes: string[]; transmissions: string[] }) | null;
  fuelType: string;
  transmission: string;
  variant: Ref | null;
  state: Ref | null;
  rto: (Ref & { city: string }) | null;
  kmDriven: string;
  price: string;
  condition: string;
  ownership: string;
  street: string;
  city: string;
  locationState: string;
  postalCode: string;
  regNumber: string;
  engineCapacity: string;
  spareKey: boolean;
  insuranceType: string;
  validTill: string;
  description: string;
}

/** The initial answers (spec §9 defaults: condition good, ownership First, spareKey false). */
export const EMPTY_DRAFT: Draft = {
  brand: null,
  year: null,
  model: null,
  fuelType: '',
  transmission: '',
  variant: null,
  state: null,
  rto: null,
  kmDriven: '',
  price: '',
  condition: 'good',
  ownership: 'First',
  street: '',
  city: '',
  locationState: '',
  postalCode: '',
  regNumber: '',
  engineCapacity: '',
  spareKey: false,
  insuranceType: '',
  validTill: '',
  description: '',
};

/** What is saved: the answers, the current step and the visited steps. */
export interface SavedWizard {
  draft: Draft;
  step: number;
  visited: number[];
}

const KEY = 'sell-wizard-draft';

/** The saved wizard, or the empty one. */
export function loadWizard(): SavedWizard {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (raw) {
      const saved = JSON.parse(raw) as Partial<SavedWizard>;
      return {
        draft: { ...EMPTY_DRAFT, ...saved.draft },
        step: typeof saved.step === 'number' ? Math.min(Math.max(saved.step, 0), STEPS.length - 1) : 0,
        visited: Array.isArray(saved.visited) ? saved.visited.filter((n) => typeof n === 'number') : [0],
      };
    }
  } catch {
    // Unreadable draft: start afresh.
  }
  return { draft: EMPTY_DRAFT, step: 0, visited: [0] };
}

/** Saves the wizard (private mode: silently kept for this page only). */
export function saveWizard(saved: SavedWizard): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage unavailable.
  }
}

/** Forgets the saved wizard (after a successful listing). */
export function clearWizard(): void {
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Storage unavailable.
  }
}

/** Years offered: the current year down to 1980 (spec §9, issue 11). */
export function yearChoices(now = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getFullYear(); y >= MIN_YEAR; y--) years.push(y);
  return years;
}

/** The first validation alert of the Kms Driven step (spec §5), or null. */
export function kmsStepError(d: Draft): string | null {
  if (d.kmDriven.trim() === '' || !(Number(d.kmDriven) >= 0))
    return 'Kindly provide the number of kilometers driven.';
  if (d.price.trim() === '' || !(Number(d.price) > 0)) return 'Please enter the price.';
  if (!d.condition) return 'Please choose the condition.';
  if (!d.ownership) return 'Please choose the ownership.';
  return null;
}

/** The first validation alert of the Location step (spec §5, issue 11: a 6-digit PIN), or null. */
export function locationStepError(d: Draft): string | null {
  if (![d.street, d.city, d.locationState, d.postalCode].every((v) => v.trim() !== ''))
    return 'Please fill in all location fields.';
  if (!PIN_CODE_PATTERN.test(d.postalCode.trim())) return 'Please enter a valid 6-digit PIN code.';
  return null;
}

/** The first validation alert of the Specifications step, or null. */
export function specificationsStepError(d: Draft): string | null {
  if (!REG_NUMBER_PATTERN.test(d.regNumber.trim().toUpperCase()))
    return 'Please enter a registration number like KA-01-AB-1234.';
  if (d.engineCapacity.trim() !== '') {
    const cc = engineCapacityCc(d.engineCapacity);
    if (cc === undefined)
      return 'Please enter the engine capacity in cc (e.g. 1197 cc) or litres (e.g. 1.2 L).';
    if (cc > MAX_ENGINE_CC) return `Engine capacity must be at most ${formatIndianNumber(MAX_ENGINE_CC)} cc.`;
  }
  if ((d.insuranceType.trim() === '') !== (d.validTill === ''))
    return 'Please give both the insurance type and its valid-till date.';
  return null;
}

/** The first step whose answers are missing or invalid, with its alert; null when all are complete. */
export function firstIncomplete(d: Draft): { step: number; message: string } | null {
  if (!d.brand) return { step: 0, message: 'Please choose the brand.' };
  if (!d.year) return { step: 1, message: 'Please choose the year.' };
  if (!d.model) return { step: 2, message: 'Please choose the model.' };
  if (!d.fuelType || !d.transmission || !d.variant)
    return { step: 3, message: 'Please choose the fuel type, transmission and variant.' };
  if (!d.state || !d.rto) return { step: 4, message: 'Please choose the registration state and RTO.' };
  const kms = kmsStepError(d);
  if (kms) return { step: 5, message: kms };
  const location = locationStepError(d);
  if (location) return { step: 6, message: location };
  const specs = specificationsStepError(d);
  if (specs) return { step: 7, message: specs };
  return null;
}
