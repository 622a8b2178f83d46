/**
 * In-memory columnar adapter of the car search port (docs/adr/0005, 0014): the index fields of every car
 * live in the process, so a search never waits for the database. Same semantics as the PostgreSQL adapter
 * (`../types.ts`); the conformance suite (`test/search-conformance.int.test.ts`) runs against it. Two ways
 * to hold the cars themselves: in the index (embedded mode, where PGlite runs one query at a time), or
 * not at all, reading a page's cars from a {@link CarReader} (distributed mode: each catalog replica keeps
 * only the index fields, about 100 bytes a car, and reads the page's documents by id).
 *
 * Layout: a document occupies a slot of the {@link CarColumns} table (`columns.ts`: the filter and sort
 * fields as columns indexed by slot, typed arrays for the numbers, dictionary codes for the strings); the
 * held cars are their JSON bytes by slot, outside the JavaScript heap (`held-cars.ts`). Per sort, a view (`view.ts`) copies the
 * columns of the cars for sale in that order, with posting lists and price/km orders built at load. A
 * write marks its car stale in the views instead of rebuilding them (past {@link STALE_SHARE} they are
 * rebuilt). A search walks the view of its sort once (`walk.ts`), merges in the changed cars, keeps the
 * page and counts matches up to the count cap.
 *
 * `searchTerm`: PostgreSQL matches each word against `search_text` with `ILIKE '%word%'` or pg_trgm
 * `word <% search_text`. Here the distinct search texts are a dictionary; a word is matched once against
 * every distinct text (`text-index.ts`: a substring test, then a trigram pre-filter over the text's words
 * and the exact pg_trgm word similarity for the few candidates) and the answer is cached per word.
 */
import type { Car, CarFacets, CarSearchQuery } from '@marketplace/contracts';
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
  wantedIds,
} from '../types';
import { CarColumns } from './columns';
import { compileFacetFilters, compileFilters } from './compile';
import { facetsOf } from './facet-counts';
import { HeldCars } from './held-cars';
import { buildView, markStale, prepareView, SORTS, type Sort, type View } from './view';
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

/** Options of {@link createMemorySearch}. */
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

/** Search words whose matches a load computes in advance (text-index.ts `warm`): ~1.5 s at 1 000 000 cars. */
const WARM_WORDS = 400;
/** Changed cars a set of views carries before it is rebuilt: 0.1 % of the cars, at least 64. */
const STALE_SHARE = 0.001;
const STALE_MIN = 64;

/**
 * The in-memory columnar car search. `opts.load`, when given, fills it before the first operation;
 * `opts.cars`, when given, makes it hold index fields only (see the module doc).
 */
