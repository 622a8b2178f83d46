/**
 * The auth service's API (spec §7 "Authentication and account"; issues 4, 10 and 20): a handler for each
 * of its operations in packages/contracts `operations/auth.ts` and for the internal `checkSession`
 * (`operations/internal.ts`); the declarations give method, path, access, input and answers. Sign-ins answer `{ user, tokenId }` and set the session cookies (sessions.ts); the
 * flows are in ../use-cases. Errors answer `{ message }` (4xx naming the field where there is one).
 */
import {
  type EventPayloads,
  operationsOf,
  type ServiceOperations,
  type SocialProvidersResponse,
} from '@marketplace/contracts';
import {
  answered,
  type BoundOperation,
  badRequest,
  bindOperations,
  type OperationOutput,
  type ServicePorts,
  tokenFrom,
  unauthorized,
} from '@marketplace/platform';
import type { Request, RequestHandler, Response } from 'express';
import { sessionStore, type UserRow, userStore } from '../data/store';
import { DEFAULT_AVATAR_SVG } from '../domain/avatar';
import { messages } from '../domain/rules';
import { toApiUser } from '../domain/users';
import type { SocialProviders } from '../providers/index';
import { changePassword } from '../use-cases/change-password';
import { createAuthDeps } from '../use-cases/deps';
import { sendEmailLink, verifyEmail } from '../use-cases/email-verification';
import { logIn } from '../use-cases/log-in';
import { createUser, deleteUser, listUsers } from '../use-cases/manage-users';
import { enforce } from '../use-cases/rate-limits';
import { registerUser } from '../use-cases/register-user';
import { resendOtp } from '../use-cases/resend-otp';
import { socialSignIn } from '../use-cases/social-sign-in';
import { updateProfile } from '../use-cases/update-profile';
import { verifyMobileOtp } from '../use-cases/verify-mobile-otp';
import { announceSessionVersion, endSession, revokeSession, startSession } from './sessions';

const ip = (req: Request) => req.ip ?? 'unknown';

type AuthOperations = ServiceOperations<'auth'>;

const emptyBodyWhenAbsent: RequestHandler = (req, _res, next) => {
  req.body ??= {};
  next();
};

