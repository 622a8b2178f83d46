/**
 * Failure throttling of logins and one-time-code guesses (issue 20, point 5: a lock-out cannot be used
 * against the owner).
 *
 * Only failures count, and they count per account and client (`<account>|<ip>`): a client that keeps
 * failing on an account waits longer and longer (a progressive delay: none for the first
 * {@link FREE_FAILURES} failures, then 1 s, 2 s, 4 s … at most {@link MAX_DELAY_MS}), while any other
 * client — the owner on their own device — with the right password gets in at once. A client is also
 * limited in its failures over all accounts (`perIp`, a hard cap per window). A success forgets the
 * pair's failures.
 *
 * Counts live on the shared rate-limit port (memory or Redis; atomic increments); the time a client must
 * wait lives in the cache as `auth-wait:<kind>:<key>` = epoch ms it may try again.
 */

import {
  type Cache,
  type RateLimiter,
  type RateLimiterFactory,
  tooManyRequests,
} from '@marketplace/platform';
import { messages } from '../domain/rules';

/** Failures of one client on one account before any delay. */
export const FREE_FAILURES = 3;
/** Longest progressive delay, in ms (15 minutes). */
export const MAX_DELAY_MS = 15 * 60_000;
/** Window over which failures are counted, in ms (an hour without failures starts again at zero). */
export const FAILURE_WINDOW_MS = 60 * 60_000;
/** Failures one client may make over all accounts per 15 minutes (credential stuffing). */
export const FAILURES_PER_IP = 30;

/** Delay after the `failures`-th failure of a client on an account, in ms: 0, then 1 s doubling to 15 min. */
export function delayAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_MS);
}

export interface FailureThrottle {
  /**
   * Refuses a client that must still wait: sets Retry-After (s) on `res`.
   * @throws HttpError 429 `{ message }` (with Retry-After, s) while `account|ip` or `ip` is waiting.
   */
  check(account: string, ip: string): Promise<void>;
  /** Counts one failure of `ip` on `account` and sets the wait it earns. @returns the pair's failure count. */
  fail(account: string, ip: string): Promise<number>;
  /** Forgets the failures of `ip` on `account` (after a success). */
  succeed(account: string, ip: string): Promise<void>;
}

/**
 * A throttle named `kind` (`login`, `otp`) over `cache` and limiters of `factory`; `now` gives epoch ms.
 */
export function createFailureThrottle(
  kind: string,
  cache: Cache,
  factory: RateLimiterFactory,
  now: () => number = Date.now,
): FailureThrottle {
  const pairLimit = 1_000_000;
  const perPair: RateLimiter = factory.create({
    name: `auth-${kind}-fail-pair`,
    points: pairLimit,
    durationMs: FAILURE_WINDOW_MS,
  });
  const perIp: RateLimiter = factory.create({
    name: `auth-${kind}-fail-ip`,
    points: FAILURES_PER_IP,
    durationMs: 15 * 60_000,
  });
  const pairKey = (account: string, ip: string) => `${account}|${ip}`;
  const waitKey = (scope: string, key: string) => `auth-wait:${kind}:${scope}:${key}`;

  async function waitUntil(key: string): Promise<number> {
    const until = Number(await cache.get(key));
    return Number.isFinite(until) ? until : 0;
  }
  async function setWait(key: string, ms: number) {
    if (ms > 0) await cache.set(key, String(now() + ms), ms);
  }

  return {
    async check(account, ip) {
      const until = Math.max(
        await waitUntil(waitKey('pair', pairKey(account, ip))),
        await waitUntil(waitKey('ip', ip)),
      );
      const left = until - now();
      if (left > 0) throw tooManyRequests(messages.tooMany, left);
    },
    async fail(account, ip) {
      const pair = await perPair.consume(pairKey(account, ip));
      const failures = pairLimit - pair.remaining;
      await setWait(waitKey('pair', pairKey(account, ip)), delayAfter(failures));
      const byIp = await perIp.consume(ip);
      if (!byIp.allowed) await setWait(waitKey('ip', ip), byIp.retryAfterMs);
      return failures;
    },
    async succeed(account, ip) {
      await perPair.reset(pairKey(account, ip));
      await cache.del(waitKey('pair', pairKey(account, ip)));
    },
  };
}
