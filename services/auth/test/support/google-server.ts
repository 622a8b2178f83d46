/**
 * A local stand-in for Google's ID-token infrastructure: an HTTP server publishing a JWKS (like
 * https://www.googleapis.com/oauth2/v3/certs) and a signer for ID tokens with Google's claims.
 * Used by the provider unit tests and the auth API tests (point GOOGLE_JWKS_URL at `url`).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { startLocalServer } from '../../../../test-support/http';

export const GOOGLE_STUB_ISSUER = 'https://accounts.google.com';
export const GOOGLE_STUB_CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** Claims of a Google ID token; unset ones get defaults, `undefined` removes a default. */
export type GoogleIdTokenClaims = JWTPayload & {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
};

export interface SignIdTokenOptions {
  /** Lifetime from now, in seconds (default 3600); negative gives an already expired token. */
  expiresInSec?: number;
  /** `aud` (default: the stub's client id). */
  audience?: string;
  /** `iss` (default: https://accounts.google.com). */
  issuer?: string;
  /** 'good' signs with the published key; 'foreign' with a key not in the JWKS but under the same `kid`. */
  key?: 'good' | 'foreign';
}

export interface GoogleStub {
  /** JWKS URL, for GOOGLE_JWKS_URL. */
  url: string;
  issuer: string;
  clientId: string;
  /** Signs an RS256 ID token. Defaults: sub 'google-user-1', email 'user@example.com', verified, name 'Test User'. */
  signIdToken(claims?: GoogleIdTokenClaims, opts?: SignIdTokenOptions): Promise<string>;
  /** How many times the JWKS has been fetched. */
  jwksRequests(): number;
  /** While set, the JWKS endpoint answers this HTTP status with a non-JSON body; `null` restores it. */
  failWith(status: number | null): void;
  /** Closes the server and its open connections. */
  stop(): Promise<void>;
}

/**
 * Starts the stub on 127.0.0.1 with a free port: an RS256 key pair generated now (kid set) is published at
 * `url`; a second, foreign key pair is kept for bad-signature tests.
 */
export async function startGoogleStub(): Promise<GoogleStub> {
  const kid = `test-${randomUUID()}`;
  const good = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(good.publicKey)), kid, alg: 'RS256', use: 'sig' };

  let requests = 0;
  let failure: number | null = null;
  const app = express();
  app.get('/oauth2/v3/certs', (_req, res) => {
    requests += 1;
    if (failure !== null) {
      res.status(failure).type('text/plain').send('upstream trouble');
      return;
    }
    res.set('cache-control', 'public, max-age=3600').json({ keys: [publicJwk] });
  });

  const server = await startLocalServer(app);

  return {
    url: `${server.origin}/oauth2/v3/certs`,
    issuer: GOOGLE_STUB_ISSUER,
    clientId: GOOGLE_STUB_CLIENT_ID,
    async signIdToken(claims = {}, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const lifetime = opts.expiresInSec ?? 3600;
      const payload: JWTPayload = {
        sub: 'google-user-1',
        email: 'user@example.com',
        email_verified: true,
        name: 'Test User',
        azp: GOOGLE_STUB_CLIENT_ID,
        ...claims,
      };
      const key: CryptoKey = opts.key === 'foreign' ? foreign.privateKey : good.privateKey;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(opts.issuer ?? GOOGLE_STUB_ISSUER)
        .setAudience(opts.audience ?? GOOGLE_STUB_CLIENT_ID)
        .setIssuedAt(Math.min(now, now + lifetime) - 60)
        .setExpirationTime(now + lifetime)
        .sign(key);
    },
    jwksRequests: () => requests,
    failWith(status) {
      failure = status;
    },
    stop: server.stop,
  };
}
