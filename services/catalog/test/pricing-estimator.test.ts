/**
 * The price estimator of issue 25 (src/pricing/domain/) on fixed sets of cars: the comparables (years,
 * km window, sold within 180 days, never the car itself, the same state preferred), known medians and
 * quartiles, the year and km adjustment, the bands, the `unknown` band below 5 comparables, and the
 * depreciation fit with its fallbacks.
 */
import { describe, expect, it } from 'vitest';
import {
  adjustPrice,
  chooseDepreciation,
  DEFAULT_DEPRECIATION,
  fitSums,
  olsSlopes,
} from '../src/pricing/domain/depreciation';
import { bandOf, estimate, type PricedCar, quantile, windowOf } from '../src/pricing/domain/estimator';

const NOW = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const FLAT = { year: 0, km: 0 };
const NAME = 'Maruti Suzuki Swift';
const target = { id: 'target', year: 2020, km: 40_000, state: 'Karnataka' };

let seq = 0;
const car = (price: number, over: Partial<PricedCar> = {}): PricedCar => ({
  id: `c${++seq}`,
  price,
  year: 2020,
  km: 40_000,
  state: 'Karnataka',
  status: 'used',
  ...over,
});

/** Seven comparables (one sold 100 days ago) and cars that are not comparable for one reason each. */
const fleet: PricedCar[] = [
  car(400_000),
  car(450_000, { year: 2018 }),
  car(500_000, { year: 2022 }),
  car(550_000, { km: 20_000 }),
  car(600_000, { km: 60_000 }),
  car(650_000),
  car(700_000, { status: 'sold', soldAt: daysAgo(100) }),
  car(100_000, { id: 'target' }),
  car(100_000, { year: 2017 }),
  car(100_000, { year: 2023 }),
  car(100_000, { km: 19_999 }),
  car(100_000, { km: 60_001 }),
  car(100_000, { status: 'sold', soldAt: daysAgo(181) }),
];

