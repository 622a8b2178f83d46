/**
 * The columnar walk of the in-memory car search (`memory.ts`): {@link scan} walks a {@link View} (`view.ts`)
 * once for a compiled query ({@link Filters}), driven by a posting list, a bitset of the most selective
 * filter's positions or the whole order, and returns the page's positions and the match count up to
 * {@link SEARCH_COUNT_CAP}.
 */

import { SEARCH_COUNT_CAP } from '../types';
import type { WordMatch } from './text-index';
import {
  type Dimension,
  lowerBound,
  rankedFor,
  type Source,
  sourceOf,
  type View,
  YEAR_BASE,
  YEAR_CODES,
} from './view';

/** A compiled query: membership masks over dictionary codes, inclusive bounds, per-word text matches. */
export interface Filters {
  brand?: Uint8Array;
  /** Model codes (issue 25). */
  model?: Uint8Array;
  /** Ownership codes (issue 25). */
  owner?: Uint8Array;
  fuel?: Uint8Array;
  gearbox?: Uint8Array;
  body?: Uint8Array;
  /** City code, or -1 for any city. */
  city: number;
  priceMin: number;
  priceMax: number;
  kmMin: number;
  kmMax: number;
  yearMin: number;
  yearMax: number;
  /** Per search word, which search texts (by code) it matches. */
  words: WordMatch[];
}

/** Positions filtered at a time: the length of the selection vector. */
const BLOCK = 2048;
/** The selection vector of {@link scan}: positions of the current block still passing (scan is synchronous). */
const sel = new Int32Array(BLOCK);

/**
 * One filter over a block of `k` positions: `base` … `base + k - 1` when `base` ≥ 0 (a stretch of the view,
 * read without going through `sel`: twice as fast), else `sel[0]` … `sel[k - 1]`. Writes the positions that
 * pass to `sel`, in order, and returns how many.
 */
type Step = (k: number, base: number) => number;

/** Keeps the positions whose `column` code is selected in `mask` (0 or 1 per code). */
function maskStep(column: Int32Array, mask: Uint8Array): Step {
  return (k, base) => {
    let m = 0;
    for (let j = 0; j < k; j++) {
      const i = base < 0 ? sel[j]! : base + j;
      sel[m] = i;
      m += mask[column[i]!]!;
    }
    return m;
  };
}

/** Keeps the positions whose `column` value (price, km or year) is in `[min, max]`. */
function rangeStep(column: Float64Array | Int32Array | Int16Array, min: number, max: number): Step {
  return (k, base) => {
    let m = 0;
    for (let j = 0; j < k; j++) {
      const i = base < 0 ? sel[j]! : base + j;
      const x = column[i]!;
      sel[m] = i;
      // Branch-free: with `&&` or `?:` a mispredicted branch per position made this step 3× slower.
      m += +(x >= min) & +(x <= max);
    }
    return m;
  };
}

/** Keeps the positions not marked in `stale`. */
function freshStep(stale: Uint8Array): Step {
  return (k, base) => {
    let m = 0;
    for (let j = 0; j < k; j++) {
      const i = base < 0 ? sel[j]! : base + j;
      sel[m] = i;
      m += stale[i]! ^ 1;
    }
    return m;
  };
}

/**
 * A filter of a query with what its index says: how many positions can pass it, where they are
 * (`pos[segments[2j]]` … `pos[segments[2j + 1] - 1]` for each j; `ascending` when they come in position
 * order already, i.e. one posting list), and its {@link Step}.
 */
interface Candidate extends Source {
  step: Step;
}

/**
 * What marking one candidate in the bitset and reading it back costs, in positions walked in order (both
 * then go through the other filters' steps): measured with `bench/cars-search-memory.ts` at 1 000 000 cars
 * (2026-11-26, 2 000 random queries, second pass): mean 0.84 ms and p99 3.9 ms at 0.5, 0.91 and 4.7 ms at 1,
 * 1.15 and 6.8 ms at 4 (each with the walk's switch to the bitset, see {@link scan}).
 */
const MARK_COST = 0.5;

/** The selected codes of `mask` below `codes`. */
function selected(mask: Uint8Array, codes: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < codes && c < mask.length; c++) if (mask[c]) out.push(c);
  return out;
}

