/** The auth service's rate limits (domain/rules.ts) on the shared limiter port (memory or Redis). */
import { type RateLimiterFactory, tooManyRequests } from '@marketplace/platform';
import { limits, messages } from '../domain/rules';

export type AuthLimiters = ReturnType<typeof createAuthLimiters>;

/** One limiter per rule of `limits`. */
export function createAuthLimiters(factory: RateLimiterFactory) {
  const entries = Object.entries(limits).map(([key, rule]) => [key, factory.create(rule)] as const);
  return Object.fromEntries(entries) as {
    [K in keyof typeof limits]: ReturnType<RateLimiterFactory['create']>;
  };
}

/**
 * Consumes one point from each `[limiter, key]`.
 * @throws HttpError 429 (with Retry-After, s) when any limit is exhausted.
 */
export async function enforce(
  checks: Array<[ReturnType<RateLimiterFactory['create']>, string]>,
  message: string = messages.tooMany,
): Promise<void> {
  for (const [limiter, key] of checks) {
    const result = await limiter.consume(key);
    if (!result.allowed) throw tooManyRequests(message, result.retryAfterMs);
  }
}
