/**
 * The price estimator of issue 25, pure (no I/O). Prices are whole rupees, distances km.
 *
 * **Comparables** of a target car (year Y, km K, state S) among the cars of its model: every car for sale
 * (status `used`), or sold (status `sold`) at most COMPARABLE_SOLD_DAYS (180) days before `now`, with
 * |year − Y| ≤ COMPARABLE_YEARS (2) and km within K ± max(50 % of K, 20 000 km) (the wider of the two, so
 * young cars with little km still find comparables; floored at 0), never the target itself. When S is
 * known and at least PRICE_INSIGHT_MIN_COMPARABLES (5) comparables are in S, only those are used
 * ("in Karnataka"); otherwise all of them ("across India").
 *
 * **Expected range**: each comparable's price is adjusted to the target's year and km by the model's
 * depreciation (depreciation.ts): adjusted = price × exp(βyear·(Y − year_c) + βkm·(K − km_c)). The median
 * and the quartiles Q1 and Q3 of the adjusted prices are taken by linear interpolation between order
 * statistics (h = (n − 1)·p, as R's type 7, numpy's default and Excel's QUARTILE.INC), then rounded to whole
 * rupees. **Band** of a price P: P < Q1 → `great`; P ≤ median → `good`; P ≤ Q3 → `fair`; P > Q3 → `high`.
 * With fewer than 5 comparables: `unknown`, range and median null, and the basis says so.
 *
 * **Basis**: "14 Maruti Suzuki Swift, 2019–2023, 20–60k km, in Karnataka" (the year and km windows searched,
 * km in thousands).
 */
import {
  COMPARABLE_SOLD_DAYS,
  COMPARABLE_YEARS,
  PRICE_INSIGHT_MIN_COMPARABLES,
  type PriceBand,
} from '@marketplace/contracts';
import { adjustPrice, type Depreciation } from './depreciation';

/** Half-width of the km window as a share of the target's km (50 %). */
export const KM_BAND_SHARE = 0.5;
/** Smallest half-width of the km window, km. */
export const KM_BAND_MIN = 20_000;
const DAY_MS = 86_400_000;

/** A car of a model as the estimator sees it. */
export interface PricedCar {
  id: string;
  /** Rupees. */
  price: number;
  year: number;
  km: number;
  /** State name (as the car's `location.state`), when known. */
  state?: string | undefined;
  status: 'used' | 'sold';
  /** For a sold car: when it was sold (its last change when no sale date is known). */
  soldAt?: Date | undefined;
}

/** The car whose price is estimated: a real car (`id` excluded from its comparables) or a hypothetical one. */
export interface Target {
  id?: string | undefined;
  year: number;
  km: number;
  state?: string | undefined;
}

/** The expected range of a target (contracts `ExpectedPrice`) plus the adjusted prices, ascending. */
export interface Estimate {
  expectedLow: number | null;
  expectedHigh: number | null;
  median: number | null;
  comparables: number;
  basis: string;
  /** The comparables' adjusted prices, whole rupees, ascending. */
  prices: number[];
}

/** The year and km windows of `target`: years Y ± 2, km K ± max(K/2, 20 000), floored at 0. */
export function windowOf(target: Pick<Target, 'year' | 'km'>) {
  const halfKm = Math.max(target.km * KM_BAND_SHARE, KM_BAND_MIN);
  return {
    yearFrom: target.year - COMPARABLE_YEARS,
    yearTo: target.year + COMPARABLE_YEARS,
    kmFrom: Math.max(0, target.km - halfKm),
    kmTo: target.km + halfKm,
  };
}

/** True when a sold car still counts at `now` (sold at most COMPARABLE_SOLD_DAYS days before). */
function recent(car: PricedCar, now: Date): boolean {
  if (car.status === 'used') return true;
  return car.soldAt !== undefined && now.getTime() - car.soldAt.getTime() <= COMPARABLE_SOLD_DAYS * DAY_MS;
}

/**
 * The comparables of `target` among `cars` (one model's) at `now`, and whether they are the same-state
 * ones (see the module comment).
 */
export function comparablesOf(
  target: Target,
  cars: readonly PricedCar[],
  now: Date,
): { cars: PricedCar[]; sameState: boolean } {
  const w = windowOf(target);
  const all = cars.filter(
    (c) =>
      c.id !== target.id &&
      c.year >= w.yearFrom &&
      c.year <= w.yearTo &&
      c.km >= w.kmFrom &&
      c.km <= w.kmTo &&
      recent(c, now),
  );
  if (target.state) {
    const same = all.filter((c) => c.state === target.state);
    if (same.length >= PRICE_INSIGHT_MIN_COMPARABLES) return { cars: same, sameState: true };
  }
  return { cars: all, sameState: false };
}

/** The `p`-quantile (0 ≤ p ≤ 1) of `sorted` (ascending, non-empty) by linear interpolation (type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return a + (h - lo) * (b - a);
}

/** "20–60k km": a km window in thousands. */
const kmWords = (from: number, to: number) => `${Math.round(from / 1000)}–${Math.round(to / 1000)}k km`;

/** The basis sentence (see the module comment); `name` is "Maruti Suzuki Swift". */
export function basisOf(name: string, target: Target, count: number, sameState: boolean): string {
  const w = windowOf(target);
  const where = sameState ? `in ${target.state}` : 'across India';
  const what = `${count} ${name}, ${w.yearFrom}–${w.yearTo}, ${kmWords(w.kmFrom, w.kmTo)}, ${where}`;
  return count >= PRICE_INSIGHT_MIN_COMPARABLES
    ? what
    : `${what}: too few to estimate a price (at least ${PRICE_INSIGHT_MIN_COMPARABLES} needed)`;
}

/**
 * The expected range of `target` from `cars` (its model's, named `name`), adjusted by `depreciation`, at
 * `now` (see the module comment).
 */
export function estimate(
  target: Target,
  cars: readonly PricedCar[],
  depreciation: Pick<Depreciation, 'year' | 'km'>,
  name: string,
  now: Date,
): Estimate {
  const picked = comparablesOf(target, cars, now);
  const adjusted = picked.cars
    .map((c) => adjustPrice(c.price, c, target, depreciation))
    .sort((a, b) => a - b);
  const count = adjusted.length;
  const basis = basisOf(name, target, count, picked.sameState);
  const prices = adjusted.map(Math.round);
  if (count < PRICE_INSIGHT_MIN_COMPARABLES) {
    return { expectedLow: null, expectedHigh: null, median: null, comparables: count, basis, prices };
  }
  return {
    expectedLow: Math.round(quantile(adjusted, 0.25)),
    expectedHigh: Math.round(quantile(adjusted, 0.75)),
    median: Math.round(quantile(adjusted, 0.5)),
    comparables: count,
    basis,
    prices,
  };
}

/** The band of `price` (rupees) against `range` (see the module comment); `unknown` without a range. */
export function bandOf(
  price: number,
  range: Pick<Estimate, 'expectedLow' | 'median' | 'expectedHigh'>,
): PriceBand {
  const { expectedLow, median, expectedHigh } = range;
  if (expectedLow === null || median === null || expectedHigh === null) return 'unknown';
  if (price < expectedLow) return 'great';
  if (price <= median) return 'good';
  if (price <= expectedHigh) return 'fair';
  return 'high';
}
