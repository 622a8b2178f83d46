/**
 * In-memory columnar adapter of the car search port (docs/adr/0005): every search document lives in the
 * process, so a search never waits for the database (embedded mode, one catalog process; PGlite runs one
 * query at a time, see bench/README.md). Same semantics as the PostgreSQL adapter (`types.ts`); the
 * conformance suite (`test/search.int.test.ts`) runs against it.
 *
 * Layout: a document occupies a slot; the filter and sort fields are columns indexed by slot (typed
 * arrays for the numbers, dictionary codes for the strings), the cars themselves an array of the stored
 * objects (returned as is). Per sort, an array of the slots of the cars for sale in that order, rebuilt on
 * the first search after a write (writes are rare next to reads). A search walks the order of its sort
 * once, tests each slot against the compiled filters, keeps the slots of the requested page and counts
 * matches up to {@link SEARCH_COUNT_CAP}.
 *
 * `searchTerm`: PostgreSQL matches each word against `search_text` with `ILIKE '%word%'` or pg_trgm
 * `word <% search_text`. Here the distinct search texts are a dictionary; a word is matched once against
 * every distinct text (a substring test, then a trigram pre-filter over the text's words and the exact
 * pg_trgm word similarity for the few candidates) and the answer is cached per word.
 */
import type { Car, CarSearchQuery } from '@marketplace/contracts';
import {
  assertDocumentId,
  type CarDocument,
  type CarSearch,
  type CarSearchResult,
  indexFieldsOf,
  isUuid,
  SEARCH_COUNT_CAP,
  searchWords,
  TYPO_SIMILARITY,
} from './types';

// --- pg_trgm word similarity -------------------------------------------------------------------------

/** A run of letters or digits: pg_trgm's word (ISWORDCHR is `t_isalnum`). */
const TRGM_WORD = /[\p{L}\p{N}]+/gu;

