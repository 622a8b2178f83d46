/**
 * The listing's filters as URL search parameters (issue 9: shareable, Back works, a reload keeps them). The
 * names and formats are those of `GET /api/cars` (spec §7, issue 5), so the URL query is also the API
 * query: comma-joined lists, `min-max` ranges with optional ends, 1-based `page`. A filter change returns
 * to page 1 (docs/adr/0008).
 */
import type { BodyType, CarSort, FuelType, Transmission } from '@marketplace/contracts';
import { bodyTypes, fuelTypes, transmissions } from '@marketplace/contracts/vocabulary';

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
/** Oldest year in the year filters (spec §9 year choices end at 1980). */
export const OLDEST_YEAR = 1980;

/** A `min-max` range; an empty end is open. Kept as typed text so inputs show what the user wrote. */
export interface Range {
  min: string;
  max: string;
}

/** Every filter of the listing, plus the page. */
export interface ListingFilters {
  searchTerm: string;
  brands: string[];
  fuelTypes: FuelType[];
  transmissions: Transmission[];
  bodyTypes: BodyType[];
  price: Range;
  kmDriven: Range;
  years: Range;
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

/** Reads the filters from the URL; unknown values are dropped, the page is at least 1. */
export function readFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort') as CarSort | null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    searchTerm: params.get('searchTerm') ?? '',
    brands: list(params, 'brands'),
    fuelTypes: list(params, 'fuelTypes', FUEL_TYPES),
    transmissions: list(params, 'transmissions', TRANSMISSIONS),
    bodyTypes: list(params, 'bodyTypes', BODY_TYPES),
    price: range(params, 'price'),
    kmDriven: range(params, 'kmDriven'),
    years: range(params, 'years'),
    city: params.get('city') ?? '',
    sort: sort && SORTS.some((s) => s.value === sort) ? sort : 'newest',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/**
 * The query of the filters with empty parameters omitted (spec §7) — both the URL's and `GET /api/cars`'s.
 * `sort=newest` and `page=1` are defaults and left out too.
 */
export function filterQuery(f: ListingFilters): Record<string, string> {
  const q: Record<string, string> = {};
  const searchTerm = f.searchTerm.trim();
  if (searchTerm) q.searchTerm = searchTerm;
  if (f.brands.length) q.brands = f.brands.join(',');
  if (f.fuelTypes.length) q.fuelTypes = f.fuelTypes.join(',');
  if (f.transmissions.length) q.transmissions = f.transmissions.join(',');
  if (f.bodyTypes.length) q.bodyTypes = f.bodyTypes.join(',');
  for (const name of ['price', 'kmDriven', 'years'] as const) {
    const { min, max } = f[name];
    if (min || max) q[name] = `${min}-${max}`;
  }
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
    f.fuelTypes.length +
    f.transmissions.length +
    f.bodyTypes.length +
    (['price', 'kmDriven', 'years'] as const).filter((n) => f[n].min || f[n].max).length +
    (f.city.trim() ? 1 : 0)
  );
}

/** Toggles `value` in `values`. */
export function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
