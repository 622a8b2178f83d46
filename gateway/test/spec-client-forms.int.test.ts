/**
 * The spec's client against our API (issue 19), on the embedded adapters and on the real PostgreSQL,
 * RabbitMQ and Redis: what its forms post (numbers as strings, dates as ISO date-times, free-text engine
 * capacity, blanks for untouched optional inputs) and GET → PUT round trips that answer 2xx and change
 * nothing else.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { carDetailWhen, uploadImage } from '../../test-support/cars';
import { plainJpeg } from '../../test-support/images';
import { systemVariants } from '../../test-support/system';
import { type Json, useSpecClient, without } from './spec-client-support';

const variants = await systemVariants();

describe.each(variants)("the spec's client's forms on $name", ({ servers, skip }) => {
  const c = useSpecClient(servers, skip);
  /** Uploads a 640×480 photo through the two-step flow as the seller; its key. */
  const upload = async () =>
    uploadImage(c.t.url, c.seller.token, { image: await plainJpeg(640, 480, '#38c') });

  /** The sell wizard's body as the spec's client posts it: every number a string, validTill a date-time. */
  async function formListing(ref: { brandId: string; modelId: string; variantId: string }) {
    const karnataka = (await c.list('/api/carstate?keyword=Karnataka'))[0]!;
    const rto = (await c.list(`/api/RTO?state=${karnataka._id}`)).find((r) => r.code === 'KA-01')!;
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
  const detail = async (id: string) => (await carDetailWhen(c.t.url, id, 200)).body.data as Json;

  it.skipIf(skip)('stores what the forms post as numbers and dates', async () => {
    const ref = await c.createReference();
    const brand = (await c.list(`/api/carbrand?keyword=${encodeURIComponent(ref.brandName)}`))[0]!;
    expect(brand).toMatchObject({ founded: 1999 });
    expect(brand).not.toHaveProperty('website');
    const model = (await c.list(`/api/carModel?brand=${ref.brandId}`))[0]!;
    expect(model).toMatchObject({ year: 2015 });
    expect(model).not.toHaveProperty('yearTo');

    const body = await formListing(ref);
    const created = await c.api('POST', '/api/cars', { body, token: c.seller.token });
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
    const second = await c.api('POST', '/api/cars', { body: litres, token: c.seller.token });
    expect(second.status).toBe(201);
    expect((second.body.data as Json).specifications).toMatchObject({
      engineCapacity: 1200,
      insurance: { validTill: '2027-03-31' },
    });
    const blank = await formListing(ref);
    blank.specifications.engineCapacity = '';
    blank.specifications.insurance = { type: '', validTill: '' };
    const third = await c.api('POST', '/api/cars', { body: blank, token: c.seller.token });
    expect(third.status).toBe(201);
    expect((third.body.data as Json).specifications).not.toHaveProperty('engineCapacity');
    expect((third.body.data as Json).specifications).not.toHaveProperty('insurance');

    // Anything else is a 400 naming the field (and the accepted forms), storing nothing.
    const mine = async () => (await c.list('/api/cars/seller', c.seller.token)).length;
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
      const res = await c.api('POST', '/api/cars', {
        body: { ...bad, specifications: { ...bad.specifications, ...patch } },
        token: c.seller.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const badEngine = await formListing(ref);
    badEngine.specifications.engineCapacity = 'big';
    const engine = await c.api('POST', '/api/cars', { body: badEngine, token: c.seller.token });
    expect(engine.body.message).toMatch(/1197 cc.*1\.2 L/);
    expect(await mine()).toBe(before);
  });

  it.skipIf(skip)(
    'takes back what each GET returned with a PUT, answering 2xx and changing nothing else',
    async () => {
      const ref = await c.createReference();
      const karnataka = (await c.list('/api/carstate?keyword=Karnataka'))[0]!;

      // RTO: the client sends { state, code, city } of the row it read.
      const rto = await c.api('POST', '/api/RTO', {
        body: { state: karnataka._id, city: 'Roundtrip Nagar', code: 'KA-919' },
        token: c.admin,
      });
      const rtoRead = (await c.list(`/api/RTO?state=${karnataka._id}&keyword=Roundtrip`))[0]!;
      const rtoPut = await c.api('PUT', `/api/RTO/${rtoRead._id}`, {
        body: { state: rtoRead.state, code: rtoRead.code, city: rtoRead.city },
        token: c.admin,
      });
      expect(rtoPut.status).toBe(200);
      expect((await c.list(`/api/RTO?state=${karnataka._id}&keyword=Roundtrip`))[0]).toEqual(rtoRead);
      expect((rto.body.data as Json)._id).toBe(rtoRead._id);

      // Brand: the whole brand as read, with models and logo.
      const brandRead = (await c.list(`/api/carbrand?keyword=${encodeURIComponent(ref.brandName)}`))[0]!;
      const brandPut = await c.api('PUT', `/api/carbrand/${brandRead._id}`, {
        body: brandRead,
        token: c.admin,
      });
      expect(brandPut.status).toBe(200);
      expect(brandPut.body.data).toEqual(brandRead);
      expect((await c.list(`/api/carbrand?keyword=${encodeURIComponent(ref.brandName)}`))[0]).toEqual(
        brandRead,
      );

      // Model: carBrand as the id it was read as, and as an older client's { _id, name } object.
      const modelRead = (await c.list(`/api/carModel?brand=${ref.brandId}`))[0]!;
      for (const carBrand of [modelRead.carBrand, { _id: modelRead.carBrand, name: modelRead.brandName }]) {
        const res = await c.api('PUT', `/api/carModel/${modelRead._id}`, {
          body: { ...modelRead, carBrand },
          token: c.admin,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toEqual(modelRead);
      }
      expect((await c.list(`/api/carModel?brand=${ref.brandId}`))[0]).toEqual(modelRead);
      const badBrand = await c.api('PUT', `/api/carModel/${modelRead._id}`, {
        body: { ...modelRead, carBrand: { _id: randomUUID() } },
        token: c.admin,
      });
      expect(badBrand.status).toBe(400);
      expect(badBrand.body.message).toMatch(/^carBrand/);
      const malformed = await c.api('PUT', `/api/carModel/${modelRead._id}`, {
        body: { ...modelRead, carBrand: {} },
        token: c.admin,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^carBrand/);

      // Variant: carModel as the { _id, name } it was read as, carBrand as the id (or an object).
      const variantRead = (await c.list(`/api/carVariant?model=${ref.modelId}`))[0]!;
      for (const carBrand of [variantRead.carBrand, { _id: variantRead.carBrand }]) {
        const res = await c.api('PUT', `/api/carVariant/${variantRead._id}`, {
          body: { ...variantRead, carBrand },
          token: c.admin,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toEqual(variantRead);
      }
      expect((await c.list(`/api/carVariant?model=${ref.modelId}`))[0]).toEqual(variantRead);
      const badModel = await c.api('PUT', `/api/carVariant/${variantRead._id}`, {
        body: { ...variantRead, carModel: { _id: 'nope', name: 'x' } },
        token: c.admin,
      });
      expect(badModel.status).toBe(400);
      expect(badModel.body.message).toMatch(/^carModel/);

      // Car: the seller PUTs back the car as the public detail read it.
      const created = await c.api('POST', '/api/cars', {
        body: await formListing(ref),
        token: c.seller.token,
      });
      const listing = created.body.data as Json;
      const carRead = await detail(listing._id as string);
      const carPut = await c.api('PUT', `/api/cars/${listing._id}`, { body: carRead, token: c.seller.token });
      expect(carPut.status, JSON.stringify(carPut.body)).toBe(200);
      expect(without(carPut.body.data as Json, 'updatedAt')).toEqual(without(listing, 'updatedAt'));
    },
  );
});
