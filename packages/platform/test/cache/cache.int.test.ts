/**
 * One suite for both cache / rate-limit adapters: in memory, and Redis (skipped when Redis is down,
 * failing instead under CI=true). Each Redis test gets its own key prefix, deleted afterwards.
 */
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import {
  type Cache,
  createCachePorts,
  createMemoryCache,
  createMemoryRateLimiters,
  createRedisCache,
  createRedisRateLimiters,
  type RateLimiterFactory,
  type RateLimitRule,
} from '../../src/cache/index';

/** What one test gets from an adapter. */
interface Harness {
  cache: Cache;
  /** The factory sharing the cache's store. */
  limiters: RateLimiterFactory;
  /** A second factory as another process would build it (own connection for Redis). */
  otherProcessLimiters(): RateLimiterFactory;
  /** Closes everything and deletes the test's keys. */
  dispose(): Promise<void>;
}

interface Variant {
  name: 'memory' | 'redis';
  /** True when limiters of separate factories (processes) share counts. */
  distributed: boolean;
  /** Resolves false to skip the variant (the server is down outside CI); throws under CI. */
  available(): Promise<boolean>;
  open(): Promise<Harness>;
}

let redisUrl: string | undefined;

/** Deletes every key starting with `prefix` (SCAN MATCH is not prefixed by ioredis, so use a raw client). */
async function deleteKeys(url: string, prefix: string): Promise<number> {
  const raw = new Redis(url);
  try {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 200);
      cursor = next;
      if (keys.length > 0) deleted += await raw.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await raw.quit();
  }
}

const variants: Variant[] = [
  {
    name: 'memory',
    distributed: false,
    available: async () => true,
    async open() {
      const cache = createMemoryCache();
      return {
        cache,
        limiters: createMemoryRateLimiters(),
        otherProcessLimiters: () => createMemoryRateLimiters(),
        dispose: () => cache.close(),
      };
    },
  },
  {
    name: 'redis',
    distributed: true,
    async available() {
      redisUrl = await requireServer('redis');
      return redisUrl !== undefined;
    },
    async open() {
      const url = redisUrl!;
      const keyPrefix = `${uniqueName('cachetest')}:`;
      const cache = createRedisCache({ url, keyPrefix });
      const others: Array<{ close(): Promise<void> }> = [];
      // Wait for the connection so the first limiter call hits Redis, not the insurance limiter.
      expect(await cache.ping()).toBe(true);
      return {
        cache,
        limiters: createRedisRateLimiters(cache.client),
        otherProcessLimiters() {
          const factory = createRedisRateLimiters({ url, keyPrefix });
          others.push(factory);
          return factory;
        },
        async dispose() {
          await Promise.all(others.map((o) => o.close()));
          await cache.close();
          await deleteKeys(url, keyPrefix);
        },
      };
    },
  },
];

