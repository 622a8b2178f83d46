/**
 * Authentication shared by every service: JWTs signed by the auth service with an ES256 key (jose),
 * verified by each service against the auth service's JWKS (distributed) or the in-process key set
 * (embedded). The token comes from the `auth-token` cookie or `Authorization: Bearer`.
 *
 * Revocation (issue 20, point 1) has two layers:
 * - the fast path, in the shared cache (memory or Redis): `revoked:<jti>` (logout), `revoked-user:<id>`
 *   (deleted user) and `session-version:<id>` (sign out everywhere, password change) refuse a token at
 *   once in every process that shares the cache;
 * - the record, in the auth service's database: revoked token ids until they expire, and a per-user
 *   session version (tokens carry it as claim `sv`). A {@link SessionCheck} installed on the verifier
 *   (`useSessionCheck`) asks that record whether the token is still good — that the user exists, has the
 *   role the token claims, and the token is neither revoked nor older than the user's session version. In
 *   the auth process (and the embedded host) the check reads the database; in other distributed processes
 *   it asks the auth service (`remoteSessionCheck`). Its answers are cached in process for at most
 *   `SESSION_CHECK_TTL_MS` (≤ 60 s), so a cache eviction or a Redis restart never brings a token back.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_COOKIE_NAME } from '@marketplace/contracts';
import type { RequestHandler } from 'express';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey as JoseKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Cache } from './cache/types';
import { forbidden, HttpError, unauthorized } from './errors';
import type { Peers } from './peers';

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
const ALG = 'ES256';

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

/** The signing key pair and its public JWKS. */
export interface SigningKey {
  /** `kid` of the current key (its RFC 7638 thumbprint), set in every token's header. */
  kid: string;
  privateKey: JoseKey;
  /** The published key set: the current public key first, then the previous ones (JWT_PREVIOUS_PUBLIC_KEYS). */
  jwks: JSONWebKeySet;
}

const PUBLIC_KEY_PEM = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g;

/**
 * The ES256 public keys in `pems` (one or more PEM SPKI blocks, concatenated; text between blocks is
 * ignored) as JWKs `{ kty, crv, x, y, kid, alg: 'ES256', use: 'sig' }`, `kid` = RFC 7638 thumbprint.
 * @throws Error when a block is not an ES256 (P-256) public key.
 */
export async function publicKeysToJwks(pems: string): Promise<JWK[]> {
  const out: JWK[] = [];
  for (const [pem] of pems.matchAll(PUBLIC_KEY_PEM)) {
    let key: JoseKey;
    try {
      key = await importSPKI(pem, ALG, { extractable: true });
    } catch (err) {
      throw new Error(`JWT_PREVIOUS_PUBLIC_KEYS: not an ES256 public key (${(err as Error).message})`);
    }
    const jwk = await exportJWK(key);
    out.push({ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: ALG, use: 'sig' });
  }
  return out;
}

/**
 * Loads the ES256 signing key from `pem` (PKCS#8), or in development from/into `DATA_DIR/keys/jwt-es256.pem`
 * (generated on first start; never use that in production: config refuses it). The public keys in
 * `previousPublicKeys` (PEM SPKI, concatenated; JWT_PREVIOUS_PUBLIC_KEYS) are published in `jwks` after the
 * current one, each with its own `kid`; duplicates and the current key itself are left out.
 * @throws Error when a key cannot be imported.
 */
export async function loadSigningKey(opts: {
  pem?: string;
  dataDir: string;
  previousPublicKeys?: string;
}): Promise<SigningKey> {
  let pem = opts.pem;
  if (!pem) {
    const file = path.join(opts.dataDir, 'keys', 'jwt-es256.pem');
    if (fs.existsSync(file)) pem = fs.readFileSync(file, 'utf8');
    else {
      const { privateKey } = await generateKeyPair(ALG, { extractable: true });
      pem = await exportPKCS8(privateKey);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pem, { mode: 0o600 });
    }
  }
  const privateKey = await importPKCS8(pem, ALG, { extractable: true });
  const full: JWK = await exportJWK(privateKey);
  const { d: _d, ...pub } = full;
  const kid = await calculateJwkThumbprint(pub);
  const keys: JWK[] = [{ ...pub, kid, alg: ALG, use: 'sig' }];
  for (const previous of opts.previousPublicKeys ? await publicKeysToJwks(opts.previousPublicKeys) : []) {
    if (!keys.some((k) => k.kid === previous.kid)) keys.push(previous);
  }
  return { kid, privateKey, jwks: { keys } };
}

