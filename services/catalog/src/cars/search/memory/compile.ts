/**
 * The compiled queries of the in-memory car search (`memory.ts`): a {@link CarSearchQuery} turned into
 * {@link Filters} over the dictionary codes of a {@link CarColumns} table — membership masks for the list
 * filters (brands, models, owners, fuels, gearboxes, body types), the city's code, inclusive numeric bounds
 * and each search word's text matches.
 */
import type { CarSearchQuery } from '@marketplace/contracts';
import { isUuid, ownershipsOf, searchWords } from '../types';
import type { CarColumns } from './columns';
import type { Filters } from './walk';

/** A mask no code passes (a facet filter whose values no car has). */
const NONE = new Uint8Array(0);

/** The lower-case UUIDs of an id list (brand and model ids are UUIDs: others match nothing). */
function uuidsOf(ids: readonly string[]): string[] {
  return ids.filter(isUuid).map((id) => id.toLowerCase());
}

/**
 * The filters of `q` as codes and numbers over `cols`, or undefined when nothing can match (a list or city
 * no indexed car has). Search words are matched over every distinct search text (`cols.texts`, cached).
 */
export function compileFilters(cols: CarColumns, q: CarSearchQuery): Filters | undefined {
  const f: Filters = {
    priceMin: q.price?.min ?? Number.NEGATIVE_INFINITY,
    priceMax: q.price?.max ?? Number.POSITIVE_INFINITY,
    kmMin: q.kmDriven?.min ?? Number.NEGATIVE_INFINITY,
    kmMax: q.kmDriven?.max ?? Number.POSITIVE_INFINITY,
    yearMin: q.years?.min ?? Number.NEGATIVE_INFINITY,
    yearMax: q.years?.max ?? Number.POSITIVE_INFINITY,
    city: -1,
    words: [],
  };
  if (q.brands) {
    f.brand = cols.brands.mask(uuidsOf(q.brands));
    if (!f.brand) return undefined;
  }
  if (q.models) {
    f.model = cols.models.mask(uuidsOf(q.models));
    if (!f.model) return undefined;
  }
  const owned = ownershipsOf(q.owners);
  if (owned) {
    f.owner = cols.owners.mask(owned);
    if (!f.owner) return undefined;
    f.owner[cols.NO_OWNER] = 0;
  }
  if (q.fuelTypes) {
    f.fuel = cols.fuels.mask(q.fuelTypes);
    if (!f.fuel) return undefined;
  }
  if (q.transmissions) {
    f.gearbox = cols.gearboxes.mask(q.transmissions);
    if (!f.gearbox) return undefined;
  }
  if (q.bodyTypes) {
    f.body = cols.bodies.mask(q.bodyTypes);
    if (!f.body) return undefined;
    f.body[cols.NO_BODY] = 0;
  }
  if (q.city !== undefined) {
    const c = cols.cities.codes.get(q.city.toLowerCase());
    if (c === undefined) return undefined;
    f.city = c;
  }
  f.words = searchWords(q.searchTerm).map((w) => cols.texts.matches(w));
  return f;
}

/**
 * The filters of the facets of `q` (the port's `facets`), or undefined when a filter that is not a facet
 * matches nothing: the four facet filters are compiled on their own, a facet filter whose values no car
 * has becoming a mask nothing passes, since that still leaves the other values of its own column.
 */
export function compileFacetFilters(cols: CarColumns, q: CarSearchQuery): Filters | undefined {
  const base = compileFilters(cols, {
    ...q,
    brands: undefined,
    fuelTypes: undefined,
    transmissions: undefined,
    bodyTypes: undefined,
  });
  if (!base) return undefined;
  const f: Filters = {
    ...base,
    ...(q.brands ? { brand: cols.brands.mask(uuidsOf(q.brands)) ?? NONE } : {}),
    ...(q.fuelTypes ? { fuel: cols.fuels.mask(q.fuelTypes) ?? NONE } : {}),
    ...(q.transmissions ? { gearbox: cols.gearboxes.mask(q.transmissions) ?? NONE } : {}),
  };
  if (q.bodyTypes) {
    f.body = cols.bodies.mask(q.bodyTypes) ?? NONE;
    if (f.body.length > cols.NO_BODY) f.body[cols.NO_BODY] = 0;
  }
  return f;
}
