/**
 * The signed tokens of the alerts' one-click unsubscribe links (issue 24, RFC 8058): `<payload>.<mac>`,
 * both base64url, the payload the JSON `{ k: 'search', id }` (a saved search's alerts) or
 * `{ k: 'price', u: userId, c: carId }` (the price drops of one shortlisted car), the mac its HMAC-SHA256
 * under config `ALERT_SIGNING_SECRET`. No expiry: a link in an old e-mail still unsubscribes. No I/O.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe token stops: one saved search's alerts, or the price drops of one shortlisted car. */
export type UnsubscribeTarget = { k: 'search'; id: string } | { k: 'price'; u: string; c: string };

/** HMAC-SHA256 of `payload` (base64url text) under `secret`. */
function macOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** The token of `target`, signed with `secret`. */
export function signUnsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify(target)).toString('base64url');
  return `${payload}.${macOf(secret, payload).toString('base64url')}`;
}

/** True when `value` is a non-empty string of at most 100 characters. */
const shortText = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= 100;

/**
 * The target of `token` when `secret` signed it (compared in constant time); undefined when it is
 * malformed, its signature does not match or its payload is not one of the two shapes.
 */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) return undefined;
  const expected = macOf(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const t = parsed as Record<string, unknown> | null;
  if (t?.k === 'search' && shortText(t.id)) return { k: 'search', id: t.id };
  if (t?.k === 'price' && shortText(t.u) && shortText(t.c)) return { k: 'price', u: t.u, c: t.c };
  return undefined;
}
