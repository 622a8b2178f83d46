/**
 * Sessions: a JWT signed with the auth service's key (platform `signSessionToken`), returned as `tokenId`
 * and set as cookie `auth-token` (path /, 30 days, HttpOnly, SameSite=Lax, Secure over https; spec §9).
 */
import { randomUUID } from 'node:crypto';
import { AUTH_COOKIE, SESSION_TTL_MS, type ServicePorts, signSessionToken } from '@marketplace/platform';
import type { Request, Response } from 'express';
import type { UserRow } from './store';

/** Signs a session for `user`, sets the cookie on `res` and returns the token. @throws Error when this process has no signing key. */
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
  res.cookie(AUTH_COOKIE, token, {
    path: '/',
    maxAge: SESSION_TTL_MS,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
  });
  return token;
}

/** Clears the session cookie. */
export function endSession(req: Request, res: Response): void {
  res.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
}