/**
 * The trigrams of `text` in order, as pg_trgm extracts them (`generate_trgm_only`): lower case, each word
 * (run of letters or digits) padded with two spaces before and one after, every 3 consecutive characters.
 * Repeats are kept (positional trigrams).
 */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(TRGM_WORD)) {
    const chars = Array.from(`  ${m[0]} `);
    for (let i = 0; i + 2 < chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** pg_trgm CALCSML in float4: count / (len1 + len2 - count). */
function calcSml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * pg_trgm `iterate_word_similarity` (plain word similarity): the greatest similarity between the query's
 * trigram set and a contiguous extent of the text's trigrams, found by pg_trgm's own greedy procedure.
 * `trg[i]` (i < len2) is the text-local id (0..n-1) of the text's i-th trigram, `found[id]` whether that trigram
 * is one of the query's `ulen1` distinct trigrams; `lastpos` (length ≥ n) is scratch, filled with -1.
 * With `threshold`, stops as soon as it is reached (as the `<%` operator does; same yes/no answer).
 */
function iterateWordSimilarity(
  trg: ArrayLike<number>,
  len2: number,
  found: Uint8Array,
  ulen1: number,
  lastpos: Int32Array,
  threshold = Number.POSITIVE_INFINITY,
): number {
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const t = trg[i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      if (smlrCur >= threshold) break;
      const tt = trg[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (found[tt]) tmpCount--;
      }
    }
    if (smlrCur > smlrMax) smlrMax = smlrCur;
    if (smlrMax >= threshold) break;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = trg[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return smlrMax;
}

/** The text's trigrams as text-local ids, and whether each local id is in `query`. */
function localTrigrams(query: Set<string>, text: string): { trg: Int32Array; found: Uint8Array } {
  const ids = new Map<string, number>();
  const grams = trigramsOf(text);
  const trg = new Int32Array(grams.length);
  for (let i = 0; i < grams.length; i++) {
    let id = ids.get(grams[i]!);
    if (id === undefined) {
      id = ids.size;
      ids.set(grams[i]!, id);
    }
    trg[i] = id;
  }
  const found = new Uint8Array(ids.size);
  for (const [g, id] of ids) if (query.has(g)) found[id] = 1;
  return { trg, found };
}

function similarityTo(query: Set<string>, text: string, threshold?: number): number {
  const { trg, found } = localTrigrams(query, text);
  return iterateWordSimilarity(
    trg,
    trg.length,
    found,
    query.size,
    new Int32Array(found.length).fill(-1),
    threshold,
  );
}

/**
 * pg_trgm `word_similarity(word, text)` (float4 precision): the greatest trigram similarity between
 * `word` and an extent of `text` (which may span several of its words).
 */
export function wordSimilarity(word: string, text: string): number {
  return similarityTo(new Set(trigramsOf(word)), text);
}

/**
 * `word <% text` at `threshold` (pg_trgm.word_similarity_threshold); a float4 similarity compared with
 * the threshold as PostgreSQL does.
 */
export function wordSimilarityMatches(word: string, text: string, threshold = TYPO_SIMILARITY): boolean {
  const query = new Set(trigramsOf(word));
  if (query.size === 0) return false;
  return similarityTo(query, text, threshold) >= threshold;
}

// --- dictionaries ----------------------------------------------------------------------------------------

/** String → dense code (0, 1, 2, …); codes are never reused. */
class Dictionary {
  readonly codes = new Map<string, number>();
  readonly values: string[] = [];

  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.codes.set(value, c);
      this.values.push(value);
    }
    return c;
  }

  /** Membership mask over the codes of `values` (unknown values are skipped); undefined when none known. */
  mask(values: readonly string[]): Uint8Array | undefined {
    const m = new Uint8Array(this.values.length);
    let any = false;
    for (const v of values) {
      const c = this.codes.get(v);
      if (c !== undefined) {
        m[c] = 1;
        any = true;
      }
    }
    return any ? m : undefined;
  }
}

/** Which distinct texts (by code) one search word matches, computed over the first `n` texts. */
interface WordMatch {
  match: Uint8Array;
  n: number;
}

/** Cached search words (cleared when exceeded). */
const WORD_CACHE_SIZE = 2_000;

/**
 * The distinct search texts, with postings (token → texts, pg_trgm word → texts) to match a search word
 * against all of them without visiting each.
 */
class TextIndex {
  private readonly texts: string[] = [];
  private readonly textCodes = new Map<string, number>();
  /** Per text, its pg_trgm words in order (repeats kept), as word codes. */
  private readonly textWords: Int32Array[] = [];
  /**
   * Whitespace-separated tokens: a search word has no whitespace, so it is a substring of a text
   * (`ILIKE '%word%'`) iff it is a substring of one of the text's tokens.
   */
  private readonly tokens = new Dictionary();
  private readonly tokenPostings: number[][] = [];
  /** pg_trgm words (runs of letters and digits): their trigrams (ids, in order), distinct trigrams, texts. */
  private readonly words = new Dictionary();
  private readonly wordSeq: Int32Array[] = [];
  private readonly wordTrigrams: Int32Array[] = [];
  private readonly wordPostings: number[][] = [];
  /** Every trigram of a word, as a dense id. */
  private readonly trigrams = new Dictionary();
  private readonly cache = new Map<string, WordMatch>();
  // Scratch of `similarity`, indexed by trigram id (stamp, local id) and by local id / position.
  private stamp = new Int32Array(0);
  private stampNow = 0;
  private localOf = new Int32Array(0);
  private found = new Uint8Array(64);
  private lastpos = new Int32Array(64);
  private seq = new Int32Array(64);

  code(text: string): number {
    let c = this.textCodes.get(text);
    if (c !== undefined) return c;
    c = this.texts.length;
    this.textCodes.set(text, c);
    this.texts.push(text);
    for (const token of new Set(text.split(/\s+/))) {
      if (token === '') continue;
      const k = this.tokens.code(token);
      if (k === this.tokenPostings.length) this.tokenPostings.push([]);
      this.tokenPostings[k]!.push(c);
    }
    const wordCodes = Array.from(text.matchAll(TRGM_WORD), (m) => {
      const k = this.words.code(m[0]);
      if (k === this.wordPostings.length) {
        const seq = Int32Array.from(trigramsOf(m[0]), (g) => this.trigrams.code(g));
        this.wordSeq.push(seq);
        this.wordTrigrams.push(Int32Array.from(new Set(seq)));
        this.wordPostings.push([]);
      }
      return k;
    });
    for (const k of new Set(wordCodes)) this.wordPostings[k]!.push(c);
    this.textWords.push(Int32Array.from(wordCodes));
    return c;
  }

  /** Per text code, 1 when `word` matches it (substring, or word similarity ≥ TYPO_SIMILARITY). */
  matches(word: string): Uint8Array {
    const cached = this.cache.get(word);
    if (cached && cached.n === this.texts.length) return cached.match;
    if (!cached && this.cache.size >= WORD_CACHE_SIZE) this.cache.clear();
    const match = this.compute(word);
    this.cache.set(word, { match, n: this.texts.length });
    return match;
  }

  private compute(word: string): Uint8Array {
    const n = this.texts.length;
    const match = new Uint8Array(n);
    this.tokens.values.forEach((token, k) => {
      if (token.includes(word)) for (const t of this.tokenPostings[k]!) match[t] = 1;
    });
    const query = new Set(trigramsOf(word));
    const ulen1 = query.size;
    if (ulen1 === 0) return match;
    // similarity ≤ (query trigrams in the text) / ulen1 ≤ (sum over the text's words of the query
    // trigrams in each) / ulen1: texts below the threshold by that bound are not candidates.
    let need = 1;
    while (need <= ulen1 && Math.fround(need / ulen1) < TYPO_SIMILARITY) need++;
    if (need > ulen1) return match;
    const inQuery = new Uint8Array(this.trigrams.values.length);
    for (const g of query) {
      const id = this.trigrams.codes.get(g);
      if (id !== undefined) inQuery[id] = 1;
    }
    const shared = new Int32Array(n);
    const candidates: number[] = [];
    this.wordTrigrams.forEach((ids, k) => {
      let present = 0;
      for (const id of ids) present += inQuery[id]!;
      if (present === 0) return;
      for (const t of this.wordPostings[k]!) {
        const before = shared[t]!;
        shared[t] = before + present;
        if (before < need && before + present >= need && !match[t]) candidates.push(t);
      }
    });
    for (const t of candidates) {
      if (this.similarity(t, inQuery, ulen1) >= TYPO_SIMILARITY) match[t] = 1;
    }
    return match;
  }

  /** pg_trgm word similarity of a query (its `ulen1` trigrams marked in `inQuery`) to text `t`. */
  private similarity(t: number, inQuery: Uint8Array, ulen1: number): number {
    const ws = this.textWords[t]!;
    const ntrg = this.trigrams.values.length;
    if (this.stamp.length < ntrg) {
      this.stamp = new Int32Array(ntrg * 2);
      this.localOf = new Int32Array(ntrg * 2);
    }
    let len = 0;
    for (const w of ws) len += this.wordSeq[w]!.length;
    if (this.seq.length < len) {
      this.seq = new Int32Array(len * 2);
      this.found = new Uint8Array(len * 2);
      this.lastpos = new Int32Array(len * 2);
    }
    const { stamp, localOf, found, lastpos, seq } = this;
    const now = ++this.stampNow;
    let u = 0;
    let i = 0;
    for (const w of ws) {
      for (const id of this.wordSeq[w]!) {
        if (stamp[id] !== now) {
          stamp[id] = now;
          localOf[id] = u;
          found[u] = inQuery[id]!;
          lastpos[u] = -1;
          u++;
        }
        seq[i++] = localOf[id]!;
      }
    }
    return iterateWordSimilarity(seq, len, found, ulen1, lastpos, TYPO_SIMILARITY);
  }
}

// --- the adapter ------------------------------------------------------------------------------------------

type Sort = 'newest' | 'price_asc' | 'price_desc' | 'km_asc';
const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'km_asc'];

