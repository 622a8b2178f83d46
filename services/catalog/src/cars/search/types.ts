/**
 * The car search port (issue 5 "Car search"): one search document per listed car, kept up to date from
 * the listing service's events, and the public search over it. Three adapters implement it, each in its
 * folder: PostgreSQL (`postgres/`, the default), in memory (`memory/`) and Elasticsearch
 * (`elasticsearch/`); all follow the semantics below, and one conformance suite
 * (`test/search-conformance.int.test.ts`) runs against each.
 */
import {
  type BodyType,
  type Car,
  type CarFacets,
  type CarSearchQuery,
  OWNERSHIPS_BY_FILTER,
  type OwnerFilter,
  type Ownership,
  ownerships,
} from '@marketplace/contracts';
import { isUuid } from '../../data/schema';

export { isUuid };

/**
 * A search document: the API car (spec §3 "Car (as read)", returned as is by `get` and `search`) plus the
 * index fields it does not carry. Price (rupees), km driven (km), manufacturer year, fuel type,
 * transmission, city and status are read from `car`; `car._id` is the document id (a UUID).
 */
export interface CarDocument {
  /** The car as served by `GET /api/cars` and `GET /api/cars/{carId}`. */
  car: Car;
  /** Catalog brand id (UUID), matched by the `brands` filter. */
  brandId: string;
  /** Catalog model id (UUID). */
  modelId: string;
  /** Catalog variant id (UUID), when known. */
  variantId?: string;
  /** Body type of the model (filter `bodyTypes`); defaults to `car.model.bodyType`. */
  bodyType?: BodyType;
  /** When the car was listed; the `newest` sort key. */
  createdAt: Date;
}

/** One page of search results. */
export interface CarSearchResult {
  /** The cars of the requested page, in the requested order. */
  cars: Car[];
  /**
   * Number of cars matching the filters, exact up to {@link SEARCH_COUNT_CAP} and capped there (the API
   * derives pageCount from it; deeper counts would cost a full scan per request).
   */
  totalLength: number;
}

/** One match of a search without its car ({@link CarSearch.searchHits}): the car's id and price (rupees). */
export interface CarHit {
  /** The car's id (a lower-case UUID). */
  id: string;
  /** Its asking price, rupees. */
  price: number;
}

/** The distinct well-formed ids of `ids`, lower case, in their first order (what `getMany` reads). */
export function wantedIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
}

/** Largest `totalLength` a search reports (PostgreSQL `LIMIT` subquery; Elasticsearch `track_total_hits`). */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * Lowest pg_trgm word similarity (0..1) at which a search word matches a car's text although it is not a
 * substring of it. 0.55 accepts one typo in most names (`cretta` → creta 0.63, `maruthi` → maruti 0.63,
 * `hundai` → hyundai 0.57, `nexn` → nexon 0.6, `mumbay` → mumbai 0.71) while keeping near misses out
 * (`creta` vs "creative" and "crysta" 0.5, `nexn` vs "new delhi" 0.4). Very short or front-damaged words
 * are not recovered (`swft` → swift 0.4, `skorpio` → scorpio 0.5, `belano` → baleno 0.17).
 */
export const TYPO_SIMILARITY = 0.55;

/**
 * The car search port.
 *
 * Query semantics (both adapters):
 * - only cars with status `used` are found (sold cars are hidden); `get` returns any status;
 * - `brands`, `models`, `fuelTypes`, `transmissions`, `bodyTypes`: the car's value is one of the list
 *   (brand and model ids are UUIDs, so a malformed one matches nothing);
 * - `owners` (issue 25): the car's `specifications.ownership` is one of those the values stand for
 *   ({@link ownershipsOf}: `1` First, `2` Second, `3+` Third, Fourth, More than Four); a car without an
 *   ownership matches no `owners` list;
 * - `price` (rupees), `kmDriven` (km), `years` (manufacturer year): inclusive ranges, either end open;
 * - `city`: equal ignoring case;
 * - `searchTerm`: split into words; every word must occur in the brand, model, variant or city name,
 *   ignoring case and tolerating typos (substring, or trigram word similarity ≥ {@link TYPO_SIMILARITY}
 *   on PostgreSQL; fuzzy `AUTO:4,7` or prefix match on Elasticsearch);
 * - `sort`: `newest` (createdAt descending), `price_asc`, `price_desc`, `km_asc`; ties by id ascending;
 * - paging: `page` is 1-based, `limit` is used as given (the contract caps it at 50).
 */
