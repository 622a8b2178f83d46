/**
 * The spec's client against our API (issue 19), on the embedded adapters and on the real PostgreSQL,
 * RabbitMQ and Redis: the shapes it reads (spec §7: reference lists as `{ data: [...] }`, ids where spec §3
 * says id, deletes answering the deleted record), what its forms post (numbers as strings, dates as ISO
 * date-times, free-text engine capacity, blanks for untouched optional inputs) and GET → PUT round trips
 * that answer 2xx and change nothing else. The test-drive round trip is in test-drive.int.test.ts.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../test-support/system';

const variants = await systemVariants();

type Json = Record<string, unknown>;

/** `value` without the keys in `drop` (to compare records up to their timestamps). */
function without(value: Json, ...drop: string[]): Json {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !drop.includes(k)));
}

describe.each(variants)("the spec's client on $name", ({ servers, skip }) => {
  let t: TestSystem;
  let admin: string;
  let seller: { id: string; token: string };
  const ip = `10.19.${Math.floor(Math.random() * 250)}.1`;
  const api = (method: string, path: string, opts: { body?: unknown; token?: string } = {}) =>
    call(t.url, method, path, { ...opts, ip });
  /** GET that must answer 200; its body. */
  const read = async (path: string, token?: string) => {
    const res = await api('GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body as Json;
  };
  /** The list under `data` of a GET that must answer `{ data: [...] }`. */
  const list = async (path: string, token?: string) => {
    const body = await read(path, token);
    expect(Array.isArray(body.data), `${path} answers data as a list`).toBe(true);
    return body.data as Json[];
  };

  beforeAll(async () => {
    if (skip) return;
    t = await startTestSystem({}, servers);
    const login = async (email: string, password: string) => {
      const res = await api('POST', '/api/auth/login', { body: { email, password } });
      expect(res.status).toBe(200);
      return { id: (res.body.user as Json)._id as string, token: res.body.tokenId as string };
    };
    admin = (await login('admin@marketplace.local', 'Admin@12345')).token;
    const n = randomUUID().slice(0, 8);
    const body = {
      name: `Seller ${n}`,
      username: `seller.${n}`,
      email: `seller.${n}@example.in`,
      password: 'safeRide42',
      role: 'User',
      phone_number: '',
    };
    expect((await api('POST', '/api/account/user/new', { body, token: admin })).status).toBe(201);
    seller = await login(body.email, body.password);
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A new brand with one model (on sale from 2015) and one variant, created as the spec's admin forms post them. */
  async function createReference() {
    const brandName = `Formmotors ${randomUUID().slice(0, 6)}`;
    const brand = await api('POST', '/api/carbrand', {
      body: { name: brandName, country: 'India', founded: '1999', website: '', logoKey: '' },
      token: admin,
    });
    expect(brand.status).toBe(201);
    const brandId = (brand.body.data as Json)._id as string;
    const model = await api('POST', '/api/carModel', {
      body: {
        name: 'Formula',
        year: '2015',
        yearTo: '',
        fuelType: ['Petrol', 'Diesel'],
        transmission: ['Manual'],
        carBrand: brandId,
      },
      token: admin,
    });
    expect(model.status).toBe(201);
    const modelId = (model.body.data as Json)._id as string;
    const variant = await api('POST', '/api/carVariant', {
      body: {
        name: 'FX',
        carModel: modelId,
        carBrand: brandId,
        fuelType: 'Petrol',
        transmission: 'Manual',
        features: ['ABS'],
        description: '',
      },
      token: admin,
    });
    expect(variant.status).toBe(201);
    return { brandId, brandName, modelId, variantId: (variant.body.data as Json)._id as string };
  }

  /** Uploads a photo through the two-step flow as the seller; its key. */
  async function upload(): Promise<string> {
    const res = await api('POST', '/api/storage/getUrl?type=cars', { token: seller.token });
    expect(res.status).toBe(200);
    const { uploadUrl, key, success } = res.body as unknown as {
      uploadUrl: string;
      key: string;
      success: boolean;
    };
    expect(success).toBe(true);
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#38c' } })
      .jpeg()
      .toBuffer();
    const put = await fetch(new URL(uploadUrl, t.url), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(image),
    });
    expect(put.status).toBe(200);
    return key;
  }

  /** The sell wizard's body as the spec's client posts it: every number a string, validTill a date-time. */
  async function formListing(ref: { brandId: string; modelId: string; variantId: string }) {
    const karnataka = (await list('/api/carstate?keyword=Karnataka'))[0]!;
    const rto = (await list(`/api/RTO?state=${karnataka._id}`)).find((r) => r.code === 'KA-01')!;
    return {
      brand: ref.brandId,
      model: ref.modelId,
      variant: ref.variantId,
      manufacturerYear: '2022',
      condition: 'good',
      fuelType: 'Petrol',
      transmission: 'Manual',
      status: 'used',
      state: karnataka._id,
      rto: rto._id,
      price: '483180',
      description: '',
      location: {
        street: '12 MG Road',
        city: `Formpur ${randomUUID().slice(0, 6)}`,
        state: 'Karnataka',
        postal_code: '560001',
      },
      specifications: {
        regNumber: 'KA-01-AB-1234',
        engineCapacity: '1197 cc',
        insurance: { type: 'Comprehensive', validTill: '2026-11-24T06:40:21.636Z' },
        spareKey: false,
        kmDriven: '85818',
        ownership: 'First',
      },
      history: [],
      images: [{ key: await upload() }],
    };
  }

  /** Polls the public detail until it answers 200; the car. */
  async function detail(id: string): Promise<Json> {
    let car: Json | undefined;
    await expect
      .poll(
        async () => {
          const res = await api('GET', `/api/cars/${id}`);
          car = res.body.data as Json;
          return res.status;
        },
        { timeout: 5_000, interval: 25 },
      )
      .toBe(200);
    return car!;
  }

  it.skipIf(skip)(
    'reads the four reference lists as data: [...] and RTOs as data with a message',
    async () => {
      const brands = await list('/api/carbrand');
      const states = await list('/api/carstate');
      expect(states).toHaveLength(36);
      const maruti = brands.find((b) => b.name === 'Maruti Suzuki')!;
      const models = await list(`/api/carModel?brand=${maruti._id}&year=2020&keyword=`);
      expect(models.length).toBeGreaterThan(0);
      const variantsOf = await list(
        `/api/carVariant?brand=${maruti._id}&fuelType=&model=${models[0]!._id}&transmission=&keyword=`,
      );
      expect(variantsOf.length).toBeGreaterThan(0);
      const rtos = await read(`/api/RTO?state=${states[0]!._id}&keyword=`);
      expect(Array.isArray(rtos.data)).toBe(true);
      expect(rtos.message).toEqual(expect.any(String));
      // Empty results keep the shape (the spec's client maps over them).
      expect(await list('/api/carbrand?keyword=no-such-brand-anywhere')).toEqual([]);
      expect(await list(`/api/carModel?brand=${randomUUID()}`)).toEqual([]);
      expect(await list('/api/carVariant?model=not-an-id')).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "gives a model's and a variant's carBrand as the brand id, with brandName beside it",
    async () => {
      const maruti = (await list('/api/carbrand?keyword=Maruti')).find((b) => b.name === 'Maruti Suzuki')!;
      const models = await list(`/api/carModel?brand=${maruti._id}`);
      for (const m of models) expect(m).toMatchObject({ carBrand: maruti._id, brandName: 'Maruti Suzuki' });
      const model = models[0]!;
      for (const v of await list(`/api/carVariant?model=${model._id}`)) {
        expect(v).toMatchObject({
          carBrand: maruti._id,
          brandName: 'Maruti Suzuki',
          carModel: { _id: model._id, name: model.name },
        });
      }
      // The spec's client keeps a created model or variant in its list when carBrand equals the list's.
      const ref = await createReference();
      const created = await api('POST', '/api/carModel', {
        body: {
          name: 'Second',
          year: 2018,
          fuelType: ['Petrol'],
          transmission: ['Manual'],
          carBrand: ref.brandId,
        },
        token: admin,
      });
      expect((created.body.data as Json).carBrand).toBe(ref.brandId);
    },
  );

  it.skipIf(skip)('stores what the forms post as numbers and dates', async () => {
    const ref = await createReference();
    const brand = (await list(`/api/carbrand?keyword=${encodeURIComponent(ref.brandName)}`))[0]!;
    expect(brand).toMatchObject({ founded: 1999 });
    expect(brand).not.toHaveProperty('website');
    const model = (await list(`/api/carModel?brand=${ref.brandId}`))[0]!;
    expect(model).toMatchObject({ year: 2015 });
    expect(model).not.toHaveProperty('yearTo');

    const body = await formListing(ref);
    const created = await api('POST', '/api/cars', { body, token: seller.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      manufacturerYear: 2022,
      price: 483180,
      specifications: {
        kmDriven: 85818,
        engineCapacity: 1197,
        insurance: { type: 'Comprehensive', validTill: '2026-11-24' },
      },
    });
    const car = await detail((created.body.data as Json)._id as string);
    expect(car).toMatchObject({
      manufacturerYear: 2022,
      price: 483180,
      specifications: { kmDriven: 85818, engineCapacity: 1197, insurance: { validTill: '2026-11-24' } },
    });

    // Litres, and an untouched optional input; a picker's local midnight stays the chosen day in India.
    const litres = await formListing(ref);
    litres.specifications.engineCapacity = '1.2 L';
    litres.specifications.insurance.validTill = '2027-03-30T18:30:00.000Z';
    const second = await api('POST', '/api/cars', { body: litres, token: seller.token });
    expect(second.status).toBe(201);
    expect((second.body.data as Json).specifications).toMatchObject({
      engineCapacity: 1200,
      insurance: { validTill: '2027-03-31' },
    });
    const blank = await formListing(ref);
    blank.specifications.engineCapacity = '';
    blank.specifications.insurance = { type: '', validTill: '' };
    const third = await api('POST', '/api/cars', { body: blank, token: seller.token });
    expect(third.status).toBe(201);
    expect((third.body.data as Json).specifications).not.toHaveProperty('engineCapacity');
    expect((third.body.data as Json).specifications).not.toHaveProperty('insurance');

    // Anything else is a 400 naming the field (and the accepted forms), storing nothing.
    const mine = async () => (await list('/api/cars/seller', seller.token)).length;
    const before = await mine();
    for (const [patch, field] of [
      [{ engineCapacity: 'V8' }, 'specifications.engineCapacity'],
      [{ kmDriven: '85,818 km' }, 'specifications.kmDriven'],
      [
        { insurance: { type: 'Comprehensive', validTill: '24/11/2026' } },
        'specifications.insurance.validTill',
      ],
    ] as const) {
      const bad = await formListing(ref);
      const res = await api('POST', '/api/cars', {
        body: { ...bad, specifications: { ...bad.specifications, ...patch } },
        token: seller.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const badEngine = await formListing(ref);
    badEngine.specifications.engineCapacity = 'big';
    const engine = await api('POST', '/api/cars', { body: badEngine, token: seller.token });
    expect(engine.body.message).toMatch(/1197 cc.*1\.2 L/);
    expect(await mine()).toBe(before);
  });

  it.skipIf(skip)(
    'takes back what each GET returned with a PUT, answering 2xx and changing nothing else',
    async () => {
      const ref = await createReference();
      const karnataka = (await list('/api/carstate?keyword=Karnataka'))[0]!;

      // RTO: the client sends { state, code, city } of the row it read.
      const rto = await api('POST', '/api/RTO', {
        body: { state: karnataka._id, city: 'Roundtrip Nagar', code: 'KA-919' },
        token: admin,
      });
      const rtoRead = (await list(`/api/RTO?state=${karnataka._id}&keyword=Roundtrip`))[0]!;
      const rtoPut = await api('PUT', `/api/RTO/${rtoRead._id}`, {
        body: { state: rtoRead.state, code: rtoRead.code, city: rtoRead.city },
        token: admin,
      });
      expect(rtoPut.status).toBe(200);
      expect((await list(`/api/RTO?state=${karnataka._id}&keyword=Roundtrip`))[0]).toEqual(rtoRead);
      expect((rto.body.data as Json)._id).toBe(rtoRead._id);

      // Brand: the whole brand as read, with models and logo.
      const brandRead = (await list(`/api/carbrand?keyword=${encodeURIComponent(ref.brandName)}`))[0]!;
      const brandPut = await api('PUT', `/api/carbrand/${brandRead._id}`, { body: brandRead, token: admin });
      expect(brandPut.status).toBe(200);
      expect(brandPut.body.data).toEqual(brandRead);
      expect((await list(`/api/carbrand?keyword=${encodeURIComponent(ref.brandName)}`))[0]).toEqual(
        brandRead,
      );

      // Model: carBrand as the id it was read as, and as an older client's { _id, name } object.
      const modelRead = (await list(`/api/carModel?brand=${ref.brandId}`))[0]!;
      for (const carBrand of [modelRead.carBrand, { _id: modelRead.carBrand, name: modelRead.brandName }]) {
        const res = await api('PUT', `/api/carModel/${modelRead._id}`, {
          body: { ...modelRead, carBrand },
          token: admin,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toEqual(modelRead);
      }
      expect((await list(`/api/carModel?brand=${ref.brandId}`))[0]).toEqual(modelRead);
      const badBrand = await api('PUT', `/api/carModel/${modelRead._id}`, {
        body: { ...modelRead, carBrand: { _id: randomUUID() } },
        token: admin,
      });
      expect(badBrand.status).toBe(400);
      expect(badBrand.body.message).toMatch(/^carBrand/);
      const malformed = await api('PUT', `/api/carModel/${modelRead._id}`, {
        body: { ...modelRead, carBrand: {} },
        token: admin,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^carBrand/);

      // Variant: carModel as the { _id, name } it was read as, carBrand as the id (or an object).
      const variantRead = (await list(`/api/carVariant?model=${ref.modelId}`))[0]!;
      for (const carBrand of [variantRead.carBrand, { _id: variantRead.carBrand }]) {
        const res = await api('PUT', `/api/carVariant/${variantRead._id}`, {
          body: { ...variantRead, carBrand },
          token: admin,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toEqual(variantRead);
      }
      expect((await list(`/api/carVariant?model=${ref.modelId}`))[0]).toEqual(variantRead);
      const badModel = await api('PUT', `/api/carVariant/${variantRead._id}`, {
        body: { ...variantRead, carModel: { _id: 'nope', name: 'x' } },
        token: admin,
      });
      expect(badModel.status).toBe(400);
      expect(badModel.body.message).toMatch(/^carModel/);

      // Car: the seller PUTs back the car as the public detail read it.
      const created = await api('POST', '/api/cars', { body: await formListing(ref), token: seller.token });
      const listing = created.body.data as Json;
      const carRead = await detail(listing._id as string);
      const carPut = await api('PUT', `/api/cars/${listing._id}`, { body: carRead, token: seller.token });
      expect(carPut.status, JSON.stringify(carPut.body)).toBe(200);
      expect(without(carPut.body.data as Json, 'updatedAt')).toEqual(without(listing, 'updatedAt'));
    },
  );

  it.skipIf(skip)(
    'answers every delete with the deleted record, which the client drops from its list',
    async () => {
      const ref = await createReference();
      const karnataka = (await list('/api/carstate?keyword=Karnataka'))[0]!;
      const rto = await api('POST', '/api/RTO', {
        body: { state: karnataka._id, city: 'Gone Nagar', code: 'KA-918' },
        token: admin,
      });
      for (const [path, id] of [
        ['/api/carVariant', ref.variantId],
        ['/api/carModel', ref.modelId],
        ['/api/carbrand', ref.brandId],
        ['/api/RTO', (rto.body.data as Json)._id],
      ] as const) {
        const res = await api('DELETE', `${path}/${id}`, { token: admin });
        expect(res.status, path).toBe(200);
        expect(res.body).toMatchObject({ message: expect.any(String), data: { _id: id } });
      }
    },
  );

  it.skipIf(skip)('answers the account and upload calls where the client reads them', async () => {
    // GET /api/auth/profile: the user object itself when signed in; 401 with a message when not.
    const me = await read('/api/auth/profile', seller.token);
    expect(me).toMatchObject({ _id: seller.id, role: 'User' });
    const anonymous = await api('GET', '/api/auth/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
    // getAllUser: the body is the list (the client filters it as an array); create and delete answer data.
    const res = await api('GET', '/api/account/getAllUser?userType=User', { token: admin });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((u) => u._id)).toContain(seller.id);
    const n = randomUUID().slice(0, 8);
    const created = await api('POST', '/api/account/user/new', {
      body: {
        name: `Temp ${n}`,
        username: `temp.${n}`,
        email: `temp.${n}@example.in`,
        password: 'safeRide42',
        role: 'User',
      },
      token: admin,
    });
    expect(created.body).toMatchObject({
      message: expect.any(String),
      data: { email: `temp.${n}@example.in` },
    });
    const id = (created.body.data as Json)._id;
    const deleted = await api('DELETE', `/api/account/user/${id}`, { token: admin });
    expect(deleted.body).toMatchObject({ message: expect.any(String), data: { _id: id } });
    // Sign-up: the OTP as the joined digits (a number) or the same digits as a string.
    const phone = `9${String(Date.now()).slice(-9)}`;
    const m = randomUUID().slice(0, 8);
    const signup = {
      name: `New ${m}`,
      username: `new.${m}`,
      email: `new.${m}@example.in`,
      phone_number: phone,
      password: 'safeRide42',
      confirm_password: 'safeRide42',
    };
    const registered = await api('POST', '/api/auth/register', { body: signup });
    expect(registered.body).toMatchObject({ data: { phone_number: phone, email: signup.email } });
    await t.system.drainOutboxes();
    let code = '';
    await expect
      .poll(() => (code = t.lastSms(phone)?.text.match(/\b(\d{6})\b/)?.[1] ?? ''), { timeout: 5_000 })
      .not.toBe('');
    const verified = await api('POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: phone, otp: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ user: { email: signup.email }, tokenId: expect.any(String) });
    // getUrl: success, uploadUrl and key at the top level (spec §7 step 1).
    const url = await api('POST', '/api/storage/getUrl?type=logo', { token: admin });
    expect(url.body).toMatchObject({
      success: true,
      message: expect.any(String),
      uploadUrl: expect.any(String),
      key: expect.any(String),
    });
  });
});
