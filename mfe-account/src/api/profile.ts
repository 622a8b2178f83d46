/**
 * Profile calls of the account remote (issues 10 and 20), by operation id through `callOperation`:
 * `updateProfile` (name, photo), `changePassword`, and the e-mail verification pair. Failed calls toast the
 * server's message through the shared API client and reject; a profile change is stored in the auth store
 * (and local storage) at once.
 */
import type { User } from '@marketplace/contracts';
import { callOperation, type OperationBody } from '@marketplace/ui';
import { storeSignedInUser } from '../lib/signed-in-user';

/** What `updateProfile` sends: a new name, a newly uploaded photo's key, or the photo's removal. */
export type ProfileChange = OperationBody<'updateProfile'>;

/** What `changePassword` sends: the current password, the new one and its confirmation. */
export type PasswordChange = OperationBody<'changePassword'>;

/** `updateProfile` (`PATCH /api/auth/profile`): resolves with the server's message and the updated user. */
export async function updateProfile(body: ProfileChange): Promise<{ message: string; user: User }> {
  const { data } = await callOperation('updateProfile', { body });
  storeSignedInUser(data.user);
  return data;
}

/**
 * `changePassword` (`POST /api/auth/password`; the current password is checked by the server); resolves
 * with the server's message. The server ends every other session and renews this one's cookie (issue 20).
 */
export async function changePassword(body: PasswordChange): Promise<string> {
  const { data } = await callOperation('changePassword', { body });
  return data.message;
}

/** `verifyEmail` (`POST /api/auth/email/verify`) with the e-mailed link's token; resolves with the server's message. */
export async function verifyEmail(token: string): Promise<string> {
  const { data } = await callOperation('verifyEmail', { body: { token } });
  return data.message;
}

/** `requestEmailVerification` (`POST /api/auth/email/verification`): e-mails the link again; the server's message. */
export async function requestEmailVerification(): Promise<string> {
  const { data } = await callOperation('requestEmailVerification');
  return data.message;
}
