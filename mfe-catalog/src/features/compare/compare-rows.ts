/**
 * The rows of the comparison (issue 24): how each car's value reads, whether the cars differ on it, and
 * which car has the best value where one is better (lowest price, lowest km, newest year).
 */
import type { Car } from '@marketplace/contracts';
import { formatIndianDate, formatIndianNumber, formatKm, formatRupees } from '@marketplace/ui';

/** Shown for a missing value. */
export const NOT_AVAILABLE = 'N/A';

/** One row: its label, each car's text, and how to find the best car, if any. */
export interface CompareRow {
  label: string;
  text(car: Car): string;
  /** Which way is better, on which number, and the mark the best car gets ('Lowest price'). */
  best?: { better: 'lower' | 'higher'; value(car: Car): number | undefined; mark: string };
  /** Lists (features) are shown as a list; `text` joins them for the difference test. */
  list?(car: Car): string[];
}

const text = (v: string | number | undefined | null) =>
  v === undefined || v === null || v === '' ? NOT_AVAILABLE : String(v);

/** The rows, in the order of the issue: price, year, km, fuel, …, features (the photo is the column's head). */
export const COMPARE_ROWS: CompareRow[] = [
  {
    label: 'Price',
    text: (car) => formatRupees(car.price),
    best: { better: 'lower', value: (car) => car.price, mark: 'Lowest price' },
  },
  {
    label: 'Year',
    text: (car) => text(car.manufacturerYear),
    best: { better: 'higher', value: (car) => car.manufacturerYear, mark: 'Newest' },
  },
  {
    label: 'Kilometres',
    text: (car) => formatKm(car.specifications.kmDriven),
    best: { better: 'lower', value: (car) => car.specifications.kmDriven, mark: 'Lowest km' },
  },
  { label: 'Fuel', text: (car) => text(car.fuelType) },
  { label: 'Transmission', text: (car) => text(car.transmission) },
  { label: 'Body type', text: (car) => text(car.model.bodyType) },
  { label: 'Owners', text: (car) => text(car.specifications.ownership) },
  {
    label: 'Insurance',
    text: (car) => {
      const till = car.specifications.insurance?.validTill;
      const date = till ? formatIndianDate(till) : undefined;
      return date ? `Valid till ${date}` : NOT_AVAILABLE;
    },
  },
  { label: 'City', text: (car) => text(car.location.city) },
  {
    label: 'Engine',
    text: (car) => {
      const cc = car.specifications.engineCapacity;
      return cc ? `${formatIndianNumber(cc)} cc` : NOT_AVAILABLE;
    },
  },
  {
    label: 'Features',
    text: (car) => [...car.variant.features].sort().join(', ') || NOT_AVAILABLE,
    list: (car) => car.variant.features,
  },
];

/** True when the cars do not all read the same on `row`. */
export function differs(row: CompareRow, cars: readonly Car[]): boolean {
  return new Set(cars.map((car) => row.text(car))).size > 1;
}

/**
 * The ids of the cars with the best value of `row` (ties all marked); none when the row has no best, fewer
 * than two cars have a value, or they are all equal.
 */
export function bestIds(row: CompareRow, cars: readonly Car[]): Set<string> {
  const best = row.best;
  if (!best) return new Set();
  const valued = cars.flatMap((car) => {
    const v = best.value(car);
    return typeof v === 'number' && Number.isFinite(v) ? [{ id: car._id, v }] : [];
  });
  if (valued.length < 2) return new Set();
  const values = valued.map((c) => c.v);
  const top = best.better === 'lower' ? Math.min(...values) : Math.max(...values);
  if (values.every((v) => v === top)) return new Set();
  return new Set(valued.filter((c) => c.v === top).map((c) => c.id));
}

/** The car ids of a compare URL's `ids` (comma-separated): trimmed, without repeats, at most `max`. */
export function readCompareIds(raw: string | null, max: number): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, max);
}
