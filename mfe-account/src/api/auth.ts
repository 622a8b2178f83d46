/**
 * Sign-up, verification, resend and social sign-in calls of the account remote (spec §7 "Authentication
 * and account"; issue 10), by operation id through `callOperation`. Sign-in itself is `login` from
 * `@marketplace/ui` (shared with the shell). Failed calls toast the server's message through the shared API
 * client, except the quiet providers call.
 */
import type { User } from '@marketplace/contracts';
import { callOperation, type OperationBody, type OperationResult } from '@marketplace/ui';
import { storeSignedInUser } from '../lib/signed-in-user';

/** What `register` sends: name, username, e-mail, mobile number and password (spec §7). */
export type RegisterBody = OperationBody<'register'>;

/** The configured social sign-ins with their public ids (`null` = off). */
export type SocialProviders = OperationResult<'socialProviders'>;

/** `register` (`POST /api/auth/register`): the pending sign-up (`phone_number`, `email`) and the server's message. */
export async function register(
  body: RegisterBody,
): Promise<{ phone_number: string; email: string; message: string }> {
  const { data } = await callOperation('register', { body });
  return { ...data.data, message: data.message };
}

/** `verifyMobileOtp` with the six digits joined as a number (spec §5); signs the user in. */
export async function verifyOtp(phone_number: string, digits: string): Promise<User> {
  const { data } = await callOperation('verifyMobileOtp', { body: { phone_number, otp: Number(digits) } });
  storeSignedInUser(data.user);
  return data.user;
}

/** `resendOtp` (`POST /api/auth/resendOtp`); resolves with the server's message. */
export async function resendOtp(email: string, phone_number: string): Promise<string> {
  const { data } = await callOperation('resendOtp', { body: { email, phone_number } });
  return data.message;
}

const NO_PROVIDERS: SocialProviders = { google: null, facebook: null };
let providers: Promise<SocialProviders> | undefined;

/** `socialProviders` (`GET /api/auth/providers`), asked once per page, quietly; none when the call fails. */
export function fetchSocialProviders(): Promise<SocialProviders> {
  providers ??= callOperation('socialProviders', {}, { quiet: true, background: true })
    .then((r) => r.data ?? NO_PROVIDERS)
    .catch(() => NO_PROVIDERS);
  return providers;
}

/** `googleLogin` (`POST /api/auth/googleLogin`) with the SDK's ID token; stores the signed-in user. */
export async function googleLogin(tokenId: string): Promise<User> {
  const { data } = await callOperation('googleLogin', { body: { tokenId } });
  storeSignedInUser(data.user);
  return data.user;
}

/**
 * `facebookLogin` (`POST /api/auth/facebookLogin?access_token=`) with the SDK's access token and no body,
 * as the spec's client sends it; stores the signed-in user.
 */
export async function facebookLogin(accessToken: string): Promise<User> {
  const { data } = await callOperation('facebookLogin', { query: { access_token: accessToken } });
  storeSignedInUser(data.user);
  return data.user;
}
