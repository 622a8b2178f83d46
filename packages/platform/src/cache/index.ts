/**
 * Cache and rate-limit ports and their adapters: Redis when a URL is configured (distributed mode),
 * process memory otherwise (embedded mode).
 */
import type { Logger } from 'pino';
import { createMemoryCache, createMemoryRateLimiters } from './memory';
import { createRedisCache, createRedisRateLimiters } from './redis';
import type { Cache, RateLimiterFactory } from './types';

export { createMemoryCache, createMemoryRateLimiters } from './memory';
export { PAGE_GENERATION_KEY, type PageGeneration, pageGeneration } from './page-generation';
export type { RedisCache, RedisCacheOptions, RedisRateLimiterFactory } from './redis';
export { CacheUnavailableError, createRedisCache, createRedisClient, createRedisRateLimiters } from './redis';
export type { Cache, RateLimiter, RateLimiterFactory, RateLimitResult, RateLimitRule } from './types';

export interface CachePorts {
  cache: Cache;
  /** Shares the cache's backing store (the same Redis connection, or this process's memory). */
  rateLimiters: RateLimiterFactory;
}

/**
 * Builds the cache and rate-limiter ports: Redis (one shared connection, keys under `keyPrefix`) when
 * `redisUrl` is given, in memory otherwise (`keyPrefix` unused). `cache.close()` releases the backing store
 * of both.
 * @throws Error when `redisUrl` is not a valid redis:// or rediss:// URL.
 */
export function createCachePorts(
  opts: { redisUrl?: string; keyPrefix?: string; logger?: Logger } = {},
): CachePorts {
  if (opts.redisUrl) {
    const cache = createRedisCache({ url: opts.redisUrl, keyPrefix: opts.keyPrefix, logger: opts.logger });
    return { cache, rateLimiters: createRedisRateLimiters(cache.client) };
  }
  opts.logger?.info('no Redis URL: cache and rate limits are in process memory');
  return { cache: createMemoryCache(), rateLimiters: createMemoryRateLimiters() };
}
