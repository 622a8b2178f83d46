/** Sign-in with e-mail and password (spec §7 `POST /api/auth/login`; issue 20, points 5 and 6). */
import { HttpError, unauthorized } from '@marketplace/platform';
import { type UserRow, userStore } from '../data/store';
import { messages } from '../domain/rules';
import { verifySecretOrDummy } from '../domain/secrets';
import type { AuthDeps } from './deps';

/**
 * The user of `email` if `password` is theirs. Only failures count, per account and client, with a
 * progressive delay (lockout.ts): a client that keeps guessing waits longer and longer, while the
 * owner's own client with the right password gets in at once. An unknown e-mail costs one argon2id
 * verification like a wrong password.
 * @throws HttpError 429 (Retry-After) while the client waits; 401 wrong e-mail or password (one message);
 *   403 the mobile number is not verified yet.
 */
export async function logIn(
  deps: AuthDeps,
  ip: string,
  body: { email: string; password: string },
): Promise<UserRow> {
  await deps.loginThrottle.check(body.email, ip);
  const user = await userStore.byEmail(deps.ports.db, body.email);
  if (!(await verifySecretOrDummy(user?.passwordHash, body.password)) || !user) {
    await deps.loginThrottle.fail(body.email, ip);
    throw unauthorized(messages.badCredentials);
  }
  await deps.loginThrottle.succeed(body.email, ip);
  if (!user.verified) throw new HttpError(403, messages.unverified);
  return user;
}