/** Every filter of `f` as a {@link Candidate}, most selective first. */
function candidatesOf(v: View, f: Filters): Candidate[] {
  const out: Candidate[] = [];
  const byCodes = (dim: Dimension, codes: ArrayLike<number>, step: Step) => {
    out.push({ ...sourceOf(v, dim, codes), step });
  };
  const byRange = (dim: 'price' | 'km', min: number, max: number) => {
    const r = rankedFor(v, dim);
    const lo = lowerBound(r.values, min, false);
    const hi = Math.max(lo, lowerBound(r.values, max, true));
    out.push({
      size: hi - lo,
      pos: r.order,
      segments: [lo, hi],
      ascending: false,
      step: rangeStep(v[dim], min, max),
    });
  };
  if (f.city >= 0) byCodes('city', [f.city], maskStep(v.city, cityMask(f.city, v.codes.city)));
  if (f.brand) byCodes('brand', selected(f.brand, v.codes.brand), maskStep(v.brand, f.brand));
  if (f.model) byCodes('model', selected(f.model, v.codes.model), maskStep(v.model, f.model));
  if (f.owner) byCodes('owner', selected(f.owner, v.codes.owner), maskStep(v.owner, f.owner));
  if (f.body) byCodes('body', selected(f.body, v.codes.body), maskStep(v.body, f.body));
  if (f.fuel) byCodes('fuel', selected(f.fuel, v.codes.fuel), maskStep(v.fuel, f.fuel));
  if (f.gearbox) byCodes('gearbox', selected(f.gearbox, v.codes.gearbox), maskStep(v.gearbox, f.gearbox));
  if (f.priceMin > Number.NEGATIVE_INFINITY || f.priceMax < Number.POSITIVE_INFINITY) {
    byRange('price', f.priceMin, f.priceMax);
  }
  if (f.kmMin > Number.NEGATIVE_INFINITY || f.kmMax < Number.POSITIVE_INFINITY) {
    byRange('km', f.kmMin, f.kmMax);
  }
  if (f.yearMin > Number.NEGATIVE_INFINITY || f.yearMax < Number.POSITIVE_INFINITY) {
    const codes: number[] = [];
    const lo = Math.max(0, Math.ceil(f.yearMin) - YEAR_BASE);
    const hi = Math.min(YEAR_CODES - 1, Math.floor(f.yearMax) - YEAR_BASE);
    for (let c = lo; c <= hi; c++) codes.push(c);
    byCodes('year', codes, rangeStep(v.year, f.yearMin, f.yearMax));
  }
  for (const word of f.words) {
    let source = v.wordSources.get(word);
    if (!source) {
      source = sourceOf(v, 'text', word.codes);
      v.wordSources.set(word, source);
    }
    out.push({ ...source, step: maskStep(v.text, word.mask) });
  }
  return out.sort((a, b) => a.size - b.size);
}

/** A mask selecting city code `city` only (over `codes` codes, and the city itself if newer). */
function cityMask(city: number, codes: number): Uint8Array {
  const mask = new Uint8Array(Math.max(codes, city + 1));
  mask[city] = 1;
  return mask;
}

/**
 * Walks `v` in order: the positions of the matches number `from` to `to` - 1 (the page) and the number
 * of matches, counted until both the page is filled and `cap` (default {@link SEARCH_COUNT_CAP}) is reached. Positions
 * marked in `stale` (their car changed since the view was built) are skipped; the caller adds those cars.
 *
 * Positions are filtered a block at a time, one filter after another over the block's survivors (most
 * selective first). Where they come from: every position in order; or the postings of the most selective
 * filter, in order already when it is one posting list, else marked in a bitset and read back in order,
 * when marking its candidates costs less than walking until the count is reached (estimated from each
 * filter's index as if the filters were independent). A walk that has cost as much as the bitset would
 * without reaching the count marks the rest in the bitset instead (correlated filters, such as high km and
 * recent years, make the estimate far too low: such searches walked all 1 000 000 cars, 8–13 ms). Any way
 * gives the same answer as a full walk.
 */