/** Where {@link createMemorySearch} takes its first documents from: batches, or one array. */
export type MemorySearchSource =
  | AsyncIterable<CarDocument[]>
  | Iterable<CarDocument[]>
  | Promise<CarDocument[]>;

export interface MemorySearchOptions {
  /** Loads the initial documents before the first operation (e.g. a scan of the PostgreSQL read model). */
  load?: () => AsyncIterable<CarDocument[]> | Promise<CarDocument[]>;
}

/** The in-memory search: the port plus bulk loading and its size. */
export interface MemorySearch extends CarSearch {
  /**
   * Upserts every document of `source` (batches in order; the last wins when an id repeats). A document
   * written or removed through `upsert`/`upsertMany`/`remove` while the load runs is newer than the
   * source's copy, so the load skips it.
   */
  loadFrom(source: MemorySearchSource): Promise<void>;
  /** Number of documents held (any status). */
  size(): number;
}

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

/** The categorical columns with postings (`year` as the code `year - YEAR_BASE`). */
type Dimension = 'brand' | 'fuel' | 'gearbox' | 'body' | 'city' | 'year';

/** Year codes for the postings: `year - YEAR_BASE` (manufacturerYear is 1980 to the current year). */
const YEAR_BASE = 1900;
const YEAR_CODES = 300;

