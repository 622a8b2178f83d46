/**
 * The per-process price insight cache (pricing/data/insight-cache.ts, issue 25): a stored body is found
 * again; recomputing its model drops it and no other; a body read while an invalidation came is not kept;
 * clearing drops everything; the size limit and the expiry hold.
 */
import { jsonAnswer } from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import { createInsightCache, type InsightLookup } from '../src/pricing/data/insight-cache';

const SWIFT = 'model-swift';
const CRETA = 'model-creta';
/** The text of a lookup's cached body, if any. */
const textOf = (lookup: InsightLookup) => lookup.body?.bytes.toString();

describe('the price insight cache', () => {
  it('finds what it stored, and forgets the cars of a recomputed model only', () => {
    const cache = createInsightCache();
    expect(cache.lookup('car-1').body).toBeUndefined();
    cache.lookup('car-1').store(SWIFT, jsonAnswer('{"data":1}'));
    cache.lookup('car-2').store(CRETA, jsonAnswer('{"data":2}'));
    expect(textOf(cache.lookup('car-1'))).toBe('{"data":1}');

    cache.invalidate([SWIFT]);
    expect(cache.lookup('car-1').body).toBeUndefined();
    expect(textOf(cache.lookup('car-2'))).toBe('{"data":2}');
    // Stored again after the recomputation: found until the next one.
    cache.lookup('car-1').store(SWIFT, jsonAnswer('{"data":3}'));
    expect(textOf(cache.lookup('car-1'))).toBe('{"data":3}');
    cache.invalidate([CRETA, SWIFT]);
    expect(cache.lookup('car-1').body).toBeUndefined();
    expect(cache.lookup('car-2').body).toBeUndefined();
  });

  it('does not keep a body read while a recomputation was announced', () => {
    const cache = createInsightCache();
    const lookup = cache.lookup('car-1');
    cache.invalidate([CRETA]); // any model: the read may have seen the state before it
    lookup.store(SWIFT, jsonAnswer('{"data":"old"}'));
    expect(cache.lookup('car-1').body).toBeUndefined();

    const again = cache.lookup('car-1');
    cache.clear();
    again.store(SWIFT, jsonAnswer('{"data":"old"}'));
    expect(cache.lookup('car-1').body).toBeUndefined();
  });

  it('clears everything, holds at most its size and forgets after its lifetime', async () => {
    const cache = createInsightCache({ maxBytes: 30, ttlMs: 50 });
    cache.lookup('car-1').store(SWIFT, jsonAnswer('a'.repeat(10)));
    cache.lookup('car-2').store(SWIFT, jsonAnswer('b'.repeat(10)));
    cache.clear();
    expect(cache.lookup('car-1').body).toBeUndefined();
    expect(cache.lookup('car-2').body).toBeUndefined();

    for (const n of [1, 2, 3, 4]) cache.lookup(`car-${n}`).store(SWIFT, jsonAnswer(String(n).repeat(10)));
    expect(cache.lookup('car-1').body).toBeUndefined(); // least recently used, out
    expect(textOf(cache.lookup('car-4'))).toBe('4'.repeat(10));

    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(cache.lookup('car-4').body).toBeUndefined();
  });
});
