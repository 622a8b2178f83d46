/**
 * The car search (`GET /api/cars`; spec §7, issues 5 and 22): its query, sort orders, facets and answer.
 * Prices are whole rupees, distances km.
 */
import { z } from 'zod';
import { car } from './car-records';
import {
  bodyTypes,
  enumField,
  fuelTypes,
  idField,
  MAX_PAGE_SIZE,
  ownerFilters,
  PAGE_SIZE,
  queryEnum,
  queryInt,
  queryList,
  queryRange,
  queryText,
  transmissions,
} from './common';

/** Description of a comma-joined list query parameter whose values are among `values`. */
function listOf(values: readonly string[]): string {
  return `Comma-joined values among: ${values.join(', ')}`;
}

/** Sort orders of `GET /api/cars` (issue 5; the value names are this contract's choice). */
export const carSorts = ['newest', 'price_asc', 'price_desc', 'km_asc'] as const;
/** One sort order. */
export type CarSort = (typeof carSorts)[number];

/**
 * `GET /api/cars` query (spec §7; issue 5). `brands`, `fuelTypes`, `transmissions`, `bodyTypes` are
 * comma-joined; `price` (rupees), `kmDriven` (km) and `years` are `'min-max'` ranges with optional ends;
 * `page` is 1-based (0, empty or absent = 1); `limit` defaults to 9 and is capped at 50; `sort` defaults to
 * newest first. Parsed output: lists as arrays, ranges as `{ min?, max? }`, `page` and `limit` numbers.
 */
export const carSearchQuery = z.object({
  searchTerm: queryText('searchTerm', 100),
  brands: queryList('brands', idField('brands'), 'Comma-joined brand ids'),
  models: queryList('models', idField('models'), 'Comma-joined model ids (issue 25)'),
  fuelTypes: queryList('fuelTypes', enumField('fuelTypes', fuelTypes), listOf(fuelTypes)),
  transmissions: queryList('transmissions', enumField('transmissions', transmissions), listOf(transmissions)),
  bodyTypes: queryList('bodyTypes', enumField('bodyTypes', bodyTypes), listOf(bodyTypes)),
  price: queryRange('price', 'rupees'),
  kmDriven: queryRange('kmDriven', 'km'),
  years: queryRange('years', 'years'),
  owners: queryList(
    'owners',
    enumField('owners', ownerFilters),
    `${listOf(ownerFilters)}: first, second, third or later owner (issue 25)`,
  ),
  city: queryText('city', 100),
  sort: queryEnum('sort', carSorts)
    .transform((s) => s ?? 'newest')
    .meta({ description: 'Sort order; default newest' }),
  page: queryInt('page', 0, 1_000_000)
    .transform((p) => Math.max(p ?? 1, 1))
    .meta({ description: '1-based page; 0, empty or absent = the first' }),
  limit: queryInt('limit', 1, Number.MAX_SAFE_INTEGER)
    .transform((l) => Math.min(l ?? PAGE_SIZE, MAX_PAGE_SIZE))
    .meta({ description: `Cars per page; default ${PAGE_SIZE}, capped at ${MAX_PAGE_SIZE}` }),
  facets: queryEnum('facets', ['true', 'false'])
    .transform((f) => f === 'true')
    .meta({
      description: '`true` adds `facets` (counts per brand, fuel, transmission and body type) to the answer',
    }),
});
/** Parsed type of {@link carSearchQuery}. */
export type CarSearchQuery = z.output<typeof carSearchQuery>;

/** Count per value of one facet (brand id, fuel type, …); values without cars are left out. */
const facetCounts = z.record(z.string(), z.number().int());

/**
 * Facets of a search (issue 22): for each value of each dimension, the number of cars the search would find
 * with that dimension's filter set to that value alone and every other filter as asked — so "Diesel (1 204)"
 * while Petrol is selected tells how many a switch to Diesel finds. Capped like `totalLength` (10 000).
 */
export const carFacets = z.object({
  brands: facetCounts.meta({ description: 'By brand id' }),
  fuelTypes: facetCounts,
  transmissions: facetCounts,
  bodyTypes: facetCounts,
});
/** Parsed type of {@link carFacets}. */
export type CarFacets = z.infer<typeof carFacets>;

/**
 * `GET /api/cars` answer: `{ data: { cars, totalLength } }`; pageCount = ceil(totalLength / 9) (spec §7, §9);
 * with `facets=true` also `facets` (issue 22).
 */
export const carSearchResponse = z.object({
  data: z.object({
    cars: z.array(car),
    totalLength: z.number().int().meta({ description: 'Number of cars matching the filters' }),
    facets: carFacets.optional(),
  }),
});
