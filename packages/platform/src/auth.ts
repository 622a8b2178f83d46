/**
 * Authentication shared by every service: JWTs signed by the auth service with an ES256 key (jose),
 * verified by each service against the auth service's JWKS (distributed) or the in-process key set
 * (embedded). The token comes from the `auth-token` cookie or `Authorization: Bearer`. A token whose id
 * is revoked (logout) or whose user is revoked (deleted) in the cache is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
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
import { forbidden, unauthorized } from './errors';

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
export const SIGNED_IN_COOKIE = 'signed-in';
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
}

declare global {
  namespace Express {
    interface Request {
      /** Set by `authenticate` when a valid token came with the request. */
      principal?: Principal;
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

/** Signs a session token for `user`; lifetime SESSION_TTL_MS. */
export async function signSessionToken(
  key: SigningKey,
  user: { id: string; role: Role },
  opts: { issuer: string; jti: string; now?: Date },
): Promise<string> {
  const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: ALG, kid: key.kid })
    .setSubject(user.id)
    .setIssuer(opts.issuer)
    .setJti(opts.jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_MS / 1000)
    .sign(key.privateKey);
}

export interface TokenVerifier {
  /** The principal of a valid, unrevoked token, or undefined. Never throws for a bad token. */
  verify(token: string): Promise<Principal | undefined>;
}

/** Default minimum time between two JWKS fetches caused by tokens with an unknown `kid`, in ms. */
export const JWKS_COOLDOWN_MS = 5_000;

/**
 * Verifier over a JWKS URL (distributed) or a local key set (embedded). The key is chosen by the token's
 * `kid` header. A remote set is cached for `jwksCacheMaxAgeMs` (default 600 000 ms = 10 min; a key removed
 * from the JWKS is still accepted by a verifier until then) and refetched at once when a token names a
 * `kid` it does not hold (a rotation), at most once per `jwksCooldownMs` (default {@link JWKS_COOLDOWN_MS}),
 * so tokens with made-up kids cannot make it hammer the auth service.
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
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: opts.issuer, algorithms: [ALG] });
        const role = payload.role === 'Admin' ? 'Admin' : 'User';
        if (!payload.sub || !payload.jti || !payload.exp) return undefined;
        if (opts.cache && (await isRevoked(opts.cache, payload.jti, payload.sub))) return undefined;
        return { id: payload.sub, role, jti: payload.jti, exp: payload.exp };
      } catch {
        return undefined;
      }
    },
  };
}

const revokedTokenKey = (jti: string) => `revoked:${jti}`;
const revokedUserKey = (userId: string) => `revoked-user:${userId}`;

async function isRevoked(cache: Cache, jti: string, userId: string): Promise<boolean> {
  return Boolean((await cache.get(revokedTokenKey(jti))) ?? (await cache.get(revokedUserKey(userId))));
}

/** Denies the token `principal` came with until it expires (logout). */
export async function revokeToken(cache: Cache, principal: Principal, now = Date.now()): Promise<void> {
  const ttlMs = principal.exp * 1000 - now;
  if (ttlMs > 0) await cache.set(revokedTokenKey(principal.jti), '1', ttlMs);
}

/** Denies every token of `userId` issued so far, for the longest session lifetime (user deleted). */
export async function revokeUser(cache: Cache, userId: string): Promise<void> {
  await cache.set(revokedUserKey(userId), '1', SESSION_TTL_MS);
}

function tokenFrom(header: string | undefined, cookieHeader: string | undefined): string | undefined {
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === AUTH_COOKIE) return decodeURIComponent(v.join('=')) || undefined;
  }
  return undefined;
}

/** Sets `req.principal` when the request carries a valid token; never rejects by itself. */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = tokenFrom(req.headers.authorization, req.headers.cookie);
    if (token) req.principal = await verifier.verify(token);
    next();
  };
}

/** 401 unless signed in. */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.principal ? undefined : unauthorized());
};

/** 401 unless signed in, 403 unless the role is Admin. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.principal) return next(unauthorized());
  next(req.principal.role === 'Admin' ? undefined : forbidden('Only administrators can do this.'));
};