export function createMemorySearch(opts: MemorySearchOptions = {}): MemorySearch {
  const cars = new HeldCars<number>(); // the held cars by slot (without a CarReader)
  const views = new Map<Sort, View>();
  // Slots changed since the views were built: the walks skip their (old) positions and the searches
  // add them from their current columns, so a write costs no rebuild; past STALE_SHARE of the cars the
  // views are rebuilt instead (on the next search of each sort).
  let staleSlots: number[] = [];
  let touched: Set<string> | undefined; // ids written directly while a load runs
  const cols = new CarColumns(changed);
  const { texts, slotOf, ids } = cols;

  /** Drops the views (and the stale marks with them): the next search of each sort rebuilds its view. */
  function invalidateViews(): void {
    views.clear();
    for (const s of staleSlots) cols.stale[s] = 0;
    staleSlots = [];
  }

  /** Slot `s` changed: its view positions are stale until the views are rebuilt. */
  function changed(s: number): void {
    if (views.size === 0 || cols.stale[s]) return;
    cols.stale[s] = 1;
    staleSlots.push(s);
    if (staleSlots.length > Math.max(STALE_MIN, slotOf.size * STALE_SHARE)) {
      invalidateViews();
      return;
    }
    for (const v of views.values()) markStale(v, s);
  }

  /** A document's index fields and car, or index fields alone. */
  const fieldsOf = (entry: CarDocument | IndexFields): IndexFields =>
    'car' in entry ? indexFieldsOf(entry) : entry;

  function write(entry: CarDocument | IndexFields, load: number): void {
    const s = cols.write(fieldsOf(entry), load);
    if (!opts.cars) cars.set(s, (entry as CarDocument).car);
  }

  function drop(id: string): void {
    if (isUuid(id)) touched?.add(id.toLowerCase());
    const s = cols.drop(id);
    if (s !== undefined) cars.delete(s);
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

  /** The view of `sort`, built on the first search after the views were dropped. */
  function view(sort: Sort): View {
    let v = views.get(sort);
    if (!v) {
      v = buildView(cols, sort);
      // Cars that changed before this view was built are added by the searches from their columns too.
      for (const s of staleSlots) markStale(v, s);
      views.set(sort, v);
    }
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

  /** The slots of the page of `q` and the number of its matches, counted up to `cap`. */
  function page(q: CarSearchQuery, cap: number): { count: number; slots: number[] } {
    const f = compileFilters(cols, q);
    if (!f) return { count: 0, slots: [] };
    const limit = Math.max(0, Math.trunc(q.limit));
    const offset = (Math.max(1, Math.trunc(q.page)) - 1) * limit;
    const sort = (SORTS as readonly string[]).includes(q.sort) ? (q.sort as Sort) : 'newest';
    return pageSlots(view(sort), f, sort, offset, limit, cap);
  }

  /** The cars of `slots`, in order; a car removed from the read model since its slot was found is left out. */
  async function carsOf(slots: number[]): Promise<Car[]> {
    if (!opts.cars) return slots.map((s) => cars.get(s)!);
    const found = await opts.cars.read(slots.map((s) => ids[s]!));
    return found.filter((car) => car !== undefined);
  }

  async function run(q: CarSearchQuery): Promise<CarSearchResult> {
    const { count, slots } = page(q, SEARCH_COUNT_CAP);
    return { cars: await carsOf(slots), totalLength: Math.min(count, SEARCH_COUNT_CAP) };
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
    cap: number,
  ): { count: number; slots: number[] } {
    if (staleSlots.length === 0) {
      const { count, hits } = scan(v, f, offset, offset + limit, undefined, cap);
      return { count, slots: hits.map((i) => v.slot[i]!) };
    }
    const before = cols.comparatorOf(sort);
    const changedMatches = staleSlots
      .filter((s) => cols.forSale(s) && cols.failedFacetFilters(f, s) === 0)
      .sort(before);
    const k = changedMatches.length;
    let from = Math.max(0, offset - k);
    let walked = scan(v, f, from, offset + limit, v.stale, cap);
    if (from > 0 && walked.hits.length === 0) {
      from = 0;
      walked = scan(v, f, 0, offset + limit, v.stale, cap);
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

  /**
   * The facets of `q` (see the port): one walk of the newest order with the facet filters compiled on their
   * own, since a facet filter that matches nothing still leaves the other values of its own column.
   */
  function facets(q: CarSearchQuery): CarFacets {
    const f = compileFacetFilters(cols, q);
    if (!f) return emptyFacets();
    return facetsOf(cols, f, view('newest'), staleSlots);
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
        for (let s = 0; s < cols.next; s++) {
          if (cols.live[s] && cols.loadedBy[s] !== number && !touched?.has(ids[s]!)) drop(ids[s]!);
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
      return s === undefined ? undefined : cars.get(s);
    },

    async search(q) {
      await ready();
      await firstLoad;
      return await run(q);
    },

    async searchHits(q) {
      await ready();
      await firstLoad;
      return page(q, 0).slots.map((s) => ({ id: ids[s]!, price: cols.price[s]! }));
    },

    async getMany(list) {
      await ready();
      await firstLoad;
      const slots = wantedIds(list).map((id) => slotOf.get(id));
      return carsOf(slots.filter((s) => s !== undefined));
    },

    async facets(q) {
      await ready();
      await firstLoad;
      return facets(q);
    },

    loadFrom,

    size: () => slotOf.size,

    loaded: () => loaded,
  };
}
