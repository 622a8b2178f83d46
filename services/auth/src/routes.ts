/**
 * HTTP routes of the auth service (spec §7 "Authentication and account", issue 4):
 * sign-up with a mobile one-time code, login, Google and Facebook sign-in, profile, logout, JWKS,
 * and the Admin-only account administration under /api/account; issue 10: profile edit
 * (`PATCH /api/auth/profile`) and password change (`POST /api/auth/password`).
 * Errors answer `{ message }` (4xx naming the field where there is one).
 */

import { createHash, randomBytes } from 'node:crypto';
import {
  changePasswordBody,
  createUserBody,
  type EventPayloads,
  facebookLoginBody,
  facebookLoginQuery,
  getAllUserQuery,
  googleLoginBody,
  loginBody,
  registerBody,
  resendOtpBody,
  type SocialProvidersResponse,
  updateProfileBody,
  userIdParams,
  verifyEmailBody,
  verifyMobileOtpBody,
} from '@marketplace/contracts';
import {
  badRequest,
  conflict,
  HttpError,
  notFound,
  onUniqueViolation,
  parseInput,
  requireAdmin,
  requireUser,
  revokeUser,
  SESSION_INTROSPECTION_PATH,
  type ServicePorts,
  sealSecret,
  tokenFrom,
  unauthorized,
} from '@marketplace/platform';
import { type Request, type Response, Router } from 'express';
import { DEFAULT_AVATAR_SVG } from './domain/avatar';
import { EMAIL_LINK_TTL_MS, messages, OTP_MAX_ATTEMPTS, OTP_TTL_MS, UNVERIFIED_TTL_MS } from './domain/rules';
import { generateOtp, hashSecret, otpFromNumber, verifySecret, verifySecretOrDummy } from './domain/secrets';
import { profileChanges, takenField, toApiUser } from './domain/users';
import { createFailureThrottle } from './lockout';
import { confirmProfileImage } from './peers';
import type { SocialIdentity, SocialProviders } from './providers/index';
import { createAuthLimiters, enforce } from './rate-limits';
import { announceSessionVersion, endSession, revokeSession, startSession } from './sessions';
import { emailTokenStore, otpStore, sessionStore, type UserRow, userStore } from './store';

