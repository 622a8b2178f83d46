/**
 * Facet counts of the in-memory car search (`memory.ts`): one walk over every position of a {@link View}
 * counting, per code of the brand, fuel, gearbox and body columns, the cars that would match with that
 * column's filter set to the code (contracts `carFacets`).
 */
import type { CarFacets } from '@marketplace/contracts';
import { emptyFacets, SEARCH_COUNT_CAP } from '../types';
import type { CarColumns } from './columns';
import type { View } from './view';
import type { Filters } from './walk';

/** Counts per dictionary code of the four facet columns (see {@link facetCounts}). */
export interface FacetCodeCounts {
  brand: Int32Array;
  fuel: Int32Array;
  gearbox: Int32Array;
  body: Int32Array;
}

/**
 * One walk over every position of `v` for the facets of `f`: a position passing every filter counts for
 * its code in all four facet columns; one failing exactly one facet filter (brand, fuel, gearbox or body)
 * counts for its code in that column only, which is the count that column's value would have with that
 * filter replaced by the value (contracts `carFacets`). Counts are not capped here. Positions marked in
 * `stale` are skipped; the caller counts those slots itself, into arrays sized by `codes` (the
 * dictionaries' sizes now, which may have grown since the view was built).
 */
export function facetCounts(
  v: View,
  f: Filters,
  stale?: Uint8Array,
  codes: Pick<View['codes'], 'brand' | 'fuel' | 'gearbox' | 'body'> = v.codes,
): FacetCodeCounts {
  const counts: FacetCodeCounts = {
    brand: new Int32Array(Math.max(codes.brand, v.codes.brand)),
    fuel: new Int32Array(Math.max(codes.fuel, v.codes.fuel)),
    gearbox: new Int32Array(Math.max(codes.gearbox, v.codes.gearbox)),
    body: new Int32Array(Math.max(codes.body, v.codes.body)),
  };
  const { brand, fuel, gearbox, body, city, priceMin, priceMax, kmMin, kmMax, yearMin, yearMax, words } = f;
  const { model, owner } = f;
  const nWords = words.length;
  const masks = words.map((w) => w.mask);
  const { brand: cBrand, fuel: cFuel, gearbox: cGearbox, body: cBody } = counts;
  for (let i = 0; i < v.slot.length; i++) {
    if (stale?.[i]) continue;
    if (city >= 0 && v.city[i] !== city) continue;
    if (model !== undefined && !model[v.model[i]!]) continue;
    if (owner !== undefined && !owner[v.owner[i]!]) continue;
    const price = v.price[i]!;
    if (price < priceMin || price > priceMax) continue;
    const km = v.km[i]!;
    if (km < kmMin || km > kmMax) continue;
    const year = v.year[i]!;
    if (year < yearMin || year > yearMax) continue;
    if (nWords > 0) {
      const t = v.text[i]!;
      let all = true;
      for (let w = 0; w < nWords && all; w++) all = masks[w]![t] === 1;
      if (!all) continue;
    }
    const b = v.brand[i]!;
    const u = v.fuel[i]!;
    const g = v.gearbox[i]!;
    const d = v.body[i]!;
    const failsBrand = brand !== undefined && !brand[b];
    const failsFuel = fuel !== undefined && !fuel[u];
    const failsGearbox = gearbox !== undefined && !gearbox[g];
    const failsBody = body !== undefined && !body[d];
    const fails = +failsBrand + +failsFuel + +failsGearbox + +failsBody;
    if (fails === 0) {
      cBrand[b]!++;
      cFuel[u]!++;
      cGearbox[g]!++;
      cBody[d]!++;
    } else if (fails === 1) {
      if (failsBrand) cBrand[b]!++;
      else if (failsFuel) cFuel[u]!++;
      else if (failsGearbox) cGearbox[g]!++;
      else cBody[d]!++;
    }
  }
  return counts;
}

/**
 * The facets (contracts `carFacets`, counts capped at {@link SEARCH_COUNT_CAP}) of the compiled facet
 * filters `f`: the counts of `newest` (the view of every car for sale), with the cars changed since it was
 * built (`staleSlots`) counted from their current columns instead of their old positions.
 */
export function facetsOf(
  cols: CarColumns,
  f: Filters,
  newest: View,
  staleSlots: readonly number[],
): CarFacets {
  const { brands, fuels, gearboxes, bodies } = cols;
  const counts = facetCounts(newest, f, staleSlots.length > 0 ? newest.stale : undefined, {
    brand: brands.values.length,
    fuel: fuels.values.length,
    gearbox: gearboxes.values.length,
    body: bodies.values.length,
  });
  for (const s of staleSlots) {
    if (!cols.forSale(s)) continue;
    const failed = cols.failedFacetFilters(f, s);
    if (failed < 0) continue;
    if (failed === 0 || failed === 1) counts.brand[cols.brand[s]!]!++;
    if (failed === 0 || failed === 2) counts.fuel[cols.fuel[s]!]!++;
    if (failed === 0 || failed === 4) counts.gearbox[cols.gearbox[s]!]!++;
    if (failed === 0 || failed === 8) counts.body[cols.body[s]!]!++;
  }
  const facets = emptyFacets();
  const fill = (
    into: Record<string, number>,
    values: readonly string[],
    codeCounts: Int32Array,
    skip = -1,
  ) => {
    codeCounts.forEach((n, code) => {
      if (n > 0 && code !== skip) into[values[code]!] = Math.min(n, SEARCH_COUNT_CAP);
    });
  };
  fill(facets.brands, brands.values, counts.brand);
  fill(facets.fuelTypes, fuels.values, counts.fuel);
  fill(facets.transmissions, gearboxes.values, counts.gearbox);
  fill(facets.bodyTypes, bodies.values, counts.body, cols.NO_BODY);
  return facets;
}
