/**
 * Signed upload URLs of the local-disk adapter (issue 6): an HMAC-SHA256, keyed with
 * UPLOAD_SIGNING_SECRET, over the key, the upload type, the owner's user id and the expiry. The URL is
 *
 *   `/api/storage/upload/{key}?type={type}&owner={userId}&expires={unix seconds}&sig={base64url HMAC}`
 *
 * (prefixed with PUBLIC_URL when set). It authorises exactly one key until it expires; changing any part
 * invalidates the signature. Pure functions: no I/O, the time is passed in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadType } from '@marketplace/contracts';

/** What a signature covers. */
export interface UploadGrant {
  key: string;
  type: UploadType;
  /** Uploader's user id. */
  owner: string;
  /** Expiry, whole seconds since the Unix epoch. */
  expires: number;
}

/** Why a signed URL is refused. */
export type GrantProblem = 'malformed' | 'bad-signature' | 'expired';

function mac(secret: string, grant: UploadGrant): Buffer {
  // One field per line: no field can contain a newline (keys, types and ids are checked), so no two
  // different grants give the same message.
  const message = ['upload-v1', grant.key, grant.type, grant.owner, String(grant.expires)].join('\n');
  return createHmac('sha256', secret).update(message).digest();
}

/** The base64url HMAC-SHA256 of `grant` under `secret`. */
export function signGrant(secret: string, grant: UploadGrant): string {
  return mac(secret, grant).toString('base64url');
}

/**
 * The upload URL for `grant`: a path, or an absolute URL when `baseUrl` (PUBLIC_URL) is given.
 * `key` and the other fields are URL-encoded.
 */
export function uploadUrlFor(secret: string, grant: UploadGrant, baseUrl?: string): string {
  const query = new URLSearchParams({
    type: grant.type,
    owner: grant.owner,
    expires: String(grant.expires),
    sig: signGrant(secret, grant),
  });
  const path = `/api/storage/upload/${encodeURIComponent(grant.key)}?${query}`;
  return baseUrl ? `${baseUrl.replace(/\/+$/, '')}${path}` : path;
}

/**
 * Checks a signed URL's parts. `query` is the request's query object (values may be missing or
 * repeated). `nowMs` is the current time in ms since the epoch.
 * @returns the grant when the signature is valid and unexpired, else the problem (never throws).
 */
export function verifyGrant(
  secret: string,
  key: string,
  query: Record<string, unknown>,
  nowMs: number,
): { ok: true; grant: UploadGrant } | { ok: false; problem: GrantProblem } {
  const { type, owner, expires, sig } = query;
  if (
    (type !== 'cars' && type !== 'logo') ||
    typeof owner !== 'string' ||
    owner === '' ||
    owner.includes('\n') ||
    typeof expires !== 'string' ||
    !/^\d{1,12}$/.test(expires) ||
    typeof sig !== 'string' ||
    !/^[A-Za-z0-9_-]{43}$/.test(sig)
  ) {
    return { ok: false, problem: 'malformed' };
  }
  const grant: UploadGrant = { key, type, owner, expires: Number(expires) };
  // Compare the canonical text, not decoded bytes: base64url's spare bits would let two spellings match.
  const expected = Buffer.from(signGrant(secret, grant));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, problem: 'bad-signature' };
  }
  if (grant.expires * 1000 <= nowMs) return { ok: false, problem: 'expired' };
  return { ok: true, grant };
}
