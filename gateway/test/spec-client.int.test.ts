/**
 * The spec's client against our API (issue 19), on the embedded adapters and on the real PostgreSQL,
 * RabbitMQ and Redis: the shapes it reads (spec §7: reference lists as `{ data: [...] }`, ids where spec §3
 * says id, deletes answering the deleted record, the account and upload calls). What its forms post and the
 * GET → PUT round trips are in spec-client-forms.int.test.ts; the test-drive round trip is in the
 * test-drive service's tests.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUpPayload } from '../../test-support/accounts';
import { waitForSmsCode } from '../../test-support/dev-outbox';
import { systemVariants } from '../../test-support/system';
import { type Json, useSpecClient } from './spec-client-support';

const variants = await systemVariants();

describe.each(variants)("the spec's client on $name", ({ servers, skip }) => {
  const c = useSpecClient(servers, skip);

  it.skipIf(skip)(
    'reads the four reference lists as data: [...] and RTOs as data with a message',
    async () => {
      const brands = await c.list('/api/carbrand');
      const states = await c.list('/api/carstate');
      expect(states).toHaveLength(36);
      const maruti = brands.find((b) => b.name === 'Maruti Suzuki')!;
      const models = await c.list(`/api/carModel?brand=${maruti._id}&year=2020&keyword=`);
      expect(models.length).toBeGreaterThan(0);
      const variantsOf = await c.list(
        `/api/carVariant?brand=${maruti._id}&fuelType=&model=${models[0]!._id}&transmission=&keyword=`,
      );
      expect(variantsOf.length).toBeGreaterThan(0);
      const rtos = await c.read(`/api/RTO?state=${states[0]!._id}&keyword=`);
      expect(Array.isArray(rtos.data)).toBe(true);
      expect(rtos.message).toEqual(expect.any(String));
      // Empty results keep the shape (the spec's client maps over them).
      expect(await c.list('/api/carbrand?keyword=no-such-brand-anywhere')).toEqual([]);
      expect(await c.list(`/api/carModel?brand=${randomUUID()}`)).toEqual([]);
      expect(await c.list('/api/carVariant?model=not-an-id')).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "gives a model's and a variant's carBrand as the brand id, with brandName beside it",
    async () => {
      const maruti = (await c.list('/api/carbrand?keyword=Maruti')).find((b) => b.name === 'Maruti Suzuki')!;
      const models = await c.list(`/api/carModel?brand=${maruti._id}`);
      for (const m of models) expect(m).toMatchObject({ carBrand: maruti._id, brandName: 'Maruti Suzuki' });
      const model = models[0]!;
      for (const v of await c.list(`/api/carVariant?model=${model._id}`)) {
        expect(v).toMatchObject({
          carBrand: maruti._id,
          brandName: 'Maruti Suzuki',
          carModel: { _id: model._id, name: model.name },
        });
      }
      // The spec's client keeps a created model or variant in its list when carBrand equals the list's.
      const ref = await c.createReference();
      const created = await c.api('POST', '/api/carModel', {
        body: {
          name: 'Second',
          year: 2018,
          fuelType: ['Petrol'],
          transmission: ['Manual'],
          carBrand: ref.brandId,
        },
        token: c.admin,
      });
      expect((created.body.data as Json).carBrand).toBe(ref.brandId);
    },
  );

  it.skipIf(skip)(
    'answers every delete with the deleted record, which the client drops from its list',
    async () => {
      const ref = await c.createReference();
      const karnataka = (await c.list('/api/carstate?keyword=Karnataka'))[0]!;
      const rto = await c.api('POST', '/api/RTO', {
        body: { state: karnataka._id, city: 'Gone Nagar', code: 'KA-918' },
        token: c.admin,
      });
      for (const [path, id] of [
        ['/api/carVariant', ref.variantId],
        ['/api/carModel', ref.modelId],
        ['/api/carbrand', ref.brandId],
        ['/api/RTO', (rto.body.data as Json)._id],
      ] as const) {
        const res = await c.api('DELETE', `${path}/${id}`, { token: c.admin });
        expect(res.status, path).toBe(200);
        expect(res.body).toMatchObject({ message: expect.any(String), data: { _id: id } });
      }
    },
  );

  it.skipIf(skip)('answers the account and upload calls where the client reads them', async () => {
    // GET /api/auth/profile: the user object itself when signed in; 401 with a message when not.
    const me = await c.read('/api/auth/profile', c.seller.token);
    expect(me).toMatchObject({ _id: c.seller.id, role: 'User' });
    const anonymous = await c.api('GET', '/api/auth/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
    // getAllUser: the body is the list (the client filters it as an array); create and delete answer data.
    const res = await c.api('GET', '/api/account/getAllUser?userType=User', { token: c.admin });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((u) => u._id)).toContain(c.seller.id);
    const n = randomUUID().slice(0, 8);
    const created = await c.api('POST', '/api/account/user/new', {
      body: {
        name: `Temp ${n}`,
        username: `temp.${n}`,
        email: `temp.${n}@example.in`,
        password: 'safeRide42',
        role: 'User',
      },
      token: c.admin,
    });
    expect(created.body).toMatchObject({
      message: expect.any(String),
      data: { email: `temp.${n}@example.in` },
    });
    const id = (created.body.data as Json)._id;
    const deleted = await c.api('DELETE', `/api/account/user/${id}`, { token: c.admin });
    expect(deleted.body).toMatchObject({ message: expect.any(String), data: { _id: id } });
    // Sign-up: the OTP as the joined digits (a number) or the same digits as a string.
    const signup = signUpPayload('New Client');
    const phone = signup.phone_number;
    const registered = await c.api('POST', '/api/auth/register', { body: signup });
    expect(registered.body).toMatchObject({ data: { phone_number: phone, email: signup.email } });
    const { code } = await waitForSmsCode(c.t.outbox, phone);
    const verified = await c.api('POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: phone, otp: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ user: { email: signup.email }, tokenId: expect.any(String) });
    // getUrl: success, uploadUrl and key at the top level (spec §7 step 1).
    const url = await c.api('POST', '/api/storage/getUrl?type=logo', { token: c.admin });
    expect(url.body).toMatchObject({
      success: true,
      message: expect.any(String),
      uploadUrl: expect.any(String),
      key: expect.any(String),
    });
  });
});
