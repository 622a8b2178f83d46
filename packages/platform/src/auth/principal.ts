/**
 * Who calls, as the services see it: the session cookie names, the session lifetime, the roles and the
 * {@link Principal} that `authenticate` sets on `req` (with the Express typings for it).
 */
import { SIGNED_IN_COOKIE_NAME } from '@marketplace/contracts';
import type { HttpError } from '../errors';

/** Name of the session cookie (spec §9). */
export const AUTH_COOKIE = 'auth-token';
/**
 * Name of the sign-in hint cookie: value `1`, set and cleared by the auth service together with
 * {@link AUTH_COOKIE} (same path `/`, max-age, SameSite and Secure) but NOT HttpOnly, so front-end scripts
 * can read it. It carries no secret and proves nothing: servers never look at it. A front end uses it only
 * to skip `GET /api/auth/profile` (which would answer 401) for visitors who are not signed in. It can be
 * stale: a session revoked elsewhere (user deleted) or signed in before the hint existed differs from it,
 * so the profile call stays the authority whenever the hint is present.
 */
export const SIGNED_IN_COOKIE = SIGNED_IN_COOKIE_NAME;
/** Token and cookie lifetime: 30 days (spec §9), in ms. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The roles of a user (spec §6). */
export type Role = 'User' | 'Admin';

/** Who is calling, from a verified token. */
export interface Principal {
  /** User id (`_id`). */
  id: string;
  role: Role;
  /** Token id, for revocation. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Session version the token was issued under (claim `sv`; 0 for tokens without it). Issue 20. */
  sessionVersion?: number;
}

declare global {
  namespace Express {
    interface Request {
      /** Set by `authenticate` when a valid token came with the request. */
      principal?: Principal;
      /**
       * Set by `authenticate` when a token came but could not be checked against the auth service's record
       * (auth unreachable, distributed mode): `requireUser`/`requireAdmin` answer it (503) instead of 401.
       */
      authUnavailable?: HttpError;
    }
  }
}