export function scan(
  v: View,
  f: Filters,
  from: number,
  to: number,
  stale?: Uint8Array,
  cap = SEARCH_COUNT_CAP,
): { count: number; hits: number[] } {
  const n = v.slot.length;
  const hits: number[] = [];
  const candidates = candidatesOf(v, f);
  if (candidates.length === 0) {
    if (!stale) {
      for (let i = from; i < to && i < n; i++) hits.push(i);
      return { count: n, hits };
    }
    for (let i = 0, rank = 0; i < n && rank < to; i++) {
      if (stale[i]) continue;
      if (rank >= from) hits.push(i);
      rank++;
    }
    return { count: n - v.staleCount, hits };
  }
  const best = candidates[0]!;
  if (best.segments && best.size === 0) return { count: 0, hits };
  // One filter with an index and no stale positions: its index gives the count, only the page is walked.
  const exact = candidates.length === 1 && best.segments !== undefined && !stale;
  const stopAt = exact ? to : Math.max(cap, to);
  let expected = n;
  for (const c of candidates) expected *= c.size / n;
  const walked = expected >= stopAt ? (n * stopAt) / expected : n;
  // The source's own filter needs no step: every position it yields passes it.
  const fresh = stale ? [freshStep(stale)] : [];
  const walkSteps = [...candidates.map((c) => c.step), ...fresh];
  const sourceSteps = [...candidates.slice(1).map((c) => c.step), ...fresh];
  let count = 0;
  /** Filters a block (see {@link Step}) with `steps` and counts its matches; true when the count is reached. */
  const block = (steps: Step[], k: number, base: number): boolean => {
    if (steps.length === 0 && base >= 0) for (let j = 0; j < k; j++) sel[j] = base + j;
    for (let s = 0; s < steps.length && k > 0; s++) k = steps[s]!(k, s === 0 ? base : -1);
    for (let j = 0; j < k; j++) {
      if (count >= from && count < to) hits.push(sel[j]!);
      if (++count >= stopAt) return true;
    }
    return false;
  };
  /**
   * Walks the positions from `start` on until the count is reached (returns `n`) or `budget` positions are
   * walked (returns where it stopped, a multiple of BLOCK).
   */
  const walk = (start: number, budget: number): number => {
    for (let b = start; b < n; b += BLOCK) {
      if (b - start >= budget) return b;
      if (block(walkSteps, Math.min(BLOCK, n - b), b)) return n;
    }
    return n;
  };
  /** Marks the best filter's candidates from position `start` on in the bitset, then reads it in order. */
  const fromBitset = (start: number): void => {
    const { pos, segments = [] } = best;
    const bits = v.bits;
    for (let j = 0; j < segments.length; j += 2) {
      for (let k = segments[j]!, end = segments[j + 1]!; k < end; k++) {
        const i = pos[k]!;
        if (i >= start) bits[i >>> 5]! |= 1 << (i & 31);
      }
    }
    let k = 0;
    let w = start >>> 5;
    let done = false;
    while (w < bits.length && !done) {
      let x = bits[w]!;
      bits[w] = 0;
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        sel[k++] = (w << 5) | (31 - Math.clz32(low));
      }
      w++;
      if (k > BLOCK - 32 || w === bits.length) {
        done = block(sourceSteps, k, -1);
        k = 0;
      }
    }
    bits.fill(0, w);
  };
  if (!best.segments) {
    walk(0, n);
  } else if (best.ascending) {
    const { pos, segments } = best;
    for (let b = segments[0]!, end = segments[1]!; b < end; b += BLOCK) {
      const k = Math.min(BLOCK, end - b);
      for (let j = 0; j < k; j++) sel[j] = pos[b + j]!;
      if (block(sourceSteps, k, -1)) break;
    }
  } else {
    // Walk while the estimate says walking is cheaper than the bitset, and no longer than the bitset would
    // cost: filters are often correlated (low km and recent years), so an estimate can be far off, and this
    // way a search costs at most about twice the cheaper of the two.
    const budget = best.size * MARK_COST;
    const stoppedAt = budget < walked ? 0 : walk(0, budget);
    if (stoppedAt < n) fromBitset(stoppedAt);
  }
  return { count: exact ? best.size : count, hits };
}