/** Positions of a view sorted by a numeric column: `values[k]` is the value at position `order[k]`. */
interface Ranked {
  order: Int32Array;
  values: Float64Array;
}

/** Builds the {@link Ranked} index of `column`. */
function rankedOf(column: Float64Array | Int32Array): Ranked {
  const order = new Int32Array(column.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => column[a]! - column[b]! || a - b);
  const values = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) values[k] = column[order[k]!]!;
  return { order, values };
}

/** First index k of ascending `values` with `values[k] >= x` (`values[k] > x` when `after`). */
function lowerBound(values: Float64Array, x: number, after: boolean): number {
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
interface View {
  slot: Int32Array;
  price: Float64Array;
  km: Int32Array;
  year: Int16Array;
  brand: Int32Array;
  fuel: Int32Array;
  gearbox: Int32Array;
  body: Int32Array;
  city: Int32Array;
  text: Int32Array;
  /** Postings per categorical column, built on the first search that can use them. */
  postings: Partial<Record<Dimension, Postings>>;
  /** Positions by price and by km, built on the first search that can use them. */
  ranked: Partial<Record<'price' | 'km', Ranked>>;
  /** Number of codes per categorical column when the view was built. */
  codes: Record<Dimension, number>;
  /** Scratch bitset over positions (one bit each), all zero between searches. */
  bits: Uint32Array;
}

/** A compiled query: membership masks over dictionary codes, inclusive bounds, per-word text matches. */
interface Filters {
  brand?: Uint8Array;
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
  /** Per search word, which text codes it matches. */
  words: Uint8Array[];
}

/** A filter is worth driving the walk by its index when it keeps at most this share of the view. */
const DRIVER_SHARE = 0.25;

/** The selected codes of `mask` below `codes`. */
function selected(mask: Uint8Array, codes: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < codes && c < mask.length; c++) if (mask[c]) out.push(c);
  return out;
}

/**
 * Candidate positions: `pos[segments[2j]]` … `pos[segments[2j + 1] - 1]` for each j; `ascending` when
 * they come in position order already (one posting list).
 */
interface Driver {
  pos: Int32Array;
  segments: number[];
  ascending: boolean;
}

/**
 * The most selective filter of `f` with an index (a categorical column or year by its postings, price or
 * km by its ranked order), when it keeps at most {@link DRIVER_SHARE} of the view; otherwise undefined
 * (the walk reads every position).
 */
