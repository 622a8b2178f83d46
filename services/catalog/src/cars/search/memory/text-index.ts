/**
 * The search-term side of the in-memory car search (`memory.ts`): pg_trgm's word similarity reproduced
 * exactly (trigrams, `iterate_word_similarity`, float4 arithmetic; source: PostgreSQL contrib/pg_trgm
 * `trgm_op.c`), string dictionaries, and the index of the distinct search texts that matches one search
 * word against all of them (substring, or word similarity ≥ {@link TYPO_SIMILARITY}).
 */
import { TYPO_SIMILARITY } from '../types';

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
export class Dictionary {
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

/** Which distinct texts one search word matches: a mask over text codes and the codes themselves. */
export interface WordMatch {
  /** 1 at the codes of the matching texts (length: the number of texts when computed). */
  mask: Uint8Array;
  /** The codes of the matching texts, ascending. */
  codes: Int32Array;
}

/** Cached search words (cleared when exceeded). */
const WORD_CACHE_SIZE = 2_000;

/**
 * The distinct search texts, with postings (token → texts, pg_trgm word → texts) to match a search word
 * against all of them without visiting each.
 */
export class TextIndex {
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
  /** Words computed by {@link warm}, kept apart from the cache (which is cleared when full). */
  private readonly pinned = new Map<string, WordMatch>();
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

  /** The texts `word` matches (substring, or word similarity ≥ TYPO_SIMILARITY), cached per word. */
  matches(word: string): WordMatch {
    const pinned = this.pinned.get(word);
    if (pinned && pinned.mask.length === this.texts.length) return pinned;
    const cached = this.cache.get(word);
    if (cached && cached.mask.length === this.texts.length) return cached;
    if (!cached && this.cache.size >= WORD_CACHE_SIZE) this.cache.clear();
    const match = this.compute(word);
    this.cache.set(word, match);
    return match;
  }

  /**
   * Computes now, and keeps, the matches of the `count` tokens found in the most texts (brand, model and
   * city names): the words searched most, which then cost nothing on a fresh index (each costs ~1–10 ms
   * at 1 000 000 cars, bench/cars-search-memory.ts). Kept until the texts change.
   */
  warm(count: number): void {
    const byTexts = this.tokens.values
      .map((token, k) => ({ token, texts: this.tokenPostings[k]!.length }))
      .sort((a, b) => b.texts - a.texts)
      .slice(0, count);
    this.pinned.clear();
    for (const { token } of byTexts) this.pinned.set(token, this.compute(token));
  }

  /** Number of distinct texts (their codes are 0 … size - 1). */
  get size(): number {
    return this.texts.length;
  }

  private compute(word: string): WordMatch {
    const n = this.texts.length;
    const mask = new Uint8Array(n);
    const codes: number[] = [];
    const add = (t: number) => {
      if (mask[t]) return;
      mask[t] = 1;
      codes.push(t);
    };
    this.tokens.values.forEach((token, k) => {
      if (token.includes(word)) for (const t of this.tokenPostings[k]!) add(t);
    });
    const done = (): WordMatch => {
      if (codes.length <= n / 16) return { mask, codes: Int32Array.from(codes).sort() };
      const listed = new Int32Array(codes.length); // many codes: listed from the mask rather than sorted
      for (let t = 0, k = 0; t < n; t++) if (mask[t]) listed[k++] = t;
      return { mask, codes: listed };
    };
    const query = new Set(trigramsOf(word));
    const ulen1 = query.size;
    if (ulen1 === 0) return done();
    // similarity ≤ (query trigrams in the text) / ulen1 ≤ (sum over the text's words of the query
    // trigrams in each) / ulen1: texts below the threshold by that bound are not candidates.
    let need = 1;
    while (need <= ulen1 && Math.fround(need / ulen1) < TYPO_SIMILARITY) need++;
    if (need > ulen1) return done();
    const inQuery = new Uint8Array(this.trigrams.values.length);
    for (const g of query) {
      const id = this.trigrams.codes.get(g);
      if (id !== undefined) inQuery[id] = 1;
    }
    const shared = new Int32Array(n);
    const candidates: number[] = [];
    const present = new Int32Array(this.wordTrigrams.length); // per word: query trigrams in it
    this.wordTrigrams.forEach((ids, k) => {
      for (const id of ids) present[k]! += inQuery[id]!;
      if (present[k] === 0) return;
      for (const t of this.wordPostings[k]!) {
        const before = shared[t]!;
        shared[t] = before + present[k]!;
        if (before < need && before + present[k]! >= need && !mask[t]) candidates.push(t);
      }
    });
    // The similarity depends only on the text's words from the first to the last holding a query trigram
    // (iterateWordSimilarity neither starts before the first found trigram nor ends after the last), so
    // texts sharing those words (the same car in other cities, say) share the answer.
    const byWord = new Uint8Array(present.length); // one-word cores: 0 not known yet, 1 match, 2 not
    const byCore = new Map<number | string, boolean>(); // longer cores, by their word codes
    const similar = (ws: Int32Array, first: number, last: number) =>
      this.similarity(ws.subarray(first, last + 1), inQuery, ulen1) >= TYPO_SIMILARITY;
    for (const t of candidates) {
      const ws = this.textWords[t]!;
      let first = 0;
      while (present[ws[first]!] === 0) first++;
      let last = ws.length - 1;
      while (present[ws[last]!] === 0) last--;
      let ok: boolean | undefined;
      if (first === last) {
        const w = ws[first]!;
        if (byWord[w] === 0) byWord[w] = similar(ws, first, last) ? 1 : 2;
        ok = byWord[w] === 1;
      } else {
        // Two words as one number (word codes stay far below 2^26); more as a string of 16-bit halves.
        let key: number | string = ws[first]! * 2 ** 26 + ws[last]!;
        if (last > first + 1) {
          key = '';
          for (let i = first; i <= last; i++) key += String.fromCharCode(ws[i]! & 0xffff, ws[i]! >>> 16);
        }
        ok = byCore.get(key);
        if (ok === undefined) {
          ok = similar(ws, first, last);
          byCore.set(key, ok);
        }
      }
      if (ok) add(t);
    }
    return done();
  }

  /** pg_trgm word similarity of a query (its `ulen1` trigrams marked in `inQuery`) to the words `ws` (codes). */
  private similarity(ws: Int32Array, inQuery: Uint8Array, ulen1: number): number {
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
