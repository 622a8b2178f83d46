/**
 * Verifying a session token: its signature against the auth service's JWKS (distributed) or the in-process
 * key set (embedded), then the revocation fast path in the shared cache (revocation.ts), then — when one is
 * installed — the session check against the auth service's record, whose answers are cached in process
 * for at most {@link MAX_SESSION_CHECK_TTL_MS}.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { Cache } from '../cache/types';
import { TOKEN_ALGORITHM as ALG } from './keys';
import type { Principal, Role } from './principal';
import { isRevoked } from './revocation';

/** Checks session tokens (see {@link createTokenVerifier}). */
export interface TokenVerifier {
  /**
   * The principal of a valid, unrevoked token, or undefined. Never throws for a bad or revoked token.
   * `opts.fresh` skips the in-process cache of session checks (the internal operation `checkSession`).
   * @throws HttpError 503 when a session check is installed and cannot answer (auth service unreachable).
   */
  verify(token: string, opts?: { fresh?: boolean }): Promise<Principal | undefined>;
  /**
   * Installs the check against the auth service's record (issue 20): every token that passes its signature
   * and the cache fast path is also checked by `check`, whose answers are cached in this process for
   * `ttlMs` (at most 60 000 ms; larger values are clamped). A later call replaces the check.
   */
  useSessionCheck(check: SessionCheck, opts: { ttlMs: number }): void;
  /** Drops cached session-check answers of token `jti` and/or every token of `userId` (this process only). */
  forget(which: { jti?: string; userId?: string }): void;
}

/** What a session check is asked about: the verified claims of a token. */
export interface SessionClaims {
  userId: string;
  role: Role;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  sessionVersion: number;
}

/**
 * Asks the auth service's record whether a token (signature already verified) is still good: the user
 * exists, still has `claims.role`, the token id is not revoked and `claims.sessionVersion` is not below
 * the user's session version. Resolves true/false.
 * @throws HttpError 503 when the record cannot be reached (the token is then neither accepted nor cached).
 */
export type SessionCheck = (token: string, claims: SessionClaims) => Promise<boolean>;

/** Longest time a session-check answer is reused in a process (issue 20: "a short cache, at most 60 s"), ms. */
export const MAX_SESSION_CHECK_TTL_MS = 60_000;
/** Bound on cached session-check answers per process (an evicted answer is simply asked again). */
export const SESSION_CHECK_CACHE_ENTRIES = 10_000;

/** Default minimum time between two JWKS fetches caused by tokens with an unknown `kid`, in ms. */
export const JWKS_COOLDOWN_MS = 5_000;

interface CachedCheck {
  ok: boolean;
  userId: string;
  /** Epoch ms after which the answer is asked again. */
  until: number;
}

/**
 * Verifier over a JWKS URL (distributed) or a local key set (embedded). The key is chosen by the token's
 * `kid` header. A remote set is cached for `jwksCacheMaxAgeMs` (default 600 000 ms = 10 min; a key removed
 * from the JWKS is still accepted by a verifier until then) and refetched at once when a token names a
 * `kid` it does not hold (a rotation), at most once per `jwksCooldownMs` (default {@link JWKS_COOLDOWN_MS}),
 * so tokens with made-up kids cannot make it hammer the auth service.
 *
 * With `cache`, the fast-path revocation keys are checked (module doc); with a session check installed
 * (`useSessionCheck`), the auth service's record too.
 * @throws Error when neither `jwks` nor `jwksUrl` is given.
 */
export function createTokenVerifier(opts: {
  issuer: string;
  jwksUrl?: string;
  jwks?: JSONWebKeySet;
  cache?: Cache;
  jwksCooldownMs?: number;
  jwksCacheMaxAgeMs?: number;
}): TokenVerifier {
  let keys: JWTVerifyGetKey;
  if (opts.jwks) keys = createLocalJWKSet(opts.jwks);
  else if (opts.jwksUrl)
    keys = createRemoteJWKSet(new URL(opts.jwksUrl), {
      cooldownDuration: opts.jwksCooldownMs ?? JWKS_COOLDOWN_MS,
      cacheMaxAge: opts.jwksCacheMaxAgeMs ?? 600_000,
    });
  else throw new Error('createTokenVerifier needs jwks or jwksUrl');
  let sessionCheck: SessionCheck | undefined;
  let checkTtlMs = MAX_SESSION_CHECK_TTL_MS;
  // jti → answer; Map order = insertion order, so the first key is the oldest answer (evicted first).
  const checked = new Map<string, CachedCheck>();

  async function checkSession(token: string, claims: SessionClaims, fresh: boolean): Promise<boolean> {
    if (!sessionCheck) return true;
    const now = Date.now();
    const hit = checked.get(claims.jti);
    if (hit && !fresh && hit.until > now) return hit.ok;
    const ok = await sessionCheck(token, claims);
    checked.delete(claims.jti);
    if (checked.size >= SESSION_CHECK_CACHE_ENTRIES) {
      const oldest = checked.keys().next().value;
      if (oldest !== undefined) checked.delete(oldest);
    }
    checked.set(claims.jti, { ok, userId: claims.userId, until: now + checkTtlMs });
    return ok;
  }

  return {
    async verify(token, verifyOpts) {
      let claims: SessionClaims;
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: opts.issuer, algorithms: [ALG] });
        if (!payload.sub || !payload.jti || !payload.exp) return undefined;
        const sv = typeof payload.sv === 'number' && Number.isInteger(payload.sv) ? payload.sv : 0;
        claims = {
          userId: payload.sub,
          role: payload.role === 'Admin' ? 'Admin' : 'User',
          jti: payload.jti,
          exp: payload.exp,
          sessionVersion: sv,
        };
        if (opts.cache && (await isRevoked(opts.cache, claims))) return undefined;
      } catch {
        return undefined;
      }
      if (!(await checkSession(token, claims, verifyOpts?.fresh === true))) return undefined;
      return {
        id: claims.userId,
        role: claims.role,
        jti: claims.jti,
        exp: claims.exp,
        sessionVersion: claims.sessionVersion,
      };
    },
    useSessionCheck(check, checkOpts) {
      sessionCheck = check;
      checkTtlMs = Math.min(Math.max(0, checkOpts.ttlMs), MAX_SESSION_CHECK_TTL_MS);
      checked.clear();
    },
    forget(which) {
      if (which.jti) checked.delete(which.jti);
      if (which.userId) {
        for (const [jti, answer] of checked) if (answer.userId === which.userId) checked.delete(jti);
      }
    },
  };
}
