/**
 * Social sign-in providers (Google, Facebook), built from the service configuration.
 */
import type { Config } from '@marketplace/platform';
import { createFacebookVerifier } from './facebook';
import { createGoogleVerifier } from './google';
import type { SocialVerifier } from './types';

export * from './facebook';
export * from './google';
export * from './types';

/** Both provider adapters; each reports `configured` and answers 503 from `verify` when it is not. */
export interface SocialProviders {
  google: SocialVerifier;
  facebook: SocialVerifier;
}

/**
 * Builds the Google and Facebook verifiers from config: GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL, GOOGLE_ISSUERS
 * (comma-separated, blanks ignored), FACEBOOK_APP_ID, FACEBOOK_APP_SECRET, FACEBOOK_GRAPH_URL.
 * `fetchTimeoutMs` (ms, default 5000) limits each request to a provider. Does no network I/O itself.
 */
export function createSocialProviders(
  config: Config,
  opts: { fetchTimeoutMs?: number } = {},
): SocialProviders {
  return {
    google: createGoogleVerifier({
      clientId: config.GOOGLE_CLIENT_ID,
      jwksUrl: config.GOOGLE_JWKS_URL,
      issuers: config.GOOGLE_ISSUERS.split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      fetchTimeoutMs: opts.fetchTimeoutMs,
    }),
    facebook: createFacebookVerifier({
      appId: config.FACEBOOK_APP_ID,
      appSecret: config.FACEBOOK_APP_SECRET,
      graphUrl: config.FACEBOOK_GRAPH_URL,
      fetchTimeoutMs: opts.fetchTimeoutMs,
    }),
  };
}
