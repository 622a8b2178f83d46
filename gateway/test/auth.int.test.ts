/**
 * Auth API (issue 4) through the embedded system, on the embedded adapters and on the real PostgreSQL
 * and Redis. Under CI=true a missing server fails the file.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleStub, startGoogleStub } from '../../services/auth/test/support/google-server';
import { type GraphStub, startGraphStub } from '../../services/auth/test/support/graph-server';
import { call, startTestSystem, systemVariants, type TestSystem } from './support/system';

const variants = await systemVariants();

let seq = 0;
/** A fresh sign-up payload with unique identifiers. */
function newUser() {
  seq++;
  const n = `${Date.now() % 100000}${seq}`.slice(-6).padStart(6, '0');
  return {
    name: `Asha Rao ${seq}`,
    username: `asha.${n}`,
    email: `asha.${n}@example.in`,
    phone_number: `98${n}${seq % 10}${(seq * 7) % 10}`.slice(0, 10),
    password: 'safeRide42',
    confirm_password: 'safeRide42',
  };
}

const HASH = /\$argon2|password_?hash|code_?hash/i;

describe.each(variants)('auth API on $name', ({ servers, skip }) => {
  let t: TestSystem;
  let base: string;
  let adminToken: string;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestSystem({ ADMIN_EMAIL: 'root@marketplace.in', ADMIN_PASSWORD: 'rootPass123' }, servers);
    base = t.url;
    const login = await call(base, 'POST', '/api/auth/login', {
      body: { email: 'root@marketplace.in', password: 'rootPass123' },
      ip: '10.0.0.1',
    });
    adminToken = login.body.tokenId as string;
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** Names of the auth outbox events whose payload concerns `userId`, oldest first. */
  async function eventsAbout(userId: string): Promise<string[]> {
    const rows = await queryRows<{ name: string }>(
      t.system.infra.database.db,
      sql`SELECT name FROM auth.outbox WHERE envelope->'payload'->>'userId' = ${userId} ORDER BY seq`,
    );
    return rows.map((r) => r.name);
  }

  /** Registers, reads the code from the dev outbox and verifies; returns the session. */
  async function signUp(ip: string) {
    const u = newUser();
    const reg = await call(base, 'POST', '/api/auth/register', { body: u, ip });
    expect(reg.status).toBe(201);
    const otp = await readOtp(u.phone_number);
    const verified = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(otp) },
      ip,
    });
    expect(verified.status).toBe(200);
    return { u, token: verified.body.tokenId as string, user: verified.body.user as Record<string, unknown> };
  }

  async function readOtp(phone: string, after?: string): Promise<string> {
    await t.system.drainOutboxes();
    let sms: ReturnType<TestSystem['lastSms']>;
    await expect
      .poll(
        () => {
          sms = t.lastSms(phone);
          return sms && sms.createdAt !== after ? sms.text : undefined;
        },
        { timeout: 5_000 },
      )
      .toMatch(/\b\d{6}\b/);
    return sms!.text.match(/\b(\d{6})\b/)![1]!;
  }

  it.skipIf(skip)(
    'register → OTP from the dev outbox → verify → profile → logout → old token is 401',
    async () => {
      const u = newUser();
      const reg = await call(base, 'POST', '/api/auth/register', {
        body: { ...u, phone_number: `+91${u.phone_number}` },
        ip: '10.1.0.1',
      });
      expect(reg.status).toBe(201);
      expect(reg.body).toEqual({
        data: { phone_number: u.phone_number, email: u.email },
        message: expect.any(String),
      });

      const early = await call(base, 'POST', '/api/auth/login', {
        body: { email: u.email, password: u.password },
        ip: '10.1.0.1',
      });
      expect(early.status).toBe(403);
      expect(early.body.message).toMatch(/verify/i);

      const otp = await readOtp(u.phone_number);
      const res = await fetch(`${base}/api/auth/verifyMobileOtp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.1' },
        body: JSON.stringify({ phone_number: u.phone_number, otp: Number(otp) }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(
        /^auth-token=[^;]+; Max-Age=2592000; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/,
      );
      const session = (await res.json()) as { user: Record<string, unknown>; tokenId: string };
      expect(session.user).toMatchObject({
        name: u.name,
        email: u.email,
        role: 'User',
        phone_number: u.phone_number,
        username: u.username,
      });
      expect(session.user.profile).toBe('/api/auth/avatar/default.svg');

      const profile = await call(base, 'GET', '/api/auth/profile', { token: session.tokenId });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ _id: session.user._id, name: u.name, role: 'User' });
      const byCookie = await fetch(`${base}/api/auth/profile`, {
        headers: { cookie: cookie.split(';')[0]! },
      });
      expect(byCookie.status).toBe(200);

      const login = await call(base, 'POST', '/api/auth/login', {
        body: { email: u.email.toUpperCase(), password: u.password },
        ip: '10.1.0.1',
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ email: u.email });

      const logout = await call(base, 'POST', '/api/auth/logout', { token: session.tokenId });
      expect(logout.body).toEqual({ message: 'User logged out successfully.' });
      expect((await call(base, 'GET', '/api/auth/profile', { token: session.tokenId })).status).toBe(401);
      expect(
        (await call(base, 'GET', '/api/auth/profile', { token: login.body.tokenId as string })).status,
      ).toBe(200);
      for (const r of [reg, profile, login]) expect(JSON.stringify(r.body)).not.toMatch(HASH);
      const events = await eventsAbout(String(session.user._id));
      expect(events).toEqual(['auth.user.registered', 'auth.otp.requested', 'auth.user.verified']);
    },
  );

  it.skipIf(skip)(
    'refuses taken e-mail, username and phone with 409 naming the field, and bad input with 400',
    async () => {
      const { u } = await signUp('10.2.0.1');
      const again = newUser();
      const cases: Array<[Record<string, string>, RegExp]> = [
        [{ email: u.email }, /email/],
        [{ username: u.username }, /username/],
        [{ phone_number: u.phone_number }, /phone_number/],
      ];
      for (const [override, field] of cases) {
        const r = await call(base, 'POST', '/api/auth/register', {
          body: { ...again, ...override },
          ip: '10.2.0.2',
        });
        expect(r.status).toBe(409);
        expect(r.body.message).toMatch(field);
      }
      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [{ email: 'not-an-email' }, /email/],
        [{ phone_number: '12345' }, /phone_number/],
        [{ username: 'A' }, /username/],
        [{ password: 'short1', confirm_password: 'short1' }, /password/],
        [{ password: 'lettersonly', confirm_password: 'lettersonly' }, /password/],
        [{ confirm_password: 'different1' }, /confirm_password/],
      ];
      for (const [override, field] of bad) {
        const r = await call(base, 'POST', '/api/auth/register', {
          body: { ...newUser(), ...override },
          ip: '10.2.0.3',
        });
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(field);
      }
      const noOtp = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
        body: { phone_number: '9000000000', otp: 'abc' },
        ip: '10.2.0.4',
      });
      expect(noOtp.status).toBe(400);
      expect(noOtp.body.message).toMatch(/otp/);
    },
  );

  it.skipIf(skip)('locks a code after five wrong tries, and a resent code replaces the old one', async () => {
    const u = newUser();
    await call(base, 'POST', '/api/auth/register', { body: u, ip: '10.3.0.1' });
    const otp = await readOtp(u.phone_number);
    const wrong = (Number(otp) + 1) % 1_000_000;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
        body: { phone_number: u.phone_number, otp: wrong },
        ip: `10.3.1.${i}`,
      });
      expect(r.status).toBe(400);
      answers.push(r.body.message as string);
    }
    expect(answers.at(0)).toMatch(/incorrect/);
    expect(answers.at(-1)).toMatch(/Too many/);
    const right = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(otp) },
      ip: '10.3.2.1',
    });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/Too many/);

    const before = t.lastSms(u.phone_number)!.createdAt;
    const resend = await call(base, 'POST', '/api/auth/resendOtp', {
      body: { email: u.email, phone_number: u.phone_number },
      ip: '10.3.3.1',
    });
    expect(resend.status).toBe(200);
    const fresh = await readOtp(u.phone_number, before);
    const tooSoon = await call(base, 'POST', '/api/auth/resendOtp', {
      body: { email: u.email, phone_number: u.phone_number },
      ip: '10.3.3.2',
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toMatch(/^\d+$/);
    const ok = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(fresh) },
      ip: '10.3.4.1',
    });
    expect(ok.status).toBe(200);
  });

  it.skipIf(skip)('rejects an expired code', async () => {
    const u = newUser();
    await call(base, 'POST', '/api/auth/register', { body: u, ip: '10.4.0.1' });
    const otp = await readOtp(u.phone_number);
    await t.system.infra.database.db.execute(
      (await import('drizzle-orm'))
        .sql`UPDATE auth.otps SET expires_at = now() - interval '1 second' WHERE phone_number = ${u.phone_number}`,
    );
    const r = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(otp) },
      ip: '10.4.0.2',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/expired/);
  });

  it.skipIf(skip)(
    'answers one generic 401 for a wrong e-mail or password, and 429 past the per-account limit',
    async () => {
      const { u } = await signUp('10.5.0.1');
      const wrongPassword = await call(base, 'POST', '/api/auth/login', {
        body: { email: u.email, password: 'nope12345' },
        ip: '10.5.0.2',
      });
      const noUser = await call(base, 'POST', '/api/auth/login', {
        body: { email: 'nobody@example.in', password: 'nope12345' },
        ip: '10.5.0.3',
      });
      expect(wrongPassword.status).toBe(401);
      expect(noUser.status).toBe(401);
      expect(wrongPassword.body).toEqual(noUser.body);
      let last = 0;
      for (let i = 0; i < 12; i++) {
        last = (
          await call(base, 'POST', '/api/auth/login', {
            body: { email: u.email, password: 'nope12345' },
            ip: `10.5.1.${i}`,
          })
        ).status;
      }
      expect(last).toBe(429);
    },
  );

  it.skipIf(skip)(
    'lets only Admins list, create and delete users; a deleted user’s token stops working',
    async () => {
      const { u, token } = await signUp('10.6.0.1');
      for (const [method, p] of [
        ['GET', '/api/account/getAllUser'],
        ['POST', '/api/account/user/new'],
        ['DELETE', '/api/account/user/00000000-0000-0000-0000-000000000000'],
      ] as const) {
        expect(
          (await call(base, method, p, { token, body: method === 'POST' ? {} : undefined })).status,
        ).toBe(403);
        expect((await call(base, method, p)).status).toBe(401);
      }
      const all = await call(base, 'GET', '/api/account/getAllUser', { token: adminToken });
      expect(all.status).toBe(200);
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body.map((x) => x.email)).toEqual(expect.arrayContaining(['root@marketplace.in', u.email]));
      const admins = await call(base, 'GET', '/api/account/getAllUser?userType=Admin', { token: adminToken });
      expect(admins.body.every((x) => x.role === 'Admin')).toBe(true);
      expect(
        (await call(base, 'GET', '/api/account/getAllUser?userType=Boss', { token: adminToken })).status,
      ).toBe(400);

      const created = await call(base, 'POST', '/api/account/user/new', {
        token: adminToken,
        body: {
          name: 'Ravi',
          username: `ravi.${seq}`,
          email: `ravi.${seq}@example.in`,
          password: 'ravi12345',
          role: 'Admin',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        message: expect.any(String),
        data: { role: 'Admin', name: 'Ravi' },
      });
      expect(JSON.stringify(created.body)).not.toMatch(HASH);
      const dup = await call(base, 'POST', '/api/account/user/new', {
        token: adminToken,
        body: { name: 'Ravi', username: `ravi.${seq}`, email: u.email, password: 'ravi12345' },
      });
      expect(dup.status).toBe(409);
      const missingName = await call(base, 'POST', '/api/account/user/new', {
        token: adminToken,
        body: { email: 'x@y.in' },
      });
      expect(missingName.status).toBe(400);
      expect(missingName.body.message).toMatch(/name/);

      const me = await call(base, 'GET', '/api/auth/profile', { token: adminToken });
      expect(
        (await call(base, 'DELETE', `/api/account/user/${me.body._id}`, { token: adminToken })).status,
      ).toBe(409);
      const userId = (await call(base, 'GET', '/api/auth/profile', { token })).body._id;
      const deleted = await call(base, 'DELETE', `/api/account/user/${userId}`, { token: adminToken });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ message: expect.any(String), data: { _id: userId } });
      expect((await call(base, 'GET', '/api/auth/profile', { token })).status).toBe(401);
      expect((await call(base, 'GET', '/api/testDrive', { token })).status).toBe(401);
      expect((await call(base, 'DELETE', `/api/account/user/${userId}`, { token: adminToken })).status).toBe(
        404,
      );
    },
  );

  it.skipIf(skip)('answers 503 for social sign-in when the provider is not configured', async () => {
    const g = await call(base, 'POST', '/api/auth/googleLogin', {
      body: { tokenId: 'x.y.z' },
      ip: '10.7.0.1',
    });
    expect(g.status).toBe(503);
    expect(g.body.message).toMatch(/Google/);
    const f = await call(base, 'POST', '/api/auth/facebookLogin?access_token=abc', { ip: '10.7.0.2' });
    expect(f.status).toBe(503);
    expect(f.body.message).toMatch(/Facebook/);
  });
});

describe.each(variants)('social sign-in on $name', ({ servers, skip }) => {
  let t: TestSystem;
  let google: GoogleStub;
  let graph: GraphStub;

  beforeAll(async () => {
    if (skip) return;
    google = await startGoogleStub();
    graph = await startGraphStub({ appId: 'fb-app-1', appSecret: 'fb-secret' });
    t = await startTestSystem(
      {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.url,
        GOOGLE_ISSUERS: google.issuer,
        FACEBOOK_APP_ID: 'fb-app-1',
        FACEBOOK_APP_SECRET: 'fb-secret',
        FACEBOOK_GRAPH_URL: graph.url,
      },
      servers,
    );
  });
  afterAll(async () => {
    await t?.stop();
    await google?.stop();
    await graph?.stop();
  });

  it.skipIf(skip)('creates a user from a Google ID token, then signs the same user in again', async () => {
    const tokenId = await google.signIdToken({
      sub: 'g-1',
      email: 'Meera@Gmail.com',
      email_verified: true,
      name: 'Meera',
    });
    const first = await call(t.url, 'POST', '/api/auth/googleLogin', { body: { tokenId }, ip: '10.8.0.1' });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'meera@gmail.com', name: 'Meera', role: 'User' });
    const again = await call(t.url, 'POST', '/api/auth/googleLogin', {
      body: {
        tokenId: await google.signIdToken({
          sub: 'g-1',
          email: 'meera@gmail.com',
          email_verified: true,
          name: 'Meera',
        }),
      },
      ip: '10.8.0.1',
    });
    expect((again.body.user as { _id: string })._id).toBe((first.body.user as { _id: string })._id);
    const profile = await call(t.url, 'GET', '/api/auth/profile', { token: again.body.tokenId as string });
    expect(profile.body).toMatchObject({ email: 'meera@gmail.com' });
  });

  it.skipIf(skip)(
    'refuses Google tokens with a wrong audience, wrong issuer, past expiry or bad signature with 401',
    async () => {
      const claims = { sub: 'g-2', email: 'x@gmail.com', email_verified: true, name: 'X' };
      const bad = [
        await google.signIdToken(claims, { audience: 'someone-else' }),
        await google.signIdToken(claims, { issuer: 'https://evil.example' }),
        await google.signIdToken(claims, { expiresInSec: -60 }),
        await google.signIdToken(claims, { key: 'foreign' }),
        'not.a.jwt',
      ];
      for (const tokenId of bad) {
        const r = await call(t.url, 'POST', '/api/auth/googleLogin', { body: { tokenId }, ip: '10.8.1.1' });
        expect(r.status).toBe(401);
        expect(r.body.message).toMatch(/Google/);
      }
      const unverified = await google.signIdToken({ ...claims, email_verified: false });
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
      const google1 = await google.signIdToken({
        sub: 'g-3',
        email: 'kiran@example.in',
        email_verified: true,
        name: 'Kiran',
      });
      const viaGoogle = await call(t.url, 'POST', '/api/auth/googleLogin', {
        body: { tokenId: google1 },
        ip: '10.9.0.1',
      });
      const token = graph.issueToken({ id: 'fb-9', name: 'Kiran K', email: 'kiran@example.in' });
      const fb = await call(
        t.url,
        'POST',
        `/api/auth/facebookLogin?access_token=${encodeURIComponent(token)}`,
        { ip: '10.9.0.2' },
      );
      expect(fb.status).toBe(200);
      expect((fb.body.user as { _id: string })._id).toBe((viaGoogle.body.user as { _id: string })._id);
      for (const bad of [
        graph.issueToken({ id: 'fb-10', name: 'A', email: 'a@example.in' }, { valid: false }),
        graph.issueToken({ id: 'fb-11', name: 'B', email: 'b@example.in' }, { appId: 'another-app' }),
        'garbage',
      ]) {
        const r = await call(
          t.url,
          'POST',
          `/api/auth/facebookLogin?access_token=${encodeURIComponent(bad)}`,
          { ip: '10.9.0.3' },
        );
        expect(r.status).toBe(401);
      }
      expect((await call(t.url, 'POST', '/api/auth/facebookLogin', { ip: '10.9.0.4' })).body.message).toMatch(
        /access_token/,
      );
    },
  );
});