/** The service's operations bound to their handlers. */
export function authOperations(
  ports: ServicePorts<EventPayloads>,
  providers: SocialProviders,
): BoundOperation[] {
  const deps = createAuthDeps(ports, providers);
  const { db } = ports;

  /** Starts a session for `user` (cookies) → `{ user, tokenId }` (spec §7). */
  async function signedIn(req: Request, res: Response, user: UserRow) {
    const tokenId = await startSession(ports, req, res, user);
    return { user: toApiUser(user), tokenId };
  }

  return bindOperations(operationsOf('auth'), {
    /**
     * The configured social sign-ins and the public ids their web SDKs need (issue 10); a provider counts
     * as configured when its verifier can check tokens (Facebook also needs FACEBOOK_APP_SECRET).
     */
    async socialProviders(_input, { res }) {
      const body: SocialProvidersResponse = {
        google:
          providers.google.configured && ports.config.GOOGLE_CLIENT_ID
            ? { clientId: ports.config.GOOGLE_CLIENT_ID }
            : null,
        facebook:
          providers.facebook.configured && ports.config.FACEBOOK_APP_ID
            ? { appId: ports.config.FACEBOOK_APP_ID }
            : null,
      };
      res.setHeader('cache-control', 'public, max-age=300');
      return body;
    },
    async googleLogin({ body }, { req, res }) {
      await enforce([[deps.limit.loginPerIp, ip(req)]]);
      return signedIn(req, res, await socialSignIn(deps, await providers.google.verify(body.tokenId)));
    },
    facebookLogin: {
      // The spec's client sends the token in the query and no body: an absent body is an empty one.
      before: [emptyBodyWhenAbsent],
      async handle({ query, body }, { req, res }) {
        const accessToken = query.access_token ?? body.access_token;
        if (accessToken === undefined)
          throw badRequest('access_token is required (in the query or the body)');
        await enforce([[deps.limit.loginPerIp, ip(req)]]);
        return signedIn(req, res, await socialSignIn(deps, await providers.facebook.verify(accessToken)));
      },
    },
    async register({ body }, { req }) {
      await registerUser(deps, ip(req), body);
      return { data: { phone_number: body.phone_number, email: body.email }, message: messages.registered };
    },
    async verifyMobileOtp({ body }, { req, res }) {
      return signedIn(req, res, await verifyMobileOtp(deps, ip(req), body));
    },
    async resendOtp({ body }, { req }) {
      await resendOtp(deps, ip(req), body);
      return { message: messages.otpResent };
    },
    async login({ body }, { req, res }) {
      return signedIn(req, res, await logIn(deps, ip(req), body));
    },
    async getProfile(_input, { principal }) {
      const user = await userStore.byId(db, principal.id);
      if (!user) throw unauthorized(messages.sessionGone);
      return toApiUser(user);
    },
    async updateProfile({ body }, { principal, req }) {
      const user = await updateProfile(deps, principal.id, req, body);
      return { message: messages.profileUpdated, user: toApiUser(user) };
    },
    async changePassword({ body }, { principal, req, res }) {
      const user = await changePassword(deps, principal.id, ip(req), body);
      const tokenId = await startSession(ports, req, res, user);
      return { message: messages.passwordUpdated, tokenId };
    },
    /** Logout: the token is revoked in the database until it expires, then in the cache (issue 20). */
    async logout(_input, { principal, req, res }) {
      if (principal) await revokeSession(ports, principal);
      endSession(req, res);
      return { message: messages.loggedOut };
    },
    async requestEmailVerification(_input, { principal }) {
      await sendEmailLink(deps, principal.id);
      return { message: messages.emailLinkSent };
    },
    async verifyEmail({ body }, { req }) {
      await verifyEmail(deps, ip(req), body.token);
      return { message: messages.emailVerified };
    },
    /**
     * Sign out everywhere (issue 20, point 2): raises the user's session version, so every token issued
     * so far (this one included) is refused in every service, and clears this browser's cookies.
     */
    async logoutAll(_input, { principal, req, res }) {
      const version = await sessionStore.bumpVersion(db, principal.id);
      if (version === undefined) throw unauthorized(messages.sessionGone);
      await announceSessionVersion(ports, principal.id, version);
      endSession(req, res);
      return { message: messages.loggedOutEverywhere };
    },
    async getJwks(_input, { res }) {
      res.setHeader('cache-control', 'public, max-age=300');
      // jose types `kty` as optional; every exported key has one.
      return (ports.signingKey?.jwks ?? { keys: [] }) as OperationOutput<AuthOperations['getJwks']>;
    },
    async getDefaultAvatar(_input, { res }) {
      res.setHeader('cache-control', 'public, max-age=86400');
      res.type('image/svg+xml').send(DEFAULT_AVATAR_SVG);
      return answered;
    },
    async getAllUsers({ query }) {
      return (await listUsers(deps, query.userType)).map(toApiUser);
    },
    async createUser({ body }) {
      return { message: messages.userCreated, data: toApiUser(await createUser(deps, body)) };
    },
    async deleteUser({ params }, { principal }) {
      return { message: messages.userDeleted, data: toApiUser(await deleteUser(deps, principal, params.id)) };
    },
    /**
     * Internal (other services' session checks, ADR 11): the bearer token verified against the record read
     * now, bypassing the check's cache → `{ id, role, jti }`, else 401.
     */
    async checkSession(_input, { req, res }) {
      res.setHeader('cache-control', 'no-store');
      const token = tokenFrom(req.headers.authorization, undefined);
      const principal = token ? await ports.tokens.verify(token, { fresh: true }) : undefined;
      if (!principal) throw unauthorized(messages.sessionGone);
      return { id: principal.id, role: principal.role, jti: principal.jti };
    },
  });
}
