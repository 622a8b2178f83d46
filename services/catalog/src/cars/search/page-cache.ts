/**
 * Search pages cached by query (issue 22): the response body of `GET /api/cars`, so that a repeated search
 * costs neither a search nor a serialisation. Two stores: Redis, shared by the replicas, where searches go
 * to a database (docs/adr/0013-search-page-cache.md); or this process's memory, in front of its in-memory
 * index (docs/adr/0014).
 *
 * Keys: `catalog:cars:<generation>:<sha1 of the normalised query>`. The generation is a random token under
 * `catalog:cars:generation`; every committed car change replaces it (`invalidate`), which makes every
 * cached page unreachable at once, on every replica. A lookup remembers the generation it read, and its
 * `store` writes under that one: a search that ran while a change committed is stored where no later
 * lookup looks. Pages expire after {@link SEARCH_PAGE_TTL_MS}, which also bounds how long a page can be
 * stale when the cache misses an invalidation (Redis unreachable at that moment; the cache port drops
 * writes then, see platform `Cache`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CarSearchQuery } from '@marketplace/contracts';
import { type Cache, type JsonAnswer, jsonAnswer } from '@marketplace/platform';
import { LRUCache } from 'lru-cache';

/**
 * How long a cached page lives, in ms: 5 min. Freshness comes from the invalidation, not from this; it only
 * bounds a missed invalidation, to no worse than what a CDN may already serve (`CAR_READS_CACHE`: 30 s plus
 * 300 s stale-while-revalidate). Long enough that a working set of thousands of searches stays cached when
 * each comes back only every few minutes.
 */
export const SEARCH_PAGE_TTL_MS = 5 * 60_000;
/** How long a generation token lives, in ms (a day); when it expires the next one starts. */
const GENERATION_TTL_MS = 24 * 60 * 60 * 1000;
const GENERATION_KEY = 'catalog:cars:generation';

/** One lookup: the cached body, if any, and how to store the body computed on a miss. */
export interface SearchPageLookup {
  /** The cached response body, or undefined on a miss. */
  body: JsonAnswer | undefined;
  /** Caches `body` under the generation this lookup read (best effort). */
  store(body: JsonAnswer): Promise<void>;
}

/** Search pages cached by query; see the module comment. */
export interface SearchPageCache {
  lookup(query: CarSearchQuery): Promise<SearchPageLookup>;
  /**
   * The same for another answer made from the search alone, by `key` (e.g. `similar:<carId>`, a car's
   * similar cars, issue 25): kept and invalidated with the pages. Keys of queries are JSON arrays, so a key
   * not starting with `[` never meets one.
   */
  lookupKey(key: string): Promise<SearchPageLookup>;
  /** Makes every cached page unreachable; call once a car change is committed. */
  invalidate(): Promise<void>;
}

/** A cache that holds nothing (embedded mode: the in-memory index answers faster than a cache would). */
export const noSearchPageCache: SearchPageCache = {
  lookup: async () => ({ body: undefined, store: async () => {} }),
  lookupKey: async () => ({ body: undefined, store: async () => {} }),
  invalidate: async () => {},
};

/**
 * `pages` whose `invalidate` then calls `changed`: the server-rendered public pages show the same cars, so
 * their generation (platform `pageGeneration`) is replaced once a change is in the index (issue 47).
 */
export function alsoInvalidating(pages: SearchPageCache, changed: () => Promise<void>): SearchPageCache {
  return {
    lookup: (query) => pages.lookup(query),
    lookupKey: (key) => pages.lookupKey(key),
    invalidate: async () => {
      await pages.invalidate();
      await changed();
    },
  };
}

/**
 * The query in one canonical text: keys sorted, lists sorted (their order does not change the result),
 * absent filters left out. Two queries with the same text have the same answer.
 */
export function normalisedQuery(query: CarSearchQuery): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** Search pages kept in `cache` (Redis) for {@link SEARCH_PAGE_TTL_MS}. */
export function createSearchPageCache(cache: Cache, ttlMs = SEARCH_PAGE_TTL_MS): SearchPageCache {
  return {
    lookup(query) {
      return this.lookupKey(normalisedQuery(query));
    },
    async lookupKey(text) {
      const generation = (await cache.get(GENERATION_KEY)) ?? '0';
      const hash = createHash('sha1').update(text).digest('base64url');
      const key = `catalog:cars:${generation}:${hash}`;
      const cached = await cache.get(key);
      return {
        body: cached === undefined ? undefined : jsonAnswer(cached),
        store: (body) => cache.set(key, body.bytes.toString('utf8'), ttlMs),
      };
    },
    async invalidate() {
      await cache.set(GENERATION_KEY, randomBytes(6).toString('base64url'), GENERATION_TTL_MS);
    },
  };
}

/**
 * Bytes of response bodies (UTF-8, held outside the JavaScript heap) a catalog process's page cache holds,
 * embedded or a replica: 256 MB, the similar cars' answers of the 20 000 most looked-at cars (~9 KB each,
 * bench:price-insight) with the popular pages beside (~30 KB for 9 cars). A replica's 64 MB held a third of
 * those answers, and the rest, made again at each visit, set its p99 (docs/adr/0021, fourteenth session);
 * within the replica's 1280 MiB memory (infra/k8s/base/catalog.yaml) beside its index and car cache.
 */
export const LOCAL_PAGE_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * Search pages kept in this process (least recently used dropped past `maxBytes`). `invalidate` empties it
 * at once; a lookup made before an invalidation stores nothing, so a search that overlapped a change is not
 * kept. No TTL: this process's index is current, so a page is stale only once an invalidation has come.
 */
export function createLocalSearchPageCache(maxBytes = LOCAL_PAGE_CACHE_BYTES): SearchPageCache {
  const pages = new LRUCache<string, JsonAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (body) => body.bytes.length || 1,
  });
  let generation = 0;
  return {
    lookup(query) {
      return this.lookupKey(normalisedQuery(query));
    },
    async lookupKey(key) {
      const at = generation;
      return {
        body: pages.get(key),
        store: async (body) => {
          if (generation === at && body.bytes.length <= maxBytes) pages.set(key, body);
        },
      };
    },
    async invalidate() {
      generation++;
      pages.clear();
    },
  };
}