function driverOf(v: View, f: Filters): Driver | undefined {
  const n = v.slot.length;
  let best: Driver | undefined;
  let bestSize = Math.floor(n * DRIVER_SHARE) + 1;
  const offer = (pos: Int32Array, segments: number[], ascending: boolean) => {
    let size = 0;
    for (let j = 0; j < segments.length; j += 2) size += segments[j + 1]! - segments[j]!;
    if (size < bestSize) {
      bestSize = size;
      best = { pos, segments, ascending };
    }
  };
  const byCodes = (dim: Dimension, codes: number[]) => {
    let p = v.postings[dim];
    if (!p) {
      p = postingsOf(dim === 'year' ? yearCodes(v.year) : v[dim], v.codes[dim]);
      v.postings[dim] = p;
    }
    const segments: number[] = [];
    for (const c of codes) if (p.start[c + 1]! > p.start[c]!) segments.push(p.start[c]!, p.start[c + 1]!);
    offer(p.pos, segments, segments.length <= 2);
  };
  const byRange = (dim: 'price' | 'km', min: number, max: number) => {
    let r = v.ranked[dim];
    if (!r) {
      r = rankedOf(v[dim]);
      v.ranked[dim] = r;
    }
    const lo = lowerBound(r.values, min, false);
    const hi = lowerBound(r.values, max, true);
    offer(r.order, hi > lo ? [lo, hi] : [], false);
  };
  if (f.city >= 0) byCodes('city', f.city < v.codes.city ? [f.city] : []);
  if (f.brand) byCodes('brand', selected(f.brand, v.codes.brand));
  if (f.body) byCodes('body', selected(f.body, v.codes.body));
  if (f.fuel) byCodes('fuel', selected(f.fuel, v.codes.fuel));
  if (f.gearbox) byCodes('gearbox', selected(f.gearbox, v.codes.gearbox));
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
    byCodes('year', codes);
  }
  return best;
}

/** Year column as postings codes (`year - YEAR_BASE`, clamped to the code range). */
function yearCodes(year: Int16Array): Int32Array {
  const out = new Int32Array(year.length);
  for (let i = 0; i < year.length; i++) out[i] = Math.min(YEAR_CODES - 1, Math.max(0, year[i]! - YEAR_BASE));
  return out;
}

/**
 * Walks `v` in order: the positions of the matches number `from` to `to` - 1 (the page) and the number
 * of matches, counted until both the page is filled and {@link SEARCH_COUNT_CAP} is reached. When a
 * categorical filter is selective, only the positions in its postings are visited (in the same order,
 * so the answer is the same as a full walk).
 */
