/** A new sign-up code (spec §7 `POST /api/auth/resendOtp`; issues 4 and 20). */
import { notFound } from '@marketplace/platform';
import { userStore } from '../data/store';
import { messages } from '../domain/rules';
import type { AuthDeps } from './deps';
import { releaseExpired } from './identifiers';
import { enforce } from './rate-limits';
import { requestOtp } from './verification-codes';

/**
 * Sends a new code (replacing the old one) to the unverified account of `email` and `phone_number`.
 * @throws HttpError 429 (Retry-After) past the limits per client and per phone; 404 no such unverified
 *   account (an expired sign-up is gone and gets no new code).
 */
export async function resendOtp(
  deps: AuthDeps,
  ip: string,
  body: { email: string; phone_number: string },
): Promise<void> {
  await enforce([
    [deps.limit.resendPerIp, ip],
    [deps.limit.resendPerPhone30s, body.phone_number],
    [deps.limit.resendPerPhoneHour, body.phone_number],
  ]);
  await releaseExpired(deps, { email: body.email });
  const user = await userStore.byEmail(deps.ports.db, body.email);
  if (!user || user.phoneNumber !== body.phone_number || user.verified)
    throw notFound(messages.noUnverifiedAccount);
  await deps.ports.outbox.transaction((tx, emit) => requestOtp(deps, emit, tx, user, 'resend'));
}
