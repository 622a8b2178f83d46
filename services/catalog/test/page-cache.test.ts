/**
 * The in-process search page cache (`createLocalSearchPageCache`, ADR 14): the same query in any key or
 * list order hits; `invalidate` empties it; a lookup made before an invalidation stores nothing; the
 * least recently used pages go past the byte budget.
 */
import { jsonAnswer } from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import { createLocalSearchPageCache } from '../src/cars/search/page-cache';
import { parseQuery } from './support/search-cars';

describe('createLocalSearchPageCache', () => {
  it('answers the same query in any order of its filters, until invalidated', async () => {
    const pages = createLocalSearchPageCache();
    const miss = await pages.lookup(parseQuery({ fuelTypes: 'Diesel,Petrol', city: 'Pune' }));
    expect(miss.body).toBeUndefined();
    await miss.store(jsonAnswer('{"data":1}'));
    const hit = (await pages.lookup(parseQuery({ city: 'Pune', fuelTypes: 'Petrol,Diesel' }))).body;
    expect(hit?.bytes.toString()).toBe('{"data":1}');
    expect(
      (await pages.lookup(parseQuery({ city: 'Pune', fuelTypes: 'Petrol', page: '1' }))).body,
    ).toBeUndefined();
    await pages.invalidate();
    expect(
      (await pages.lookup(parseQuery({ fuelTypes: 'Diesel,Petrol', city: 'Pune' }))).body,
    ).toBeUndefined();
  });

  it('does not keep a page computed across an invalidation', async () => {
    const pages = createLocalSearchPageCache();
    const before = await pages.lookup(parseQuery());
    await pages.invalidate(); // a car changed while the search ran
    await before.store(jsonAnswer('{"old":true}'));
    expect((await pages.lookup(parseQuery())).body).toBeUndefined();
  });

  it('drops the least recently used pages past its byte budget', async () => {
    const pages = createLocalSearchPageCache(100);
    for (const page of ['1', '2', '3'])
      await (await pages.lookup(parseQuery({ page }))).store(jsonAnswer('x'.repeat(40)));
    expect((await pages.lookup(parseQuery({ page: '1' }))).body).toBeUndefined();
    expect((await pages.lookup(parseQuery({ page: '3' }))).body?.bytes).toHaveLength(40);
    await (await pages.lookup(parseQuery({ page: '4' }))).store(jsonAnswer('x'.repeat(101))); // larger than the budget
    expect((await pages.lookup(parseQuery({ page: '4' }))).body).toBeUndefined();
  });
});
