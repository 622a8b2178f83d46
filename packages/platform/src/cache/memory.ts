/**
 * In-memory adapters of the cache and rate-limit ports (embedded mode, one process).
 *
 * The cache is a bounded `Map` with a per-entry deadline: expired entries are dropped when read (lazy
 * expiry) and by an unref'd sweep timer, and once `maxEntries` is reached the oldest-written entry is
 * evicted. Rate limits use rate-limiter-flexible's `RateLimiterMemory`, so counts are per process.
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Cache, RateLimiter, RateLimiterFactory, RateLimitResult, RateLimitRule } from './types';

/** Default bound on the number of entries of a memory cache. */
export const DEFAULT_MAX_ENTRIES = 10_000;
/** Interval of the sweep that drops expired entries of a memory cache, in ms. */
export const SWEEP_INTERVAL_MS = 30_000;

interface Entry {
  value: string;
  /** Epoch ms after which the entry is gone. */
  expiresAt: number;
}

/**
 * Checks a TTL given to a cache write.
 * @throws RangeError when `ttlMs` is not a finite number > 0.
 */
export function assertTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`Cache TTL must be a finite number of ms > 0, got ${ttlMs}`);
  }
}

/**
 * An in-memory `Cache` (kind `'memory'`) holding at most `maxEntries` entries (default 10 000).
 *
 * Values expire `ttlMs` ms after they were written; when full, a write of a new key evicts the oldest
 * written entry first (after dropping expired ones). A sweep runs every 30 s on an unref'd timer, so it
 * never keeps the process alive; `close()` stops it and empties the cache. Any call after `close()` throws.
 *
 * @throws RangeError when `maxEntries` is not an integer ≥ 1; from `set`/`setIfAbsent` when `ttlMs` ≤ 0.
 */
export function createMemoryCache(opts: { maxEntries?: number } = {}): Cache {
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries must be an integer >= 1, got ${maxEntries}`);
  }
  // Map iteration order is insertion order: the first key is the oldest write.
  const entries = new Map<string, Entry>();
  let closed = false;

  const sweep = (now = Date.now()) => {
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= now) entries.delete(key);
    }
  };
  const timer = setInterval(() => sweep(), SWEEP_INTERVAL_MS);
  timer.unref();

  const assertOpen = () => {
    if (closed) throw new Error('Memory cache is closed');
  };

  /** The live entry for `key`, dropping it when expired. */
  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const write = (key: string, value: string, ttlMs: number, now: number) => {
    // Re-inserting moves the key to the newest position.
    entries.delete(key);
    if (entries.size >= maxEntries) sweep(now);
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
    entries.set(key, { value, expiresAt: now + ttlMs });
  };

  return {
    kind: 'memory',
    async get(key) {
      assertOpen();
      return live(key, Date.now())?.value;
    },
    async set(key, value, ttlMs) {
      assertOpen();
      assertTtl(ttlMs);
      write(key, value, ttlMs, Date.now());
    },
    async setIfAbsent(key, value, ttlMs) {
      assertOpen();
      assertTtl(ttlMs);
      const now = Date.now();
      if (live(key, now)) return false;
      write(key, value, ttlMs, now);
      return true;
    },
    async del(key) {
      assertOpen();
      entries.delete(key);
    },
    async ping() {
      return !closed;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      entries.clear();
    },
  };
}

/**
 * Checks a rule and converts its window to rate-limiter-flexible's whole seconds (rounded up: Redis
 * expiries have second granularity there, and both adapters must behave alike).
 * @returns the window in seconds (≥ 1).
 * @throws RangeError when the name is empty, `points` is not an integer ≥ 1 or `durationMs` is not a finite
 * number > 0.
 */
export function ruleDurationSec(rule: RateLimitRule): number {
  if (rule.name.trim() === '') throw new RangeError('Rate-limit rule name must not be empty');
  if (!Number.isInteger(rule.points) || rule.points < 1) {
    throw new RangeError(`Rate-limit rule ${rule.name}: points must be an integer >= 1, got ${rule.points}`);
  }
  if (!Number.isFinite(rule.durationMs) || rule.durationMs <= 0) {
    throw new RangeError(`Rate-limit rule ${rule.name}: durationMs must be > 0, got ${rule.durationMs}`);
  }
  return Math.ceil(rule.durationMs / 1000);
}

/** The rate-limiter-flexible key prefix of a rule: `rl:<rule name>`. */
export function ruleKeyPrefix(rule: RateLimitRule): string {
  return `rl:${rule.name}`;
}

/**
 * Adapts a rate-limiter-flexible limiter to the `RateLimiter` port: an exhausted key resolves
 * `{ allowed: false, remaining: 0, retryAfterMs > 0 }` instead of rejecting.
 * Store errors (e.g. Redis down without an insurance limiter) are rethrown.
 * @throws RangeError from `consume` when `points` is not an integer ≥ 1.
 */
export function wrapLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async consume(key: string, points = 1): Promise<RateLimitResult> {
      if (!Number.isInteger(points) || points < 1) {
        throw new RangeError(`Points to consume must be an integer >= 1, got ${points}`);
      }
      try {
        const res = await limiter.consume(key, points);
        return { allowed: true, remaining: res.remainingPoints, retryAfterMs: Math.max(0, res.msBeforeNext) };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, err.msBeforeNext) };
        }
        throw err;
      }
    },
    async reset(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

/**
 * A `RateLimiterFactory` whose limiters count in this process's memory (`RateLimiterMemory`). Limiters of
 * one factory created for the same rule name share their counts; separate factories never do. Windows are
 * rounded up to whole seconds.
 * @throws RangeError from `create` for an invalid rule (see `ruleDurationSec`).
 * @throws Error from `create` when a rule name is reused with different `points` or `durationMs`.
 */
export function createMemoryRateLimiters(): RateLimiterFactory {
  const byName = new Map<string, { rule: RateLimitRule; limiter: RateLimiter }>();
  return {
    create(rule) {
      const duration = ruleDurationSec(rule);
      const known = byName.get(rule.name);
      if (known) {
        if (known.rule.points !== rule.points || known.rule.durationMs !== rule.durationMs) {
          throw new Error(`Rate-limit rule ${rule.name} is already defined with other points or durationMs`);
        }
        return known.limiter;
      }
      const limiter = wrapLimiter(
        new RateLimiterMemory({ keyPrefix: ruleKeyPrefix(rule), points: rule.points, duration }),
      );
      byName.set(rule.name, { rule: { ...rule }, limiter });
      return limiter;
    },
  };
}
