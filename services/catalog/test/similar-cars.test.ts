/**
 * The similar cars' use case over an index that holds only index fields (a catalog replica, docs/adr/0014):
 * the candidates are ranked from the index alone, so the cars are read twice, the car and then only the
 * ones answered, and the answer is the one the rule gives (../src/cars/use-cases/similar-cars.ts; the API
 * test is cars-similar.int.test.ts).
 */
import type { Car } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { createMemorySearch } from '../src/cars/search/memory/memory';
import { similarCars } from '../src/cars/use-cases/similar-cars';
import { searchFixtures } from './support/search-cars';

const docs = searchFixtures().map((f) => f.doc);
const byId = new Map(docs.map((d) => [d.car._id, d.car]));

describe('similarCars over an index without the cars', () => {
  it('reads the car, then only the cars it answers, in one read', async () => {
    const reads: string[][] = [];
    const search = createMemorySearch({
      cars: {
        async read(ids) {
          reads.push(ids);
          return ids.map((id) => byId.get(id));
        },
      },
    });
    await search.loadFrom([docs]);
    // A car whose body type has more than 6 other cars for sale in the widened band.
    const withSimilar = await Promise.all(
      docs.map(async (d) => ({ id: d.car._id, similar: (await similarCars(search, d.car._id)) ?? [] })),
    );
    const { id, similar } = withSimilar.find((s) => s.similar.length === 6)!;
    reads.length = 0;

    const again = (await similarCars(search, id)) as Car[];
    expect(again).toEqual(similar);
    expect(reads).toEqual([[id], again.map((c) => c._id)]);
    expect(again.map((c) => c._id)).not.toContain(id);
    const car = byId.get(id)!;
    for (const c of again) {
      expect(c.status).toBe('used');
      expect(c.model.bodyType).toBe(car.model.bodyType);
    }
  });
});
