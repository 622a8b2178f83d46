/**
 * Whether a car matches a saved search (issue 24), with the semantics of the car search (cars/search/types.ts,
 * the PostgreSQL adapter's `searchCondition`): status `used` only; `brands`, `fuelTypes`, `transmissions`,
 * `bodyTypes` the car's value one of the list (brand ids that are not UUIDs match nothing); `price`
 * (rupees), `kmDriven` (km), `years` inclusive ranges, either end open; `city` equal ignoring case;
 * `searchTerm` every word a substring of the car's search text or similar to a word of it (pg_trgm word
 * similarity ≥ `TYPO_SIMILARITY`, the search's own functions). No I/O.
 */
import type { CarSearchQuery, NumericRange } from '@marketplace/contracts';
import { wordSimilarityMatches } from '../../cars/search/memory/text-index';
import { isUuid, searchWords } from '../../cars/search/types';

/** The filters of a saved search, as `carSearchQuery` parses them (paging and sort do not matter). */
export type SearchFilters = Pick<
  CarSearchQuery,
  | 'searchTerm'
  | 'brands'
  | 'fuelTypes'
  | 'transmissions'
  | 'bodyTypes'
  | 'price'
  | 'kmDriven'
  | 'years'
  | 'city'
>;

/** The values of a car the filters look at: the read model's indexed columns (price rupees, km). */
export interface MatchedCar {
  brandId: string;
  fuelType: string;
  transmission: string;
  bodyType: string | null;
  price: number;
  kmDriven: number;
  manufacturerYear: number;
  city: string | null;
  /** `used` (for sale) or `sold`. */
  status: string;
  /** `brand model variant city`, lower case (cars/search/types.ts `searchTextOf`). */
  searchText: string;
}

/** True when `value` lies in the inclusive `range` (an absent range or end does not limit). */
function inRange(value: number, range: NumericRange | undefined): boolean {
  if (range?.min !== undefined && value < range.min) return false;
  if (range?.max !== undefined && value > range.max) return false;
  return true;
}

/** True when `list` is absent, or holds `value`. */
function oneOf(list: readonly string[] | undefined, value: string | null): boolean {
  return list === undefined || (value !== null && list.includes(value));
}

/** True when `car` is one the car search would find for `filters` (see the module comment). */
export function matchesSearch(filters: SearchFilters, car: MatchedCar): boolean {
  if (car.status !== 'used') return false;
  if (filters.brands && !filters.brands.filter(isUuid).includes(car.brandId)) return false;
  if (!oneOf(filters.fuelTypes, car.fuelType)) return false;
  if (!oneOf(filters.transmissions, car.transmission)) return false;
  if (!oneOf(filters.bodyTypes, car.bodyType)) return false;
  if (!inRange(car.price, filters.price)) return false;
  if (!inRange(car.kmDriven, filters.kmDriven)) return false;
  if (!inRange(car.manufacturerYear, filters.years)) return false;
  if (filters.city !== undefined && (car.city ?? '').toLowerCase() !== filters.city.toLowerCase())
    return false;
  const text = car.searchText.toLowerCase();
  return searchWords(filters.searchTerm).every(
    (word) => text.includes(word) || wordSimilarityMatches(word, text),
  );
}
