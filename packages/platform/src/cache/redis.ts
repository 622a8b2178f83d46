/**
 * Redis adapters of the cache and rate-limit ports (distributed mode), via ioredis.
 *
 * One ioredis connection serves the cache and the rate limiters (`cache.client`). All keys carry the
 * optional `keyPrefix` (ioredis transparent prefixing); rate-limit keys are `<keyPrefix>rl:<rule>:<key>`.
 * A Redis outage never crashes the process: 'error' events are logged (first one as error, repeats as
 * debug until the connection is ready again), cache calls reject, `ping` answers false, and rate limiters
 * fall back to per-process memory counts (rate-limiter-flexible insurance limiter) until Redis is back.
 */
import { Redis, type RedisStatus } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { assertTtl, ruleDurationSec, ruleKeyPrefix, wrapLimiter } from './memory';
import type { Cache, RateLimiterFactory } from './types';

export interface RedisCacheOptions {
  /** e.g. `redis://127.0.0.1:6379` (may carry a password and a db index). */
  url: string;
  /** Prepended to every key as is, e.g. `marketplace:`. */
  keyPrefix?: string;
  /** Receives connection errors and reconnects; without it they are swallowed. */
  logger?: Logger;
  /** Reconnect attempts a command waits through before it rejects (default 1). */
  maxRetriesPerRequest?: number;
  /** How long `ping` waits for PONG before answering false, in ms (default 1000). */
  pingTimeoutMs?: number;
}

/** A Redis-backed `Cache` exposing its connection, so rate limiters can share it. */
export interface RedisCache extends Cache {
  readonly kind: 'redis';
  readonly client: Redis;
}

/** A Redis `RateLimiterFactory`; `close` quits the connection only when the factory opened it. */
export interface RedisRateLimiterFactory extends RateLimiterFactory {
  close(): Promise<void>;
}

const DEFAULT_MAX_RETRIES_PER_REQUEST = 1;
const DEFAULT_PING_TIMEOUT_MS = 1000;
/** Upper bound of the reconnect back-off, in ms. */
const MAX_RECONNECT_DELAY_MS = 2000;

/**
 * Opens an ioredis connection (`lazyConnect: false`: it connects at once) that reconnects forever with a
 * back-off of min(attempt × 100 ms, 2 s), fails a command after `maxRetriesPerRequest` reconnects, and logs
 * instead of crashing on 'error' events.
 * @throws Error when `url` is not a valid redis:// or rediss:// URL.
 */
export function createRedisClient(opts: RedisCacheOptions): Redis {
  let parsed: URL;
  try {
    parsed = new URL(opts.url);
  } catch {
    throw new Error(`Invalid Redis URL: ${opts.url}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`Redis URL must start with redis:// or rediss://, got ${parsed.protocol}//`);
  }
  const client = new Redis(opts.url, {
    keyPrefix: opts.keyPrefix ?? '',
    lazyConnect: false,
    maxRetriesPerRequest: opts.maxRetriesPerRequest ?? DEFAULT_MAX_RETRIES_PER_REQUEST,
    connectTimeout: 5000,
    retryStrategy: (times: number) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS),
  });
  const logger = opts.logger;
  let failing = false;
  client.on('error', (err: Error) => {
    if (!logger) return;
    if (failing) {
      logger.debug({ err }, 'redis still unavailable');
    } else {
      logger.error({ err }, 'redis connection error');
    }
    failing = true;
  });
  client.on('ready', () => {
    if (failing) logger?.info('redis connection restored');
    failing = false;
  });
  return client;
}

/** Quits gracefully when connected, else drops the connection; never throws. */
async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through to a hard disconnect
    }
  }
  client.disconnect();
}

