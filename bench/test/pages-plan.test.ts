import { describe, expect, it } from 'vitest';
import type { QueryVocabulary } from '../cars-queries';
import {
  checkTargets,
  listingPath,
  type PhaseFigures,
  type PhaseId,
  phaseQueries,
  pickDistinct,
} from '../pages-plan';

const vocabulary: QueryVocabulary = {
  brandIds: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
  cities: ['Pune', 'Mumbai', 'Delhi', 'Chennai'],
  terms: ['swift', 'creta', 'nexon', 'hundai'],
};

describe('the listing URL of a search', () => {
  it("is the listing's own format: same names, defaults and empty ranges left out", () => {
    expect(
      listingPath(
        '/api/cars?brands=b1%2Cb2&price=100000-500000&years=-&city=Pune&searchTerm=swift&sort=newest&page=1',
      ),
    ).toBe('/buy-a-car?searchTerm=swift&brands=b1%2Cb2&price=100000-500000&city=Pune');
    expect(listingPath('/api/cars?kmDriven=-50000&sort=price_asc&page=3')).toBe(
      '/buy-a-car?kmDriven=-50000&sort=price_asc&page=3',
    );
    expect(listingPath('/api/cars?page=1')).toBe('/buy-a-car');
  });
});

describe("the phases' filter URLs", () => {
  it('are as many as asked, reproducible, and no two phases share a search', () => {
    const counts = { apiWarm: 200, apiCold: 300, listingWarm: 50, listingCold: 50 };
    const q = phaseQueries(vocabulary, counts, 7);
    expect(q.apiWarm).toHaveLength(200);
    expect(q.apiCold).toHaveLength(300);
    expect(q.listingWarm).toHaveLength(50);
    expect(q.listingCold).toHaveLength(50);
    expect(phaseQueries(vocabulary, counts, 7)).toEqual(q);
    for (const p of [...q.apiWarm, ...q.apiCold]) expect(p).toMatch(/^\/api\/cars\?/);
    for (const p of [...q.listingWarm, ...q.listingCold]) expect(p).toMatch(/^\/buy-a-car(\?|$)/);
    const searches = [
      ...q.apiWarm.map(listingPath),
      ...q.apiCold.map(listingPath),
      ...q.listingWarm,
      ...q.listingCold,
    ];
    expect(new Set(searches).size).toBe(searches.length);
  });
});

describe('distinct cars', () => {
  it('picks n distinct items, or all of them when fewer', () => {
    let x = 0;
    const random = () => {
      x = (x + 0.37) % 1;
      return x;
    };
    const picked = pickDistinct([1, 2, 3, 4, 5, 6, 7, 8], 5, random);
    expect(picked).toHaveLength(5);
    expect(new Set(picked).size).toBe(5);
    expect(pickDistinct([1, 2], 5, random).sort()).toEqual([1, 2]);
  });
});

describe("issue 47's targets", () => {
  const phase = (rps: number, p99: number, non2xx = 0): PhaseFigures => ({
    requests: 1000,
    rps,
    p50: p99 / 2,
    p99,
    non2xx,
    errors: 0,
  });
  const passing: Record<PhaseId, PhaseFigures> = {
    apiWarm: phase(1000, 20),
    apiCold: phase(800, 50),
    listingWarm: phase(500, 80),
    listingCold: phase(200, 200),
    carCold: phase(400, 200),
    carWarm: phase(500, 80),
  };

  it('hold at exactly the limits', () => {
    const checks = checkTargets(passing);
    expect(checks).toHaveLength(9);
    expect(checks.filter((c) => !c.met)).toEqual([]);
    expect(checks[0]).toEqual({
      target: 'listing pages, warm: req/s ≥ 0.5× API search, warm',
      value: '0.50×',
      met: true,
    });
  });

  it('miss a rate below its share, a p99 over 4×, and any answer outside 2xx', () => {
    const checks = checkTargets({
      ...passing,
      listingCold: phase(199, 200),
      carWarm: phase(500, 81, 3),
    });
    const missed = checks.filter((c) => !c.met).map((c) => c.target);
    expect(missed).toEqual([
      'listing pages, cold: req/s ≥ 0.25× API search, cold',
      "car pages, warm: p99 ≤ 4× API search, warm's",
      'no non-2xx answer and no failed request in any phase',
    ]);
    expect(checks.at(-1)?.value).toBe('3 (car pages, warm)');
  });

  it('miss everything about a phase that answered nothing', () => {
    const checks = checkTargets({ ...passing, carCold: { ...phase(0, 0), requests: 0 } });
    expect(checks.filter((c) => !c.met).map((c) => c.target)).toEqual([
      'car pages, cold: req/s ≥ 0.5× API search, cold',
      "car pages, cold: p99 ≤ 4× API search, cold's",
    ]);
  });
});