const ip = (req: Request) => req.ip ?? 'unknown';
/** SHA-256 (hex) of a link token: only the hash is stored (issue 20, point 3). */
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The auth service's router. */
export function authRoutes(ports: ServicePorts<EventPayloads>, providers: SocialProviders): Router {
  const { db, outbox } = ports;
  const limit = createAuthLimiters(ports.rateLimiters);
  const clockMs = () => ports.clock().getTime();
  const loginThrottle = createFailureThrottle('login', ports.cache, ports.rateLimiters, clockMs);
  const otpThrottle = createFailureThrottle('otp', ports.cache, ports.rateLimiters, clockMs);
  const router = Router();

  /** Writes a fresh code for the user's phone (replacing any earlier one) and asks for the SMS. */
  async function requestOtp(
    emit: Parameters<Parameters<typeof outbox.transaction>[0]>[1],
    tx: typeof db,
    user: UserRow,
    purpose: 'register' | 'resend',
  ) {
    const otp = generateOtp();
    const expiresAt = new Date(ports.clock().getTime() + OTP_TTL_MS);
    await otpStore.replace(tx, {
      phoneNumber: user.phoneNumber!,
      userId: user.id,
      codeHash: await hashSecret(otp),
      expiresAt,
    });
    await emit('auth.otp.requested', {
      userId: user.id,
      phone_number: user.phoneNumber!,
      email: user.email,
      // Sealed for the notification worker: the code never rests on the bus in clear (issue 20, point 13).
      otpSealed: sealSecret(ports.config.UPLOAD_SIGNING_SECRET, otp, user.phoneNumber!),
      expiresAt: expiresAt.toISOString(),
      purpose,
    });
  }

  /**
   * Writes a fresh e-mail verification link token for `user` (its SHA-256; earlier ones replaced) and asks
   * for the e-mail (`auth.email.verification_requested`, the token sealed for the address; issue 20).
   */
  async function requestEmailLink(
    emit: Parameters<Parameters<typeof outbox.transaction>[0]>[1],
    tx: typeof db,
    user: UserRow,
  ) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(ports.clock().getTime() + EMAIL_LINK_TTL_MS);
    await emailTokenStore.replace(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      email: user.email,
      expiresAt,
    });
    await emit('auth.email.verification_requested', {
      userId: user.id,
      name: user.name,
      email: user.email,
      tokenSealed: sealSecret(ports.config.UPLOAD_SIGNING_SECRET, token, user.email),
      expiresAt: expiresAt.toISOString(),
    });
  }

  /** Starts a session for `user` (cookie) and answers `{ user, tokenId }` (spec §7). */
  async function respondWithSession(req: Request, res: Response, user: UserRow) {
    const tokenId = await startSession(ports, req, res, user);
    res.json({ user: toApiUser(user), tokenId });
  }

  /**
   * Frees identifiers held by expired sign-ups (unverified for over UNVERIFIED_TTL_MS; issue 20, point 4):
   * deletes those accounts, each with `auth.user.deleted` (no `deletedBy`), in one transaction.
   */
  async function releaseExpired(ids: { email?: string; username?: string; phoneNumber?: string }) {
    const before = new Date(ports.clock().getTime() - UNVERIFIED_TTL_MS);
    await outbox.transaction(async (tx, emit) => {
      for (const row of await userStore.removeExpiredHolding(tx, ids, before)) {
        await emit('auth.user.deleted', { userId: row.id });
      }
    });
  }

  /** 409 naming the identifier another user already holds (after expired sign-ups released theirs). */
  async function assertAvailable(ids: { email: string; username?: string; phoneNumber?: string }) {
    await releaseExpired(ids);
    const field = takenField(await userStore.holding(db, ids), ids);
    if (field) throw conflict(messages.taken(field));
  }

  /** Runs `fn`; a unique violation (a race with another sign-up) becomes the 409 of assertAvailable. */
  const inserting = <T>(
    ids: { email: string; username?: string; phoneNumber?: string },
    fn: () => Promise<T>,
  ) =>
    onUniqueViolation(fn, async () => {
      await assertAvailable(ids);
      return conflict(messages.taken('email'));
    });

  router.get('/api/auth/.well-known/jwks.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(ports.signingKey?.jwks ?? { keys: [] });
  });

  /**
   * The configured social sign-ins and the public ids their web SDKs need (issue 10); a provider counts as
   * configured when its verifier can check tokens (Facebook also needs FACEBOOK_APP_SECRET).
   */
  router.get('/api/auth/providers', (_req, res) => {
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
    res.json(body);
  });

  router.get('/api/auth/avatar/default.svg', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=86400');
    res.type('image/svg+xml').send(DEFAULT_AVATAR_SVG);
  });

  router.post('/api/auth/register', async (req, res) => {
    const body = parseInput(registerBody, req.body);
    await enforce(res, [[limit.registerPerIp, ip(req)]]);
    const ids = { email: body.email, username: body.username, phoneNumber: body.phone_number };
    await assertAvailable(ids);
    const passwordHash = await hashSecret(body.password);
    await inserting(ids, () =>
      outbox.transaction(async (tx, emit) => {
        const user = await userStore.insert(tx, {
          name: body.name,
          username: body.username,
          email: body.email,
          phoneNumber: body.phone_number,
          passwordHash,
          role: 'User',
          verified: false,
        });
        await emit('auth.user.registered', {
          userId: user.id,
          name: user.name,
          email: user.email,
          phone_number: body.phone_number,
          username: body.username,
          role: user.role,
          verified: false,
          provider: 'password',
        });
        await requestOtp(emit, tx, user, 'register');
        // The address counts as the user's only once the e-mailed link is opened (issue 20, point 3).
        await requestEmailLink(emit, tx, user);
      }),
    );
    res
      .status(201)
      .json({ data: { phone_number: body.phone_number, email: body.email }, message: messages.registered });
  });

  /**
   * Verifies the sign-up code. Issue 20, point 5: a guess is claimed and counted in one statement before
   * the code is checked (at most OTP_MAX_ATTEMPTS checks per code, however many come in parallel), and
   * only wrong guesses slow a client down (per phone and client, progressive; `lockout.ts`).
   */
  router.post('/api/auth/verifyMobileOtp', async (req, res) => {
    const body = parseInput(verifyMobileOtpBody, req.body);
    await enforce(res, [[limit.verifyPerIp, ip(req)]]);
    await otpThrottle.check(res, body.phone_number, ip(req));
    const pending = await otpStore.claimAttempt(db, body.phone_number, OTP_MAX_ATTEMPTS, ports.clock());
    if (!pending) {
      const current = await otpStore.byPhone(db, body.phone_number);
      if (!current) throw badRequest(messages.noOtp);
      if (current.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(messages.otpLocked);
      throw badRequest(messages.otpExpired);
    }
    if (!(await verifySecret(pending.codeHash, otpFromNumber(body.otp)))) {
      await otpThrottle.fail(body.phone_number, ip(req));
      throw badRequest(pending.attempts >= OTP_MAX_ATTEMPTS ? messages.otpLocked : messages.otpWrong);
    }
    await otpThrottle.succeed(body.phone_number, ip(req));
    const user = await outbox.transaction(async (tx, emit) => {
      const updated = await userStore.update(tx, pending.userId, { verified: true });
      if (!updated) throw badRequest(messages.noOtp);
      await otpStore.remove(tx, body.phone_number, pending.userId);
      await emit('auth.user.verified', {
        userId: updated.id,
        name: updated.name,
        email: updated.email,
        ...(updated.phoneNumber ? { phone_number: updated.phoneNumber } : {}),
      });
      return updated;
    });
    await respondWithSession(req, res, user);
  });

  router.post('/api/auth/resendOtp', async (req, res) => {
    const body = parseInput(resendOtpBody, req.body);
    await enforce(res, [
      [limit.resendPerIp, ip(req)],
      [limit.resendPerPhone30s, body.phone_number],
      [limit.resendPerPhoneHour, body.phone_number],
    ]);
    // An expired sign-up (issue 20, point 4) is gone: it gets no new code.
    await releaseExpired({ email: body.email });
    const user = await userStore.byEmail(db, body.email);
    if (!user || user.phoneNumber !== body.phone_number || user.verified)
      throw notFound(messages.noUnverifiedAccount);
    await outbox.transaction((tx, emit) => requestOtp(emit, tx, user, 'resend'));
    res.json({ message: messages.otpResent });
  });

  /**
   * Login. Issue 20, point 5: only failures count, per account and client, with a progressive delay
   * (`lockout.ts`): a client that keeps guessing waits longer and longer, while the owner's own client
   * with the right password gets in at once. Issue 20, point 6: an unknown e-mail costs one argon2id
   * verification like a wrong password.
   */
  router.post('/api/auth/login', async (req, res) => {
    const body = parseInput(loginBody, req.body);
    await loginThrottle.check(res, body.email, ip(req));
    const user = await userStore.byEmail(db, body.email);
    if (!(await verifySecretOrDummy(user?.passwordHash, body.password)) || !user) {
      await loginThrottle.fail(body.email, ip(req));
      throw unauthorized(messages.badCredentials);
    }
    await loginThrottle.succeed(body.email, ip(req));
    if (!user.verified) throw new HttpError(403, messages.unverified);
    await respondWithSession(req, res, user);
  });

  /**
   * Signs in with a provider identity (issue 20, point 3: no account pre-hijacking): the linked user; else
   * the user with that e-mail, linked now, only when that address is verified and the account is not an
   * administrator's (never auto-linked: 409); an unverified claim on the address loses it — the verified
   * provider identity is its owner — and a new user is created for the identity (the claim's password is
   * never a way into it).
   */
  async function socialSignIn(identity: SocialIdentity): Promise<UserRow> {
    const linked = await userStore.byProvider(db, identity.provider, identity.providerId);
    if (linked) return linked;
    const link =
      identity.provider === 'google'
        ? { googleSub: identity.providerId }
        : { facebookId: identity.providerId };
    await releaseExpired({ email: identity.email });
    const byEmail = await userStore.byEmail(db, identity.email);
    if (byEmail?.role === 'Admin') throw conflict(messages.adminNotLinked);
    if (byEmail?.emailVerified) return (await userStore.update(db, byEmail.id, { ...link, verified: true }))!;
    if (byEmail) await releaseAddress(byEmail);
    return inserting({ email: identity.email }, () =>
      outbox.transaction(async (tx, emit) => {
        const user = await userStore.insert(tx, {
          name: identity.name,
          email: identity.email,
          role: 'User',
          verified: true,
          emailVerified: true,
          profile: identity.picture ?? null,
          ...link,
        });
        await emit('auth.user.registered', {
          userId: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          verified: true,
          provider: identity.provider,
        });
        return user;
      }),
    );
  }

  /**
   * Takes an unverified address from `claim` (issue 20, point 3): its e-mail becomes the placeholder
   * `unverified-<id>@released.invalid`, its pending links die, and `auth.user.updated` (changed: email) tells
   * the other services.
   */
  async function releaseAddress(claim: UserRow): Promise<void> {
    await outbox.transaction(async (tx, emit) => {
      const updated = await userStore.update(tx, claim.id, {
        email: `unverified-${claim.id}@released.invalid`,
        emailVerified: false,
      });
      if (!updated) return;
      await emailTokenStore.removeFor(tx, claim.id);
      await emit('auth.user.updated', {
        userId: updated.id,
        name: updated.name,
        email: updated.email,
        ...(updated.phoneNumber ? { phone_number: updated.phoneNumber } : {}),
        profile: updated.profile,
        changed: ['email'],
      });
    });
  }

  router.post('/api/auth/googleLogin', async (req, res) => {
    const body = parseInput(googleLoginBody, req.body);
    await enforce(res, [[limit.loginPerIp, ip(req)]]);
    const user = await socialSignIn(await providers.google.verify(body.tokenId));
    await respondWithSession(req, res, user);
  });

  router.post('/api/auth/facebookLogin', async (req, res) => {
    const query = parseInput(facebookLoginQuery, req.query);
    const body = parseInput(facebookLoginBody, req.body ?? {});
    const accessToken = query.access_token ?? body.access_token;
    if (accessToken === undefined) throw badRequest('access_token is required (in the query or the body)');
    await enforce(res, [[limit.loginPerIp, ip(req)]]);
    const user = await socialSignIn(await providers.facebook.verify(accessToken));
    await respondWithSession(req, res, user);
  });

  router.get('/api/auth/profile', requireUser, async (req, res) => {
    const user = await userStore.byId(db, req.principal!.id);
    if (!user) throw unauthorized(messages.sessionGone);
    res.json(toApiUser(user));
  });

  /**
   * Profile edit (issue 10): body `updateProfileBody` (`name`, `profileKey`, `removeProfile: true`; at
   * least one) → 200 `{ message: 'Profile updated successfully', user }`, `user` as GET /api/auth/profile.
   * A `profileKey` is confirmed by storage first (this user's `cars` upload, a valid stored image) and
   * saved as its image URL; nothing changes when it is refused (400 `profileKey: …`) or storage is down
   * (503). A change emits `auth.user.updated` through the outbox; an edit that changes nothing emits none.
   */
  router.patch('/api/auth/profile', requireUser, async (req, res) => {
    const body = parseInput(updateProfileBody, req.body);
    const userId = req.principal!.id;
    const current = await userStore.byId(db, userId);
    if (!current) throw unauthorized(messages.sessionGone);
    // Outside the transaction: in embedded mode storage shares the one database connection.
    const profile =
      body.profileKey !== undefined
        ? (await confirmProfileImage(ports.peers, req, body.profileKey)).url
        : body.removeProfile
          ? null
          : undefined;
    const { changes, fields } = profileChanges(current, { name: body.name, profile });
    const user =
      fields.length === 0
        ? current
        : await outbox.transaction(async (tx, emit) => {
            const updated = await userStore.update(tx, userId, changes);
            if (!updated) throw unauthorized(messages.sessionGone);
            await emit('auth.user.updated', {
              userId: updated.id,
              name: updated.name,
              email: updated.email,
              ...(updated.phoneNumber ? { phone_number: updated.phoneNumber } : {}),
              profile: updated.profile,
              changed: fields,
            });
            return updated;
          });
    res.json({ message: messages.profileUpdated, user: toApiUser(user) });
  });

  /**
   * Password change (issue 10): body `changePasswordBody` (`currentPassword`, `newPassword` with sign-up's
   * rule, `confirmPassword`) → 200 `{ message: 'Password updated successfully', tokenId }`; the new password
   * is hashed like at registration (argon2id). 400 `currentPassword is incorrect`, 400 for an account
   * without a password (Google/Facebook only), 429 past the limits (as login: per IP and per account).
   * Issue 20, point 2: the change ends every other session — the user's session version goes up in the
   * same transaction, so every earlier token is refused — and the current one goes on with a new token
   * (`tokenId`, and the `auth-token` cookie).
   */
  router.post('/api/auth/password', requireUser, async (req, res) => {
    const body = parseInput(changePasswordBody, req.body);
    const userId = req.principal!.id;
    await enforce(res, [
      [limit.passwordPerIp, ip(req)],
      [limit.passwordPerAccount, userId],
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
    await announceSessionVersion(ports, userId, version);
    await limit.passwordPerAccount.reset(userId);
    const tokenId = await startSession(ports, req, res, { ...user, sessionVersion: version });
    res.json({ message: messages.passwordUpdated, tokenId });
  });

  /**
   * Sign out everywhere (issue 20, point 2): `POST /api/auth/logout-all` → 200 `{ message }`. Raises the
   * user's session version, so every token issued so far (this one included) is refused in every
   * service, and clears this browser's cookies. 401 without a session.
   */
  router.post('/api/auth/logout-all', requireUser, async (req, res) => {
    const userId = req.principal!.id;
    const version = await sessionStore.bumpVersion(db, userId);
    if (version === undefined) throw unauthorized(messages.sessionGone);
    await announceSessionVersion(ports, userId, version);
    endSession(req, res);
    res.json({ message: messages.loggedOutEverywhere });
  });

  /**
   * E-mails a new verification link to the signed-in user's address (issue 20, point 3) → 200
   * `{ message }`; 409 when it is verified already; 429 past five links per hour.
   */
  router.post('/api/auth/email/verification', requireUser, async (req, res) => {
    const user = await userStore.byId(db, req.principal!.id);
    if (!user) throw unauthorized(messages.sessionGone);
    if (user.emailVerified) throw conflict(messages.emailAlreadyVerified);
    await enforce(res, [[limit.emailLinkPerUser, user.id]]);
    await outbox.transaction((tx, emit) => requestEmailLink(emit, tx, user));
    res.json({ message: messages.emailLinkSent });
  });

  /**
   * The e-mailed link's token (issue 20, point 3): body `{ token }` → 200 `{ message }` when the token is
   * known, unexpired and the account still has the address it was sent to (the token is used up either
   * way); else 400 naming `token`. Public: the link works without a session.
   */
  router.post('/api/auth/email/verify', async (req, res) => {
    const { token } = parseInput(verifyEmailBody, req.body);
    await enforce(res, [[limit.verifyPerIp, ip(req)]]);
    const row = await emailTokenStore.take(db, sha256(token));
    if (row && row.expiresAt.getTime() > ports.clock().getTime()) {
      const user = await userStore.byId(db, row.userId);
      if (user && user.email === row.email) {
        await userStore.update(db, user.id, { emailVerified: true });
        res.json({ message: messages.emailVerified });
        return;
      }
    }
    throw badRequest(messages.emailLinkInvalid);
  });

  /** Logout: the token is revoked in the database until it expires, then in the cache (issue 20). */
  router.post('/api/auth/logout', async (req, res) => {
    if (req.principal) await revokeSession(ports, req.principal);
    endSession(req, res);
    res.json({ message: messages.loggedOut });
  });

  /**
   * Introspection for other services' verifiers (distributed mode, issue 20; platform `remoteSessionCheck`):
   * the token comes as `Authorization: Bearer`; it is verified with the record read now (no cache) →
   * 200 `{ id, role, jti }`, else 401 `{ message }`. Not in the public route table, so the gateway never
   * proxies it; it tells a caller nothing beyond what the token's own holder may learn.
   */
  router.get(SESSION_INTROSPECTION_PATH, async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    const token = tokenFrom(req.headers.authorization, undefined);
    const principal = token ? await ports.tokens.verify(token, { fresh: true }) : undefined;
    if (!principal) throw unauthorized(messages.sessionGone);
    res.json({ id: principal.id, role: principal.role, jti: principal.jti });
  });

  router.get('/api/account/getAllUser', requireAdmin, async (req, res) => {
    const query = parseInput(getAllUserQuery, req.query);
    res.json((await userStore.list(db, query.userType)).map(toApiUser));
  });

  router.post('/api/account/user/new', requireAdmin, async (req, res) => {
    const body = parseInput(createUserBody, req.body);
    const ids = { email: body.email, username: body.username, phoneNumber: body.phone_number };
    await assertAvailable(ids);
    const passwordHash = await hashSecret(body.password);
    const user = await inserting(ids, () =>
      outbox.transaction(async (tx, emit) => {
        const created = await userStore.insert(tx, {
          name: body.name,
          username: body.username,
          email: body.email,
          phoneNumber: body.phone_number ?? null,
          passwordHash,
          role: body.role,
          verified: true,
          // An administrator vouches for the address (issue 20, point 3).
          emailVerified: true,
        });
        await emit('auth.user.registered', {
          userId: created.id,
          name: created.name,
          email: created.email,
          ...(created.phoneNumber ? { phone_number: created.phoneNumber } : {}),
          username: body.username,
          role: created.role,
          verified: true,
          provider: 'admin',
        });
        return created;
      }),
    );
    res.status(201).json({ message: messages.userCreated, data: toApiUser(user) });
  });

  router.delete('/api/account/user/:id', requireAdmin, async (req, res) => {
    const { id } = parseInput(userIdParams, req.params);
    if (id === req.principal!.id) throw conflict(messages.cannotDeleteSelf);
    const deleted = await outbox.transaction(async (tx, emit) => {
      const row = await userStore.remove(tx, id);
      if (!row) throw notFound(messages.userNotFound);
      await emit('auth.user.deleted', { userId: row.id, deletedBy: req.principal!.id });
      return row;
    });
    // The record is the deleted row; the cache only makes other processes refuse the tokens at once.
    ports.tokens.forget({ userId: deleted.id });
    await revokeUser(ports.cache, deleted.id).catch((err: unknown) =>
      ports.logger.warn({ err }, 'user deleted: the cache fast path could not be written'),
    );
    res.json({ message: messages.userDeleted, data: toApiUser(deleted) });
  });

  return router;
}
