/** Proving the e-mail address with an e-mailed link (issue 20, point 3). */
import { badRequest, conflict, unauthorized } from '@marketplace/platform';
import { emailTokenStore, userStore } from '../data/store';
import { messages } from '../domain/rules';
import type { AuthDeps } from './deps';
import { enforce } from './rate-limits';
import { requestEmailLink, sha256 } from './verification-codes';

/**
 * E-mails a new verification link to user `userId`'s address.
 * @throws HttpError 401 the user is gone; 409 verified already; 429 (Retry-After) past five links an hour.
 */
export async function sendEmailLink(deps: AuthDeps, userId: string): Promise<void> {
  const user = await userStore.byId(deps.ports.db, userId);
  if (!user) throw unauthorized(messages.sessionGone);
  if (user.emailVerified) throw conflict(messages.emailAlreadyVerified);
  await enforce([[deps.limit.emailLinkPerUser, user.id]]);
  await deps.ports.outbox.transaction((tx, emit) => requestEmailLink(deps, emit, tx, user));
}

/**
 * Marks the address verified when `token` is known, unexpired and the account still has the address it
 * was sent to; the token is used up either way.
 * @throws HttpError 429 (Retry-After) past the limit per client `ip`; 400 naming `token` otherwise.
 */
export async function verifyEmail(deps: AuthDeps, ip: string, token: string): Promise<void> {
  const { db } = deps.ports;
  await enforce([[deps.limit.verifyPerIp, ip]]);
  const row = await emailTokenStore.take(db, sha256(token));
  if (row && row.expiresAt.getTime() > deps.ports.clock().getTime()) {
    const user = await userStore.byId(db, row.userId);
    if (user && user.email === row.email) {
      await userStore.update(db, user.id, { emailVerified: true });
      return;
    }
  }
  throw badRequest(messages.emailLinkInvalid);
}
