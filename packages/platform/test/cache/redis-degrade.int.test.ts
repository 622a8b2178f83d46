/**
 * Issue 20, point 9: a slow or dead Redis degrades, never hangs. Against a Redis this file starts itself
 * (SIGSTOP = stalled, SIGKILL = dead): every cache and rate-limiter call answers within a few hundred ms,
 * reads miss, writes are dropped, `setIfAbsent` rejects, limiters count in memory, and once Redis answers
 * again the cache serves from it again.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PrivateRedis, startPrivateRedis } from '../../../../test-support/private-redis';
import { type CachePorts, CacheUnavailableError, createCachePorts } from '../../src/cache/index';

/** Milliseconds `fn` takes, and its result. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = Date.now();
  const value = await fn();
  return { ms: Date.now() - start, value };
}

/** Generous bound for "about 200 ms": a command timeout plus scheduling noise, far below a hang. */
const BOUND_MS = 600;

describe('Redis cache and limiters when Redis stalls or dies (own redis-server)', () => {
  let redis: PrivateRedis;
  let ports: CachePorts;
  const lines: string[] = [];

  beforeEach(async () => {
    lines.length = 0;
    redis = await startPrivateRedis();
    ports = createCachePorts({
      redisUrl: redis.url,
      keyPrefix: 'degrade:',
      logger: pino({ level: 'debug' }, { write: (l: string) => lines.push(l) }),
    });
    await ports.cache.set('warm', 'yes', 60_000);
    expect(await ports.cache.get('warm')).toBe('yes');
  });

  afterEach(async () => {
    await ports.cache.close();
    await redis.kill();
  });

  it('answers every call within the timeout while Redis is stalled, then serves from Redis again', async () => {
    const limiter = ports.rateLimiters.create({ name: 'stall', points: 2, durationMs: 60_000 });
    expect((await limiter.consume('ip')).allowed).toBe(true);
    redis.stall();
    try {
      const read = await timed(() => ports.cache.get('warm'));
      expect(read.value).toBeUndefined();
      expect(read.ms).toBeLessThan(BOUND_MS);
      // The connection is up, so each read is a miss after at most the timeout, not an outage (a CPU spike
      // looks the same from here, and skipping the cache then would feed the overload: issue 22).
      const again = await timed(() => ports.cache.get('warm'));
      expect(again.value).toBeUndefined();
      expect(again.ms).toBeLessThan(BOUND_MS);
      expect((await timed(() => ports.cache.set('k', 'v', 60_000))).ms).toBeLessThan(BOUND_MS);
      expect((await timed(() => ports.cache.del('k'))).ms).toBeLessThan(BOUND_MS);
      await expect(ports.cache.setIfAbsent('lock', '1', 1000)).rejects.toBeInstanceOf(CacheUnavailableError);
      const ping = await timed(() => ports.cache.ping());
      expect(ping.value).toBe(false);
      // Limiters count in memory meanwhile (fail-safe, not fail-open).
      const counted = await timed(async () => [
        (await limiter.consume('other')).allowed,
        (await limiter.consume('other')).allowed,
        (await limiter.consume('other')).allowed,
      ]);
      expect(counted.value).toEqual([true, true, false]);
      expect(counted.ms).toBeLessThan(BOUND_MS);
      expect(lines.some((l) => l.includes('skipping Redis'))).toBe(true);
    } finally {
      redis.resume();
    }
    await expect.poll(() => ports.cache.get('warm'), { timeout: 5_000, interval: 100 }).toBe('yes');
  });

  it('takes a slow cache answer on a live connection for one miss, not an outage (issue 22)', async () => {
    redis.stall();
    try {
      expect(await ports.cache.get('warm')).toBeUndefined();
    } finally {
      redis.resume();
    }
    // Not skipped for a cooldown: the very next read is served from Redis again.
    expect(await ports.cache.get('warm')).toBe('yes');
    expect(lines.some((l) => l.includes('skipping Redis'))).toBe(false);
  });

  it('answers every call within the timeout once Redis is dead', async () => {
    await redis.kill();
    const limiter = ports.rateLimiters.create({ name: 'dead', points: 1, durationMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      const read = await timed(() => ports.cache.get('warm'));
      expect(read.value).toBeUndefined();
      expect(read.ms).toBeLessThan(BOUND_MS);
    }
    expect((await timed(() => ports.cache.set('k', 'v', 1000))).ms).toBeLessThan(BOUND_MS);
    await expect(ports.cache.setIfAbsent('lock', '1', 1000)).rejects.toBeInstanceOf(CacheUnavailableError);
    const first = await timed(() => limiter.consume('ip'));
    expect(first.value.allowed).toBe(true);
    expect(first.ms).toBeLessThan(BOUND_MS);
    expect((await limiter.consume('ip')).allowed).toBe(false);
    expect(await ports.cache.ping()).toBe(false);
  });
});
