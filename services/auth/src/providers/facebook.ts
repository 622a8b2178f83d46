/**
 * Facebook sign-in: checks a user access token with the Graph API, then reads the user's profile.
 *
 * Source: Facebook Graph API reference "debug_token"
 * (https://developers.facebook.com/docs/graph-api/reference/debug_token) and "Manually Build a Login Flow —
 * Inspecting access tokens": `GET /debug_token?input_token=<token>&access_token=<app-id>|<app-secret>`
 * answers `{ data: { app_id, is_valid, user_id, expires_at, ... } }`; the token is ours only when
 * `is_valid` is true and `app_id` is our app id. Then `GET /me?fields=id,name,email,picture` with the
 * user's token (plus `appsecret_proof`, an HMAC-SHA256 of the token keyed with the app secret) gives the
 * profile, whose `id` must equal `user_id`.
 */
import { createHmac } from 'node:crypto';
import { HttpError } from '@marketplace/platform';
import { z } from 'zod';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  nameFromEmail,
  type SocialIdentity,
  type SocialVerifier,
} from './types';

export const FACEBOOK_NOT_CONFIGURED = 'Facebook sign-in is not configured.';
export const FACEBOOK_INVALID_TOKEN = 'Facebook sign-in failed: the token is not valid.';
export const FACEBOOK_NO_EMAIL = 'Your Facebook account has no e-mail address.';
export const FACEBOOK_UNREACHABLE = 'Facebook could not be reached. Please try again.';

export interface FacebookVerifierOptions {
  /** Facebook app id; absent → not configured. */
  appId?: string;
  /** Facebook app secret; absent → not configured. */
  appSecret?: string;
  /** Graph API base URL including the version, e.g. https://graph.facebook.com/v19.0 (tests: a local server). */
  graphUrl: string;
  /** Time limit for each Graph API request, in ms (default 5000). */
  fetchTimeoutMs?: number;
}

const graphId = z.union([z.string(), z.number()]).transform(String);

const debugTokenSchema = z.object({
  data: z.object({
    app_id: graphId.optional(),
    is_valid: z.boolean(),
    user_id: graphId.optional(),
    expires_at: z.number().optional(),
  }),
});

const meSchema = z.object({
  id: graphId,
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional() }).optional() }).optional(),
});

/**
 * One Graph API GET. A 4xx answer (Graph's `{ error: { type: 'OAuthException', ... } }`) means the token was
 * refused → 401; a network failure, timeout, 5xx or a body that is not the expected JSON → 502.
 */
async function graphGet<T>(
  url: string,
  params: Record<string, string>,
  schema: z.ZodType<T>,
  timeoutMs: number,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${url}?${new URLSearchParams(params)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new HttpError(502, FACEBOOK_UNREACHABLE);
  }
  if (response.status >= 400 && response.status < 500) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpError(401, FACEBOOK_INVALID_TOKEN);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new HttpError(502, FACEBOOK_UNREACHABLE);
  }
  const parsed = schema.safeParse(body);
  if (!response.ok || !parsed.success) throw new HttpError(502, FACEBOOK_UNREACHABLE);
  return parsed.data;
}

/**
 * Creates the Facebook access-token verifier.
 *
 * `verify(accessToken)` calls `debug_token` with the app access token `appId|appSecret` and requires
 * `is_valid === true`, `app_id === appId`, a `user_id` and (when non-zero) `expires_at` in the future; then
 * calls `/me?fields=id,name,email,picture` and requires `id === user_id` and an e-mail. Returns
 * `{ provider: 'facebook', providerId: id, email (lower-cased), name, picture? }`. Tokens are sent only as
 * query parameters to the Graph API and never logged or put in error messages.
 * @throws HttpError 503 'Facebook sign-in is not configured.' when the app id or secret is absent;
 *   401 'Facebook sign-in failed: the token is not valid.' when Graph refuses the token, it belongs to
 *   another app, or `/me` names another user; 401 'Your Facebook account has no e-mail address.';
 *   502 'Facebook could not be reached. Please try again.' on network failure, timeout, 5xx or garbage.
 */
export function createFacebookVerifier(opts: FacebookVerifierOptions): SocialVerifier {
  const appId = opts.appId?.trim() || undefined;
  const appSecret = opts.appSecret?.trim() || undefined;
  const base = opts.graphUrl.replace(/\/+$/, '');
  const timeoutMs = opts.fetchTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;

  return {
    configured: appId !== undefined && appSecret !== undefined,
    async verify(accessToken: string): Promise<SocialIdentity> {
      if (appId === undefined || appSecret === undefined) throw new HttpError(503, FACEBOOK_NOT_CONFIGURED);
      const token = typeof accessToken === 'string' ? accessToken.trim() : '';
      if (token === '') throw new HttpError(401, FACEBOOK_INVALID_TOKEN);

      const { data } = await graphGet(
        `${base}/debug_token`,
        { input_token: token, access_token: `${appId}|${appSecret}` },
        debugTokenSchema,
        timeoutMs,
      );
      const nowSec = Math.floor(Date.now() / 1000);
      const expired = data.expires_at !== undefined && data.expires_at !== 0 && data.expires_at <= nowSec;
      if (!data.is_valid || data.app_id !== appId || !data.user_id || expired) {
        throw new HttpError(401, FACEBOOK_INVALID_TOKEN);
      }

      const me = await graphGet(
        `${base}/me`,
        {
          fields: 'id,name,email,picture',
          access_token: token,
          appsecret_proof: createHmac('sha256', appSecret).update(token).digest('hex'),
        },
        meSchema,
        timeoutMs,
      );
      if (me.id !== data.user_id) throw new HttpError(401, FACEBOOK_INVALID_TOKEN);
      const email = me.email?.trim().toLowerCase();
      if (!email) throw new HttpError(401, FACEBOOK_NO_EMAIL);

      const identity: SocialIdentity = {
        provider: 'facebook',
        providerId: me.id,
        email,
        name: me.name?.trim() || nameFromEmail(email),
      };
      const picture = me.picture?.data?.url;
      if (picture) identity.picture = picture;
      return identity;
    },
  };
}
