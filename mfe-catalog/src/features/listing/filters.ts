/**
 * The listing's filters as URL search parameters (issue 9: shareable, Back works, a reload keeps them). The
 * names and formats are those of `GET /api/cars` (spec §7, issue 5), so the URL query is also the API
 * query: comma-joined lists, `min-max` ranges with optional ends, 1-based `page`. A filter change returns
 * to page 1 (docs/adr/0008). One filter is the URL's only (issue 25): the monthly budget (`emi=` with the
 * loan's `emiRate=`, `emiMonths=`, `emiDown=` when not the defaults), which the API query turns into a
 * price cap (`price=<min>-<max>`).
 */
import type { BodyType, CarSort, FuelType, OwnerFilter, Transmission } from '@marketplace/contracts';
import { bodyTypes, fuelTypes, ownerFilters, transmissions } from '@marketplace/contracts/vocabulary';
import { LOAN_DEFAULTS, maxPriceForBudget } from '@marketplace/ui';

/** Fuel types of the FUEL checkboxes (spec §9). */
export const FUEL_TYPES = fuelTypes;
/** Transmissions of the TRANSMISSION checkboxes (spec §9). */
export const TRANSMISSIONS = transmissions;
/** Body types (issue 5). */
export const BODY_TYPES = bodyTypes;
/** Sort orders and their labels (issue 5). */
export const SORTS: { value: CarSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'km_asc', label: 'Kilometres: lowest first' },
];
/** Owner filters (issue 25) and their labels. */
export const OWNER_FILTERS = ownerFilters;
/** '1' → '1st owner', '2' → '2nd owner', '3+' → '3rd+ owner'. */
export const OWNER_LABELS: Record<OwnerFilter, string> = {
  '1': '1st owner',
  '2': '2nd owner',
  '3+': '3rd+ owner',
};
/** Oldest year in the year filters (spec §9 year choices end at 1980). */
export const OLDEST_YEAR = 1980;

/** A `min-max` range; an empty end is open. Kept as typed text so inputs show what the user wrote. */
export interface Range {
  min: string;
  max: string;
}

/**
 * The monthly budget (issue 25) as typed: the instalment in rupees and the loan (annual rate %, months,
 * down payment %), each empty for the default ({@link LOAN_DEFAULTS}). No instalment → no budget filter.
 */
export interface BudgetFilter {
  emi: string;
  rate: string;
  months: string;
  down: string;
}

/** The budget with nothing typed. */
export const NO_BUDGET: BudgetFilter = { emi: '', rate: '', months: '', down: '' };

/** Every filter of the listing, plus the page. */
export interface ListingFilters {
  searchTerm: string;
  brands: string[];
  models: string[];
  fuelTypes: FuelType[];
  transmissions: Transmission[];
  bodyTypes: BodyType[];
  price: Range;
  kmDriven: Range;
  years: Range;
  owners: OwnerFilter[];
  budget: BudgetFilter;
  city: string;
  sort: CarSort;
  page: number;
}

/** The filter fields (everything but the page). */
export type FilterPatch = Partial<Omit<ListingFilters, 'page'>>;

function list<T extends string>(params: URLSearchParams, name: string, allowed?: readonly T[]): T[] {
  const raw = params.get(name);
  if (!raw) return [];
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean) as T[];
  return allowed ? values.filter((v) => allowed.includes(v)) : values;
}

const digits = (v: string) => v.replace(/\D/g, '');

function range(params: URLSearchParams, name: string): Range {
  const raw = params.get(name) ?? '';
  const [min = '', max = ''] = raw.split('-');
  return { min: digits(min), max: digits(max) };
}

/** A decimal number typed as text (a rate such as 10.5): digits and at most one point. */
const decimal = (v: string) => /^\d{0,3}(?:\.\d{0,2})?$/.exec(v.trim())?.[0] ?? '';

/** The monthly budget's parameters from the URL. */
function readBudget(params: URLSearchParams): BudgetFilter {
  return {
    emi: digits(params.get('emi') ?? ''),
    rate: decimal(params.get('emiRate') ?? ''),
    months: digits(params.get('emiMonths') ?? ''),
    down: digits(params.get('emiDown') ?? ''),
  };
}

/** A number typed as text, or `fallback` when empty or not a number; clamped to `[min, max]`. */
function numberOr(text: string, fallback: number, min: number, max: number): number {
  const n = text === '' ? fallback : Number(text);
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback;
}

/**
 * The loan a budget assumes, the defaults ({@link LOAN_DEFAULTS}) where nothing is typed: rate 0–30 %,
 * tenure 12–84 months, down payment 0–90 %.
 */
