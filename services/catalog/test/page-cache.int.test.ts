/**
 * Search pages in Redis (search/page-cache.ts, issue 22) on the real server: a page stored by one
 * replica is found by another for the same query however its lists are ordered, an invalidation from any
 * replica hides every page, and a page computed while an invalidation happened is stored where no lookup
 * looks.
 */
import { type CarSearchQuery, carSearchQuery } from '@marketplace/contracts';
import { createRedisCache, jsonAnswer, parseInput, type RedisCache } from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServer, uniqueName } from '../../../test-support/servers';
import { createSearchPageCache, normalisedQuery } from '../src/cars/search/page-cache';

const query = (q: Record<string, string>): CarSearchQuery => parseInput(carSearchQuery, q);

describe('normalisedQuery', () => {
  it('is the same for the same search written differently, and differs when the answer can', () => {
    const a = query({ fuelTypes: 'Diesel,Petrol', price: '200000-800000', page: '1' });
    const b = query({ price: '200000-800000', fuelTypes: 'Petrol,Diesel' });
    expect(normalisedQuery(a)).toBe(normalisedQuery(b));
    expect(normalisedQuery(a)).not.toBe(normalisedQuery(query({ fuelTypes: 'Diesel,Petrol', page: '2' })));
    expect(normalisedQuery(a)).not.toBe(normalisedQuery(query({ fuelTypes: 'Diesel' })));
  });
});

describe('search pages in Redis', async () => {
  const url = await requireServer('redis');
  const keyPrefix = `${uniqueName('pages')}:`;
  let replicaA: RedisCache;
  let replicaB: RedisCache;

  beforeAll(() => {
    if (!url) return;
    replicaA = createRedisCache({ url: url!, keyPrefix });
    replicaB = createRedisCache({ url: url!, keyPrefix });
  });
  afterAll(async () => {
    if (!url) return;
    const keys = await replicaA.client.keys(`${keyPrefix}*`);
    if (keys.length > 0) await replicaA.client.del(...keys);
    await replicaA.close();
    await replicaB.close();
  });

  it.skipIf(!url)('shares pages between replicas until one of them invalidates', async () => {
    const a = createSearchPageCache(replicaA);
    const b = createSearchPageCache(replicaB);
    const diesel = query({ fuelTypes: 'Diesel,Petrol', sort: 'price_asc' });
    const missed = await a.lookup(diesel);
    expect(missed.body).toBeUndefined();
    await missed.store(jsonAnswer('{"data":{"cars":[],"totalLength":0}}'));

    const sameSearch = await b.lookup(query({ sort: 'price_asc', fuelTypes: 'Petrol,Diesel' }));
    expect(sameSearch.body?.bytes.toString()).toBe('{"data":{"cars":[],"totalLength":0}}');
    expect((await b.lookup(query({ fuelTypes: 'Diesel' }))).body).toBeUndefined();

    // A search that started before the invalidation stores its (possibly old) page where nobody looks.
    const racing = await b.lookup(query({ city: 'Pune' }));
    await a.invalidate();
    await racing.store(jsonAnswer('{"data":{"cars":["old"],"totalLength":1}}'));
    expect((await a.lookup(diesel)).body).toBeUndefined();
    expect((await b.lookup(query({ city: 'Pune' }))).body).toBeUndefined();
  });

  it.skipIf(!url)('expires pages after the time it was given', async () => {
    const short = createSearchPageCache(replicaA, 50);
    const pune = query({ city: 'Pune', page: '3' });
    await (await short.lookup(pune)).store(jsonAnswer('{}'));
    expect((await short.lookup(pune)).body?.bytes.toString()).toBe('{}');
    await new Promise((r) => setTimeout(r, 120));
    expect((await short.lookup(pune)).body).toBeUndefined();
  });
});
