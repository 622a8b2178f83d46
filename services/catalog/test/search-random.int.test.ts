/**
 * Car search on random inventories (issue 5; facets issue 22): every adapter of the port
 * (support/search-adapters.ts) gives the reference answer to 300 random filter combinations over 3 000
 * cars, and facet counts equal to the totals of the searches with each value alone.
 */

import type { Car } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/cars/demo/random';
import { FACET_DIMENSIONS, type FacetDimension } from '../src/cars/search';
import { type Harness, variants } from './support/search-adapters';
import {
  expectedSearch,
  parseQuery,
  randomInventory,
  randomSearchParams,
  searchFixtures,
} from './support/search-cars';

const docs = searchFixtures().map((f) => f.doc);
const ids = (cars: Car[]) => cars.map((c) => c._id);

describe.each(variants)('random filter combinations: $name', ({ skip, open }) => {
  const random = mulberry32(11);
  const inventory = randomInventory(random, docs);
  let h: Harness;

  beforeAll(async () => {
    if (skip) return;
    h = await open();
    await h.search.upsertMany(inventory);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it.skipIf(skip)(
    'gives facet counts equal to the totalLength of the search with that value alone (12 queries)',
    async () => {
      const valuesOf: Record<FacetDimension, string[]> = {
        brands: [...new Set(inventory.map((d) => d.brandId))],
        fuelTypes: [...new Set(inventory.map((d) => d.car.fuelType))],
        transmissions: [...new Set(inventory.map((d) => d.car.transmission))],
        bodyTypes: [...new Set(inventory.map((d) => d.bodyType ?? d.car.model.bodyType ?? ''))].filter(
          (b) => b,
        ),
      };
      for (let k = 0; k < 12; k++) {
        const params = randomSearchParams(random, inventory);
        if (k % 4 === 0) params.searchTerm = k % 8 === 0 ? 'pune' : 'cretta';
        if (k === 5) params.fuelTypes = 'LPG'; // no car: the other fuels still count
        const facets = await h.search.facets(parseQuery(params));
        for (const d of FACET_DIMENSIONS) {
          const expected: Record<string, number> = {};
          for (const value of valuesOf[d]) {
            const q = parseQuery({ ...params, [d]: value });
            const n = (await h.search.search(q)).totalLength;
            if (n > 0) expected[value] = n;
          }
          expect({ params, d, counts: facets[d] }).toEqual({ params, d, counts: expected });
        }
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'gives the reference answer (ids in order, totalLength) to each of 300',
    async () => {
      for (let k = 0; k < 300; k++) {
        const params = randomSearchParams(random, inventory);
        const q = parseQuery(params);
        const got = await h.search.search(q);
        expect({ params, ids: ids(got.cars), totalLength: got.totalLength }).toEqual({
          params,
          ...expectedSearch(inventory, q),
        });
      }
    },
    60_000,
  );
});
