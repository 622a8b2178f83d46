/** The auth service's rate limits (domain/rules.ts) on the shared limiter port (memory or Redis). */
import { HttpError, type RateLimiterFactory } from '@marketplace/platform';
import type { Response } from 'express';
import { limits, messages } from './domain/rules';

export type AuthLimiters = ReturnType<typeof createAuthLimiters>;

/** One limiter per rule of `limits`. */
export function createAuthLimiters(factory: RateLimiterFactory) {
  const entries = Object.entries(limits).map(([key, rule]) => [key, factory.create(rule)] as const);
  return Object.fromEntries(entries) as {
    [K in keyof typeof limits]: ReturnType<RateLimiterFactory['create']>;
  };
}

/**
 * Consumes one point from each `[limiter, key]`; sets Retry-After (s) on `res`.
 * @throws HttpError 429 when any limit is exhausted.
 */
export async function enforce(
  res: Response,
  checks: Array<[ReturnType<RateLimiterFactory['create']>, string]>,
  message: string = messages.tooMany,
): Promise<void> {
  for (const [limiter, key] of checks) {
    const result = await limiter.consume(key);
    if (!result.allowed) {
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw new HttpError(429, message);
    }
  }
}
