/**
 * Sealed event fields (issue 20, point 13): short secrets (one-time codes) encrypted for the bus with
 * AES-256-GCM under a key derived from a deployment secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

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
