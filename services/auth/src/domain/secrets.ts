/**
 * Password and one-time-code hashing (argon2id via @node-rs/argon2, OWASP Password Storage Cheat Sheet
 * parameters: m=19 MiB, t=2, p=1) and code generation (6 digits, spec §9, from a CSPRNG).
 */
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash (PHC string) of `secret`. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, params);
}

/** True when `secret` matches the PHC `hashed`; false (never throws) for a malformed hash. */
export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `secret` against `hashed`, or — when there is no hash to check (no such user, or an account
 * without a password) — against a dummy hash made once per process with the same parameters, and answers
 * false. Either way one argon2id verification runs, so a login for an unknown e-mail costs the same time
 * as a wrong password (issue 20, point 6: no user enumeration by timing).
 */
export async function verifySecretOrDummy(
  hashed: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (hashed) return verifySecret(hashed, secret);
  dummyHash ??= hashSecret('dummy-password-for-timing-only');
  await verifySecret(await dummyHash, secret);
  return false;
}

/** A uniformly random 6-digit code, leading zeros kept ('004821'). */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** The code as typed: the client sends the six digits joined as a number (spec §5), so 4821 means '004821'. */
export function otpFromNumber(otp: number): string {
  return otp.toString().padStart(6, '0');
}