describe('the price estimator', () => {
  it('takes the comparables in ±2 years and the km window, recent sales, never the car itself', () => {
    expect(windowOf(target)).toEqual({ yearFrom: 2018, yearTo: 2022, kmFrom: 20_000, kmTo: 60_000 });
    expect(windowOf({ year: 2015, km: 100_000 })).toMatchObject({ kmFrom: 50_000, kmTo: 150_000 });
    expect(windowOf({ year: 2024, km: 5_000 })).toMatchObject({ kmFrom: 0, kmTo: 25_000 });
    const e = estimate(target, fleet, FLAT, NAME, NOW);
    expect(e.comparables).toBe(7);
    expect(e.prices).toEqual([400_000, 450_000, 500_000, 550_000, 600_000, 650_000, 700_000]);
  });

  it('answers the median and the quartiles (linear interpolation) with the working in words', () => {
    const e = estimate(target, fleet, FLAT, NAME, NOW);
    expect(e).toMatchObject({ expectedLow: 475_000, median: 550_000, expectedHigh: 625_000 });
    expect(e.basis).toBe('7 Maruti Suzuki Swift, 2018–2022, 20–60k km, in Karnataka');
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10], 0.25)).toBe(10);
  });

  it('prefers the same state with 5 of them, else compares across India', () => {
    const mixed = fleet.map((c, i) => (i < 4 ? c : { ...c, state: 'Maharashtra' }));
    const across = estimate(target, mixed, FLAT, NAME, NOW);
    expect(across.comparables).toBe(7);
    expect(across.basis).toMatch(/across India$/);
    const five = fleet.map((c, i) => (i < 5 ? c : { ...c, state: 'Maharashtra' }));
    const local = estimate(target, five, FLAT, NAME, NOW);
    expect(local.prices).toEqual([400_000, 450_000, 500_000, 550_000, 600_000]);
    expect(local).toMatchObject({ expectedLow: 450_000, median: 500_000, expectedHigh: 550_000 });
    expect(estimate({ ...target, state: undefined }, five, FLAT, NAME, NOW).comparables).toBe(7);
  });

  it("adjusts each comparable's price to the car's year and km", () => {
    const d = { year: Math.log(1.1), km: -1e-6 };
    // One year older and 10 000 km more: × 1.1 × e^0.01.
    const adjusted = adjustPrice(500_000, { year: 2019, km: 50_000 }, target, d);
    expect(adjusted).toBeCloseTo(555_527.59, 1);
    const e = estimate(
      target,
      [car(500_000, { year: 2019, km: 50_000 }), ...fleet.slice(0, 4)],
      d,
      NAME,
      NOW,
    );
    expect(e.prices).toContain(555_528);
    // 2018 → 2020: × 1.21; 2022 → 2020: ÷ 1.21; 20 000 km fewer: × e^-0.02.
    expect(e.prices).toContain(Math.round(450_000 * 1.21));
    expect(e.prices).toContain(Math.round(500_000 / 1.21));
    expect(e.prices).toContain(Math.round(550_000 * Math.exp(-0.02)));
  });

  it('bands a price against the range', () => {
    const range = { expectedLow: 475_000, median: 550_000, expectedHigh: 625_000 };
    expect(bandOf(474_999, range)).toBe('great');
    expect(bandOf(475_000, range)).toBe('good');
    expect(bandOf(550_000, range)).toBe('good');
    expect(bandOf(550_001, range)).toBe('fair');
    expect(bandOf(625_000, range)).toBe('fair');
    expect(bandOf(625_001, range)).toBe('high');
  });

  it('says unknown below 5 comparables, and why', () => {
    const e = estimate(target, fleet.slice(0, 4), FLAT, NAME, NOW);
    expect(e).toMatchObject({ expectedLow: null, median: null, expectedHigh: null, comparables: 4 });
    expect(e.prices).toHaveLength(4);
    expect(e.basis).toBe(
      '4 Maruti Suzuki Swift, 2018–2022, 20–60k km, across India: too few to estimate a price (at least 5 needed)',
    );
    expect(bandOf(500_000, e)).toBe('unknown');
  });
});

describe('the depreciation fit', () => {
  /** Cars exactly on ln p = 2 + 0.1·(year − 2000) − 1e-6·km. */
  const exact = Array.from({ length: 12 }, (_, i) => {
    const year = 2014 + (i % 6);
    const km = 10_000 + ((i * 7919) % 90_000);
    return { price: Math.exp(2 + 0.1 * (year - 2000) - 1e-6 * km) * 1e4, year, km };
  });

  it('recovers the slopes of ln(price) on year and km by least squares', () => {
    const slopes = olsSlopes(fitSums(exact));
    expect(slopes?.year).toBeCloseTo(0.1, 6);
    expect(slopes?.km).toBeCloseTo(-1e-6, 9);
  });

  it('falls back to the segment, then to the defaults', async () => {
    expect(await chooseDepreciation(fitSums(exact), async () => undefined)).toMatchObject({
      source: 'model',
    });
    const few = fitSums(exact.slice(0, 5));
    const segment = await chooseDepreciation(few, async () => fitSums(exact));
    expect(segment).toMatchObject({ source: 'segment' });
    expect(segment.year).toBeCloseTo(0.1, 6);
    expect(await chooseDepreciation(few, async () => undefined)).toBe(DEFAULT_DEPRECIATION);
    // Implausible: dearer with more km.
    const odd = exact.map((c) => ({ ...c, price: c.price * Math.exp(2e-6 * c.km) }));
    expect(await chooseDepreciation(fitSums(odd), async () => undefined)).toBe(DEFAULT_DEPRECIATION);
    expect(DEFAULT_DEPRECIATION.year).toBeCloseTo(0.1278, 4);
    expect(DEFAULT_DEPRECIATION.km * 10_000).toBeCloseTo(Math.log(0.995), 9);
  });
});
