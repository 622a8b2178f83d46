/**
 * Facet counts of the in-memory car search (`memory.ts`): one walk over every position of a {@link View}
 * counting, per code of the brand, fuel, gearbox and body columns, the cars that would match with that
 * column's filter set to the code (contracts `carFacets`).
 */
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
  const nWords = words.length;
  const masks = words.map((w) => w.mask);
  const { brand: cBrand, fuel: cFuel, gearbox: cGearbox, body: cBody } = counts;
  for (let i = 0; i < v.slot.length; i++) {
    if (stale?.[i]) continue;
    if (city >= 0 && v.city[i] !== city) continue;
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
