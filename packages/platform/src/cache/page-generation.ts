/**
 * The generation of the server-rendered public pages (issue 47, docs/adr/0029-rendered-pages-cached.md): one
 * random token in the shared cache under {@link PAGE_GENERATION_KEY}. The gateway keeps each rendered page
 * under the token it read before rendering (gateway/src/page-cache.ts); whatever changes what a public page
 * shows (a car indexed or removed, a brand, model or variant changed, a price insight recomputed) replaces
 * the token once that change is readable, so every kept page of every gateway becomes unreachable at once.
 *
 * The cache is Redis when `REDIS_URL` is set (shared by the gateway and every catalog replica), else this
 * process's memory (embedded mode: the gateway and the catalog are one process and share it).
 */
import { randomBytes } from 'node:crypto';
import type { Cache } from './types';

/** Where the token is kept. */
export const PAGE_GENERATION_KEY = 'pages:generation';
/** How long a token lives, in ms (a day); a missing token is replaced by a new one, which is always safe. */
const PAGE_GENERATION_TTL_MS = 24 * 60 * 60 * 1000;

/** The page generation in one cache. */
export interface PageGeneration {
  /**
   * The current token, made when there is none; undefined when the cache does not answer (then nothing may
   * be looked up or kept: a page kept under a guessed token could outlive a change).
   */
  current(): Promise<string | undefined>;
  /** Starts a new generation: call after a change that public pages show is committed and readable. */
  bump(): Promise<void>;
}

function newToken(): string {
  return randomBytes(9).toString('base64url');
}

/** The page generation kept in `cache`. */
export function pageGeneration(cache: Cache): PageGeneration {
  return {
    async current() {
      const token = await cache.get(PAGE_GENERATION_KEY);
      if (token !== undefined) return token;
      const fresh = newToken();
      try {
        if (await cache.setIfAbsent(PAGE_GENERATION_KEY, fresh, PAGE_GENERATION_TTL_MS)) return fresh;
        return await cache.get(PAGE_GENERATION_KEY);
      } catch {
        return undefined; // the store is unavailable (CacheUnavailableError)
      }
    },
    async bump() {
      await cache.set(PAGE_GENERATION_KEY, newToken(), PAGE_GENERATION_TTL_MS);
    },
  };
}
