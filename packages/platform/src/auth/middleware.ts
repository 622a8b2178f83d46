/**
 * The Express side of authentication: the token of a request (Bearer header or `auth-token` cookie),
 * `authenticate` (sets `req.principal`) and the access checks `requireUser` / `requireAdmin`.
 */
import type { RequestHandler } from 'express';
import { forbidden, HttpError, unauthorized } from '../errors';
import { AUTH_COOKIE } from './principal';
import type { TokenVerifier } from './verifier';

/**
 * The session token of a request: `Authorization: Bearer <token>`, else the `auth-token` cookie. A cookie
 * value that is not valid percent-encoding is no token (issue 20, point 11: no session, never a 500).
 */
export function tokenFrom(header: string | undefined, cookieHeader: string | undefined): string | undefined {
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== AUTH_COOKIE) continue;
    try {
      return decodeURIComponent(v.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Sets `req.principal` when the request carries a valid token; never rejects by itself. When the token
 * cannot be checked (auth service unreachable) the request goes on without a principal and
 * `req.authUnavailable` holds the 503 that `requireUser`/`requireAdmin` answer.
 */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = tokenFrom(req.headers.authorization, req.headers.cookie);
    if (token) {
      try {
        req.principal = await verifier.verify(token);
      } catch (err) {
        req.authUnavailable =
          err instanceof HttpError
            ? err
            : new HttpError(503, 'auth service is unavailable, please try again.');
      }
    }
    next();
  };
}

/** 401 unless signed in (503 when the session could not be checked). */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.principal ? undefined : (req.authUnavailable ?? unauthorized()));
};

/** 401 unless signed in (503 when the session could not be checked), 403 unless the role is Admin. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.principal) return next(req.authUnavailable ?? unauthorized());
  next(req.principal.role === 'Admin' ? undefined : forbidden('Only administrators can do this.'));
};
