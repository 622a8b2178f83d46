/**
 * The views of the in-memory car search (`memory.ts`): a {@link View} holds the cars for sale in one sort
 * order with their filter columns copied position by position, and the indexes a search reads before it
 * walks (`walk.ts`): posting lists per dictionary code, the positions by price and by km, and where a
 * filter's positions are in them (a {@link Source}).
 */
import type { CarColumns } from './columns';
import { sortByValue } from './radix';
import type { WordMatch } from './text-index';

/** The orders a search can ask for (`CarSearchQuery['sort']`). */
export type Sort = 'newest' | 'price_asc' | 'price_desc' | 'km_asc';

/** Every {@link Sort}: one view each. */
export const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'km_asc'];

/**
 * The positions of a view grouped by dictionary code: the positions holding code `c` are
 * `pos[start[c]]` … `pos[start[c + 1] - 1]`, ascending (a counting sort of the column).
 */
interface Postings {
  start: Int32Array;
  pos: Int32Array;
}

/** Builds the {@link Postings} of `column` whose codes are below `codes`. */
function postingsOf(column: Int32Array, codes: number): Postings {
  const start = new Int32Array(codes + 1);
  for (let i = 0; i < column.length; i++) start[column[i]! + 1]!++;
  for (let c = 0; c < codes; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, codes);
  const pos = new Int32Array(column.length);
  for (let i = 0; i < column.length; i++) pos[fill[column[i]!]!++] = i;
  return { start, pos };
}

/** The categorical columns with postings (`year` as the code `year - YEAR_BASE`; `text`: search texts). */
export type Dimension = 'brand' | 'model' | 'owner' | 'fuel' | 'gearbox' | 'body' | 'city' | 'year' | 'text';

/** Year codes for the postings: `year - YEAR_BASE` (manufacturerYear is 1980 to the current year). */
export const YEAR_BASE = 1900;

/** How many year codes there are: years {@link YEAR_BASE} to {@link YEAR_BASE} + 299. */
export const YEAR_CODES = 300;

/** Positions of a view sorted by a numeric column: `values[k]` is the value at position `order[k]`. */
interface Ranked {
  order: Int32Array;
  values: Float64Array;
}

/** Builds the {@link Ranked} index of `column`. */
function rankedOf(column: Float64Array | Int32Array): Ranked {
  const positions = new Int32Array(column.length);
  for (let i = 0; i < positions.length; i++) positions[i] = i;
  const order =
    sortByValue(positions, (i) => column[i]!) ?? positions.sort((a, b) => column[a]! - column[b]! || a - b);
  const values = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) values[k] = column[order[k]!]!;
  return { order, values };
}

