/**
 * Auth API, accounts (issue 4; issue 10: profile edit) through the embedded system, on the embedded adapters
 * and on the real PostgreSQL, RabbitMQ and Redis: only Admins list, create and delete users (a deleted
 * user's token stops working); a user changes their name and photo (their own upload only), with 400 naming
 * the field for bad input. Under CI=true a missing server fails the file.
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueNumber } from '../../../test-support/accounts';
import { uploadImage } from '../../../test-support/cars';
import { pngImage } from '../../../test-support/images';
import { call, systemVariants } from '../../../test-support/system';
import { eventsAbout, HASH, ROOT, useAuthApi } from './support/auth-api';

const variants = await systemVariants();

describe.each(variants)('auth API on $name: accounts', ({ servers, skip }) => {
  const api = useAuthApi(servers, skip);
  /** Uploads a 300×300 PNG through the two-step storage flow as `token` (type `cars` unless given); its key. */
  const upload = async (token: string, type: 'cars' | 'logo' = 'cars') =>
    uploadImage(api.base, token, { type, image: await pngImage(300, 300), contentType: 'image/png' });

  it.skipIf(skip)(
    'lets only Admins list, create and delete users; a deleted user’s token stops working',
    async () => {
      const { u, token } = await api.signUp('10.6.0.1');
      for (const [method, p] of [
        ['GET', '/api/account/getAllUser'],
        ['POST', '/api/account/user/new'],
        ['DELETE', '/api/account/user/00000000-0000-0000-0000-000000000000'],
      ] as const) {
        expect(
          (await call(api.base, method, p, { token, body: method === 'POST' ? {} : undefined })).status,
        ).toBe(403);
        expect((await call(api.base, method, p)).status).toBe(401);
      }
      const all = await call(api.base, 'GET', '/api/account/getAllUser', { token: api.adminToken });
      expect(all.status).toBe(200);
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body.map((x) => x.email)).toEqual(expect.arrayContaining([ROOT.email, u.email]));
      const admins = await call(api.base, 'GET', '/api/account/getAllUser?userType=Admin', {
        token: api.adminToken,
      });
      expect(admins.body.every((x) => x.role === 'Admin')).toBe(true);
      expect(
        (await call(api.base, 'GET', '/api/account/getAllUser?userType=Boss', { token: api.adminToken }))
          .status,
      ).toBe(400);

      const n = uniqueNumber();
      const created = await call(api.base, 'POST', '/api/account/user/new', {
        token: api.adminToken,
        body: {
          name: 'Ravi',
          username: `ravi.${n}`,
          email: `ravi.${n}@example.in`,
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
      const dup = await call(api.base, 'POST', '/api/account/user/new', {
        token: api.adminToken,
        body: { name: 'Ravi', username: `ravi.${n}`, email: u.email, password: 'ravi12345' },
      });
      expect(dup.status).toBe(409);
      const missingName = await call(api.base, 'POST', '/api/account/user/new', {
        token: api.adminToken,
        body: { email: 'x@y.in' },
      });
      expect(missingName.status).toBe(400);
      expect(missingName.body.message).toMatch(/name/);

      const me = await call(api.base, 'GET', '/api/auth/profile', { token: api.adminToken });
      expect(
        (await call(api.base, 'DELETE', `/api/account/user/${me.body._id}`, { token: api.adminToken }))
          .status,
      ).toBe(409);
      const userId = (await call(api.base, 'GET', '/api/auth/profile', { token })).body._id;
      const deleted = await call(api.base, 'DELETE', `/api/account/user/${userId}`, {
        token: api.adminToken,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ message: expect.any(String), data: { _id: userId } });
      expect((await call(api.base, 'GET', '/api/auth/profile', { token })).status).toBe(401);
      expect((await call(api.base, 'GET', '/api/testDrive', { token })).status).toBe(401);
      expect(
        (await call(api.base, 'DELETE', `/api/account/user/${userId}`, { token: api.adminToken })).status,
      ).toBe(404);
      // Issue 20, point 11: an id that is not a UUID is no user (404), never a 500.
      for (const bad of ['not-a-uuid', '42', 'x'.repeat(64)]) {
        const r = await call(api.base, 'DELETE', `/api/account/user/${bad}`, { token: api.adminToken });
        expect(r.status, bad).toBe(404);
        expect(r.body).toEqual({ message: 'User not found.' });
      }
    },
  );

  it.skipIf(skip)(
    'PATCH /api/auth/profile changes the name and the photo (own upload only), back to the default avatar',
    async () => {
      const a = await api.signUp('10.11.0.1');
      const b = await api.signUp('10.11.0.2');
      const id = String(a.user._id);
      const profile = async () => (await call(api.base, 'GET', '/api/auth/profile', { token: a.token })).body;

      const renamed = await call(api.base, 'PATCH', '/api/auth/profile', {
        token: a.token,
        body: { name: '  Asha Renamed  ' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ message: 'Profile updated successfully', user: await profile() });
      expect(renamed.body.user).toMatchObject({
        _id: id,
        name: 'Asha Renamed',
        email: a.u.email,
        profile: '/api/auth/avatar/default.svg',
      });
      // The same name again changes nothing (and emits nothing).
      const same = await call(api.base, 'PATCH', '/api/auth/profile', {
        token: a.token,
        body: { name: 'Asha Renamed' },
      });
      expect(same.status).toBe(200);

      const key = await upload(a.token);
      const photo = await call(api.base, 'PATCH', '/api/auth/profile', {
        token: a.token,
        body: { profileKey: key },
      });
      expect(photo.status).toBe(200);
      expect(photo.body.user).toMatchObject({ name: 'Asha Renamed', profile: `/api/storage/images/${key}` });
      expect((await profile()).profile).toBe(`/api/storage/images/${key}`);
      const image = await fetch(`${api.base}/api/storage/images/${key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);

      const withPhoto = await profile();
      const refused: Array<[string, RegExp]> = [
        [await upload(b.token), /^profileKey: .*not uploaded by you/],
        [await upload(a.token, 'logo'), /^profileKey: .*logo/],
        ['cars-00000000-0000-4000-8000-000000000000', /^profileKey: no image was uploaded/],
      ];
      for (const [profileKey, message] of refused) {
        const r = await call(api.base, 'PATCH', '/api/auth/profile', {
          token: a.token,
          body: { profileKey, name: 'Not Applied' },
        });
        expect(r.status, profileKey).toBe(400);
        expect(r.body.message).toMatch(message);
        expect(await profile()).toEqual(withPhoto);
      }

      const removed = await call(api.base, 'PATCH', '/api/auth/profile', {
        token: a.token,
        body: { removeProfile: true },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.user).toMatchObject({ profile: '/api/auth/avatar/default.svg' });
      expect((await profile()).profile).toBe('/api/auth/avatar/default.svg');
      // B is untouched.
      expect((await call(api.base, 'GET', '/api/auth/profile', { token: b.token })).body).toMatchObject({
        name: b.u.name,
        profile: '/api/auth/avatar/default.svg',
      });

      expect(await eventsAbout(api.t, id)).toEqual([
        'auth.user.registered',
        'auth.otp.requested',
        'auth.email.verification_requested',
        'auth.user.verified',
        'auth.user.updated',
        'auth.user.updated',
        'auth.user.updated',
      ]);
      const [last] = await queryRows<{ payload: Record<string, unknown> }>(
        api.t.system.infra.database.db,
        sql`SELECT envelope->'payload' AS payload FROM auth.outbox
            WHERE name = 'auth.user.updated' AND envelope->'payload'->>'userId' = ${id}
            ORDER BY seq DESC LIMIT 1`,
      );
      expect(last?.payload).toEqual({
        userId: id,
        name: 'Asha Renamed',
        email: a.u.email,
        phone_number: a.u.phone_number,
        profile: null,
        changed: ['profile'],
      });
      // The notification worker's users projection takes the new name (through the bus).
      await api.t.system.drainOutboxes();
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ name: string }>(
                api.t.system.infra.database.db,
                sql`SELECT name FROM notification.users WHERE id = ${id}`,
              )
            )[0]?.name,
          { timeout: 10_000 },
        )
        .toBe('Asha Renamed');
    },
  );

  it.skipIf(skip)(
    'PATCH /api/auth/profile: 400 naming the field for bad input, 401 without a session, nothing changed',
    async () => {
      const { token, user } = await api.signUp('10.12.0.1');
      const before = (await call(api.base, 'GET', '/api/auth/profile', { token })).body;
      expect(before).toMatchObject({ _id: user._id });
      const bad: Array<[unknown, RegExp]> = [
        [{}, /at least one of name, profileKey, removeProfile/],
        [{ nickname: 'Ash' }, /nickname/],
        [{ name: 'Ash', role: 'Admin' }, /role/],
        [{ name: '' }, /^name/],
        [{ name: '   ' }, /^name/],
        [{ name: 42 }, /^name/],
        [{ name: 'x'.repeat(101) }, /^name.*100/],
        [{ profileKey: '../../etc/passwd' }, /^profileKey/],
        [{ profileKey: 7 }, /^profileKey/],
        [{ removeProfile: false }, /^removeProfile/],
        [{ profileKey: 'cars-1', removeProfile: true }, /removeProfile/],
        [[{ name: 'Ash' }], /body/],
      ];
      for (const [body, message] of bad) {
        const r = await call(api.base, 'PATCH', '/api/auth/profile', { token, body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.message, JSON.stringify(body)).toMatch(message);
      }
      const raw = await call(api.base, 'PATCH', '/api/auth/profile', { token, raw: '{"name":' });
      expect(raw.status).toBe(400);
      expect((await call(api.base, 'GET', '/api/auth/profile', { token })).body).toEqual(before);
      expect(await eventsAbout(api.t, String(user._id))).not.toContain('auth.user.updated');

      const anonymous = await call(api.base, 'PATCH', '/api/auth/profile', { body: { name: 'Ghost' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toEqual(expect.any(String));
      const forged = await call(api.base, 'PATCH', '/api/auth/profile', {
        token: 'not.a.token',
        body: { name: 'Ghost' },
      });
      expect(forged.status).toBe(401);
    },
  );
});
