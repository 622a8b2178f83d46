/**
 * Google sign-in: verifies a Google ID token (a JWT) locally against Google's published signing keys.
 *
 * Source: Google Identity, "Verify the Google ID token on your server side"
 * (https://developers.google.com/identity/gsi/web/guides/verify-google-id-token): the token must be signed
 * by one of Google's keys (JWKS at https://www.googleapis.com/oauth2/v3/certs), `aud` must equal our OAuth
 * client id, `iss` must be `accounts.google.com` or `https://accounts.google.com`, and `exp` must not have
 * passed. We additionally require `email` with `email_verified` true before trusting the address.
 */
import { HttpError } from '@marketplace/platform';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  nameFromEmail,
  type SocialIdentity,
  type SocialVerifier,
} from './types';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured.';
export const GOOGLE_INVALID_TOKEN = 'Google sign-in failed: the token is not valid.';
export const GOOGLE_NO_VERIFIED_EMAIL = 'Your Google account has no verified e-mail address.';
export const GOOGLE_UNREACHABLE = 'Google could not be reached. Please try again.';

/** Signature algorithms accepted on Google ID tokens (Google signs with RS256). */
const ALGORITHMS = ['RS256', 'ES256'];
/** Allowed clock skew between us and Google when checking `exp`/`iat`/`nbf`, in seconds. */
const CLOCK_TOLERANCE_SEC = 5;
/** Key-resolution errors that describe the token (unknown `kid`, odd `alg`), not the key server. */
const TOKEN_KEY_ERRORS = new Set([
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_NOT_SUPPORTED',
]);

export interface GoogleVerifierOptions {
  /** OAuth client id (the ID token's expected `aud`); absent → not configured. */
  clientId?: string;
  /** URL of Google's JWKS (in tests, a local server). */
  jwksUrl: string;
  /** Accepted `iss` values. */
  issuers: string[];
  /** Time limit for fetching the JWKS, in ms (default 5000). */
  fetchTimeoutMs?: number;
}

/** Marks a failure to obtain the signing keys (network, timeout, non-200, malformed key set). */
class KeySetUnavailable extends Error {
  override name = 'KeySetUnavailable';
}

function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return err.code;
  }
  return undefined;
}

function isEmailVerified(claim: unknown): boolean {
  return claim === true || claim === 'true';
}

function stringClaim(payload: JWTPayload, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Creates the Google ID-token verifier.
 *
 * The remote key set is created on first use and cached by jose (re-fetched after 10 minutes, or when a
 * token names an unknown `kid` and the last fetch is over 30 s old).
 *
 * `verify(idToken)` checks signature (RS256/ES256), `iss` ∈ `issuers`, `aud` = `clientId`, `exp` (±5 s), a
 * `sub`, and `email` with `email_verified` true (boolean or the string 'true'), and returns
 * `{ provider: 'google', providerId: sub, email (lower-cased), name, picture? }`.
 * @throws HttpError 503 'Google sign-in is not configured.' when `clientId` is absent;
 *   401 'Google sign-in failed: the token is not valid.' for any malformed, expired, wrongly signed, or
 *   wrong-audience/issuer token; 401 'Your Google account has no verified e-mail address.';
 *   502 'Google could not be reached. Please try again.' when the JWKS cannot be fetched.
 */
export function createGoogleVerifier(opts: GoogleVerifierOptions): SocialVerifier {
  const clientId = opts.clientId?.trim() || undefined;
  const timeoutDuration = opts.fetchTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  let remote: JWTVerifyGetKey | undefined;

  /** Resolves the verification key, separating "key server failed" from "token names no usable key". */
  const getKey: JWTVerifyGetKey = async (header, token) => {
    remote ??= createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration });
    try {
      return await remote(header, token);
    } catch (err) {
      const code = errorCode(err);
      if (code !== undefined && TOKEN_KEY_ERRORS.has(code)) throw err;
      throw new KeySetUnavailable('JWKS unavailable', { cause: err });
    }
  };

  return {
    configured: clientId !== undefined,
    async verify(idToken: string): Promise<SocialIdentity> {
      if (clientId === undefined) throw new HttpError(503, GOOGLE_NOT_CONFIGURED);
      if (typeof idToken !== 'string' || idToken.trim() === '')
        throw new HttpError(401, GOOGLE_INVALID_TOKEN);

      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken.trim(), getKey, {
          issuer: opts.issuers,
          audience: clientId,
          algorithms: ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SEC,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (err) {
        if (err instanceof KeySetUnavailable) throw new HttpError(502, GOOGLE_UNREACHABLE);
        throw new HttpError(401, GOOGLE_INVALID_TOKEN);
      }

      const sub = stringClaim(payload, 'sub');
      if (sub === undefined) throw new HttpError(401, GOOGLE_INVALID_TOKEN);
      const email = stringClaim(payload, 'email')?.toLowerCase();
      if (email === undefined || !isEmailVerified(payload.email_verified)) {
        throw new HttpError(401, GOOGLE_NO_VERIFIED_EMAIL);
      }
      const picture = stringClaim(payload, 'picture');
      const identity: SocialIdentity = {
        provider: 'google',
        providerId: sub,
        email,
        name: stringClaim(payload, 'name') ?? nameFromEmail(email),
      };
      if (picture !== undefined) identity.picture = picture;
      return identity;
    },
  };
}
