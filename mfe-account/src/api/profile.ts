/**
 * Profile calls of the account remote (issue 10): `PATCH /api/auth/profile` (name, photo) and
 * `POST /api/auth/password`. Failed calls toast the server's message through the shared API client and
 * reject; a profile change is stored in the auth store (and local storage) at once.
 */
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
  User,
} from '@marketplace/contracts';
import { api } from '@marketplace/ui';
import { storeSignedInUser } from '../auth/session';

/** Applies a profile change; resolves with the server's message and the updated user. */
export async function updateProfile(body: UpdateProfileBody): Promise<{ message: string; user: User }> {
  const { data } = await api.patch<UpdateProfileResponse>('/api/auth/profile', body);
  storeSignedInUser(data.user);
  return data;
}

/**
 * Changes the password (the current one is checked by the server); resolves with the server's message.
 * The server ends every other session and renews this one's cookie (issue 20).
 */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const { data } = await api.post<ChangePasswordResponse>('/api/auth/password', body);
  return data.message;
}
