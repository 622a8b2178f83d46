/** `sortByValue` (radix.ts): the same order as a stable comparator sort, or undefined when it cannot. */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/cars/demo/random';
import { sortByValue } from '../src/cars/search/memory/radix';

describe('sortByValue', () => {
  it('orders like a stable comparator sort, ascending and descending, across several digits and signs', () => {
    const random = mulberry32(3);
    for (const spread of [10, 5_000, 3_000_000_000, 2 ** 50]) {
      const values = Array.from({ length: 5_000 }, () => Math.floor((random() - 0.3) * spread));
      const items = Int32Array.from(values.keys());
      const up = [...items].sort((a, b) => values[a]! - values[b]! || a - b);
      const down = [...items].sort((a, b) => values[b]! - values[a]! || a - b);
      expect([...sortByValue(items, (i) => values[i]!)!], String(spread)).toEqual(up);
      expect([...sortByValue(items, (i) => values[i]!, true)!], String(spread)).toEqual(down);
    }
  });

  it('leaves its input as it was and sorts nothing and one item', () => {
    const items = Int32Array.from([2, 0, 1]);
    expect([...sortByValue(items, (i) => -i)!]).toEqual([2, 1, 0]);
    expect([...items]).toEqual([2, 0, 1]);
    expect([...sortByValue(new Int32Array(0), () => 1)!]).toEqual([]);
    expect([...sortByValue(Int32Array.from([7]), () => 1)!]).toEqual([7]);
  });

  it('declines fractional values and a span of 2^53 or more', () => {
    expect(sortByValue(Int32Array.from([0, 1]), (i) => i + 0.5)).toBeUndefined();
    expect(sortByValue(Int32Array.from([0, 1]), (i) => (i === 0 ? -(2 ** 52) : 2 ** 52))).toBeUndefined();
    expect(sortByValue(Int32Array.from([0, 1]), (i) => (i === 0 ? Number.NaN : 1))).toBeUndefined();
  });
});
