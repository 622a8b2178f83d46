/**
 * Whether a car matches a saved search (issue 24), with the semantics of the car search (cars/search/types.ts,
 * the PostgreSQL adapter's `searchCondition`): status `used` only; `brands`, `models`, `fuelTypes`,
 * `transmissions`, `bodyTypes` the car's value one of the list (brand and model ids that are not UUIDs
 * match nothing); `owners` (issue 25) the car's ownership one of those the values stand for (`ownershipsOf`:
 * 1 First, 2 Second, 3+ Third, Fourth, More than Four; a car without one matches no list); `price`
 * (rupees), `kmDriven` (km), `years` inclusive ranges, either end open; `city` equal ignoring case;
 * `searchTerm` every word a substring of the car's search text or similar to a word of it (pg_trgm word
 * similarity ≥ `TYPO_SIMILARITY`, the search's own functions). No I/O.
 */
import type { CarSearchQuery, NumericRange } from '@marketplace/contracts';
import { wordSimilarityMatches } from '../../cars/search/memory/text-index';
import { isUuid, ownershipsOf, searchWords } from '../../cars/search/types';

/** The filters of a saved search, as `carSearchQuery` parses them (paging and sort do not matter). */
export type SearchFilters = Pick<
  CarSearchQuery,
  | 'searchTerm'
  | 'brands'
  | 'models'
  | 'fuelTypes'
  | 'transmissions'
  | 'bodyTypes'
  | 'price'
  | 'kmDriven'
  | 'years'
  | 'owners'
  | 'city'
>;

/** The values of a car the filters look at: the read model's indexed columns (price rupees, km). */
export interface MatchedCar {
  brandId: string;
  /** Catalog model id (UUID). */
  modelId: string;
  /** `specifications.ownership` (First … More than Four), null when the car has none. */
  ownership: string | null;
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

/** The UUIDs of an id list, lower case (ids compare as UUIDs do: ignoring case). */
function sameIds(ids: readonly string[]): string[] {
  return ids.filter(isUuid).map((id) => id.toLowerCase());
}

/** True when `car` is one the car search would find for `filters` (see the module comment). */
export function matchesSearch(filters: SearchFilters, car: MatchedCar): boolean {
  if (car.status !== 'used') return false;
  if (filters.brands && !sameIds(filters.brands).includes(car.brandId.toLowerCase())) return false;
  if (filters.models && !sameIds(filters.models).includes(car.modelId.toLowerCase())) return false;
  if (!oneOf(ownershipsOf(filters.owners), car.ownership)) return false;
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
