/**
 * The codes that prove a phone number or an e-mail address: the sign-up one-time code (SMS) and the
 * e-mail verification link (issue 20, point 3). Only hashes are stored; the clear value travels sealed
 * for the notification worker (issue 20, point 13).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EventPayloads } from '@marketplace/contracts';
import { type Db, type Emit, sealSecret } from '@marketplace/platform';
import { emailTokenStore, otpStore, type UserRow } from '../data/store';
import { EMAIL_LINK_TTL_MS, OTP_TTL_MS } from '../domain/rules';
import { generateOtp, hashSecret } from '../domain/secrets';
import type { AuthDeps } from './deps';

/** SHA-256 (hex) of a link token: only the hash is stored (issue 20, point 3). */
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Writes a fresh code for the user's phone (replacing any earlier one) and asks for the SMS. */
export async function requestOtp(
  deps: AuthDeps,
  emit: Emit<EventPayloads>,
  tx: Db,
  user: UserRow,
  purpose: 'register' | 'resend',
): Promise<void> {
  const { ports } = deps;
  const otp = generateOtp();
  const expiresAt = new Date(ports.clock().getTime() + OTP_TTL_MS);
  await otpStore.replace(tx, {
    phoneNumber: user.phoneNumber!,
    userId: user.id,
    codeHash: await hashSecret(otp),
    expiresAt,
  });
  await emit('auth.otp.requested', {
    userId: user.id,
    phone_number: user.phoneNumber!,
    email: user.email,
    // Sealed for the notification worker: the code never rests on the bus in clear (issue 20, point 13).
    otpSealed: sealSecret(ports.config.UPLOAD_SIGNING_SECRET, otp, user.phoneNumber!),
    expiresAt: expiresAt.toISOString(),
    purpose,
  });
}

/**
 * Writes a fresh e-mail verification link token for `user` (its SHA-256; earlier ones replaced) and asks
 * for the e-mail (`auth.email.verification_requested`, the token sealed for the address; issue 20).
 */
export async function requestEmailLink(
  deps: AuthDeps,
  emit: Emit<EventPayloads>,
  tx: Db,
  user: UserRow,
): Promise<void> {
  const { ports } = deps;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ports.clock().getTime() + EMAIL_LINK_TTL_MS);
  await emailTokenStore.replace(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    email: user.email,
    expiresAt,
  });
  await emit('auth.email.verification_requested', {
    userId: user.id,
    name: user.name,
    email: user.email,
    tokenSealed: sealSecret(ports.config.UPLOAD_SIGNING_SECRET, token, user.email),
    expiresAt: expiresAt.toISOString(),
  });
}
