/**
 * Sign-up, verification and resend calls of the account remote (spec §7 "Authentication and account").
 * Sign-in itself is `login` from `@marketplace/ui` (shared with the shell). Failed calls toast the server's
 * message through the shared API client.
 */
import type { AuthSessionResponse, MessageResponse, RegisterBody, User } from '@marketplace/contracts';
import { api, useAuthStore } from '@marketplace/ui';

/** Remembers the signed-in user like `login` does (store + local storage `user`, spec §4). */
export function storeSignedInUser(user: User): void {
  useAuthStore.getState().setUser(user);
  try {
    globalThis.localStorage?.setItem('user', JSON.stringify(user));
  } catch {
    // Storage unavailable: the store still holds the user for this page.
  }
}

/** `POST /api/auth/register`: answers the pending sign-up (`phone_number`, `email`) and the server's message. */
export async function register(
  body: RegisterBody,
): Promise<{ phone_number: string; email: string; message: string }> {
  const { data } = await api.post<{ data: { phone_number: string; email: string }; message: string }>(
    '/api/auth/register',
    body,
  );
  return { ...data.data, message: data.message };
}

/** `POST /api/auth/verifyMobileOtp` with the six digits joined as a number (spec §5); signs the user in. */
export async function verifyOtp(phone_number: string, digits: string): Promise<User> {
  const { data } = await api.post<AuthSessionResponse>('/api/auth/verifyMobileOtp', {
    phone_number,
    otp: Number(digits),
  });
  storeSignedInUser(data.user);
  return data.user;
}

/** `POST /api/auth/resendOtp`; answers the server's message. */
export async function resendOtp(email: string, phone_number: string): Promise<string> {
  const { data } = await api.post<MessageResponse>('/api/auth/resendOtp', { email, phone_number });
  return data.message;
}
