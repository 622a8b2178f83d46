/**
 * Sessions: a JWT signed with the auth service's key (platform `signSessionToken`), returned as `tokenId`
 * and set as cookie `auth-token` (path /, 30 days, HttpOnly, SameSite=Lax, Secure over https; spec §9).
 *
 * Next to it goes the sign-in hint cookie `signed-in=1` (platform `SIGNED_IN_COOKIE`): same path, max-age,
 * SameSite and Secure, but readable by scripts (not HttpOnly). It holds no secret and authorises nothing;
 * front ends read it only to skip `GET /api/auth/profile` for visitors who are not signed in.
 *
 * Revocation (issue 20, point 1): logout, sign-out-everywhere, password change and user deletion write
 * the auth database first (store.ts `sessionStore`, the record), then the shared cache (the fast path
 * other processes read at once). Every token verification in this process checks the record
 * ({@link databaseSessionCheck}); other processes call the internal operation `checkSession` (operations.ts).
 */
import { randomUUID } from 'node:crypto';
import type { EventPayloads } from '@marketplace/contracts';
import {
  AUTH_COOKIE,
  type Db,
  type Principal,
  revokeSessionsBelow,
  revokeToken,
  SESSION_TTL_MS,
  type ServicePorts,
  type SessionCheck,
  SIGNED_IN_COOKIE,
  signSessionToken,
} from '@marketplace/platform';
import type { CookieOptions, Request, Response } from 'express';
import { sessionStore, type UserRow } from '../data/store';

/** Options shared by both cookies: path `/`, SameSite=Lax, Secure when the request came over https. */
const cookieOptions = (req: Request): CookieOptions => ({ path: '/', sameSite: 'lax', secure: req.secure });

/**
 * Signs a session for `user` (30 days, SESSION_TTL_MS), sets the HttpOnly `auth-token` cookie and the
 * script-readable `signed-in=1` hint on `res`, and returns the token.
 * @throws Error when this process has no signing key.
 */
export async function startSession(
  ports: ServicePorts<EventPayloads>,
  req: Request,
  res: Response,
  user: UserRow,
): Promise<string> {
  if (!ports.signingKey) throw new Error('the auth service needs its signing key');
  const token = await signSessionToken(
    ports.signingKey,
    { id: user.id, role: user.role, sessionVersion: user.sessionVersion },
    { issuer: ports.config.JWT_ISSUER, jti: randomUUID(), now: ports.clock() },
  );
  res.cookie(AUTH_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_MS, httpOnly: true });
  res.cookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions(req), maxAge: SESSION_TTL_MS, httpOnly: false });
  return token;
}

/** Clears the session cookie and the sign-in hint (the browser drops both: expired, empty). */
export function endSession(req: Request, res: Response): void {
  res.clearCookie(AUTH_COOKIE, { ...cookieOptions(req), httpOnly: true });
  res.clearCookie(SIGNED_IN_COOKIE, cookieOptions(req));
}

/**
 * The session check of the auth service's own process (and of the embedded host): reads the record in
 * the auth database (`sessionStore.isValid`, one statement). Database errors propagate (the verifier then
 * refuses nothing and accepts nothing: `authenticate` answers 503 on protected routes).
 */
export function databaseSessionCheck(db: Db): SessionCheck {
  return (_token, claims) => sessionStore.isValid(db, claims);
}

/**
 * Logout of the token `principal` came with (issue 20): records the token id as revoked until the token
 * expires (durable), forgets this process's cached answer for it, then sets the cache fast path. A cache
 * failure is logged and does not fail the logout: the record already refuses the token.
 */
export async function revokeSession(ports: ServicePorts<EventPayloads>, principal: Principal): Promise<void> {
  await sessionStore.revokeToken(ports.db, {
    jti: principal.jti,
    userId: principal.id,
    expiresAt: new Date(principal.exp * 1000),
  });
  ports.tokens.forget({ jti: principal.jti });
  try {
    await revokeToken(ports.cache, principal, ports.clock().getTime());
  } catch (err) {
    ports.logger.warn(
      { err },
      'logout: the cache fast path could not be written; the database refuses the token',
    );
  }
}

/**
 * Tells this process and the shared cache that every session of `userId` below `version` is over, after
 * the database says so (`sessionStore.bumpVersion`). A cache failure is logged only.
 */
export async function announceSessionVersion(
  ports: ServicePorts<EventPayloads>,
  userId: string,
  version: number,
): Promise<void> {
  ports.tokens.forget({ userId });
  try {
    await revokeSessionsBelow(ports.cache, userId, version);
  } catch (err) {
    ports.logger.warn({ err }, 'the cache fast path of a session version could not be written');
  }
}