function scan(v: View, f: Filters, from: number, to: number): { count: number; hits: number[] } {
  const n = v.slot.length;
  const hits: number[] = [];
  const stopAt = Math.max(SEARCH_COUNT_CAP, to);
  const { brand, fuel, gearbox, body, city, priceMin, priceMax, kmMin, kmMax, yearMin, yearMax, words } = f;
  const hasPrice = priceMin > Number.NEGATIVE_INFINITY || priceMax < Number.POSITIVE_INFINITY;
  const hasKm = kmMin > Number.NEGATIVE_INFINITY || kmMax < Number.POSITIVE_INFINITY;
  const hasYear = yearMin > Number.NEGATIVE_INFINITY || yearMax < Number.POSITIVE_INFINITY;
  if (!brand && !fuel && !gearbox && !body && city < 0 && !hasPrice && !hasKm && !hasYear && !words.length) {
    for (let i = from; i < to && i < n; i++) hits.push(i);
    return { count: n, hits };
  }
  const vBrand = v.brand;
  const vFuel = v.fuel;
  const vGearbox = v.gearbox;
  const vBody = v.body;
  const vCity = v.city;
  const vPrice = v.price;
  const vKm = v.km;
  const vYear = v.year;
  const vText = v.text;
  const nWords = words.length;
  /** Whether position `i` passes every filter. */
  const passes = (i: number): boolean => {
    if (brand && !brand[vBrand[i]!]) return false;
    if (fuel && !fuel[vFuel[i]!]) return false;
    if (gearbox && !gearbox[vGearbox[i]!]) return false;
    if (body && !body[vBody[i]!]) return false;
    if (city >= 0 && vCity[i] !== city) return false;
    if (hasPrice) {
      const x = vPrice[i]!;
      if (x < priceMin || x > priceMax) return false;
    }
    if (hasKm) {
      const x = vKm[i]!;
      if (x < kmMin || x > kmMax) return false;
    }
    if (hasYear) {
      const x = vYear[i]!;
      if (x < yearMin || x > yearMax) return false;
    }
    if (nWords > 0) {
      const t = vText[i]!;
      for (let w = 0; w < nWords; w++) if (!words[w]![t]) return false;
    }
    return true;
  };
  let count = 0;
  const driver = driverOf(v, f);
  if (!driver) {
    for (let i = 0; i < n; i++) {
      if (!passes(i)) continue;
      if (count >= from && count < to) hits.push(i);
      if (++count >= stopAt) break;
    }
  } else if (driver.ascending) {
    const { pos, segments } = driver;
    for (let k = segments[0] ?? 0, end = segments[1] ?? 0; k < end; k++) {
      const i = pos[k]!;
      if (!passes(i)) continue;
      if (count >= from && count < to) hits.push(i);
      if (++count >= stopAt) break;
    }
  } else {
    // Mark the candidates in the bitset, then read it in position order (clearing it as it goes).
    const { pos, segments } = driver;
    const bits = v.bits;
    for (let j = 0; j < segments.length; j += 2) {
      for (let k = segments[j]!, end = segments[j + 1]!; k < end; k++) {
        const i = pos[k]!;
        bits[i >>> 5]! |= 1 << (i & 31);
      }
    }
    let w = 0;
    for (; w < bits.length && count < stopAt; w++) {
      let x = bits[w]!;
      if (x === 0) continue;
      bits[w] = 0;
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const i = (w << 5) | (31 - Math.clz32(low));
        if (!passes(i)) continue;
        if (count >= from && count < to) hits.push(i);
        if (++count >= stopAt) break;
      }
    }
    bits.fill(0, w);
  }
  return { count, hits };
}

const INITIAL_CAPACITY = 1024;

/**
 * The in-memory columnar car search (embedded mode). `opts.load`, when given, fills it before the first
 * operation.
 */