export function budgetLoan(b: BudgetFilter): { rate: number; months: number; down: number } {
  const d = LOAN_DEFAULTS;
  return {
    rate: numberOr(b.rate, d.annualRatePercent, 0, 30),
    months: numberOr(b.months, d.months, d.minMonths, d.maxMonths),
    down: numberOr(b.down, d.downPaymentPercent, 0, 90),
  };
}

/** The dearest car the budget buys (rupees), or `undefined` when no instalment is set. */
export function budgetMaxPrice(b: BudgetFilter): number | undefined {
  const monthly = Number(b.emi);
  if (!(monthly > 0)) return undefined;
  const loan = budgetLoan(b);
  return maxPriceForBudget({
    monthly,
    annualRatePercent: loan.rate,
    months: loan.months,
    downPaymentPercent: loan.down,
  });
}

/** Reads the filters from the URL; unknown values are dropped, the page is at least 1. */
export function readFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort') as CarSort | null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    searchTerm: params.get('searchTerm') ?? '',
    brands: list(params, 'brands'),
    models: list(params, 'models'),
    fuelTypes: list(params, 'fuelTypes', FUEL_TYPES),
    transmissions: list(params, 'transmissions', TRANSMISSIONS),
    bodyTypes: list(params, 'bodyTypes', BODY_TYPES),
    price: range(params, 'price'),
    kmDriven: range(params, 'kmDriven'),
    years: range(params, 'years'),
    owners: list(params, 'owners', OWNER_FILTERS),
    budget: readBudget(params),
    city: params.get('city') ?? '',
    sort: sort && SORTS.some((s) => s.value === sort) ? sort : 'newest',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/**
 * The URL's query of the filters with empty parameters omitted (spec §7): `GET /api/cars`'s parameters as
 * typed, plus the monthly budget (`emi`, and its loan where not the default). `sort=newest` and `page=1`
 * are defaults and left out too.
 */
export function filterQuery(f: ListingFilters): Record<string, string> {
  const q = searchQuery(f);
  const { emi, rate, months, down } = f.budget;
  if (emi) {
    q.emi = emi;
    if (rate) q.emiRate = rate;
    if (months) q.emiMonths = months;
    if (down) q.emiDown = down;
  }
  return q;
}

/**
 * The query of `GET /api/cars` (and of a saved search): the URL's without the monthly budget, which
 * becomes a price cap instead: `price=<min>-<max>` with `max` the lower of the typed maximum and the
 * dearest car the budget buys.
 */
export function apiQuery(f: ListingFilters): Record<string, string> {
  const q = searchQuery(f);
  const cap = budgetMaxPrice(f.budget);
  if (cap === undefined) return q;
  const typedMax = f.price.max ? Number(f.price.max) : Number.POSITIVE_INFINITY;
  const max = Math.min(typedMax, cap);
  const min = f.price.min && Number(f.price.min) <= max ? f.price.min : '0';
  q.price = `${min}-${max}`;
  return q;
}

/** The query of the filters `GET /api/cars` knows, as typed, empty parameters and defaults omitted. */
function searchQuery(f: ListingFilters): Record<string, string> {
  const q: Record<string, string> = {};
  const searchTerm = f.searchTerm.trim();
  if (searchTerm) q.searchTerm = searchTerm;
  if (f.brands.length) q.brands = f.brands.join(',');
  if (f.models.length) q.models = f.models.join(',');
  if (f.fuelTypes.length) q.fuelTypes = f.fuelTypes.join(',');
  if (f.transmissions.length) q.transmissions = f.transmissions.join(',');
  if (f.bodyTypes.length) q.bodyTypes = f.bodyTypes.join(',');
  for (const name of ['price', 'kmDriven', 'years'] as const) {
    const { min, max } = f[name];
    if (min || max) q[name] = `${min}-${max}`;
  }
  if (f.owners.length) q.owners = f.owners.join(',');
  const city = f.city.trim();
  if (city) q.city = city;
  if (f.sort !== 'newest') q.sort = f.sort;
  if (f.page > 1) q.page = String(f.page);
  return q;
}

/** The filters after a filter change: the patch applied and the page back to 1 (docs/adr/0008). */
export function applyFilterChange(current: ListingFilters, patch: FilterPatch): ListingFilters {
  return { ...current, ...patch, page: 1 };
}

/** How many filters are set (the sort order does not count). */
export function activeFilterCount(f: ListingFilters): number {
  return (
    (f.searchTerm.trim() ? 1 : 0) +
    f.brands.length +
    f.models.length +
    f.fuelTypes.length +
    f.transmissions.length +
    f.bodyTypes.length +
    (['price', 'kmDriven', 'years'] as const).filter((n) => f[n].min || f[n].max).length +
    f.owners.length +
    (Number(f.budget.emi) > 0 ? 1 : 0) +
    (f.city.trim() ? 1 : 0)
  );
}

/** Toggles `value` in `values`. */
export function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
