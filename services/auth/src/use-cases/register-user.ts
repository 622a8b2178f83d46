/** Sign-up with a password and a mobile number (spec §7 `POST /api/auth/register`; issues 4 and 20). */
import type { registerBody } from '@marketplace/contracts';
import type { z } from 'zod';
import { userStore } from '../data/store';
import { hashSecret } from '../domain/secrets';
import type { AuthDeps } from './deps';
import { assertAvailable, inserting } from './identifiers';
import { enforce } from './rate-limits';
import { requestEmailLink, requestOtp } from './verification-codes';

/**
 * Creates an unverified user from `body` and emits `auth.user.registered`, `auth.otp.requested` (the SMS
 * code) and `auth.email.verification_requested` in one transaction.
 * @throws HttpError 429 past the sign-ups per client `ip`; 409 naming a taken e-mail, username or phone.
 */
export async function registerUser(
  deps: AuthDeps,
  ip: string,
  body: z.output<typeof registerBody>,
): Promise<void> {
  await enforce([[deps.limit.registerPerIp, ip]]);
  const ids = { email: body.email, username: body.username, phoneNumber: body.phone_number };
  await assertAvailable(deps, ids);
  const passwordHash = await hashSecret(body.password);
  await inserting(deps, ids, () =>
    deps.ports.outbox.transaction(async (tx, emit) => {
      const user = await userStore.insert(tx, {
        name: body.name,
        username: body.username,
        email: body.email,
        phoneNumber: body.phone_number,
        passwordHash,
        role: 'User',
        verified: false,
      });
      await emit('auth.user.registered', {
        userId: user.id,
        name: user.name,
        email: user.email,
        phone_number: body.phone_number,
        username: body.username,
        role: user.role,
        verified: false,
        provider: 'password',
      });
      await requestOtp(deps, emit, tx, user, 'register');
      // The address counts as the user's only once the e-mailed link is opened (issue 20, point 3).
      await requestEmailLink(deps, emit, tx, user);
    }),
  );
}
