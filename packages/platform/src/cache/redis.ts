/**
 * Redis adapters of the cache and rate-limit ports (distributed mode), via ioredis.
 *
 * One ioredis connection serves the cache and the rate limiters (`cache.client`). All keys carry the
 * optional `keyPrefix` (ioredis transparent prefixing); rate-limit keys are `<keyPrefix>rl:<rule>:<key>`.
 * A Redis outage never crashes the process and never hangs a request (issue 20, point 9): every command
 * times out after `commandTimeoutMs` (default 200 ms); a failed or timed-out command makes the connection
 * skipped for `cooldownMs` (default 2 s) so the next requests do not each wait out a timeout; cache reads
 * then miss and writes are dropped (a cache is never the only record), `setIfAbsent` rejects, `ping`
 * answers false, and rate limiters count in per-process memory (rate-limiter-flexible insurance limiter)
 * until Redis answers again. 'error' events are logged (first one as error, repeats as debug until the
 * connection is ready again).
 */
import { Redis, type RedisStatus } from 'ioredis';
import type { Logger } from 'pino';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
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
  /** Longest wait for any command's reply, in ms (ioredis `commandTimeout`; default 200, issue 20). */
  commandTimeoutMs?: number;
  /** After a failed or timed-out command, how long the connection is skipped, in ms (default 2000). */
  cooldownMs?: number;
}

/** Raised by `setIfAbsent` while Redis is unreachable or skipped: a lock or once-marker cannot be decided. */
export class CacheUnavailableError extends Error {
  override name = 'CacheUnavailableError';
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
/** Default longest wait for a Redis reply, in ms (issue 20: about 200 ms). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 200;
/** Default time a connection is skipped after a failed command, in ms. */
export const DEFAULT_COOLDOWN_MS = 2000;

/**
 * Health of one connection, shared by the cache and the rate limiters on it. `failed()` after a command
 * failed or timed out: `skipping()` is then true for `cooldownMs`, so callers answer without Redis (a miss,
 * a memory count) instead of each waiting out a timeout; the limiters use it. `slow()` is the cache's
 * version: it trips the cooldown only while the connection is down (not `ready`). A cache command that
 * timed out on a live connection is only that command's miss: under a CPU spike every command is late,
 * and skipping Redis then would send every read to the database and drop the writes that refill the cache,
 * so the overload would feed itself (seen in the search benchmark, issue 22); each call still waits at most
 * the command timeout. The first failure of an outage is logged at warn, repeats and slow commands at debug.
 */
interface RedisHealth {
  failed(err: unknown): void;
  slow(err: unknown): void;
  skipping(): boolean;
}

const healthByClient = new WeakMap<Redis, RedisHealth>();

/** The health tracker of `client` (created on first use; the first caller's options win). */
function healthOf(client: Redis, opts: { cooldownMs?: number; logger?: Logger } = {}): RedisHealth {
  const known = healthByClient.get(client);
  if (known) return known;
  const cooldownMs = opts.cooldownMs ?? DEFAULT_COOLDOWN_MS;
  let skipUntil = 0;
  let outage = false;
  const health: RedisHealth = {
    slow(err) {
      if (client.status === 'ready') opts.logger?.debug({ err }, 'redis command failed or timed out; a miss');
      else health.failed(err);
    },
    failed(err) {
      skipUntil = Date.now() + cooldownMs;
      if (outage) opts.logger?.debug({ err }, 'redis command failed; still skipping Redis');
      else
        opts.logger?.warn(
          { err, cooldownMs },
          'redis command failed or timed out; skipping Redis for a while',
        );
      outage = true;
    },
    skipping() {
      if (skipUntil === 0) return false;
      if (Date.now() < skipUntil) return true;
      skipUntil = 0;
      outage = false;
      return false;
    },
  };
  healthByClient.set(client, health);
  return health;
}
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
    commandTimeout: opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
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

/**
 * The in-memory insurance of a Redis limiter: rate-limiter-flexible calls it when a Redis command failed or
 * timed out, so each such call marks the connection's health (the next calls skip Redis for a while).
 */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly health: RedisHealth,
  ) {
    super(opts);
  }

  override consume(
    ...args: Parameters<RateLimiterMemory['consume']>
  ): ReturnType<RateLimiterMemory['consume']> {
    this.health.failed(new Error('Redis rate-limit command failed; counted in memory'));
    return super.consume(...args);
  }

  /** Counts in memory without marking the health (the limiter chose memory itself: Redis down or skipped). */
  consumeLocally(
    ...args: Parameters<RateLimiterMemory['consume']>
  ): ReturnType<RateLimiterMemory['consume']> {
    return super.consume(...args);
  }
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
 *
 * Degrades, never hangs (issue 20, point 9): no call waits more than `commandTimeoutMs` (default 200 ms).
 * While Redis is unreachable (then skipped for `cooldownMs` after a failure) or stalled, `get` resolves undefined
 * (a miss: readers fall back to the record), `set`/`del` resolve without storing (logged), and
 * `setIfAbsent` rejects with {@link CacheUnavailableError}.
 * @throws Error for an invalid URL; RangeError from `set`/`setIfAbsent` when `ttlMs` ≤ 0.
 */