export interface CarSearch {
  /** Which adapter this is. */
  readonly kind: 'postgres' | 'elasticsearch' | 'memory';
  /** Inserts or replaces the document of `doc.car._id`. @throws Error when `car._id` is not a UUID. */
  upsert(doc: CarDocument): Promise<void>;
  /** Inserts or replaces many documents (the last wins when an id repeats). @throws as `upsert`. */
  upsertMany(docs: CarDocument[]): Promise<void>;
  /** Removes the document of car `id`; unknown or malformed ids are ignored. */
  remove(id: string): Promise<void>;
  /** The car with id `id` (any status), or undefined when unknown or not a UUID. */
  get(id: string): Promise<Car | undefined>;
  /** One page of the cars matching `q` and their total (see the semantics above). */
  search(q: CarSearchQuery): Promise<CarSearchResult>;
  /**
   * The id and price of each car of the page `search(q)` gives, in its order, counting nothing and reading
   * no car: for a caller that ranks many matches and reads only the few it keeps ({@link getMany}), as the
   * similar cars do. An index that holds only index fields (a catalog replica) answers it from memory.
   */
  searchHits(q: CarSearchQuery): Promise<CarHit[]>;
  /**
   * The cars of `ids` (any status) in the order of `ids`, each once; unknown and malformed ids are left
   * out. One read for all of them where the adapter reads a database.
   */
  getMany(ids: readonly string[]): Promise<Car[]>;
  /**
   * The facets of `q` (contracts `carFacets`): for each value of each {@link FACET_DIMENSIONS} entry, the
   * `totalLength` that `search` gives for `q` with that dimension's list replaced by that value alone;
   * values with no car are left out. Paging and sort do not matter.
   */
  facets(q: CarSearchQuery): Promise<CarFacets>;
}

/**
 * The ownerships (`specifications.ownership` values) an `owners` filter stands for, without repeats, in
 * the order of contracts `ownerships`; undefined when `owners` is absent.
 */
export function ownershipsOf(owners: readonly OwnerFilter[] | undefined): Ownership[] | undefined {
  if (!owners) return undefined;
  const wanted = new Set<Ownership>(owners.flatMap((o) => OWNERSHIPS_BY_FILTER[o]));
  return ownerships.filter((o) => wanted.has(o));
}

/** The filters a search reports facets for (contracts `carFacets`). */
export const FACET_DIMENSIONS = ['brands', 'fuelTypes', 'transmissions', 'bodyTypes'] as const;
/** One of {@link FACET_DIMENSIONS}. */
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];

/** Facets without any count. */
export function emptyFacets(): CarFacets {
  return { brands: {}, fuelTypes: {}, transmissions: {}, bodyTypes: {} };
}

/** The values every adapter indexes a document by (price in rupees, km in kilometres). */
export interface IndexFields {
  id: string;
  brandId: string;
  modelId: string;
  variantId: string | null;
  fuelType: Car['fuelType'];
  transmission: Car['transmission'];
  bodyType: BodyType | null;
  price: number;
  kmDriven: number;
  manufacturerYear: number;
  /** The car's `specifications.ownership` (First … More than Four; null when none), for the `owners` filter. */
  ownership: Ownership | null;
  city: string;
  status: Car['status'];
  searchText: string;
  createdAt: Date;
}

/** The filter and sort values of `doc`, the same for every adapter. @throws as `assertDocumentId`. */
export function indexFieldsOf(doc: CarDocument): IndexFields {
  const { car } = doc;
  return {
    id: assertDocumentId(doc),
    brandId: doc.brandId,
    modelId: doc.modelId,
    variantId: doc.variantId ?? null,
    fuelType: car.fuelType,
    transmission: car.transmission,
    bodyType: doc.bodyType ?? car.model.bodyType ?? null,
    price: car.price,
    kmDriven: car.specifications.kmDriven,
    manufacturerYear: car.manufacturerYear,
    ownership: car.specifications.ownership ?? null,
    city: car.location.city,
    status: car.status,
    searchText: searchTextOf(doc),
    createdAt: doc.createdAt,
  };
}

/** `brand model variant city`, lower case: the text `searchTerm` is matched against. */
export function searchTextOf(doc: CarDocument): string {
  const { brand, model, variant, location } = doc.car;
  return [brand.name, model.name, variant.name, location.city]
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(' ')
    .toLowerCase();
}

/** The words of a search term, lower case (whitespace separated; at most 10 are used). */
export function searchWords(term: string | undefined): string[] {
  return (term ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, 10);
}

/** @throws Error when the document's car id is not a UUID. */
export function assertDocumentId(doc: CarDocument): string {
  if (!isUuid(doc.car._id)) throw new Error(`Car search document id must be a UUID, got ${doc.car._id}`);
  return doc.car._id;
}
