/**
 * Search pages in the shared cache (issue 22): the response body of `GET /api/cars` for a query, kept in
 * Redis in distributed mode so that every catalog replica answers a repeated search without asking the
 * database. docs/adr/0013-search-page-cache.md.
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
import type { Cache } from '@marketplace/platform';

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
  /** The cached response body (JSON text), or undefined on a miss. */
  body: string | undefined;
  /** Caches `body` under the generation this lookup read (best effort). */
  store(body: string): Promise<void>;
}

/** Search pages cached by query; see the module comment. */
export interface SearchPageCache {
  lookup(query: CarSearchQuery): Promise<SearchPageLookup>;
  /** Makes every cached page unreachable; call once a car change is committed. */
  invalidate(): Promise<void>;
}

/** A cache that holds nothing (embedded mode: the in-memory index answers faster than a cache would). */
export const noSearchPageCache: SearchPageCache = {
  lookup: async () => ({ body: undefined, store: async () => {} }),
  invalidate: async () => {},
};

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
    async lookup(query) {
      const generation = (await cache.get(GENERATION_KEY)) ?? '0';
      const hash = createHash('sha1').update(normalisedQuery(query)).digest('base64url');
      const key = `catalog:cars:${generation}:${hash}`;
      return {
        body: await cache.get(key),
        store: (body) => cache.set(key, body, ttlMs),
      };
    },
    async invalidate() {
      await cache.set(GENERATION_KEY, randomBytes(6).toString('base64url'), GENERATION_TTL_MS);
    },
  };
}
