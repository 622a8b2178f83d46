/**
 * Auth API, sign-up (issue 4; issue 20, points 4, 5 and 13) through the embedded system, on the embedded
 * adapters and on the real PostgreSQL, RabbitMQ and Redis: register → the code from the dev outbox → verify →
 * profile → logout; taken and bad fields; wrong, parallel, resent and expired codes; an unverified sign-up
 * expiring after 24 h. Under CI=true a missing server fails the file.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpPayload } from '../../../test-support/accounts';
import { waitForSmsCode } from '../../../test-support/dev-outbox';
import { call, systemVariants } from '../../../test-support/system';
import { eventsAbout, HASH, useAuthApi } from './support/auth-api';

const variants = await systemVariants();

describe.each(variants)('auth API on $name: sign-up', ({ servers, skip }) => {
  const api = useAuthApi(servers, skip);
  /** The code of the newest SMS to `phone` (other than one created at `after`). */
  const readOtp = async (phone: string, after?: string) =>
    (await waitForSmsCode(api.t.outbox, phone, { after })).code;

  it.skipIf(skip)(
    'register → OTP from the dev outbox → verify → profile → logout → old token is 401',
    async () => {
      const u = signUpPayload();
      const reg = await call(api.base, 'POST', '/api/auth/register', {
        body: { ...u, phone_number: `+91${u.phone_number}` },
        ip: '10.1.0.1',
      });
      expect(reg.status).toBe(201);
      expect(reg.body).toEqual({
        data: { phone_number: u.phone_number, email: u.email },
        message: expect.any(String),
      });

      const early = await call(api.base, 'POST', '/api/auth/login', {
        body: { email: u.email, password: u.password },
        ip: '10.1.0.1',
      });
      expect(early.status).toBe(403);
      expect(early.body.message).toMatch(/verify/i);

      const otp = await readOtp(u.phone_number);
      const res = await fetch(`${api.base}/api/auth/verifyMobileOtp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.1' },
        body: JSON.stringify({ phone_number: u.phone_number, otp: Number(otp) }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth-token='))!;
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

      const profile = await call(api.base, 'GET', '/api/auth/profile', { token: session.tokenId });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ _id: session.user._id, name: u.name, role: 'User' });
      const byCookie = await fetch(`${api.base}/api/auth/profile`, {
        headers: { cookie: cookie.split(';')[0]! },
      });
      expect(byCookie.status).toBe(200);

      const login = await call(api.base, 'POST', '/api/auth/login', {
        body: { email: u.email.toUpperCase(), password: u.password },
        ip: '10.1.0.1',
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ email: u.email });

      const logout = await call(api.base, 'POST', '/api/auth/logout', { token: session.tokenId });
      expect(logout.body).toEqual({ message: 'User logged out successfully.' });
      expect((await call(api.base, 'GET', '/api/auth/profile', { token: session.tokenId })).status).toBe(401);
      expect(
        (await call(api.base, 'GET', '/api/auth/profile', { token: login.body.tokenId as string })).status,
      ).toBe(200);
      for (const r of [reg, profile, login]) expect(JSON.stringify(r.body)).not.toMatch(HASH);
      const events = await eventsAbout(api.t, String(session.user._id));
      expect(events).toEqual([
        'auth.user.registered',
        'auth.otp.requested',
        'auth.email.verification_requested',
        'auth.user.verified',
      ]);
      // Issue 20, point 13: the code is on the bus only sealed (and the SMS still came, read above).
      const [requested] = await queryRows<{ envelope: { payload: Record<string, unknown> } }>(
        api.t.system.infra.database.db,
        sql`SELECT envelope FROM auth.outbox WHERE name = 'auth.otp.requested'
            AND envelope->'payload'->>'userId' = ${String(session.user._id)}`,
      );
      expect(requested?.envelope.payload.otp).toBeUndefined();
      expect(requested?.envelope.payload.otpSealed).toMatch(/^v1\./);
      expect(JSON.stringify(requested)).not.toContain(otp);
    },
  );

  it.skipIf(skip)(
    'refuses taken e-mail, username and phone with 409 naming the field, and bad input with 400',
    async () => {
      const { u } = await api.signUp('10.2.0.1');
      const again = signUpPayload();
      const cases: Array<[Record<string, string>, RegExp]> = [
        [{ email: u.email }, /email/],
        [{ username: u.username }, /username/],
        [{ phone_number: u.phone_number }, /phone_number/],
      ];
      for (const [override, field] of cases) {
        const r = await call(api.base, 'POST', '/api/auth/register', {
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
        const r = await call(api.base, 'POST', '/api/auth/register', {
          body: { ...signUpPayload(), ...override },
          ip: '10.2.0.3',
        });
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(field);
      }
      const noOtp = await call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
        body: { phone_number: '9000000000', otp: 'abc' },
        ip: '10.2.0.4',
      });
      expect(noOtp.status).toBe(400);
      expect(noOtp.body.message).toMatch(/otp/);
    },
  );

  it.skipIf(skip)('locks a code after five wrong tries, and a resent code replaces the old one', async () => {
    const u = signUpPayload();
    await call(api.base, 'POST', '/api/auth/register', { body: u, ip: '10.3.0.1' });
    const otp = await readOtp(u.phone_number);
    const wrong = (Number(otp) + 1) % 1_000_000;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
        body: { phone_number: u.phone_number, otp: wrong },
        ip: `10.3.1.${i}`,
      });
      expect(r.status).toBe(400);
      answers.push(r.body.message as string);
    }
    expect(answers.at(0)).toMatch(/incorrect/);
    expect(answers.at(-1)).toMatch(/Too many/);
    const right = await call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(otp) },
      ip: '10.3.2.1',
    });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/Too many/);

    const before = api.t.lastSms(u.phone_number)!.createdAt;
    const resend = await call(api.base, 'POST', '/api/auth/resendOtp', {
      body: { email: u.email, phone_number: u.phone_number },
      ip: '10.3.3.1',
    });
    expect(resend.status).toBe(200);
    const fresh = await readOtp(u.phone_number, before);
    const tooSoon = await call(api.base, 'POST', '/api/auth/resendOtp', {
      body: { email: u.email, phone_number: u.phone_number },
      ip: '10.3.3.2',
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toMatch(/^\d+$/);
    const ok = await call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(fresh) },
      ip: '10.3.4.1',
    });
    expect(ok.status).toBe(200);
  });

  it.skipIf(skip)(
    'an unverified sign-up expires after 24 h: its e-mail, phone and username are free again (issue 20, point 4)',
    async () => {
      const first = signUpPayload();
      expect(
        (await call(api.base, 'POST', '/api/auth/register', { body: first, ip: '10.4.5.1' })).status,
      ).toBe(201);
      const [row] = await queryRows<{ id: string }>(
        api.t.system.infra.database.db,
        sql`SELECT id FROM auth.users WHERE email = ${first.email}`,
      );
      const again = {
        ...signUpPayload(),
        email: first.email,
        phone_number: first.phone_number,
        username: first.username,
      };
      // 23 hours old: still held.
      await api.t.system.infra.database.db.execute(
        sql`UPDATE auth.users SET created_at = now() - interval '23 hours' WHERE id = ${row!.id}`,
      );
      expect(
        (await call(api.base, 'POST', '/api/auth/register', { body: again, ip: '10.4.5.2' })).status,
      ).toBe(409);
      // 25 hours old: expired. It gets no new code, and its identifiers go to the next sign-up.
      await api.t.system.infra.database.db.execute(
        sql`UPDATE auth.users SET created_at = now() - interval '25 hours' WHERE id = ${row!.id}`,
      );
      const resend = await call(api.base, 'POST', '/api/auth/resendOtp', {
        body: { email: first.email, phone_number: first.phone_number },
        ip: '10.4.5.3',
      });
      expect(resend.status).toBe(404);
      const taken = await call(api.base, 'POST', '/api/auth/register', { body: again, ip: '10.4.5.4' });
      expect(taken.status).toBe(201);
      const rows = await queryRows<{ id: string; name: string }>(
        api.t.system.infra.database.db,
        sql`SELECT id, name FROM auth.users WHERE email = ${first.email}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).not.toBe(row!.id);
      expect(rows[0]!.name).toBe(again.name);
      expect(await eventsAbout(api.t, row!.id)).toEqual([
        'auth.user.registered',
        'auth.otp.requested',
        'auth.email.verification_requested',
        'auth.user.deleted',
      ]);
      // A verified account never expires.
      const { u } = await api.signUp('10.4.5.5');
      await api.t.system.infra.database.db.execute(
        sql`UPDATE auth.users SET created_at = now() - interval '30 days' WHERE email = ${u.email}`,
      );
      const clash = await call(api.base, 'POST', '/api/auth/register', {
        body: { ...signUpPayload(), email: u.email },
        ip: '10.4.5.6',
      });
      expect(clash.status).toBe(409);
    },
  );

  it.skipIf(skip)('rejects an expired code', async () => {
    const u = signUpPayload();
    await call(api.base, 'POST', '/api/auth/register', { body: u, ip: '10.4.0.1' });
    const otp = await readOtp(u.phone_number);
    await api.t.system.infra.database.db.execute(
      sql`UPDATE auth.otps SET expires_at = now() - interval '1 second' WHERE phone_number = ${u.phone_number}`,
    );
    const r = await call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: u.phone_number, otp: Number(otp) },
      ip: '10.4.0.2',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/expired/);
  });

  it.skipIf(skip)(
    'a code takes at most five guesses even when they come in parallel (issue 20, point 5)',
    async () => {
      const u = signUpPayload();
      await call(api.base, 'POST', '/api/auth/register', { body: u, ip: '10.3.5.1' });
      const otp = await readOtp(u.phone_number);
      const wrong = (Number(otp) + 1) % 1_000_000;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
            body: { phone_number: u.phone_number, otp: wrong },
            ip: `10.3.6.${i}`,
          }),
        ),
      );
      expect(answers.every((a) => a.status === 400)).toBe(true);
      expect(answers.filter((a) => /incorrect/.test(String(a.body.message)))).toHaveLength(4);
      const [row] = await queryRows<{ attempts: number }>(
        api.t.system.infra.database.db,
        sql`SELECT attempts FROM auth.otps WHERE phone_number = ${u.phone_number}`,
      );
      expect(row?.attempts).toBe(5);
      const right = await call(api.base, 'POST', '/api/auth/verifyMobileOtp', {
        body: { phone_number: u.phone_number, otp: Number(otp) },
        ip: '10.3.7.1',
      });
      expect(right.status).toBe(400);
      expect(right.body.message).toMatch(/Too many/);
    },
  );
});
