/**
 * Stable sorting of slot and position lists by integer keys for the in-memory car search: a least
 * significant digit radix sort, 11 bits a pass (a 2 048-entry count table), so ordering 1 000 000 cars
 * takes a few passes over typed arrays instead of ~20 million comparator calls (1–2.5 s a sort order at
 * 1 000 000 cars before, see bench/README.md). Stable: items with equal keys keep their input order, which
 * is how ties are broken (e.g. by id: sort by id first, then by price).
 */

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
/** Keys must be integers below this (exact in a double). */
const KEY_LIMIT = 2 ** 53;

/**
 * `items` reordered by `value(item)`, ascending (or descending), stable. Returns undefined when a value is
 * not an integer or the values span 2^53 or more, so the caller can fall back to a comparator sort.
 */
export function sortByValue(
  items: Int32Array,
  value: (item: number) => number,
  descending = false,
): Int32Array | undefined {
  const n = items.length;
  const keys = new Float64Array(n);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = value(items[i]!);
    if (!Number.isInteger(v)) return undefined;
    keys[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (n === 0) return new Int32Array(0);
  const span = max - min;
  if (span >= KEY_LIMIT) return undefined;
  for (let i = 0; i < n; i++) keys[i] = descending ? max - keys[i]! : keys[i]! - min;
  let src = items.slice();
  let srcKeys = keys;
  let dst = new Int32Array(n);
  let dstKeys = new Float64Array(n);
  const count = new Int32Array(DIGITS + 1);
  for (let divisor = 1; divisor <= span; divisor *= DIGITS) {
    count.fill(0);
    // `& (DIGITS - 1)` keeps the low bits of the quotient exactly (ToInt32 wraps modulo 2^32).
    for (let i = 0; i < n; i++) count[(Math.floor(srcKeys[i]! / divisor) & (DIGITS - 1)) + 1]!++;
    for (let d = 0; d < DIGITS; d++) count[d + 1]! += count[d]!;
    for (let i = 0; i < n; i++) {
      const at = count[Math.floor(srcKeys[i]! / divisor) & (DIGITS - 1)]!++;
      dst[at] = src[i]!;
      dstKeys[at] = srcKeys[i]!;
    }
    [src, dst] = [dst, src];
    [srcKeys, dstKeys] = [dstKeys, srcKeys];
  }
  return src;
}
