/**
 * Server-rendered public pages kept whole (issue 47, docs/adr/0029-rendered-pages-cached.md): the page's
 * status, ETag and HTML compressed once with Brotli, by the page's normalised URL, under the current page
 * generation (platform `pageGeneration`). In Redis when the gateway's cache is Redis (`REDIS_URL`: shared by
 * the gateway replicas, invalidated by the catalog replicas), else in this process's memory (embedded mode,
 * where the catalog bumps the generation in the same memory cache).
 *
 * A lookup remembers the generation it read, and its `store` writes under that one: a page rendered while a
 * change was committed is kept where no later lookup looks. Pages expire after {@link PAGE_TTL_MS}, which
 * only bounds a missed invalidation (Redis unreachable when the token was replaced).
 */
import { createHash } from 'node:crypto';
import { type Cache, ownedBytes, pageGeneration } from '@marketplace/platform';
import { LRUCache } from 'lru-cache';

/**
 * How long a kept page lives, in ms: 5 min, as the search pages (ADR 13); freshness comes from the
 * generation, this bounds only a missed invalidation, to no worse than what a CDN may serve already
 * (`PAGE_CACHE_CONTROL`: 60 s plus 600 s stale-while-revalidate).
 */
export const PAGE_TTL_MS = 5 * 60_000;
/**
 * Bytes of compressed pages one process keeps in memory (embedded mode): 128 MB, ~15 000 pages of ~8 KB
 * (a listing page is ~80 KB of HTML, ~8 KB in Brotli; a car page less).
 */
export const LOCAL_PAGE_BYTES = 128 * 1024 * 1024;

/** A page as kept: what the response needs, its body in Brotli. */
export interface CachedPage {
  status: number;
  /** The page's weak ETag (the renderer's, over what the page shows). */
  etag: string;
  /** The HTML, compressed with Brotli. */
  br: Buffer;
}

/** One lookup: the kept page, if any, and how to keep the page rendered on a miss. */
export interface PageLookup {
  page: CachedPage | undefined;
  /** Keeps `page` under the generation this lookup read (best effort). */
  store(page: CachedPage): Promise<void>;
}

/** Rendered pages by key (a normalised URL with its origin). */
export interface PageCache {
  /** The lookup of `key`; undefined when the generation cannot be read (then nothing is kept). */
  lookup(key: string): Promise<PageLookup | undefined>;
}

/**
 * `pathname` and `search` in one canonical form: the parameters sorted by name (stable: repeated names keep
 * their order), values as given. Two URLs with the same form render the same page (the listing reads its
 * filters by name, mfe-catalog `readFilters`), so the renderer is given this form and the page kept under it.
 */
export function normalisedPageUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function serialise(page: CachedPage): string {
  return `${page.status} ${page.etag}\n${page.br.toString('base64')}`;
}

function parse(text: string): CachedPage | undefined {
  const space = text.indexOf(' ');
  const newline = text.indexOf('\n');
  if (space < 0 || newline < space) return undefined;
  return {
    status: Number(text.slice(0, space)),
    etag: text.slice(space + 1, newline),
    br: ownedBytes(Buffer.from(text.slice(newline + 1), 'base64')),
  };
}

/**
 * Pages kept in `cache` when it is Redis (`pages:<generation>:<sha1 of the key>`, the page as
 * `<status> <etag>\n<base64 of the Brotli bytes>`), else in this process's memory (at most `localBytes`).
 */
export function createPageCache(cache: Cache, localBytes = LOCAL_PAGE_BYTES): PageCache {
  const generation = pageGeneration(cache);
  if (cache.kind === 'redis') {
    return {
      async lookup(key) {
        const at = await generation.current();
        if (at === undefined) return undefined;
        const id = `pages:${at}:${createHash('sha1').update(key).digest('base64url')}`;
        const text = await cache.get(id);
        return {
          page: text === undefined ? undefined : parse(text),
          store: (page) => cache.set(id, serialise(page), PAGE_TTL_MS),
        };
      },
    };
  }
  const pages = new LRUCache<string, CachedPage>({
    maxSize: localBytes,
    sizeCalculation: (page) => page.br.length + page.etag.length + 16,
    ttl: PAGE_TTL_MS,
  });
  let seen: string | undefined;
  return {
    async lookup(key) {
      const at = await generation.current();
      if (at === undefined) return undefined;
      // A new generation: what is kept can never be asked for again.
      if (at !== seen) {
        seen = at;
        pages.clear();
      }
      const id = `${at}\n${key}`;
      return {
        page: pages.get(id),
        store: async (page) => {
          if (seen === at) pages.set(id, { ...page, br: ownedBytes(page.br) });
        },
      };
    },
  };
}
