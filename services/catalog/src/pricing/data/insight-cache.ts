/**
 * This process's cache of price insight answers (issue 25, ADR 18): the response body of
 * `GET /api/cars/{carId}/price-insight` (its bytes and ETag, platform `JsonAnswer`) by car id, so a repeated
 * insight costs neither a database read, a serialisation nor a hash. Each entry remembers its car's model; the listener
 * `catalog.price-insight-cache` (../events/consumers.ts) drops the entries of the models named by
 * `catalog.price_insights.changed`, which the consumer `catalog.price-insights` emits in the transaction
 * that recomputed them, so every replica forgets a changed insight once that transaction has committed.
 *
 * A lookup remembers the invalidations seen so far and its `store` writes only when none came since: a read
 * that ran while a recomputation committed is never kept. Entries expire after {@link INSIGHT_CACHE_TTL_MS},
 * which bounds how long one can be stale when an invalidation is missed (the listener also clears the cache
 * each time its deliveries (re)start); the cache holds at most {@link INSIGHT_CACHE_MAX_BYTES} bytes of
 * bodies (outside the JavaScript heap), least recently used first out.
 */
import type { JsonAnswer } from '@marketplace/platform';
import { LRUCache } from 'lru-cache';

/** How long a cached insight lives, in ms: 5 min (as a cached search page; freshness comes from the invalidation). */
export const INSIGHT_CACHE_TTL_MS = 5 * 60_000;
/**
 * The bodies' total size limit, in bytes: 32 MiB. A body is about 700 bytes at 64 comparables
 * (bench/README.md), so about 45 000 insights fit: the cars being looked at.
 */
export const INSIGHT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  modelId: string;
  /** The model's generation when stored; a later invalidation of the model makes the entry stale. */
  generation: number;
  body: JsonAnswer;
}

/** One lookup: the cached body, if any, and how to keep the body read on a miss. */
export interface InsightLookup {
  /** The cached response body, or undefined on a miss. */
  body: JsonAnswer | undefined;
  /** Keeps `body`, the insight of a car of model `modelId`, unless an invalidation came since the lookup. */
  store(modelId: string, body: JsonAnswer): void;
}

/** The cache (see the module comment). */
export interface InsightCache {
  lookup(carId: string): InsightLookup;
  /** Drops the entries of the cars of `modelIds`. */
  invalidate(modelIds: readonly string[]): void;
  /** Drops every entry. */
  clear(): void;
}

/** A new, empty cache; `limits` for tests. */
export function createInsightCache(limits: { maxBytes?: number; ttlMs?: number } = {}): InsightCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: limits.maxBytes ?? INSIGHT_CACHE_MAX_BYTES,
    sizeCalculation: (entry) => entry.body.bytes.length || 1,
    ttl: limits.ttlMs ?? INSIGHT_CACHE_TTL_MS,
  });
  const generations = new Map<string, number>();
  /** Invalidations so far (a lookup stores only when none came since). */
  let invalidations = 0;
  const generationOf = (modelId: string) => generations.get(modelId) ?? 0;
  return {
    lookup(carId) {
      const seen = invalidations;
      const entry = entries.get(carId);
      const fresh = entry && entry.generation === generationOf(entry.modelId) ? entry : undefined;
      if (entry && !fresh) entries.delete(carId);
      return {
        body: fresh?.body,
        store(modelId, body) {
          if (invalidations !== seen) return;
          entries.set(carId, { modelId, generation: generationOf(modelId), body });
        },
      };
    },
    invalidate(modelIds) {
      invalidations++;
      for (const id of modelIds) generations.set(id, generationOf(id) + 1);
    },
    clear() {
      invalidations++;
      entries.clear();
    },
  };
}
