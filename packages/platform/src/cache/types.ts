/**
 * Cache and rate-limit ports. Adapters: in memory (`memory.ts`, embedded) and Redis via ioredis
 * (`redis.ts`, distributed). Rate limits use rate-limiter-flexible on both.
 */

/**
 * A cache: never the only record of anything (issue 20). When the backing store is unreachable or slow
 * (the Redis adapter waits at most ~200 ms), `get` answers undefined (a miss) and `set`/`del` resolve
 * without storing, so callers fall back to their record; only `setIfAbsent` rejects, as a lock cannot be
 * decided without the store.
 */
export interface Cache {
  readonly kind: string;
  /** The stored string, or undefined when absent, expired or the store is unavailable. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` for `ttlMs` milliseconds (best effort: dropped while the store is unavailable). */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Stores only when the key is absent; true when it stored (a lock or a once-marker).
   * @throws CacheUnavailableError (Redis adapter) while the store is unavailable.
   */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Removes `key` (best effort while the store is unavailable). */
  del(key: string): Promise<void>;
  /** True while the backing store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Outcome of one rate-limit check. */
export interface RateLimitResult {
  allowed: boolean;
  /** Points left in the current window (0 when refused). */
  remaining: number;
  /** Milliseconds until the window resets (when refused: until a retry can pass). */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Consumes `points` (default 1) for `key`; never throws for an exhausted key, returns allowed=false. */
  consume(key: string, points?: number): Promise<RateLimitResult>;
  /** Forgets the key's count (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

/** A named limit: at most `points` per `durationMs` milliseconds per key. */
export interface RateLimitRule {
  /** Unique name; prefixes the keys, e.g. `otp-resend-30s`. */
  name: string;
  points: number;
  durationMs: number;
}

/** Creates rate limiters that share one backing store (memory or Redis). */
export interface RateLimiterFactory {
  create(rule: RateLimitRule): RateLimiter;
}