/**
 * Signs a session token for `user`; lifetime SESSION_TTL_MS. `user.sessionVersion` (default 0) goes into
 * claim `sv`: the token is refused once the user's session version in the auth database is higher
 * (sign out everywhere, password change; issue 20).
 */
export async function signSessionToken(
  key: SigningKey,
  user: { id: string; role: Role; sessionVersion?: number },
  opts: { issuer: string; jti: string; now?: Date },
): Promise<string> {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ role: user.role, sv: user.sessionVersion ?? 0 })
    .setProtectedHeader({ alg: ALG, kid: key.kid })
    .setSubject(user.id)
    .setIssuer(opts.issuer)
    .setJti(opts.jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_MS / 1000)
    .sign(key.privateKey);
}

export interface TokenVerifier {
  /**
   * The principal of a valid, unrevoked token, or undefined. Never throws for a bad or revoked token.
   * `opts.fresh` skips the in-process cache of session checks (the auth service's introspection route).
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

/** Path of the auth service's introspection route (not in the public route table, so never proxied). */
export const SESSION_INTROSPECTION_PATH = '/api/auth/internal/session';

/** What the introspection route answers for a good token (200); 401 `{ message }` otherwise. */
export interface IntrospectionAnswer {
  id: string;
  role: Role;
  jti: string;
}

/**
 * The session check of a process that is not the auth service (distributed mode, issue 20): asks the auth
 * service through the peers port (`GET` {@link SESSION_INTROSPECTION_PATH} with the token as
 * `Authorization: Bearer`), which verifies it against its database. 200 with the same user, role and
 * token id → good; 401/403 → revoked.
 * @throws HttpError 503 when auth cannot be reached or answers anything else.
 */
export function remoteSessionCheck(peers: Peers): SessionCheck {
  return async (token, claims) => {
    const res = await peers.call<IntrospectionAnswer>('auth', {
      path: SESSION_INTROSPECTION_PATH,
      forward: { headers: { authorization: `Bearer ${token}` } },
    });
    if (res.status === 200) {
      return res.body?.id === claims.userId && res.body.role === claims.role && res.body.jti === claims.jti;
    }
    if (res.status === 401 || res.status === 403) return false;
    throw new HttpError(503, 'auth service is unavailable, please try again.');
  };
}

const revokedTokenKey = (jti: string) => `revoked:${jti}`;
const revokedUserKey = (userId: string) => `revoked-user:${userId}`;
const sessionVersionKey = (userId: string) => `session-version:${userId}`;

async function isRevoked(cache: Cache, claims: SessionClaims): Promise<boolean> {
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

const SEAL_VERSION = 'v1';

function sealKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'marketplace-bus-seal', 'event field encryption v1', 32));
}

/**
 * Seals a short secret (e.g. a one-time code) for an event payload, so it never travels or rests on the
 * bus in clear (issue 20, point 13): AES-256-GCM with a key derived by HKDF-SHA256 from `secret` (a
 * deployment secret every sending and receiving process holds), a random 96-bit IV, and `context` (e.g.
 * the recipient's phone number) as additional data, so a sealed value only opens for that context.
 * @returns `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
export function sealSecret(secret: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Opens a value made by {@link sealSecret} with the same `secret` and `context`.
 * @throws Error `sealed value cannot be opened` when it is malformed, tampered with, sealed with another
 *   secret or for another context (the message never contains the value).
 */
export function openSecret(secret: string, sealed: string, context: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  try {
    if (version !== SEAL_VERSION || !iv || !body || !tag) throw new Error('malformed');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error('sealed value cannot be opened');
  }
}
