/**
 * Auth API, social sign-in and e-mail verification (issue 4; issue 20, points 3 and 7) through the embedded
 * system with local stand-ins for Google's JWKS and Facebook's Graph API, on the embedded adapters and on
 * the real PostgreSQL, RabbitMQ and Redis: Google and Facebook sign-in, linking to an existing e-mail, bad
 * tokens; a verified owner taking an address an unverified sign-up claimed; the e-mailed verification link.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signUpPayload } from '../../../test-support/accounts';
import { waitForEmailToken, waitForSmsCode } from '../../../test-support/dev-outbox';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../../test-support/system';
import { type SocialProviders, startSocialProviders } from './support/auth-api';

const variants = await systemVariants();

describe.each(variants)('social sign-in on $name', ({ servers, skip }) => {
  let t: TestSystem;
  let social: SocialProviders;

  beforeAll(async () => {
    if (skip) return;
    social = await startSocialProviders({ appId: 'fb-app-1', appSecret: 'fb-secret' });
    t = await startTestSystem(social.env, servers);
  });
  afterAll(async () => {
    await t?.stop();
    await social?.stop();
  });

  /** `POST /api/auth/googleLogin` from `ip` with an ID token of the verified Google user `user`. */
  const googleLogin = async (user: { sub: string; email: string; name: string }, ip: string) =>
    call(t.url, 'POST', '/api/auth/googleLogin', {
      body: { tokenId: await social.google.signIdToken({ ...user, email_verified: true }) },
      ip,
    });

  /** Registers with e-mail and password (the phone is not verified); the sign-up payload. */
  async function registerOnly(email: string, ip: string) {
    const body = {
      ...signUpPayload('Early Bird'),
      email,
      password: 'squatter2026',
      confirm_password: 'squatter2026',
    };
    await register(t.url, body, ip);
    return body;
  }

  it.skipIf(skip)(
    'a verified Google owner takes an address an unverified sign-up claimed; the claim’s password never gets in (issue 20, point 3)',
    async () => {
      const squatter = await registerOnly('victim@example.in', '10.8.3.1');
      const [claim] = await queryRows<{ id: string }>(
        t.system.infra.database.db,
        sql`SELECT id FROM auth.users WHERE email = 'victim@example.in'`,
      );
      const owner = await googleLogin(
        { sub: 'g-victim', email: 'victim@example.in', name: 'Real Owner' },
        '10.8.3.2',
      );
      expect(owner.status).toBe(200);
      const ownerUser = owner.body.user as Record<string, unknown>;
      expect(ownerUser).toMatchObject({
        email: 'victim@example.in',
        name: 'Real Owner',
        emailVerified: true,
      });
      expect(ownerUser._id).not.toBe(claim!.id);
      const [released] = await queryRows<{ email: string }>(
        t.system.infra.database.db,
        sql`SELECT email FROM auth.users WHERE id = ${claim!.id}`,
      );
      expect(released?.email).toBe(`unverified-${claim!.id}@released.invalid`);
      const byPassword = await call(t.url, 'POST', '/api/auth/login', {
        body: { email: 'victim@example.in', password: squatter.password },
        ip: '10.8.3.3',
      });
      expect(byPassword.status).toBe(401);
      const profile = await call(t.url, 'GET', '/api/auth/profile', { token: owner.body.tokenId as string });
      expect(profile.body).toMatchObject({ _id: ownerUser._id, email: 'victim@example.in' });
    },
  );

  it.skipIf(skip)(
    'the e-mailed link verifies the address; then Google links to the account; the link token is never on the bus',
    async () => {
      await registerOnly('linked@example.in', '10.8.4.1');
      const { token } = await waitForEmailToken(t.outbox, 'linked@example.in');
      const [row] = await queryRows<{ id: string; envelope: unknown }>(
        t.system.infra.database.db,
        sql`SELECT envelope->'payload'->>'userId' AS id, envelope FROM auth.outbox
            WHERE name = 'auth.email.verification_requested'
            AND envelope->'payload'->>'email' = 'linked@example.in'`,
      );
      expect(JSON.stringify(row?.envelope)).not.toContain(token);
      const [stored] = await queryRows<{ token_hash: string }>(
        t.system.infra.database.db,
        sql`SELECT token_hash FROM auth.email_tokens WHERE user_id = ${row!.id}`,
      );
      expect(stored?.token_hash).not.toContain(token);

      const verify = (body: unknown) =>
        call(t.url, 'POST', '/api/auth/email/verify', { body, ip: '10.8.4.3' });
      const bad = await verify({ token: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^token: /);
      expect((await verify({})).body.message).toMatch(/token/);
      const ok = await verify({ token });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Your e-mail address is verified.' });
      expect((await verify({ token })).status).toBe(400);

      const viaGoogle = await googleLogin(
        { sub: 'g-linked', email: 'linked@example.in', name: 'Linked' },
        '10.8.4.2',
      );
      expect(viaGoogle.status).toBe(200);
      expect((viaGoogle.body.user as Record<string, unknown>)._id).toBe(row!.id);
      expect(viaGoogle.body.user).toMatchObject({ emailVerified: true });
      const more = await call(t.url, 'POST', '/api/auth/email/verification', {
        token: viaGoogle.body.tokenId as string,
      });
      expect(more.status).toBe(409);
    },
  );

  it.skipIf(skip)('a signed-in user with an unverified address can ask for a new link', async () => {
    const u = await registerOnly('again@example.in', '10.8.5.1');
    const first = await waitForEmailToken(t.outbox, u.email);
    // A session: verify the phone with the texted code.
    const { code } = await waitForSmsCode(t.outbox, u.phone_number);
    const session = await call(t.url, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(code) },
      ip: '10.8.5.2',
    });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ emailVerified: false });
    const r = await call(t.url, 'POST', '/api/auth/email/verification', {
      token: session.body.tokenId as string,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.stringMatching(/verification link/) });
    const second = await waitForEmailToken(t.outbox, u.email, { after: first.createdAt });
    expect(second.token).not.toBe(first.token);
    // The earlier link was replaced.
    const verify = (token: string) =>
      call(t.url, 'POST', '/api/auth/email/verify', {
        body: { token },
        ip: '10.8.5.3',
      });
    expect((await verify(first.token)).status).toBe(400);
    expect((await verify(second.token)).status).toBe(200);
    const profile = await call(t.url, 'GET', '/api/auth/profile', { token: session.body.tokenId as string });
    expect(profile.body).toMatchObject({ emailVerified: true });
  });

  it.skipIf(skip)('an administrator account is never linked to a Google sign-in', async () => {
    const r = await googleLogin(
      { sub: 'g-admin', email: 'admin@marketplace.local', name: 'Not The Admin' },
      '10.8.6.1',
    );
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/administrator/);
    const [admin] = await queryRows<{ google_sub: string | null }>(
      t.system.infra.database.db,
      sql`SELECT google_sub FROM auth.users WHERE email = 'admin@marketplace.local'`,
    );
    expect(admin?.google_sub).toBeNull();
  });

  it.skipIf(skip)('lists the configured providers with their public ids only', async () => {
    const r = await call(t.url, 'GET', '/api/auth/providers');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ google: { clientId: social.google.clientId }, facebook: { appId: 'fb-app-1' } });
    expect(JSON.stringify(r.body)).not.toContain('fb-secret');
  });

  it.skipIf(skip)('creates a user from a Google ID token, then signs the same user in again', async () => {
    const first = await googleLogin({ sub: 'g-1', email: 'Meera@Gmail.com', name: 'Meera' }, '10.8.0.1');
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'meera@gmail.com', name: 'Meera', role: 'User' });
    const again = await googleLogin({ sub: 'g-1', email: 'meera@gmail.com', name: 'Meera' }, '10.8.0.1');
    expect((again.body.user as { _id: string })._id).toBe((first.body.user as { _id: string })._id);
    const profile = await call(t.url, 'GET', '/api/auth/profile', { token: again.body.tokenId as string });
    expect(profile.body).toMatchObject({ email: 'meera@gmail.com' });
  });

  it.skipIf(skip)('a Google-only account has no password to change: 400, and none is set', async () => {
    const first = await googleLogin({ sub: 'g-pw', email: 'nopass@gmail.com', name: 'No Pass' }, '10.8.2.1');
    expect(first.status).toBe(200);
    const r = await call(t.url, 'POST', '/api/auth/password', {
      token: first.body.tokenId as string,
      body: { currentPassword: 'anything1', newPassword: 'brandNew2026', confirmPassword: 'brandNew2026' },
      ip: '10.8.2.1',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^currentPassword: this account has no password/);
    const login = await call(t.url, 'POST', '/api/auth/login', {
      body: { email: 'nopass@gmail.com', password: 'brandNew2026' },
      ip: '10.8.2.2',
    });
    expect(login.status).toBe(401);
  });

  it.skipIf(skip)(
    'refuses Google tokens with a wrong audience, wrong issuer, past expiry or bad signature with 401',
    async () => {
      const claims = { sub: 'g-2', email: 'x@gmail.com', email_verified: true, name: 'X' };
      const bad = [
        await social.google.signIdToken(claims, { audience: 'someone-else' }),
        await social.google.signIdToken(claims, { issuer: 'https://evil.example' }),
        await social.google.signIdToken(claims, { expiresInSec: -60 }),
        await social.google.signIdToken(claims, { key: 'foreign' }),
        'not.a.jwt',
      ];
      for (const tokenId of bad) {
        const r = await call(t.url, 'POST', '/api/auth/googleLogin', { body: { tokenId }, ip: '10.8.1.1' });
        expect(r.status).toBe(401);
        expect(r.body.message).toMatch(/Google/);
      }
      const unverified = await social.google.signIdToken({ ...claims, email_verified: false });
      expect(
        (
          await call(t.url, 'POST', '/api/auth/googleLogin', {
            body: { tokenId: unverified },
            ip: '10.8.1.2',
          })
        ).status,
      ).toBe(401);
      expect(
        (await call(t.url, 'POST', '/api/auth/googleLogin', { body: {}, ip: '10.8.1.3' })).body.message,
      ).toMatch(/tokenId/);
    },
  );

  it.skipIf(skip)(
    'signs in with Facebook, links to an existing e-mail, and refuses invalid or foreign tokens',
    async () => {
      /** `POST /api/auth/facebookLogin` with the access token in the query string. */
      const facebookLoginInUrl = (token: string, ip: string) =>
        call(t.url, 'POST', `/api/auth/facebookLogin?access_token=${encodeURIComponent(token)}`, { ip });
      const viaGoogle = await googleLogin(
        { sub: 'g-3', email: 'kiran@example.in', name: 'Kiran' },
        '10.9.0.1',
      );
      const token = social.graph.issueToken({ id: 'fb-9', name: 'Kiran K', email: 'kiran@example.in' });
      const fb = await facebookLoginInUrl(token, '10.9.0.2');
      expect(fb.status).toBe(200);
      expect((fb.body.user as { _id: string })._id).toBe((viaGoogle.body.user as { _id: string })._id);
      for (const bad of [
        social.graph.issueToken({ id: 'fb-10', name: 'A', email: 'a@example.in' }, { valid: false }),
        social.graph.issueToken({ id: 'fb-11', name: 'B', email: 'b@example.in' }, { appId: 'another-app' }),
        'garbage',
      ]) {
        expect((await facebookLoginInUrl(bad, '10.9.0.3')).status).toBe(401);
      }
      expect((await call(t.url, 'POST', '/api/auth/facebookLogin', { ip: '10.9.0.4' })).body.message).toMatch(
        /access_token/,
      );
      // The token may also come in the JSON body (issue 20, point 7: out of URLs and access logs).
      const inBody = await call(t.url, 'POST', '/api/auth/facebookLogin', {
        body: { access_token: token },
        ip: '10.9.0.5',
      });
      expect(inBody.status).toBe(200);
      expect((inBody.body.user as { _id: string })._id).toBe((viaGoogle.body.user as { _id: string })._id);
      const badBody = await call(t.url, 'POST', '/api/auth/facebookLogin', {
        body: { access_token: 'garbage' },
        ip: '10.9.0.6',
      });
      expect(badBody.status).toBe(401);
    },
  );
});
