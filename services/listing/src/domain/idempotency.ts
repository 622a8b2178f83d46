/**
 * The `Idempotency-Key` request header of `POST /api/cars` (issue 20; the semantics follow the IETF
 * draft "The Idempotency-Key HTTP Header Field"): the same key and body from the same user within 24 h get
 * the first answer again (201, header `Idempotent-Replayed: true`); the same key with another body → 422;
 * the same key while the first request still runs → 409. No I/O here: parsing and hashing only.
 */
import { createHash } from 'node:crypto';
import { badRequest } from '@marketplace/platform';

/** The header's name (case-insensitive on the wire). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Longest accepted key, in characters. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** Messages of the idempotency answers (each names the header). */
export const idempotencyMessages = {
  invalid: `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters (a UUID is best)`,
  differentBody: `${IDEMPOTENCY_HEADER}: this key was already used with a different request body; send a new key for a new listing`,
  inProgress: `${IDEMPOTENCY_HEADER}: a request with this key is still being processed; try again in a moment`,
} as const;

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The `Idempotency-Key` of a request, trimmed.
 * @param value the header as Node gives it (`req.headers['idempotency-key']`).
 * @returns the key, or undefined when the header is absent.
 * @throws HttpError 400 naming the header when it is empty, repeated, longer than 255 characters or holds
 *   anything but printable ASCII.
 */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = typeof value === 'string' ? value.trim() : '';
  if (key === '' || key.length > IDEMPOTENCY_KEY_MAX || !PRINTABLE_ASCII.test(key)) {
    throw badRequest(idempotencyMessages.invalid);
  }
  return key;
}

/** `value` as JSON with object keys sorted at every level, so key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 (hex) of a request body's {@link canonicalJson}: "the same body" of an idempotent retry. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
