/**
 * The session tokens' ES256 key (jose): the auth service's signing key and its published JWKS (the current
 * public key first, then the previous ones during a rotation), and the signing of a session token.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey as JoseKey,
  type JSONWebKeySet,
  type JWK,
  SignJWT,
} from 'jose';
import { type Role, SESSION_TTL_MS } from './principal';

/** The signature algorithm of every session token. */
export const TOKEN_ALGORITHM = 'ES256';
const ALG = TOKEN_ALGORITHM;

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