/** Polls `read` every 10 ms until it returns `expected`, for up to `timeoutMs`. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3000): Promise<void> {
  await vi.waitFor(async () => expect(await read()).toBe(expected), { timeout: timeoutMs, interval: 10 });
}

describe.each(variants)('$name cache and rate limiters', (variant) => {
  let available = false;
  let h: Harness;

  beforeAll(async () => {
    available = await variant.available();
  });

  beforeEach(async (ctx) => {
    if (!available) ctx.skip(`${variant.name} server is not running`);
    h = await variant.open();
  });

  afterEach(async () => {
    if (available) await h.dispose();
  });

  describe('cache', () => {
    it('has the adapter kind and answers ping', async () => {
      expect(h.cache.kind).toBe(variant.name);
      expect(await h.cache.ping()).toBe(true);
    });

    it('gets what was set, overwrites, and deletes', async () => {
      expect(await h.cache.get('k')).toBeUndefined();
      await h.cache.set('k', 'v1', 60_000);
      await h.cache.set('other', 'x', 60_000);
      expect(await h.cache.get('k')).toBe('v1');
      await h.cache.set('k', 'v2', 60_000);
      expect(await h.cache.get('k')).toBe('v2');
      await h.cache.del('k');
      expect(await h.cache.get('k')).toBeUndefined();
      expect(await h.cache.get('other')).toBe('x');
      await h.cache.del('never-set');
    });

    it('forgets a value once its TTL has passed, not before', async () => {
      const start = Date.now();
      await h.cache.set('short', 'v', 100);
      await h.cache.set('long', 'v', 60_000);
      expect(await h.cache.get('short')).toBe('v');
      await eventually(() => h.cache.get('short'), undefined);
      expect(Date.now() - start).toBeGreaterThanOrEqual(90);
      expect(await h.cache.get('long')).toBe('v');
    });

    it('setIfAbsent stores only once while the key lives', async () => {
      expect(await h.cache.setIfAbsent('once', 'first', 60_000)).toBe(true);
      expect(await h.cache.setIfAbsent('once', 'second', 60_000)).toBe(false);
      expect(await h.cache.get('once')).toBe('first');
      await h.cache.del('once');
      expect(await h.cache.setIfAbsent('once', 'third', 80)).toBe(true);
      await eventually(() => h.cache.setIfAbsent('once', 'fourth', 60_000), true);
      expect(await h.cache.get('once')).toBe('fourth');
    });

    it('rejects a non-positive TTL', async () => {
      await expect(h.cache.set('k', 'v', 0)).rejects.toThrow(RangeError);
      await expect(h.cache.setIfAbsent('k', 'v', -5)).rejects.toThrow(RangeError);
      expect(await h.cache.get('k')).toBeUndefined();
    });
  });

  describe('rate limiters', () => {
    const rule = (points = 3, durationMs = 60_000): RateLimitRule => ({
      name: uniqueName('rule'),
      points,
      durationMs,
    });

    it('allows N per window, then refuses with a retry delay', async () => {
      const r = rule(3, 60_000);
      const limiter = h.limiters.create(r);
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await limiter.consume('ip-1'));
      expect(results.map((x) => [x.allowed, x.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
      ]);
      const refused = await limiter.consume('ip-1');
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('counts weighted consumes', async () => {
      const limiter = h.limiters.create(rule(3));
      expect(await limiter.consume('k', 2)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter.consume('k', 2)).toMatchObject({ allowed: false, remaining: 0 });
    });

    it('keeps keys and rules independent', async () => {
      const a = h.limiters.create(rule(1));
      const b = h.limiters.create(rule(1));
      expect((await a.consume('user-1')).allowed).toBe(true);
      expect((await a.consume('user-1')).allowed).toBe(false);
      expect((await a.consume('user-2')).allowed).toBe(true);
      expect((await b.consume('user-1')).allowed).toBe(true);
    });

    it('reset forgets the count of one key', async () => {
      const limiter = h.limiters.create(rule(2));
      await limiter.consume('k');
      await limiter.consume('k');
      await limiter.consume('other');
      await limiter.consume('other');
      expect((await limiter.consume('k')).allowed).toBe(false);
      await limiter.reset('k');
      expect(await limiter.consume('k')).toMatchObject({ allowed: true, remaining: 1 });
      expect((await limiter.consume('other')).allowed).toBe(false);
      await limiter.reset('never-used');
    });

    it('lets requests through again once the window has passed', async () => {
      const limiter = h.limiters.create(rule(1, 1000));
      expect((await limiter.consume('k')).allowed).toBe(true);
      const refused = await limiter.consume('k');
      const refusedAt = Date.now();
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
      await vi.waitFor(async () => expect((await limiter.consume('k')).allowed).toBe(true), {
        timeout: 3000,
        interval: 50,
      });
      expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(refused.retryAfterMs - 60);
    });

    it('shares counts between limiters of one factory for the same rule', async () => {
      const r = rule(2);
      const first = h.limiters.create(r);
      const second = h.limiters.create({ ...r });
      await first.consume('k');
      expect(await second.consume('k')).toMatchObject({ allowed: true, remaining: 0 });
      expect((await first.consume('k')).allowed).toBe(false);
    });

    it(`${variant.distributed ? 'shares' : 'does not share'} counts across processes`, async () => {
      const r = rule(3);
      const here = h.limiters.create(r);
      const there = h.otherProcessLimiters().create(r);
      await here.consume('k');
      await here.consume('k');
      const fromThere = await there.consume('k');
      if (variant.distributed) {
        expect(fromThere).toMatchObject({ allowed: true, remaining: 0 });
        expect((await there.consume('k')).allowed).toBe(false);
        expect((await here.consume('k')).allowed).toBe(false);
      } else {
        expect(fromThere).toMatchObject({ allowed: true, remaining: 2 });
        expect((await here.consume('k')).allowed).toBe(true);
        expect((await here.consume('k')).allowed).toBe(false);
      }
    });

    it('rejects invalid rules and points', async () => {
      expect(() => h.limiters.create({ name: 'x', points: 0, durationMs: 1000 })).toThrow(RangeError);
      expect(() => h.limiters.create({ name: 'x', points: 1, durationMs: 0 })).toThrow(RangeError);
      expect(() => h.limiters.create({ name: '', points: 1, durationMs: 1000 })).toThrow(RangeError);
      await expect(h.limiters.create(rule()).consume('k', 0)).rejects.toThrow(RangeError);
    });
  });
});

describe('memory cache specifics', () => {
  it('evicts the oldest entry when full', async () => {
    const cache = createMemoryCache({ maxEntries: 3 });
    await cache.set('a', '1', 60_000);
    await cache.set('b', '2', 60_000);
    await cache.set('c', '3', 60_000);
    await cache.set('a', '1b', 60_000); // rewriting makes `a` the newest
    await cache.set('d', '4', 60_000);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('1b');
    expect(await cache.get('c')).toBe('3');
    expect(await cache.get('d')).toBe('4');
    await cache.close();
  });

  it('rejects a bad maxEntries and is unusable after close', async () => {
    expect(() => createMemoryCache({ maxEntries: 0 })).toThrow(RangeError);
    const cache = createMemoryCache();
    await cache.close();
    expect(await cache.ping()).toBe(false);
    await expect(cache.get('k')).rejects.toThrow(/closed/);
  });

  it('refuses to redefine a rule name with other limits', () => {
    const factory = createMemoryRateLimiters();
    factory.create({ name: 'r', points: 1, durationMs: 1000 });
    expect(() => factory.create({ name: 'r', points: 2, durationMs: 1000 })).toThrow(/already defined/);
  });

  it('createCachePorts picks memory without a Redis URL', async () => {
    const ports = createCachePorts();
    expect(ports.cache.kind).toBe('memory');
    expect(
      (await ports.rateLimiters.create({ name: 'p', points: 1, durationMs: 1000 }).consume('k')).allowed,
    ).toBe(true);
    await ports.cache.close();
  });
});

describe('redis adapter specifics', () => {
  let url: string | undefined;
  let prefix: string;
  beforeAll(async () => {
    url = await requireServer('redis');
  });
  beforeEach((ctx) => {
    if (!url) ctx.skip('redis server is not running');
    prefix = `${uniqueName('cachetest')}:`;
  });
  afterEach(async () => {
    if (url) await deleteKeys(url, prefix);
  });

  it('createCachePorts picks Redis and stores under the key prefix, rate limits under rl:<rule>', async () => {
    const ports = createCachePorts({ redisUrl: url, keyPrefix: prefix });
    expect(ports.cache.kind).toBe('redis');
    await ports.cache.set('k', 'v', 60_000);
    await ports.rateLimiters.create({ name: 'login', points: 5, durationMs: 60_000 }).consume('ip-9');
    const raw = new Redis(url!);
    try {
      expect(await raw.get(`${prefix}k`)).toBe('v');
      expect(Number(await raw.get(`${prefix}rl:login:ip-9`))).toBe(1);
      const pttl = await raw.pttl(`${prefix}k`);
      expect(pttl).toBeGreaterThan(50_000);
      expect(pttl).toBeLessThanOrEqual(60_000);
    } finally {
      await raw.quit();
      await ports.cache.close();
    }
    expect(await ports.cache.ping()).toBe(false);
  });
});

describe('redis outage', () => {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
  // Nothing listens on port 1: the client keeps failing to connect.
  const down = createRedisCache({
    url: 'redis://127.0.0.1:1',
    keyPrefix: 'down:',
    logger,
    pingTimeoutMs: 300,
  });

  afterAll(() => down.close());

  it('logs connection errors, answers ping false, misses reads and refuses locks without crashing', async () => {
    expect(await down.ping()).toBe(false);
    // Issue 20: a cache read while Redis is down is a miss (readers fall back to the record), not an error.
    expect(await down.get('k')).toBeUndefined();
    await expect(down.setIfAbsent('k', 'v', 1000)).rejects.toThrow(/unavailable/);
    await vi.waitFor(() => expect(lines.some((l) => l.includes('redis connection error'))).toBe(true));
  });

  it('falls back to per-process rate limiting without waiting on Redis', async () => {
    await vi.waitFor(() => expect(down.client.status).toBe('reconnecting'), { timeout: 5000, interval: 5 });
    const limiter = createRedisRateLimiters(down.client).create({ name: 'o', points: 1, durationMs: 60_000 });
    const start = Date.now();
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect(Date.now() - start).toBeLessThan(100);
  });

  it('rejects a URL that is not redis://', () => {
    expect(() => createRedisCache({ url: 'http://127.0.0.1:6379' })).toThrow(/redis:\/\//);
  });
});
