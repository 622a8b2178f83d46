/**
 * In-memory columnar adapter of the car search port (docs/adr/0005, 0014): the index fields of every car
 * live in the process, so a search never waits for the database. Same semantics as the PostgreSQL adapter
 * (`types.ts`); the conformance suite (`test/search.int.test.ts`) runs against it. Two ways to hold the
 * cars themselves: in the index (embedded mode, where PGlite runs one query at a time), or not at all,
 * reading a page's cars from a {@link CarReader} (distributed mode: each catalog replica keeps only the
 * index fields, about 100 bytes a car, and reads the page's documents by id).
 *
 * Layout: a document occupies a slot; the filter and sort fields are columns indexed by slot (typed
 * arrays for the numbers, dictionary codes for the strings), the held cars an array of the stored objects
 * (returned as is). Per sort, an array of the slots of the cars for sale in that order, rebuilt on
 * the first search after a write (writes are rare next to reads). A search walks the order of its sort
 * once (`walk.ts`), tests each slot against the compiled filters, keeps the slots of the requested page
 * and counts matches up to the count cap.
 *
 * `searchTerm`: PostgreSQL matches each word against `search_text` with `ILIKE '%word%'` or pg_trgm
 * `word <% search_text`. Here the distinct search texts are a dictionary; a word is matched once against
 * every distinct text (`text-index.ts`: a substring test, then a trigram pre-filter over the text's words
 * and the exact pg_trgm word similarity for the few candidates) and the answer is cached per word.
 */
import type { Car, CarFacets, CarSearchQuery } from '@marketplace/contracts';
import { facetCounts } from './facet-counts';
import { sortByValue } from './radix';
import { Dictionary, TextIndex } from './text-index';
import {
  assertDocumentId,
  type CarDocument,
  type CarSearch,
  type CarSearchResult,
  emptyFacets,
  type IndexFields,
  indexFieldsOf,
  isUuid,
  SEARCH_COUNT_CAP,
  searchWords,
} from './types';
import { prepareView, SORTS, type Sort, type View, YEAR_CODES } from './view';
import { type Filters, scan } from './walk';

/** Reads cars by id for an index that does not hold them (e.g. the PostgreSQL read model, `documents.ts`). */
export interface CarReader {
  /** The cars of `ids` (lower-case UUIDs), in the same order; undefined where a car is unknown. */
  read(ids: string[]): Promise<Array<Car | undefined>>;
}

/**
 * What {@link MemorySearch.loadFrom} takes, in batches: search documents, or only their index fields (an
 * index with a {@link CarReader}).
 */
export type MemorySearchSource =
  | AsyncIterable<Array<CarDocument | IndexFields>>
  | Iterable<Array<CarDocument | IndexFields>>
  | Promise<Array<CarDocument | IndexFields>>;

export interface MemorySearchOptions {
  /** Loads the initial documents before the first operation (e.g. a scan of the PostgreSQL read model). */
  load?: () => AsyncIterable<CarDocument[]> | Promise<CarDocument[]>;
  /** When given, the index holds only the index fields and reads the cars of a page (and `get`) here. */
  cars?: CarReader;
}

/** The in-memory search: the port plus bulk loading and its size. */
export interface MemorySearch extends CarSearch {
  /**
   * Upserts every entry of `source` (batches in order; the last wins when an id repeats). A car written
   * or removed through `upsert`/`upsertMany`/`remove` while the load runs is newer than the source's copy,
   * so the load skips it. With `replace`, the cars the source did not hold are removed afterwards (a
   * resync). Searches wait for the first load to finish.
   * @throws Error when an id is not a UUID, or when an entry has no car and the index holds cars.
   */
  loadFrom(source: MemorySearchSource, opts?: { replace?: boolean }): Promise<void>;
  /** Number of cars indexed (any status). */
  size(): number;
  /** True once a load has completed. */
  loaded(): boolean;
}

const INITIAL_CAPACITY = 1024;
/** Search words whose matches a load computes in advance (text-index.ts `warm`): ~1.5 s at 1 000 000 cars. */
const WARM_WORDS = 400;
/** Changed cars a set of views carries before it is rebuilt: 0.1 % of the cars, at least 64. */
const STALE_SHARE = 0.001;
const STALE_MIN = 64;
/**
 * Sort key of a car without a valid listing time: older than any real one (4·10^15 ms, ~127 000 years,
 * before 1970), and close enough to today that the keys span less than 2^53 (radix.ts).
 */
