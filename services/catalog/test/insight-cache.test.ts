/**
 * The per-process price insight cache (pricing/data/insight-cache.ts, issue 25): a stored body is found
 * again; recomputing its model drops it and no other; a body read while an invalidation came is not kept;
 * clearing drops everything; the size limit and the expiry hold.
 */
import { describe, expect, it } from 'vitest';
import { createInsightCache } from '../src/pricing/data/insight-cache';

const SWIFT = 'model-swift';
const CRETA = 'model-creta';

describe('the price insight cache', () => {
  it('finds what it stored, and forgets the cars of a recomputed model only', () => {
    const cache = createInsightCache();
    expect(cache.lookup('car-1').body).toBeUndefined();
    cache.lookup('car-1').store(SWIFT, '{"data":1}');
    cache.lookup('car-2').store(CRETA, '{"data":2}');
    expect(cache.lookup('car-1').body).toBe('{"data":1}');

    cache.invalidate([SWIFT]);
    expect(cache.lookup('car-1').body).toBeUndefined();
    expect(cache.lookup('car-2').body).toBe('{"data":2}');
    // Stored again after the recomputation: found until the next one.
    cache.lookup('car-1').store(SWIFT, '{"data":3}');
    expect(cache.lookup('car-1').body).toBe('{"data":3}');
    cache.invalidate([CRETA, SWIFT]);
    expect(cache.lookup('car-1').body).toBeUndefined();
    expect(cache.lookup('car-2').body).toBeUndefined();
  });

  it('does not keep a body read while a recomputation was announced', () => {
    const cache = createInsightCache();
    const lookup = cache.lookup('car-1');
    cache.invalidate([CRETA]); // any model: the read may have seen the state before it
    lookup.store(SWIFT, '{"data":"old"}');
    expect(cache.lookup('car-1').body).toBeUndefined();

    const again = cache.lookup('car-1');
    cache.clear();
    again.store(SWIFT, '{"data":"old"}');
    expect(cache.lookup('car-1').body).toBeUndefined();
  });

  it('clears everything, holds at most its size and forgets after its lifetime', async () => {
    const cache = createInsightCache({ maxChars: 30, ttlMs: 50 });
    cache.lookup('car-1').store(SWIFT, 'a'.repeat(10));
    cache.lookup('car-2').store(SWIFT, 'b'.repeat(10));
    cache.clear();
    expect(cache.lookup('car-1').body).toBeUndefined();
    expect(cache.lookup('car-2').body).toBeUndefined();

    for (const n of [1, 2, 3, 4]) cache.lookup(`car-${n}`).store(SWIFT, String(n).repeat(10));
    expect(cache.lookup('car-1').body).toBeUndefined(); // least recently used, out
    expect(cache.lookup('car-4').body).toBe('4'.repeat(10));

    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(cache.lookup('car-4').body).toBeUndefined();
  });
});
