/**
 * Auth API, signing in (issue 4; issue 10: password change, sign-in hint cookie; issue 20, points 5 and 6)
 * through the embedded system, on the embedded adapters and on the real PostgreSQL, RabbitMQ and Redis: one
 * generic 401 for a wrong e-mail or password, in the same time, slowing down only the failing client; the
 * session and hint cookies; changing the password; social sign-in when no provider is configured.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, systemVariants } from '../../../test-support/system';
import { HASH, loginRaw, useAuthApi } from './support/auth-api';

const variants = await systemVariants();

describe.each(variants)('auth API on $name: signing in', ({ servers, skip }) => {
  const api = useAuthApi(servers, skip);

  it.skipIf(skip)(
    'answers one generic 401 for a wrong e-mail or password; only the failing client is slowed down',
    async () => {
      const { u } = await api.signUp('10.5.0.1');
      const login = (password: string, ip: string) =>
        call(api.base, 'POST', '/api/auth/login', { body: { email: u.email, password }, ip });
      const wrongPassword = await login('nope12345', '10.5.0.2');
      const noUser = await call(api.base, 'POST', '/api/auth/login', {
        body: { email: 'nobody@example.in', password: 'nope12345' },
        ip: '10.5.0.3',
      });
      expect(wrongPassword.status).toBe(401);
      expect(noUser.status).toBe(401);
      expect(wrongPassword.body).toEqual(noUser.body);
      // Issue 20, point 5: the attacker's client fails on and on; after three free failures it must wait
      // (1 s, 2 s, … Retry-After) — a hard wall for it, not for the owner.
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 8; i++) {
        const r = await login('nope12345', '10.5.1.1');
        statuses.push(r.status);
        if (r.status === 429) retryAfter ??= r.headers.get('retry-after');
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses).toContain(429);
      expect(retryAfter).toMatch(/^\d+$/);
      // Even the right password waits on the failing client…
      expect((await login(u.password, '10.5.1.1')).status).toBe(429);
      // …while the owner's client, which never failed, gets in at once, again and again.
      for (let i = 0; i < 3; i++) expect((await login(u.password, '10.5.1.2')).status).toBe(200);
      // Many clients failing once each never lock the account either.
      for (let i = 0; i < 12; i++) expect((await login('nope12345', `10.5.2.${i}`)).status).toBe(401);
      expect((await login(u.password, '10.5.1.3')).status).toBe(200);
    },
  );

  it.skipIf(skip)(
    'a login for an unknown e-mail takes as long as a wrong password (issue 20, point 6)',
    async () => {
      const { u } = await api.signUp('10.5.2.1');
      const timed = async (email: string, i: number) => {
        const start = performance.now();
        const r = await call(api.base, 'POST', '/api/auth/login', {
          body: { email, password: 'nope12345' },
          ip: `10.5.3.${i}`,
        });
        expect(r.status).toBe(401);
        return performance.now() - start;
      };
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 12; i++) {
        wrong.push(await timed(u.email, i));
        unknown.push(await timed(`nobody.${i}@example.in`, 100 + i));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Without the dummy hash an unknown e-mail answers in a small fraction of argon2id's time (≈ 0.1).
      expect(median(unknown) / median(wrong)).toBeGreaterThan(0.4);
      expect(median(unknown) / median(wrong)).toBeLessThan(2.5);
    },
  );

  it.skipIf(skip)(
    'login sets the HttpOnly auth-token and the script-readable signed-in=1 hint; logout clears both',
    async () => {
      const { u } = await api.signUp('10.10.0.1');
      const login = await loginRaw(api.base, u.email, u.password, '10.10.0.2');
      expect(login.status).toBe(200);
      expect(login.cookies).toHaveLength(2);
      const [auth, hint] = [
        login.cookies.find((c) => c.startsWith('auth-token=')),
        login.cookies.find((c) => c.startsWith('signed-in=')),
      ];
      expect(auth).toMatch(
        /^auth-token=[^;]+; Max-Age=2592000; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/,
      );
      expect(hint).toMatch(/^signed-in=1; Max-Age=2592000; Path=\/; Expires=.+; SameSite=Lax$/);
      expect(hint).not.toMatch(/HttpOnly/i);
      // Both expire together.
      expect(hint!.match(/Expires=([^;]+)/)![1]).toBe(auth!.match(/Expires=([^;]+)/)![1]);

      const cookieHeader = login.cookies.map((c) => c.split(';')[0]).join('; ');
      const logout = await fetch(`${api.base}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie: cookieHeader },
      });
      expect(logout.status).toBe(200);
      const cleared = logout.headers.getSetCookie();
      for (const name of ['auth-token', 'signed-in']) {
        const c = cleared.find((x) => x.startsWith(`${name}=`));
        expect(c, name).toMatch(new RegExp(`^${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`));
      }
      expect(
        (await fetch(`${api.base}/api/auth/profile`, { headers: { cookie: cookieHeader } })).status,
      ).toBe(401);
    },
  );

  it.skipIf(skip)(
    'POST /api/auth/password checks the current password and the new one, then only the new one signs in',
    async () => {
      const { u, token } = await api.signUp('10.13.0.1');
      let current = token;
      const change = (body: unknown, ip = '10.13.0.2') =>
        call(api.base, 'POST', '/api/auth/password', { token: current, body, ip });
      const next = 'newRide2026';

      const anonymous = await call(api.base, 'POST', '/api/auth/password', {
        body: { currentPassword: u.password, newPassword: next, confirmPassword: next },
        ip: '10.13.0.3',
      });
      expect(anonymous.status).toBe(401);
      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [{ newPassword: next, confirmPassword: next }, /^currentPassword is required/],
        [
          { currentPassword: u.password, newPassword: next, confirmPassword: 'newRide2027' },
          /^confirmPassword/,
        ],
        [{ currentPassword: u.password, newPassword: next }, /^confirmPassword/],
        [
          { currentPassword: u.password, newPassword: 'short1', confirmPassword: 'short1' },
          /^newPassword.*8/,
        ],
        [
          { currentPassword: u.password, newPassword: 'onlyletters', confirmPassword: 'onlyletters' },
          /^newPassword.*digit/,
        ],
        [
          { currentPassword: u.password, newPassword: u.password, confirmPassword: u.password },
          /^newPassword.*differ/,
        ],
        [{ currentPassword: u.password, newPassword: next, confirmPassword: next, email: 'x@y.in' }, /email/],
      ];
      for (const [body, message] of bad) {
        const r = await change(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.message, JSON.stringify(body)).toMatch(message);
      }
      const wrong = await change({ currentPassword: 'notMine123', newPassword: next, confirmPassword: next });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: 'currentPassword is incorrect' });
      // Nothing changed so far.
      expect((await loginRaw(api.base, u.email, u.password, '10.13.0.4')).status).toBe(200);

      const other = await loginRaw(api.base, u.email, u.password, '10.13.0.4');
      const ok = await change({ currentPassword: u.password, newPassword: next, confirmPassword: next });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Password updated successfully', tokenId: expect.any(String) });
      expect((await loginRaw(api.base, u.email, u.password, '10.13.0.5')).status).toBe(401);
      const fresh = await loginRaw(api.base, u.email, next, '10.13.0.6');
      expect(fresh.status).toBe(200);
      // Issue 20: the other sessions end; this one goes on with the new token.
      expect(
        (await call(api.base, 'GET', '/api/auth/profile', { token: other.body.tokenId as string })).status,
      ).toBe(401);
      expect((await call(api.base, 'GET', '/api/auth/profile', { token })).status).toBe(401);
      current = ok.body.tokenId as string;
      expect((await call(api.base, 'GET', '/api/auth/profile', { token: current })).status).toBe(200);
      const [row] = await queryRows<{ password_hash: string }>(
        api.t.system.infra.database.db,
        sql`SELECT password_hash FROM auth.users WHERE email = ${u.email}`,
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(ok.body)).not.toMatch(HASH);

      // Rate-limited like login: ten tries per account, then 429 with Retry-After (from any IP).
      let last = await change({ currentPassword: 'notMine123', newPassword: next, confirmPassword: next });
      for (let i = 0; i < 10; i++) {
        last = await change(
          { currentPassword: 'notMine123', newPassword: 'another2026', confirmPassword: 'another2026' },
          `10.13.1.${i}`,
        );
      }
      expect(last.status).toBe(429);
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    },
  );

  it.skipIf(skip)('lists no social provider when none is configured', async () => {
    const r = await call(api.base, 'GET', '/api/auth/providers');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ google: null, facebook: null });
  });

  it.skipIf(skip)('answers 503 for social sign-in when the provider is not configured', async () => {
    const g = await call(api.base, 'POST', '/api/auth/googleLogin', {
      body: { tokenId: 'x.y.z' },
      ip: '10.7.0.1',
    });
    expect(g.status).toBe(503);
    expect(g.body.message).toMatch(/Google/);
    const f = await call(api.base, 'POST', '/api/auth/facebookLogin?access_token=abc', { ip: '10.7.0.2' });
    expect(f.status).toBe(503);
    expect(f.body.message).toMatch(/Facebook/);
  });
});