export function createRedisCache(opts: RedisCacheOptions): RedisCache {
  const client = createRedisClient(opts);
  const pingTimeoutMs = opts.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  const health = healthOf(client, opts);
  /** Runs `command` unless Redis is skipped; on failure marks it and answers `fallback`. */
  const soft = async <T>(command: () => Promise<T>, fallback: T): Promise<T> => {
    if (health.skipping()) return fallback;
    try {
      return await command();
    } catch (err) {
      health.slow(err);
      return fallback;
    }
  };
  return {
    kind: 'redis',
    client,
    async get(key) {
      return soft(async () => (await client.get(key)) ?? undefined, undefined);
    },
    async set(key, value, ttlMs) {
      assertTtl(ttlMs);
      await soft(() => client.set(key, value, 'PX', Math.ceil(ttlMs)), undefined);
    },
    async setIfAbsent(key, value, ttlMs) {
      assertTtl(ttlMs);
      if (health.skipping()) throw new CacheUnavailableError('Redis is unavailable');
      try {
        return (await client.set(key, value, 'PX', Math.ceil(ttlMs), 'NX')) === 'OK';
      } catch (err) {
        health.slow(err);
        throw new CacheUnavailableError(`Redis is unavailable: ${(err as Error).message}`);
      }
    },
    async del(key) {
      await soft(() => client.del(key), 0);
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
 * and for the cooldown after any failed or timed-out command on the connection (issue 20: commands time
 * out after ~200 ms, so a stalled Redis costs at most one timeout per cooldown), limiters count in process
 * memory (per process, fail-safe rather than fail-open or throwing) without waiting on Redis; a command that
 * fails otherwise also falls back to memory (insurance limiter). Before the first connection, commands wait
 * in ioredis' offline queue (up to the command timeout) so start-up counts are already shared.
 * @throws Error for invalid options (see `createRedisClient`); RangeError from `create` for an invalid rule.
 */
export function createRedisRateLimiters(clientOrOpts: Redis | RedisCacheOptions): RedisRateLimiterFactory {
  const owned = !(clientOrOpts instanceof Redis);
  const client = clientOrOpts instanceof Redis ? clientOrOpts : createRedisClient(clientOrOpts);
  const health = healthOf(client, clientOrOpts instanceof Redis ? {} : clientOrOpts);
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
      const memory = new InsuranceLimiter({ keyPrefix, points: rule.points, duration }, health);
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
      const local = wrapLimiter({
        consume: (key: string, points?: number) => memory.consumeLocally(key, points),
        delete: (key: string) => memory.delete(key),
      } as unknown as RateLimiterAbstract);
      return {
        consume: (key, points) => (down || health.skipping() ? local : shared).consume(key, points),
        async reset(key) {
          await local.reset(key);
          if (!down && !health.skipping()) await shared.reset(key);
        },
      };
    },
    close: () => (owned ? closeClient(client) : Promise.resolve()),
  };
}
