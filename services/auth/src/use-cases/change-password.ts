/** Password change (`POST /api/auth/password`; issues 10 and 20, point 2). */
import { badRequest, unauthorized } from '@marketplace/platform';
import { sessionStore, type UserRow, userStore } from '../data/store';
import { messages } from '../domain/rules';
import { hashSecret, verifySecret } from '../domain/secrets';
import { announceSessionVersion } from '../http/sessions';
import type { AuthDeps } from './deps';
import { enforce } from './rate-limits';

/**
 * Replaces user `userId`'s password after checking the current one (argon2id, like at sign-up) and ends
 * every other session: the session version goes up in the same transaction, so every earlier token is
 * refused. `auth.password.changed` makes the notification worker e-mail a security notice.
 * @returns the user with the new session version, to sign the current session in again.
 * @throws HttpError 429 (Retry-After) past the limits per client and per account; 401 the user is gone;
 *   400 no password (Google or Facebook only) or the current password is wrong.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  ip: string,
  body: { currentPassword: string; newPassword: string },
): Promise<UserRow> {
  const { db, outbox } = deps.ports;
  await enforce([
    [deps.limit.passwordPerIp, ip],
    [deps.limit.passwordPerAccount, userId],
  ]);
  const user = await userStore.byId(db, userId);
  if (!user) throw unauthorized(messages.sessionGone);
  if (!user.passwordHash) throw badRequest(messages.noPassword);
  if (!(await verifySecret(user.passwordHash, body.currentPassword))) {
    throw badRequest(messages.wrongCurrentPassword);
  }
  const newHash = await hashSecret(body.newPassword);
  // The change and its notice commit together: `auth.password.changed` makes the notification worker
  // e-mail the user (a security notice), never anything about the password itself.
  const currentHash = user.passwordHash;
  const version = await outbox.transaction(async (tx, emit) => {
    if (!(await userStore.replacePassword(tx, userId, currentHash, newHash))) {
      throw badRequest(messages.wrongCurrentPassword);
    }
    const bumped = await sessionStore.bumpVersion(tx, userId);
    if (bumped === undefined) throw unauthorized(messages.sessionGone);
    await emit('auth.password.changed', { userId, name: user.name, email: user.email });
    return bumped;
  });
  await announceSessionVersion(deps.ports, userId, version);
  await deps.limit.passwordPerAccount.reset(userId);
  return { ...user, sessionVersion: version };
}
