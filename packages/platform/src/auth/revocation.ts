/**
 * The fast path of revocation (issue 20, point 1), in the shared cache (memory or Redis): `revoked:<jti>`
 * (logout), `revoked-user:<id>` (deleted user) and `session-version:<id>` (sign out everywhere, password
 * change) refuse a token at once in every process that shares the cache. The record is the auth service's
 * database; these keys only make other processes see it at once. TTLs in ms.
 */
import type { Cache } from '../cache/types';
import { type Principal, SESSION_TTL_MS } from './principal';
import type { SessionClaims } from './verifier';

const revokedTokenKey = (jti: string) => `revoked:${jti}`;
const revokedUserKey = (userId: string) => `revoked-user:${userId}`;
const sessionVersionKey = (userId: string) => `session-version:${userId}`;

/** True when the cache says the token of `claims` is revoked (by id, by user, or by session version). */
export async function isRevoked(cache: Cache, claims: SessionClaims): Promise<boolean> {
  if (await cache.get(revokedTokenKey(claims.jti))) return true;
  if (await cache.get(revokedUserKey(claims.userId))) return true;
  const version = Number(await cache.get(sessionVersionKey(claims.userId)));
  return Number.isFinite(version) && claims.sessionVersion < version;
}

/**
 * Fast path of a logout: denies the token `principal` came with until it expires, in the shared cache.
 * The record is the auth service's database; this only makes other processes see it at once.
 */
export async function revokeToken(cache: Cache, principal: Principal, now = Date.now()): Promise<void> {
  const ttlMs = principal.exp * 1000 - now;
  if (ttlMs > 0) await cache.set(revokedTokenKey(principal.jti), '1', ttlMs);
}

/** Fast path of a user deletion: denies every token of `userId`, for the longest session lifetime. */
export async function revokeUser(cache: Cache, userId: string): Promise<void> {
  await cache.set(revokedUserKey(userId), '1', SESSION_TTL_MS);
}

/**
 * Fast path of "sign out everywhere" / password change (issue 20): denies every token of `userId` whose
 * session version (claim `sv`) is below `version`, for the longest session lifetime.
 */
export async function revokeSessionsBelow(cache: Cache, userId: string, version: number): Promise<void> {
  await cache.set(sessionVersionKey(userId), String(version), SESSION_TTL_MS);
}
