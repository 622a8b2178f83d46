/**
 * The randomness of the demo inventory: a seeded PRNG (deterministic per seed), draws from it (uniform,
 * from a list, weighted), and stable hashes for choices that must not consume the PRNG stream.
 */

/** A PRNG returning floats in [0, 1). */
export type Random = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG (public domain, Tommy Ettinger), good enough for demo data. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID (version 4 layout) from 128 bits of `random`. */
export function randomUuid(random: Random): string {
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += Math.floor(random() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** FNV-1a 32-bit hash of `s`: stable per-model/variant choices independent of the PRNG stream. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A fraction in [0, 1) derived from `s`. */
export function hashFraction(s: string): number {
  return hash(s) / 4294967296;
}

/** A float in [min, max) from `random`. */
export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

/** One of `items`, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Cumulative weights for {@link pickWeighted}. */
export function cumulative(weights: number[]): number[] {
  let sum = 0;
  return weights.map((w) => {
    sum += w;
    return sum;
  });
}

/** One of `items`, weighted by the cumulative weights `cum` (from {@link cumulative}; binary search). */
export function pickWeighted<T>(random: Random, items: readonly T[], cum: number[]): T {
  const x = random() * cum[cum.length - 1]!;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return items[lo]!;
}