const NO_TIME = -4e15;

/**
 * The in-memory columnar car search. `opts.load`, when given, fills it before the first operation;
 * `opts.cars`, when given, makes it hold index fields only (see the module doc).
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
  let loadedBy = new Int32Array(capacity); // number of the load that last wrote the slot
  let idPrefix = new Float64Array(capacity); // the id's first 12 hex digits as a number (id order)

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
  // Slots changed since the views were built: the walks skip their (old) positions and the searches
  // add them from their current columns, so a write costs no rebuild; past STALE_SHARE of the cars the
  // views are rebuilt instead (on the next search of each sort).
  let stale = new Uint8Array(capacity);
  let staleSlots: number[] = [];
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
    loadedBy = g(loadedBy);
    idPrefix = g(idPrefix);
    stale = g(stale);
  }

  /** Drops the views (and the stale marks with them): the next search of each sort rebuilds its view. */
  function invalidateViews(): void {
    views.clear();
    idOrder = undefined;
    for (const s of staleSlots) stale[s] = 0;
    staleSlots = [];
  }

  /** Slot `s` changed: its view positions are stale until the views are rebuilt. */
  function changed(s: number): void {
    idOrder = undefined;
    if (views.size === 0 || stale[s]) return;
    stale[s] = 1;
    staleSlots.push(s);
    if (staleSlots.length > Math.max(STALE_MIN, slotOf.size * STALE_SHARE)) {
      invalidateViews();
      return;
    }
    for (const v of views.values()) markStale(v, s);
  }

  /** Marks the position of slot `s` in `v` stale, when it has one. */
  function markStale(v: View, s: number): void {
    const at = s < v.positionOf.length ? v.positionOf[s]! : -1;
    if (at >= 0 && !v.stale[at]) {
      v.stale[at] = 1;
      v.staleCount++;
    }
  }

  /** A document's index fields and car, or index fields alone. */
  const fieldsOf = (entry: CarDocument | IndexFields): IndexFields =>
    'car' in entry ? indexFieldsOf(entry) : entry;

  function write(entry: CarDocument | IndexFields, load: number): void {
    const f = fieldsOf(entry);
    const id = f.id.toLowerCase();
    let s = slotOf.get(id);
    if (s === undefined) {
      s = free.pop();
      if (s === undefined) {
        if (next === capacity) grow();
        s = next++;
      }
      slotOf.set(id, s);
    }
    if (!opts.cars) cars[s] = (entry as CarDocument).car;
    ids[s] = id;
    idPrefix[s] = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    loadedBy[s] = load;
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
    changed(s);
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
    changed(s);
  }

  /** Writes `entries` (all or nothing, like one INSERT); `load` is the number of the load, 0 for none. */
  function upsertAll(entries: Array<CarDocument | IndexFields>, load: number): void {
    for (const entry of entries) {
      if (!('car' in entry)) {
        if (!isUuid(entry.id)) throw new Error(`Car search document id must be a UUID, got ${entry.id}`);
        if (!opts.cars) throw new Error('This index holds the cars: load search documents, not index fields');
      } else assertDocumentId(entry);
    }
    for (const entry of entries) {
      const id = ('car' in entry ? entry.car._id : entry.id).toLowerCase();
      if (load > 0) {
        if (touched?.has(id)) continue;
      } else touched?.add(id);
      write(entry, load);
    }
  }

  const byId = (a: number, b: number): number => {
    const x = ids[a]!;
    const y = ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };

  let idOrder: Int32Array | undefined; // the cars for sale by id, until the next write

  /** The slots of the cars for sale in id order (radix by the ids' numeric prefix, then by text on a tie). */
  function forSaleById(): Int32Array {
    if (idOrder) return idOrder;
    let n = 0;
    for (let s = 0; s < next; s++) if (live[s] && status[s] === USED) n++;
    const slots = new Int32Array(n);
    n = 0;
    for (let s = 0; s < next; s++) if (live[s] && status[s] === USED) slots[n++] = s;
    const o = sortByValue(slots, (s) => idPrefix[s]!) ?? slots.sort(byId);
    // Ids sharing their first 12 hex digits (vanishingly rare) are put in text order.
    for (let i = 0; i < o.length; ) {
      let j = i + 1;
      while (j < o.length && idPrefix[o[j]!] === idPrefix[o[i]!]) j++;
      if (j - i > 1) o.subarray(i, j).sort(byId);
      i = j;
    }
    idOrder = o;
    return o;
  }

  /**
   * The cars for sale in `sort` order (ties by id ascending), with their filter columns copied in that
   * order so that a search reads memory sequentially; rebuilt on the first search after a write.
   */
  function view(sort: Sort): View {
    let v = views.get(sort);
    if (v) return v;
    const p = price;
    const k = km;
    const c = created;
    // Radix sorts of the id order (stable, so ties stay by id); comparator sorts when a key is not an
    // integer (a fractional price).
    const byIdOrder = forSaleById();
    let o: Int32Array | undefined;
    switch (sort) {
      case 'price_asc':
        o =
          sortByValue(byIdOrder, (s) => p[s]!) ??
          byIdOrder.slice().sort((a, b) => p[a]! - p[b]! || byId(a, b));
        break;
      case 'price_desc':
        o =
          sortByValue(byIdOrder, (s) => p[s]!, true) ??
          byIdOrder.slice().sort((a, b) => p[b]! - p[a]! || byId(a, b));
        break;
      case 'km_asc':
        o =
          sortByValue(byIdOrder, (s) => k[s]!) ??
          byIdOrder.slice().sort((a, b) => k[a]! - k[b]! || byId(a, b));
        break;
      default:
        // An invalid listing time (-Infinity) sorts last, as the oldest.
        o =
          sortByValue(byIdOrder, (s) => (c[s] === Number.NEGATIVE_INFINITY ? NO_TIME : c[s]!), true) ??
          byIdOrder.slice().sort((a, b) => (c[a] === c[b] ? byId(a, b) : c[a]! > c[b]! ? -1 : 1));
    }
    const n = o.length;
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
      wordSources: new WeakMap(),
      ranked: {},
      codes: {
        brand: brands.codes.size,
        fuel: fuels.codes.size,
        gearbox: gearboxes.codes.size,
        body: bodies.codes.size,
        city: cities.codes.size,
        year: YEAR_CODES,
        text: texts.size,
      },
      bits: new Uint32Array((n + 31) >>> 5),
      positionOf: new Int32Array(next).fill(-1),
      stale: new Uint8Array(n),
      staleCount: 0,
    };
    for (let i = 0; i < n; i++) v.positionOf[o[i]!] = i;
    // Cars that changed before this view was built are added by the searches from their columns too.
    for (const s of staleSlots) markStale(v, s);
    // One column at a time, from local references (a loop over all ten through the closure's variables
    // and the view's properties ran ~50× slower at 1 000 000 cars).
    const copy = <T extends Float64Array | Int32Array | Int16Array>(to: T, from: T): void => {
      for (let i = 0; i < n; i++) to[i] = from[o[i]!]!;
    };
    copy(v.price, price);
    copy(v.km, km);
    copy(v.year, year);
    copy(v.brand, brand);
    copy(v.fuel, fuel);
    copy(v.gearbox, gearbox);
    copy(v.body, body);
    copy(v.city, city);
    copy(v.text, textCode);
    views.set(sort, v);
    return v;
  }

  /**
   * Builds the view of every sort with its posting lists and ranked orders, and the matches of the commonest
   * search words (after a load, before the index reports itself loaded): otherwise the first searches after
   * a start pay for them, up to seconds each at 1 000 000 cars.
   */
  function prepare(): void {
    for (const sort of SORTS) prepareView(view(sort));
    texts.warm(WARM_WORDS);
  }

  async function run(q: CarSearchQuery): Promise<CarSearchResult> {
    const f = compile(q);
    if (!f) return { cars: [], totalLength: 0 };
    const limit = Math.max(0, Math.trunc(q.limit));
    const offset = (Math.max(1, Math.trunc(q.page)) - 1) * limit;
    const sort = (SORTS as readonly string[]).includes(q.sort) ? (q.sort as Sort) : 'newest';
    const v = view(sort);
    const { count, slots } = pageSlots(v, f, sort, offset, limit);
    const totalLength = Math.min(count, SEARCH_COUNT_CAP);
    if (!opts.cars) return { cars: slots.map((s) => cars[s]!), totalLength };
    // A car removed from the read model since the walk is left out of the page.
    const found = await opts.cars.read(slots.map((s) => ids[s]!));
    return { cars: found.filter((car) => car !== undefined), totalLength };
  }

  /**
   * The slots of matches `offset` … `offset + limit - 1` in `sort` order and the number of matches (up to
   * the cap): the view's matches, merged with the changed cars that match (`stale`), which the walk skips.
   * A changed car can move a view match by at most one place per changed car, so the walk starts that many
   * matches earlier and the merge finds the page (or, when that window is empty, walks from the start).
   */
  function pageSlots(
    v: View,
    f: Filters,
    sort: Sort,
    offset: number,
    limit: number,
  ): { count: number; slots: number[] } {
    if (staleSlots.length === 0) {
      const { count, hits } = scan(v, f, offset, offset + limit);
      return { count, slots: hits.map((i) => v.slot[i]!) };
    }
    const before = comparatorOf(sort);
    const changedMatches = staleSlots
      .filter((s) => live[s] && status[s] === USED && passesSlot(f, s))
      .sort(before);
    const k = changedMatches.length;
    let from = Math.max(0, offset - k);
    let walked = scan(v, f, from, offset + limit, v.stale);
    if (from > 0 && walked.hits.length === 0) {
      from = 0;
      walked = scan(v, f, 0, offset + limit, v.stale);
    }
    const window = walked.hits.map((i) => v.slot[i]!);
    // Changed matches before the window's first match come before the page when the window starts late.
    let j = 0;
    if (from > 0) while (j < k && before(changedMatches[j]!, window[0]!) < 0) j++;
    const base = from + j; // the place of the first merged slot among all matches
    const merged: number[] = [];
    let w = 0;
    while (w < window.length || j < k) {
      if (j >= k || (w < window.length && before(window[w]!, changedMatches[j]!) < 0))
        merged.push(window[w++]!);
      else merged.push(changedMatches[j++]!);
    }
    return { count: walked.count + k, slots: merged.slice(offset - base, offset - base + limit) };
  }

  /** Whether slot `s` (a car for sale) passes every filter of `f`, read from its current columns. */
  function passesSlot(f: Filters, s: number): boolean {
    return failedFacetFilters(f, s) === 0;
  }

  /**
   * -1 when slot `s` fails a filter that is not a facet (city, price, km, year, search words); else how many
   * of the facet filters (brand, fuel, gearbox, body) it fails, as bits 1, 2, 4, 8.
   */
  function failedFacetFilters(f: Filters, s: number): number {
    if (f.city >= 0 && city[s] !== f.city) return -1;
    if (price[s]! < f.priceMin || price[s]! > f.priceMax) return -1;
    if (km[s]! < f.kmMin || km[s]! > f.kmMax) return -1;
    if (year[s]! < f.yearMin || year[s]! > f.yearMax) return -1;
    for (const word of f.words) if (!word.mask[textCode[s]!]) return -1;
    let failed = 0;
    if (f.brand && !f.brand[brand[s]!]) failed |= 1;
    if (f.fuel && !f.fuel[fuel[s]!]) failed |= 2;
    if (f.gearbox && !f.gearbox[gearbox[s]!]) failed |= 4;
    if (f.body && !f.body[body[s]!]) failed |= 8;
    return failed;
  }

  /** The order of `sort` between two slots (ties by id), as the views are built. */
  function comparatorOf(sort: Sort): (a: number, b: number) => number {
    const p = price;
    const k = km;
    const c = created;
    switch (sort) {
      case 'price_asc':
        return (a, b) => p[a]! - p[b]! || byId(a, b);
      case 'price_desc':
        return (a, b) => p[b]! - p[a]! || byId(a, b);
      case 'km_asc':
        return (a, b) => k[a]! - k[b]! || byId(a, b);
      default:
        return (a, b) => (c[a] === c[b] ? byId(a, b) : c[a]! > c[b]! ? -1 : 1);
    }
  }

  /**
   * The facets of `q` (see the port): one walk of the newest order with the facet filters compiled on their
   * own, since a facet filter that matches nothing still leaves the other values of its own column.
   */
  function facetsOf(q: CarSearchQuery): CarFacets {
    const facets = emptyFacets();
    const base = compile({
      ...q,
      brands: undefined,
      fuelTypes: undefined,
      transmissions: undefined,
      bodyTypes: undefined,
    });
    if (!base) return facets;
    const none = new Uint8Array(0); // a filter no car passes
    const f: Filters = {
      ...base,
      ...(q.brands
        ? { brand: brands.mask(q.brands.filter(isUuid).map((b) => b.toLowerCase())) ?? none }
        : {}),
      ...(q.fuelTypes ? { fuel: fuels.mask(q.fuelTypes) ?? none } : {}),
      ...(q.transmissions ? { gearbox: gearboxes.mask(q.transmissions) ?? none } : {}),
    };
    if (q.bodyTypes) {
      f.body = bodies.mask(q.bodyTypes) ?? none;
      if (f.body.length > NO_BODY) f.body[NO_BODY] = 0;
    }
    const newest = view('newest');
    const counts = facetCounts(newest, f, staleSlots.length > 0 ? newest.stale : undefined, {
      brand: brands.values.length,
      fuel: fuels.values.length,
      gearbox: gearboxes.values.length,
      body: bodies.values.length,
    });
    // The changed cars, from their current columns (the walk skipped their old positions).
    for (const s of staleSlots) {
      if (!live[s] || status[s] !== USED) continue;
      const failed = failedFacetFilters(f, s);
      if (failed < 0) continue;
      if (failed === 0 || failed === 1) counts.brand[brand[s]!]!++;
      if (failed === 0 || failed === 2) counts.fuel[fuel[s]!]!++;
      if (failed === 0 || failed === 4) counts.gearbox[gearbox[s]!]!++;
      if (failed === 0 || failed === 8) counts.body[body[s]!]!++;
    }
    const fill = (
      into: Record<string, number>,
      values: readonly string[],
      codeCounts: Int32Array,
      skip = -1,
    ) => {
      codeCounts.forEach((n, code) => {
        if (n > 0 && code !== skip) into[values[code]!] = Math.min(n, SEARCH_COUNT_CAP);
      });
    };
    fill(facets.brands, brands.values, counts.brand);
    fill(facets.fuelTypes, fuels.values, counts.fuel);
    fill(facets.transmissions, gearboxes.values, counts.gearbox);
    fill(facets.bodyTypes, bodies.values, counts.body, NO_BODY);
    return facets;
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

  let loads = 0; // loads running
  let loadCount = 0; // loads started, numbering them from 1
  let firstLoad: Promise<void> | undefined; // the first load while it runs (searches wait for it)
  let loaded = false;
  async function loadFrom(source: MemorySearchSource, load: { replace?: boolean } = {}): Promise<void> {
    if (loads++ === 0) touched = new Set();
    const number = ++loadCount;
    const run = (async () => {
      if (source instanceof Promise) upsertAll(await source, number);
      else for await (const batch of source) upsertAll(batch, number);
      if (load.replace) {
        for (let s = 0; s < next; s++) {
          if (live[s] && loadedBy[s] !== number && !touched?.has(ids[s]!)) drop(ids[s]!);
        }
      }
    })();
    const gates = !loaded && !firstLoad;
    if (gates) firstLoad = run.catch(() => {});
    try {
      await run;
      invalidateViews();
      prepare();
      loaded = true;
    } finally {
      if (gates) firstLoad = undefined;
      if (--loads === 0) touched = undefined;
    }
  }

  return {
    kind: 'memory',

    async upsert(doc) {
      await ready();
      upsertAll([doc], 0);
    },

    async upsertMany(docs) {
      await ready();
      upsertAll(docs, 0);
    },

    async remove(id) {
      await ready();
      drop(id);
    },

    async get(id) {
      await ready();
      await firstLoad;
      if (!isUuid(id)) return undefined;
      if (opts.cars) return (await opts.cars.read([id.toLowerCase()]))[0];
      const s = slotOf.get(id.toLowerCase());
      return s === undefined ? undefined : cars[s];
    },

    async search(q) {
      await ready();
      await firstLoad;
      return await run(q);
    },

    async facets(q) {
      await ready();
      await firstLoad;
      return facetsOf(q);
    },

    loadFrom,

    size: () => slotOf.size,

    loaded: () => loaded,
  };
}