export function createMemorySearch(opts: MemorySearchOptions = {}): MemorySearch {
  let capacity = INITIAL_CAPACITY;
  let next = 0; // slots in use or freed: [0, next)
  const free: number[] = [];
  const slotOf = new Map<string, number>(); // lower-case id → slot
  const cars: (Car | undefined)[] = [];
  const ids: string[] = []; // lower-case ids (uuid order = lower-case text order)
  let live = new Uint8Array(capacity);
  let price = new Float64Array(capacity);
  let km = new Int32Array(capacity);
  let year = new Int16Array(capacity);
  let created = new Float64Array(capacity);
  let brand = new Int32Array(capacity);
  let fuel = new Int32Array(capacity);
  let gearbox = new Int32Array(capacity);
  let body = new Int32Array(capacity);
  let city = new Int32Array(capacity);
  let status = new Int32Array(capacity);
  let textCode = new Int32Array(capacity);

  const brands = new Dictionary();
  const fuels = new Dictionary();
  const gearboxes = new Dictionary();
  const bodies = new Dictionary();
  const cities = new Dictionary();
  const statuses = new Dictionary();
  const NO_BODY = bodies.code('\u0000none'); // no body type: matches no `bodyTypes` list
  const USED = statuses.code('used');
  const texts = new TextIndex();

  const views = new Map<Sort, View>();
  let touched: Set<string> | undefined; // ids written directly while a load runs

  function grow(): void {
    capacity *= 2;
    const g = <T extends Uint8Array | Int16Array | Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity);
      b.set(a);
      return b;
    };
    live = g(live);
    price = g(price);
    km = g(km);
    year = g(year);
    created = g(created);
    brand = g(brand);
    fuel = g(fuel);
    gearbox = g(gearbox);
    body = g(body);
    city = g(city);
    status = g(status);
    textCode = g(textCode);
  }

  function write(doc: CarDocument): void {
    const id = assertDocumentId(doc).toLowerCase();
    let s = slotOf.get(id);
    if (s === undefined) {
      s = free.pop();
      if (s === undefined) {
        if (next === capacity) grow();
        s = next++;
      }
      slotOf.set(id, s);
    }
    const f = indexFieldsOf(doc);
    cars[s] = doc.car;
    ids[s] = id;
    live[s] = 1;
    price[s] = f.price;
    km[s] = f.kmDriven;
    year[s] = f.manufacturerYear;
    const t = f.createdAt.getTime();
    created[s] = Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
    brand[s] = brands.code(f.brandId.toLowerCase());
    fuel[s] = fuels.code(f.fuelType);
    gearbox[s] = gearboxes.code(f.transmission);
    body[s] = f.bodyType === null ? NO_BODY : bodies.code(f.bodyType);
    city[s] = cities.code(f.city.toLowerCase());
    status[s] = statuses.code(f.status);
    textCode[s] = texts.code(f.searchText);
    views.clear();
  }

  function drop(id: string): void {
    if (!isUuid(id)) return;
    const key = id.toLowerCase();
    touched?.add(key);
    const s = slotOf.get(key);
    if (s === undefined) return;
    slotOf.delete(key);
    live[s] = 0;
    cars[s] = undefined;
    free.push(s);
    views.clear();
  }

  function upsertAll(docs: CarDocument[], fromLoad: boolean): void {
    for (const doc of docs) assertDocumentId(doc); // all or nothing, like one INSERT
    for (const doc of docs) {
      const id = doc.car._id.toLowerCase();
      if (fromLoad) {
        if (touched?.has(id)) continue;
      } else touched?.add(id);
      write(doc);
    }
  }

  const byId = (a: number, b: number): number => {
    const x = ids[a]!;
    const y = ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };

  /**
   * The cars for sale in `sort` order (ties by id ascending), with their filter columns copied in that
   * order so that a search reads memory sequentially; rebuilt on the first search after a write.
   */
  function view(sort: Sort): View {
    let v = views.get(sort);
    if (v) return v;
    let n = 0;
    for (let s = 0; s < next; s++) if (live[s] && status[s] === USED) n++;
    const o = new Int32Array(n);
    n = 0;
    for (let s = 0; s < next; s++) if (live[s] && status[s] === USED) o[n++] = s;
    const p = price;
    const k = km;
    const c = created;
    switch (sort) {
      case 'price_asc':
        o.sort((a, b) => p[a]! - p[b]! || byId(a, b));
        break;
      case 'price_desc':
        o.sort((a, b) => p[b]! - p[a]! || byId(a, b));
        break;
      case 'km_asc':
        o.sort((a, b) => k[a]! - k[b]! || byId(a, b));
        break;
      default:
        o.sort((a, b) => (c[a] === c[b] ? byId(a, b) : c[a]! > c[b]! ? -1 : 1));
    }
    v = {
      slot: o,
      price: new Float64Array(n),
      km: new Int32Array(n),
      year: new Int16Array(n),
      brand: new Int32Array(n),
      fuel: new Int32Array(n),
      gearbox: new Int32Array(n),
      body: new Int32Array(n),
      city: new Int32Array(n),
      text: new Int32Array(n),
      postings: {},
      ranked: {},
      codes: {
        brand: brands.codes.size,
        fuel: fuels.codes.size,
        gearbox: gearboxes.codes.size,
        body: bodies.codes.size,
        city: cities.codes.size,
        year: YEAR_CODES,
      },
      bits: new Uint32Array((n + 31) >>> 5),
    };
    for (let i = 0; i < n; i++) {
      const s = o[i]!;
      v.price[i] = price[s]!;
      v.km[i] = km[s]!;
      v.year[i] = year[s]!;
      v.brand[i] = brand[s]!;
      v.fuel[i] = fuel[s]!;
      v.gearbox[i] = gearbox[s]!;
      v.body[i] = body[s]!;
      v.city[i] = city[s]!;
      v.text[i] = textCode[s]!;
    }
    views.set(sort, v);
    return v;
  }

  function run(q: CarSearchQuery): CarSearchResult {
    const f = compile(q);
    if (!f) return { cars: [], totalLength: 0 };
    const limit = Math.max(0, Math.trunc(q.limit));
    const offset = (Math.max(1, Math.trunc(q.page)) - 1) * limit;
    const v = view((SORTS as readonly string[]).includes(q.sort) ? (q.sort as Sort) : 'newest');
    const page: Car[] = [];
    const { count, hits } = scan(v, f, offset, offset + limit);
    for (const i of hits) page.push(cars[v.slot[i]!]!);
    return { cars: page, totalLength: Math.min(count, SEARCH_COUNT_CAP) };
  }

  /** The filters of `q` as codes and numbers, or undefined when nothing can match. */
  function compile(q: CarSearchQuery): Filters | undefined {
    const f: Filters = {
      priceMin: q.price?.min ?? Number.NEGATIVE_INFINITY,
      priceMax: q.price?.max ?? Number.POSITIVE_INFINITY,
      kmMin: q.kmDriven?.min ?? Number.NEGATIVE_INFINITY,
      kmMax: q.kmDriven?.max ?? Number.POSITIVE_INFINITY,
      yearMin: q.years?.min ?? Number.NEGATIVE_INFINITY,
      yearMax: q.years?.max ?? Number.POSITIVE_INFINITY,
      city: -1,
      words: [],
    };
    if (q.brands) {
      f.brand = brands.mask(q.brands.filter(isUuid).map((b) => b.toLowerCase()));
      if (!f.brand) return undefined;
    }
    if (q.fuelTypes) {
      f.fuel = fuels.mask(q.fuelTypes);
      if (!f.fuel) return undefined;
    }
    if (q.transmissions) {
      f.gearbox = gearboxes.mask(q.transmissions);
      if (!f.gearbox) return undefined;
    }
    if (q.bodyTypes) {
      f.body = bodies.mask(q.bodyTypes);
      if (!f.body) return undefined;
      f.body[NO_BODY] = 0;
    }
    if (q.city !== undefined) {
      const c = cities.codes.get(q.city.toLowerCase());
      if (c === undefined) return undefined;
      f.city = c;
    }
    f.words = searchWords(q.searchTerm).map((w) => texts.matches(w));
    return f;
  }

  let loading: Promise<void> | undefined;
  function ready(): Promise<void> | undefined {
    if (!opts.load) return undefined;
    if (!loading) {
      const load = opts.load;
      loading = (async () => {
        try {
          await loadFrom(load());
        } catch (err) {
          loading = undefined; // retried by the next operation
          throw err;
        }
      })();
    }
    return loading;
  }

  let loads = 0;
  async function loadFrom(source: MemorySearchSource): Promise<void> {
    if (loads++ === 0) touched = new Set();
    try {
      if (source instanceof Promise) upsertAll(await source, true);
      else for await (const batch of source) upsertAll(batch, true);
    } finally {
      if (--loads === 0) touched = undefined;
    }
  }

  return {
    kind: 'memory',

    async upsert(doc) {
      await ready();
      upsertAll([doc], false);
    },

    async upsertMany(docs) {
      await ready();
      upsertAll(docs, false);
    },

    async remove(id) {
      await ready();
      drop(id);
    },

    async get(id) {
      await ready();
      if (!isUuid(id)) return undefined;
      const s = slotOf.get(id.toLowerCase());
      return s === undefined ? undefined : cars[s];
    },

    async search(q) {
      await ready();
      return run(q);
    },

    loadFrom,

    size: () => slotOf.size,
  };
}
