/** The sign-up code (spec §7 `POST /api/auth/verifyMobileOtp`; issue 20, point 5). */
import type { verifyMobileOtpBody } from '@marketplace/contracts';
import { badRequest } from '@marketplace/platform';
import type { z } from 'zod';
import { otpStore, type UserRow, userStore } from '../data/store';
import { messages, OTP_MAX_ATTEMPTS } from '../domain/rules';
import { otpFromNumber, verifySecret } from '../domain/secrets';
import type { AuthDeps } from './deps';
import { enforce } from './rate-limits';

/**
 * Verifies `otp` for `phone_number` and marks the user verified (`auth.user.verified`). A guess is claimed
 * and counted in one statement before the code is checked (at most OTP_MAX_ATTEMPTS checks per code,
 * however many come in parallel), and only wrong guesses slow a client down (per phone and client,
 * progressive; lockout.ts).
 * @returns the verified user, to sign in.
 * @throws HttpError 429 (Retry-After) past the limits; 400 no code, used up, expired or wrong.
 */
export async function verifyMobileOtp(
  deps: AuthDeps,
  ip: string,
  body: z.output<typeof verifyMobileOtpBody>,
): Promise<UserRow> {
  const { db, outbox } = deps.ports;
  await enforce([[deps.limit.verifyPerIp, ip]]);
  await deps.otpThrottle.check(body.phone_number, ip);
  const pending = await otpStore.claimAttempt(db, body.phone_number, OTP_MAX_ATTEMPTS, deps.ports.clock());
  if (!pending) {
    const current = await otpStore.byPhone(db, body.phone_number);
    if (!current) throw badRequest(messages.noOtp);
    if (current.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(messages.otpLocked);
    throw badRequest(messages.otpExpired);
  }
  if (!(await verifySecret(pending.codeHash, otpFromNumber(body.otp)))) {
    await deps.otpThrottle.fail(body.phone_number, ip);
    throw badRequest(pending.attempts >= OTP_MAX_ATTEMPTS ? messages.otpLocked : messages.otpWrong);
  }
  await deps.otpThrottle.succeed(body.phone_number, ip);
  return outbox.transaction(async (tx, emit) => {
    const updated = await userStore.update(tx, pending.userId, { verified: true });
    if (!updated) throw badRequest(messages.noOtp);
    await otpStore.remove(tx, body.phone_number, pending.userId);
    await emit('auth.user.verified', {
      userId: updated.id,
      name: updated.name,
      email: updated.email,
      ...(updated.phoneNumber ? { phone_number: updated.phoneNumber } : {}),
    });
    return updated;
  });
}