/** First index k of ascending `values` with `values[k] >= x` (`values[k] > x` when `after`). */
export function lowerBound(values: Float64Array, x: number, after: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x || (after && values[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The cars for sale in one sort order: their slots and their filter columns, position by position. */
export interface View {
  slot: Int32Array;
  /** Rupees. */
  price: Float64Array;
  /** Kilometres driven. */
  km: Int32Array;
  year: Int16Array;
  brand: Int32Array;
  /** Model codes (issue 25). */
  model: Int32Array;
  /** Ownership codes (issue 25). */
  owner: Int32Array;
  fuel: Int32Array;
  gearbox: Int32Array;
  body: Int32Array;
  city: Int32Array;
  text: Int32Array;
  /** Where each search word's texts are in the text postings (listing them costs ~1 ms for a common word). */
  wordSources: WeakMap<WordMatch, Source>;
  /** Postings per categorical column, built on the first search that can use them. */
  postings: Partial<Record<Dimension, Postings>>;
  /** Positions by price and by km, built on the first search that can use them. */
  ranked: Partial<Record<'price' | 'km', Ranked>>;
  /** Number of codes per categorical column when the view was built. */
  codes: Record<Dimension, number>;
  /** Scratch bitset over positions (one bit each), all zero between searches. */
  bits: Uint32Array;
  /** Position of each slot in this view (-1: not in it); slots beyond its length were added later. */
  positionOf: Int32Array;
  /** 1 at the positions whose car changed since the view was built (the walks skip them). */
  stale: Uint8Array;
  /** How many positions are marked in `stale`. */
  staleCount: number;
}

/** Where a filter's positions are in its index: the {@link Candidate} without its step. */
export interface Source {
  size: number;
  pos: Int32Array;
  /** Absent when `size` is an estimate (a word matching too many texts to list their postings). */
  segments?: number[];
  ascending: boolean;
}

/**
 * A filter keeping more than this share of the view is never a source (walking is cheaper), so its postings
 * are not listed (a one-letter search word matches most of the ~250 000 texts at 1 000 000 cars).
 */
const MAX_SOURCE_SHARE = 0.25;

/** The {@link Source} of the positions of `v` whose `dim` code is one of `codes`. */
export function sourceOf(v: View, dim: Dimension, codes: ArrayLike<number>): Source {
  const p = postingsFor(v, dim);
  const known = v.codes[dim]; // codes from after the view was built have no positions in it (stale cars)
  let size = 0;
  for (let j = 0; j < codes.length; j++) {
    const c = codes[j]!;
    if (c < known) size += p.start[c + 1]! - p.start[c]!;
  }
  if (codes.length > 2 && size > v.slot.length * MAX_SOURCE_SHARE)
    return { size, pos: p.pos, ascending: false };
  const segments: number[] = [];
  for (let j = 0; j < codes.length; j++) {
    const c = codes[j]!;
    if (c < known && p.start[c + 1]! > p.start[c]!) segments.push(p.start[c]!, p.start[c + 1]!);
  }
  return { size, pos: p.pos, segments, ascending: segments.length <= 2 };
}

/** The postings of `dim` in `v`, built on first use. */
function postingsFor(v: View, dim: Dimension): Postings {
  let p = v.postings[dim];
  if (!p) {
    p = postingsOf(dim === 'year' ? yearCodes(v.year) : v[dim], v.codes[dim]);
    v.postings[dim] = p;
  }
  return p;
}

/** The positions of `v` by `dim`, built on first use. */
export function rankedFor(v: View, dim: 'price' | 'km'): Ranked {
  let r = v.ranked[dim];
  if (!r) {
    r = rankedOf(v[dim]);
    v.ranked[dim] = r;
  }
  return r;
}

/** Builds every posting list and ranked order of `v` now, so that no search pays for one. */
export function prepareView(v: View): void {
  for (const dim of ['brand', 'model', 'owner', 'fuel', 'gearbox', 'body', 'city', 'year', 'text'] as const)
    postingsFor(v, dim);
  rankedFor(v, 'price');
  rankedFor(v, 'km');
}

/** Year column as postings codes (`year - YEAR_BASE`, clamped to the code range). */
function yearCodes(year: Int16Array): Int32Array {
  const out = new Int32Array(year.length);
  for (let i = 0; i < year.length; i++) out[i] = Math.min(YEAR_CODES - 1, Math.max(0, year[i]! - YEAR_BASE));
  return out;
}

/**
 * The view of the cars for sale in `sort` order (ties by id), with their filter columns copied in that
 * order so that a search reads memory sequentially. Its indexes are built by {@link prepareView} or on
 * first use; no position is stale yet.
 */
export function buildView(cols: CarColumns, sort: Sort): View {
  const o = cols.order(sort);
  const n = o.length;
  const v: View = {
    slot: o,
    price: new Float64Array(n),
    km: new Int32Array(n),
    year: new Int16Array(n),
    brand: new Int32Array(n),
    model: new Int32Array(n),
    owner: new Int32Array(n),
    fuel: new Int32Array(n),
    gearbox: new Int32Array(n),
    body: new Int32Array(n),
    city: new Int32Array(n),
    text: new Int32Array(n),
    postings: {},
    wordSources: new WeakMap(),
    ranked: {},
    codes: {
      brand: cols.brands.codes.size,
      model: cols.models.codes.size,
      owner: cols.owners.codes.size,
      fuel: cols.fuels.codes.size,
      gearbox: cols.gearboxes.codes.size,
      body: cols.bodies.codes.size,
      city: cols.cities.codes.size,
      year: YEAR_CODES,
      text: cols.texts.size,
    },
    bits: new Uint32Array((n + 31) >>> 5),
    positionOf: new Int32Array(cols.next).fill(-1),
    stale: new Uint8Array(n),
    staleCount: 0,
  };
  for (let i = 0; i < n; i++) v.positionOf[o[i]!] = i;
  // One column at a time, from local references (a loop over all the columns through the closure's variables
  // and the view's properties ran ~50× slower at 1 000 000 cars).
  const copy = <T extends Float64Array | Int32Array | Int16Array>(to: T, from: T): void => {
    for (let i = 0; i < n; i++) to[i] = from[o[i]!]!;
  };
  copy(v.price, cols.price);
  copy(v.km, cols.km);
  copy(v.year, cols.year);
  copy(v.brand, cols.brand);
  copy(v.model, cols.model);
  copy(v.owner, cols.owner);
  copy(v.fuel, cols.fuel);
  copy(v.gearbox, cols.gearbox);
  copy(v.body, cols.body);
  copy(v.city, cols.city);
  copy(v.text, cols.textCode);
  return v;
}

/** Marks the position of slot `s` in `v` stale (its car changed since `v` was built), when it has one. */
export function markStale(v: View, s: number): void {
  const at = s < v.positionOf.length ? v.positionOf[s]! : -1;
  if (at >= 0 && !v.stale[at]) {
    v.stale[at] = 1;
    v.staleCount++;
  }
}