/**
 * A Redis `Cache` (kind `'redis'`): `set` is `SET key value PX ttlMs`, `setIfAbsent` is
 * `SET key value PX ttlMs NX` (atomic, so it works as a lock or once-marker across processes). TTLs are
 * rounded up to whole ms. `ping` resolves false (never throws) when Redis does not answer within
 * `pingTimeoutMs`; `close` quits the connection (shared with any rate limiters built on `.client`).
 * @throws Error for an invalid URL; RangeError from `set`/`setIfAbsent` when `ttlMs` ≤ 0; get/set/del
 * reject with the ioredis error while Redis is unreachable.
 */
export function createRedisCache(opts: RedisCacheOptions): RedisCache {
  const client = createRedisClient(opts);
  const pingTimeoutMs = opts.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  return {
    kind: 'redis',
    client,
    async get(key) {
      return (await client.get(key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      assertTtl(ttlMs);
      await client.set(key, value, 'PX', Math.ceil(ttlMs));
    },
    async setIfAbsent(key, value, ttlMs) {
      assertTtl(ttlMs);
      return (await client.set(key, value, 'PX', Math.ceil(ttlMs), 'NX')) === 'OK';
    },
    async del(key) {
      await client.del(key);
    },
    async ping() {
      if (client.status === 'end') return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis ping timed out after ${pingTimeoutMs} ms`)),
          pingTimeoutMs,
        );
      });
      try {
        return (await Promise.race([client.ping(), timeout])) === 'PONG';
      } catch (err) {
        opts.logger?.debug({ err }, 'redis ping failed');
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => closeClient(client),
  };
}

/**
 * A `RateLimiterFactory` over Redis (`RateLimiterRedis`, atomic Lua INCR + expiry), so every process on
 * the same Redis and key prefix shares the counts. Pass `cache.client` to share the cache's connection, or
 * options to open a dedicated one. ioredis is rate-limiter-flexible's default client: `useRedisPackage`
 * stays false and `storeType` is not set (it is for Knex/SQLite only). Keys: `rl:<rule name>:<key>` under
 * the client's `keyPrefix`. Windows are rounded up to whole seconds (Redis EX granularity in the library).
 *
 * Outage: from the first connection 'error' or 'reconnecting' event until the connection is 'ready' again,
 * limiters count in process memory (per process, fail-safe rather than fail-open or throwing) without
 * waiting on Redis; a command that fails otherwise also falls back to memory (insurance limiter). Before the
 * first connection, commands wait in ioredis' offline queue so start-up counts are already shared.
 * @throws Error for invalid options (see `createRedisClient`); RangeError from `create` for an invalid rule.
 */
export function createRedisRateLimiters(clientOrOpts: Redis | RedisCacheOptions): RedisRateLimiterFactory {
  const owned = !(clientOrOpts instanceof Redis);
  const client = clientOrOpts instanceof Redis ? clientOrOpts : createRedisClient(clientOrOpts);
  const downStatuses: ReadonlySet<RedisStatus> = new Set(['reconnecting', 'close', 'end']);
  let down = downStatuses.has(client.status);
  const markDown = () => {
    down = true;
  };
  client.on('error', markDown);
  client.on('reconnecting', markDown);
  client.on('ready', () => {
    down = false;
  });
  return {
    create(rule) {
      const duration = ruleDurationSec(rule);
      const keyPrefix = ruleKeyPrefix(rule);
      const memory = new RateLimiterMemory({ keyPrefix, points: rule.points, duration });
      const shared = wrapLimiter(
        new RateLimiterRedis({
          storeClient: client,
          useRedisPackage: false,
          rejectIfRedisNotReady: false,
          keyPrefix,
          points: rule.points,
          duration,
          insuranceLimiter: memory,
        }),
      );
      const local = wrapLimiter(memory);
      return {
        consume: (key, points) => (down ? local : shared).consume(key, points),
        async reset(key) {
          await local.reset(key);
          if (!down) await shared.reset(key);
        },
      };
    },
    close: () => (owned ? closeClient(client) : Promise.resolve()),
  };
}
