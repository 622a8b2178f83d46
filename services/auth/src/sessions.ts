/**
 * Sessions: a JWT signed with the auth service's key (platform `signSessionToken`), returned as `tokenId`
 * and set as cookie `auth-token` (path /, 30 days, HttpOnly, SameSite=Lax, Secure over https; spec §9).
 *
 * Next to it goes the sign-in hint cookie `signed-in=1` (platform `SIGNED_IN_COOKIE`): same path, max-age,
 * SameSite and Secure, but readable by scripts (not HttpOnly). It holds no secret and authorises nothing;
 * front ends read it only to skip `GET /api/auth/profile` for visitors who are not signed in.
 */
import { randomUUID } from 'node:crypto';
import {
  AUTH_COOKIE,
  SESSION_TTL_MS,
  type ServicePorts,
  SIGNED_IN_COOKIE,
  signSessionToken,
} from '@marketplace/platform';
import type { CookieOptions, Request, Response } from 'express';
import type { UserRow } from './store';

/** Options shared by both cookies: path `/`, SameSite=Lax, Secure when the request came over https. */
const cookieOptions = (req: Request): CookieOptions => ({ path: '/', sameSite: 'lax', secure: req.secure });

/**
 * Signs a session for `user` (30 days, SESSION_TTL_MS), sets the HttpOnly `auth-token` cookie and the
 * script-readable `signed-in=1` hint on `res`, and returns the token.
 * @throws Error when this process has no signing key.
 */
export async function startSession(
  ports: ServicePorts,
  req: Request,
  res: Response,
  user: UserRow,
): Promise<string> {
  if (!ports.signingKey) throw new Error('the auth service needs its signing key');
  const token = await signSessionToken(
    ports.signingKey,
    { id: user.id, role: user.role },
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
