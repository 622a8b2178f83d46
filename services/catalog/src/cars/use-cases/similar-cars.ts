/**
 * Similar cars (issue 25, `GET /api/cars/{carId}/similar`): up to {@link SIMILAR_CARS_MAX} cars for sale
 * like one car, found with the search port (whichever adapter answers `GET /api/cars`), so it costs a few
 * bounded searches and never a scan of the inventory.
 *
 * What is similar: a car for sale (status `used`, never the car itself) of the same body type whose price
 * is within the price band — ±{@link SIMILAR_PRICE_BAND} × the car's price (inclusive, rupees), widened
 * once to ±{@link SIMILAR_PRICE_BAND_WIDE} × when the narrow band holds fewer than {@link SIMILAR_CARS_MAX}
 * such cars. Cars of the same model come first, then the others; within each group the closest price
 * first (ties by id). A car without a body type (its model has none) is compared with its own model only.
 * The car may be sold: its similar cars are still for sale.
 */
import {
  type Car,
  type CarSearchQuery,
  carSearchQuery,
  MAX_PAGE_SIZE,
  type NumericRange,
  SIMILAR_CARS_MAX,
} from '@marketplace/contracts';
import type { CarHit, CarSearch } from '../search/types';

/** Half-width of the price band as a share of the car's price: ±25 %. */
export const SIMILAR_PRICE_BAND = 0.25;
/** Half-width of the widened band, used once when the narrow one holds too few cars: ±50 %. */
export const SIMILAR_PRICE_BAND_WIDE = 0.5;

/** The filters of one group of candidates (same model, or same body type). */
type Group = Partial<Pick<CarSearchQuery, 'models' | 'bodyTypes'>>;

/** A query without any filter (every field present, as the contract parses one). */
const NO_FILTERS: CarSearchQuery = carSearchQuery.parse({});

/** A search query of `group` within `price`, in `sort` order, the first `limit` cars. */
function queryOf(
  group: Group,
  price: NumericRange,
  sort: CarSearchQuery['sort'],
  limit: number,
): CarSearchQuery {
  return { ...NO_FILTERS, ...group, price, sort, page: 1, limit: Math.min(limit, MAX_PAGE_SIZE) };
}

/**
 * The `limit` cars of `group` for sale within `band` whose prices are closest to `price` (ties by id),
 * leaving out the ids in `skip`: the closest above (price ascending from `price`) and below (descending to
 * it) merged, each side fetched `limit + skip.size` deep so that skipped cars cannot leave it short. Ids and
 * prices only: no car is read.
 */
async function closest(
  search: CarSearch,
  group: Group,
  price: number,
  band: NumericRange,
  limit: number,
  skip: ReadonlySet<string>,
): Promise<CarHit[]> {
  if (limit <= 0) return [];
  const deep = limit + skip.size;
  const [above, below] = await Promise.all([
    search.searchHits(queryOf(group, { min: price, max: band.max }, 'price_asc', deep)),
    search.searchHits(queryOf(group, { min: band.min, max: price }, 'price_desc', deep)),
  ]);
  const byId = new Map<string, CarHit>();
  for (const hit of [...above, ...below]) if (!skip.has(hit.id)) byId.set(hit.id, hit);
  return [...byId.values()]
    .sort((a, b) => Math.abs(a.price - price) - Math.abs(b.price - price) || (a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

/** The similar cars of `car` within ±`share` of its price: its model's first, then its body type's. */
async function similarWithin(search: CarSearch, car: Car, share: number): Promise<CarHit[]> {
  const band = { min: Math.floor(car.price * (1 - share)), max: Math.ceil(car.price * (1 + share)) };
  const bodyTypes = car.model.bodyType ? [car.model.bodyType] : undefined;
  const skip = new Set([car._id.toLowerCase()]);
  const sameModel = await closest(
    search,
    { models: [car.model._id], bodyTypes },
    car.price,
    band,
    SIMILAR_CARS_MAX,
    skip,
  );
  if (!bodyTypes) return sameModel;
  for (const hit of sameModel) skip.add(hit.id);
  const others = await closest(
    search,
    { bodyTypes },
    car.price,
    band,
    SIMILAR_CARS_MAX - sameModel.length,
    skip,
  );
  return [...sameModel, ...others];
}

/**
 * Up to {@link SIMILAR_CARS_MAX} cars for sale similar to car `carId` (see the module doc for the rule),
 * or undefined when `search` does not know the car (any status; a malformed id is unknown too). The
 * candidates are ranked by id and price alone; only the car and the ones kept are read (two reads where
 * the cars come from a database). A car removed between the ranking and the read is left out.
 */
export async function similarCars(search: CarSearch, carId: string): Promise<Car[] | undefined> {
  const car = await search.get(carId);
  if (!car) return undefined;
  let hits = await similarWithin(search, car, SIMILAR_PRICE_BAND);
  if (hits.length < SIMILAR_CARS_MAX) hits = await similarWithin(search, car, SIMILAR_PRICE_BAND_WIDE);
  return search.getMany(hits.map((hit) => hit.id));
}
