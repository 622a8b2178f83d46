/**
 * Shapes shared by the social sign-in providers (Google, Facebook).
 */

/** Who the provider says signed in; the e-mail is lower-cased and, for Google, verified. */
export interface SocialIdentity {
  provider: 'google' | 'facebook';
  /** The provider's stable user id: Google's `sub`, Facebook's app-scoped user id. */
  providerId: string;
  /** Lower-cased e-mail address. */
  email: string;
  /** Display name; falls back to the e-mail's local part when the provider gives none. */
  name: string;
  /** Profile picture URL, when the provider gives one. */
  picture?: string;
}

/** A provider adapter: checks a client-supplied token with the provider and names the user. */
export interface SocialVerifier {
  /** False when the provider's credentials are missing from the configuration; `verify` then throws 503. */
  readonly configured: boolean;
  /**
   * Verifies `token` (Google: an ID token; Facebook: a user access token) and returns the identity.
   * @throws HttpError 503 (not configured), 401 (token not valid / no usable e-mail), 502 (provider unreachable).
   */
  verify(token: string): Promise<SocialIdentity>;
}

/** Default time limit for one request to a provider, in ms. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 5_000;

/** The local part of an e-mail address, used as a display name when the provider gives none. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0] || email;
}
