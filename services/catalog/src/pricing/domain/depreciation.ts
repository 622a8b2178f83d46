/**
 * Depreciation of a model (issue 25), pure: ordinary least squares of ln(price) on (year, km),
 *
 *   ln(price) = a + βyear·year + βkm·km + ε,
 *
 * fitted from the sufficient statistics of a set of cars (n, Σx, Σx·xᵀ, Σx·y with x = (year, km),
 * y = ln(price)), so the same fit runs over a model's cars in memory or over a whole segment as one SQL
 * aggregate (../data/model-cars.ts). A car's price moved to another year and km is then
 *
 *   adjusted = price × exp(βyear·(year_t − year_c) + βkm·(km_t − km_c)).
 *
 * A fit is used only when it is plausible (see {@link usableFit}); otherwise the caller falls back to the
 * body type's segment, then to {@link DEFAULT_DEPRECIATION}. Units: years, km, rupees.
 */

/** Per-year and per-km slopes of ln(price): `year` per year (> 0: newer is dearer), `km` per km (≤ 0). */
export interface Depreciation {
  year: number;
  km: number;
  /** Where the slopes come from: the model's own cars, its body type's segment, or the fixed defaults. */
  source: 'model' | 'segment' | 'default';
}

/**
 * Fixed defaults, a guess from Indian used-car rules of thumb (the same "~12 % a year" the demo generator
 * uses, cars/demo/generate.ts): −12 % a year, i.e. βyear = −ln(0.88) ≈ 0.128, and −0.5 % per 10 000 km,
 * i.e. βkm = ln(0.995) / 10 000 ≈ −5.0e-7 per km.
 */
export const DEFAULT_DEPRECIATION: Depreciation = {
  year: -Math.log(0.88),
  km: Math.log(0.995) / 10_000,
  source: 'default',
};

/** Fewest cars a fit is trusted from (guess: three parameters need a good margin of cars). */
export const MIN_FIT_CARS = 10;
/** Largest plausible yearly slope: 35 % a year (guess; the demo's and the market's curves are 12–15 %). */
const MAX_YEAR_SLOPE = -Math.log(0.65);
/** Steepest plausible km slope: −5 % per 10 000 km (guess). */
const MIN_KM_SLOPE = Math.log(0.95) / 10_000;

/** The sufficient statistics of an OLS fit of y = ln(price) on (year, km). */
export interface FitSums {
  n: number;
  sumYear: number;
  sumKm: number;
  sumY: number;
  sumYear2: number;
  sumKm2: number;
  sumYearKm: number;
  sumYearY: number;
  sumKmY: number;
}

/** A car as the fit sees it: price in rupees (> 0), manufacturing year, km driven. */
export interface FitCar {
  price: number;
  year: number;
  km: number;
}

/** The sums of `cars` (cars without a positive price are left out). */
export function fitSums(cars: readonly FitCar[]): FitSums {
  const s: FitSums = {
    n: 0,
    sumYear: 0,
    sumKm: 0,
    sumY: 0,
    sumYear2: 0,
    sumKm2: 0,
    sumYearKm: 0,
    sumYearY: 0,
    sumKmY: 0,
  };
  for (const c of cars) {
    if (!(c.price > 0)) continue;
    const y = Math.log(c.price);
    s.n++;
    s.sumYear += c.year;
    s.sumKm += c.km;
    s.sumY += y;
    s.sumYear2 += c.year * c.year;
    s.sumKm2 += c.km * c.km;
    s.sumYearKm += c.year * c.km;
    s.sumYearY += c.year * y;
    s.sumKmY += c.km * y;
  }
  return s;
}

/**
 * The OLS slopes from `s` (centred normal equations of the two regressors, solved by Cramer's rule), or
 * undefined when fewer than {@link MIN_FIT_CARS} cars or the regressors are (nearly) collinear, e.g. all
 * of one year.
 */
export function olsSlopes(s: FitSums): { year: number; km: number } | undefined {
  if (s.n < MIN_FIT_CARS) return undefined;
  const { n } = s;
  const syy = s.sumYear2 - (s.sumYear * s.sumYear) / n;
  const skk = s.sumKm2 - (s.sumKm * s.sumKm) / n;
  const syk = s.sumYearKm - (s.sumYear * s.sumKm) / n;
  const syv = s.sumYearY - (s.sumYear * s.sumY) / n;
  const skv = s.sumKmY - (s.sumKm * s.sumY) / n;
  const det = syy * skk - syk * syk;
  // Relative test: det / (syy·skk) = 1 − r² of the regressors; below 1e-6 they are collinear.
  if (!(syy > 0 && skk > 0) || det <= 1e-6 * syy * skk) return undefined;
  return { year: (syv * skk - skv * syk) / det, km: (skv * syy - syv * syk) / det };
}

/** True when `slopes` are plausible: 0 < βyear ≤ 35 %/year and −5 %/10 000 km ≤ βkm ≤ 0 (guesses). */
export function usableFit(slopes: { year: number; km: number } | undefined): slopes is {
  year: number;
  km: number;
} {
  return (
    slopes !== undefined &&
    slopes.year > 0 &&
    slopes.year <= MAX_YEAR_SLOPE &&
    slopes.km <= 0 &&
    slopes.km >= MIN_KM_SLOPE
  );
}

/**
 * The depreciation from the model's sums, else the segment's (computed only when needed: `segment` is
 * called at most once), else {@link DEFAULT_DEPRECIATION}.
 */
export async function chooseDepreciation(
  model: FitSums,
  segment: () => Promise<FitSums | undefined>,
): Promise<Depreciation> {
  const own = olsSlopes(model);
  if (usableFit(own)) return { ...own, source: 'model' };
  const sums = await segment();
  const seg = sums ? olsSlopes(sums) : undefined;
  if (usableFit(seg)) return { ...seg, source: 'segment' };
  return DEFAULT_DEPRECIATION;
}

/** `price` (rupees) of a car of `from` moved to the year and km of `to` by `d` (unrounded rupees). */
export function adjustPrice(
  price: number,
  from: { year: number; km: number },
  to: { year: number; km: number },
  d: Pick<Depreciation, 'year' | 'km'>,
): number {
  return price * Math.exp(d.year * (to.year - from.year) + d.km * (to.km - from.km));
}
