/**
 * Catalog reference data API (issue 5) through the embedded system, on the embedded adapters and on the
 * real PostgreSQL and Redis, with the seeded Indian reference data: states, RTO offices, brands (with
 * their logos), models and variants, with every rule, 409 and the Admin-only writes.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, systemVariants } from '../../../test-support/system';
import { type Json, useCatalogApi } from './support/catalog-api';

const variants = await systemVariants();

describe.each(variants)('catalog reference data on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);

  it.skipIf(skip)(
    'lists the 36 states and union territories with their RTO prefixes, cacheably',
    async () => {
      const { t, get } = api;
      const all = await get('/api/carstate');
      const states = all.body.data as unknown as Json[];
      expect(states).toHaveLength(36);
      expect(states).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ state: 'Karnataka', prefix: 'KA' }),
          expect.objectContaining({ state: 'Delhi', prefix: 'DL' }),
          expect.objectContaining({ state: 'Tamil Nadu', prefix: 'TN' }),
          expect.objectContaining({ state: 'Maharashtra', prefix: 'MH' }),
        ]),
      );
      expect(all.headers.get('cache-control')).toBe('public, no-cache');
      const etag = all.headers.get('etag')!;
      // node:http, not fetch: the Fetch standard turns a hand-set If-None-Match into Cache-Control: no-cache.
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${t.url}/api/carstate`, { headers: { 'if-none-match': etag } }, (r) => {
            r.resume();
            resolve(r.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect(status).toBe(304);
      const karn = await get('/api/carstate?keyword=KARN');
      expect((karn.body.data as unknown as Json[]).map((s) => s.state)).toEqual(['Karnataka']);
    },
  );

  it.skipIf(skip)(
    'lists, creates, updates and deletes RTOs with the state prefix rule and unique codes',
    async () => {
      const { t, admin, user, get } = api;
      const karnataka = ((await get('/api/carstate?keyword=Karnataka')).body.data as unknown as Json[])[0]!;
      const list = await get(`/api/RTO?state=${karnataka._id}`);
      expect(list.body.message).toEqual(expect.any(String));
      const codes = (list.body.data as unknown as Json[]).map((r) => r.code);
      expect(codes).toContain('KA-01');
      expect(codes.every((c) => String(c).startsWith('KA-'))).toBe(true);
      const byKeyword = await get('/api/RTO?keyword=koramangala');
      expect((byKeyword.body.data as unknown as Json[]).map((r) => r.code)).toContain('KA-01');

      const body = { state: karnataka._id, city: 'Test Nagar', code: 'KA-999' };
      expect((await call(t.url, 'POST', '/api/RTO', { body })).status).toBe(401);
      expect((await call(t.url, 'POST', '/api/RTO', { body, token: user })).status).toBe(403);
      const created = await call(t.url, 'POST', '/api/RTO', { body, token: admin });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        message: expect.any(String),
        data: { code: 'KA-999', city: 'Test Nagar' },
      });
      const dup = await call(t.url, 'POST', '/api/RTO', { body, token: admin });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toMatch(/KA-999/);
      const wrongPrefix = await call(t.url, 'POST', '/api/RTO', {
        body: { ...body, code: 'MH-998' },
        token: admin,
      });
      expect(wrongPrefix.status).toBe(400);
      expect(wrongPrefix.body.message).toMatch(/code/);
      const badCode = await call(t.url, 'POST', '/api/RTO', {
        body: { ...body, code: 'KA-ABC' },
        token: admin,
      });
      expect(badCode.status).toBe(400);
      const id = (created.body.data as Json)._id;
      const updated = await call(t.url, 'PUT', `/api/RTO/${id}`, {
        body: { city: 'New Test Nagar' },
        token: admin,
      });
      expect(updated.body).toMatchObject({ data: { city: 'New Test Nagar', code: 'KA-999' } });
      expect((await call(t.url, 'DELETE', `/api/RTO/${id}`, { token: admin })).status).toBe(200);
      expect((await call(t.url, 'DELETE', `/api/RTO/${id}`, { token: admin })).status).toBe(404);
      expect((await call(t.url, 'DELETE', '/api/RTO/not-an-id', { token: admin })).status).toBe(404);
    },
  );

  it.skipIf(skip)('serves seeded brands with their models and logos', async () => {
    const { t, get } = api;
    const res = await get('/api/carbrand');
    const brands = res.body.data as unknown as Json[];
    expect(brands.length).toBeGreaterThanOrEqual(20);
    const maruti = brands.find((b) => b.name === 'Maruti Suzuki')!;
    expect(maruti).toMatchObject({
      country: expect.any(String),
      founded: expect.any(Number),
      logo: { url: expect.stringMatching(/\.svg$/) },
    });
    expect((maruti.models as Json[]).length).toBeGreaterThan(2);
    const logo = await fetch(`${t.url}${(maruti.logo as { url: string }).url}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await fetch(`${t.url}/api/carbrand/logos/..%2F..%2Fpackage.json`)).status).toBe(404);
    const models = await get(`/api/carModel?brand=${maruti._id}&year=2015`);
    const names = (models.body.data as unknown as Json[]).map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);
    for (const m of models.body.data as unknown as Json[]) {
      expect(m.year as number).toBeLessThanOrEqual(2015);
      if (m.yearTo) expect(m.yearTo as number).toBeGreaterThanOrEqual(2015);
    }
    const variantsRes = await get(`/api/carVariant?brand=${maruti._id}&fuelType=Petrol`);
    const variants = variantsRes.body.data as unknown as Json[];
    expect(variants.length).toBeGreaterThan(0);
    expect(
      variants.every(
        (v) => v.fuelType === 'Petrol' && v.carBrand === maruti._id && v.brandName === 'Maruti Suzuki',
      ),
    ).toBe(true);
  });

  it.skipIf(skip)(
    'creates a brand, model and variant as Admin, with every rule and 409, then deletes them in order',
    async () => {
      const { t, admin, user, get } = api;
      const brandBody = { name: `Testmotors ${randomUUID().slice(0, 6)}`, country: 'India', founded: 1999 };
      expect((await call(t.url, 'POST', '/api/carbrand', { body: brandBody, token: user })).status).toBe(403);
      const brand = await call(t.url, 'POST', '/api/carbrand', { body: brandBody, token: admin });
      expect(brand.status).toBe(201);
      expect(brand.body).toMatchObject({
        success: true,
        message: expect.any(String),
        data: { name: brandBody.name, models: [] },
      });
      expect((await call(t.url, 'POST', '/api/carbrand', { body: brandBody, token: admin })).status).toBe(
        409,
      );
      const badBrand = await call(t.url, 'POST', '/api/carbrand', {
        body: { ...brandBody, founded: 'soon' },
        token: admin,
      });
      expect(badBrand.status).toBe(400);
      expect(badBrand.body.message).toMatch(/founded/);
      const brandId = (brand.body.data as Json)._id as string;

      const modelBody = {
        name: 'Zephyr',
        year: 2015,
        yearTo: 2019,
        fuelType: ['Petrol', 'Diesel'],
        transmission: ['Manual'],
        carBrand: brandId,
        bodyType: 'Sedan',
      };
      const badFuel = await call(t.url, 'POST', '/api/carModel', {
        body: { ...modelBody, fuelType: ['Steam'] },
        token: admin,
      });
      expect(badFuel.status).toBe(400);
      expect(badFuel.body.message).toMatch(/fuelType/);
      const oldYear = await call(t.url, 'POST', '/api/carModel', {
        body: { ...modelBody, year: 1979 },
        token: admin,
      });
      expect(oldYear.status).toBe(400);
      expect(oldYear.body.message).toMatch(/year/);
      const model = await call(t.url, 'POST', '/api/carModel', { body: modelBody, token: admin });
      expect(model.status).toBe(201);
      const modelId = (model.body.data as Json)._id as string;
      expect((await call(t.url, 'POST', '/api/carModel', { body: modelBody, token: admin })).status).toBe(
        409,
      );
      const in2017 = (await get(`/api/carModel?brand=${brandId}&year=2017`)).body.data as unknown as Json[];
      const in2021 = (await get(`/api/carModel?brand=${brandId}&year=2021`)).body.data as unknown as Json[];
      expect(in2017.map((m) => m.name)).toEqual(['Zephyr']);
      expect(in2021).toEqual([]);

      const variantBody = {
        name: 'ZX',
        carModel: modelId,
        carBrand: brandId,
        fuelType: 'Petrol',
        transmission: 'Manual',
        features: ['  Sunroof ', '', 'ABS'],
      };
      const wrongFuel = await call(t.url, 'POST', '/api/carVariant', {
        body: { ...variantBody, fuelType: 'Electric' },
        token: admin,
      });
      expect(wrongFuel.status).toBe(400);
      expect(wrongFuel.body.message).toMatch(/fuelType/);
      const wrongBrand = await call(t.url, 'POST', '/api/carVariant', {
        body: { ...variantBody, carBrand: randomUUID() },
        token: admin,
      });
      expect(wrongBrand.status).toBe(400);
      const variant = await call(t.url, 'POST', '/api/carVariant', { body: variantBody, token: admin });
      expect(variant.status).toBe(201);
      expect(variant.body.data).toMatchObject({
        features: ['Sunroof', 'ABS'],
        carModel: { _id: modelId, name: 'Zephyr' },
      });
      const variantId = (variant.body.data as Json)._id as string;
      const renamed = await call(t.url, 'PUT', `/api/carVariant/${variantId}`, {
        body: { name: 'ZX+' },
        token: admin,
      });
      expect(renamed.body.data).toMatchObject({ name: 'ZX+' });

      const brandWithModels = await call(t.url, 'DELETE', `/api/carbrand/${brandId}`, { token: admin });
      expect(brandWithModels.status).toBe(409);
      expect(brandWithModels.body.message).toMatch(/models/);
      expect((await call(t.url, 'DELETE', `/api/carModel/${modelId}`, { token: admin })).status).toBe(409);
      expect((await call(t.url, 'DELETE', `/api/carVariant/${variantId}`, { token: user })).status).toBe(403);
      expect((await call(t.url, 'DELETE', `/api/carVariant/${variantId}`, { token: admin })).status).toBe(
        200,
      );
      expect((await call(t.url, 'DELETE', `/api/carModel/${modelId}`, { token: admin })).status).toBe(200);
      expect((await call(t.url, 'DELETE', `/api/carbrand/${brandId}`, { token: admin })).status).toBe(200);
      expect((await call(t.url, 'DELETE', `/api/carbrand/${brandId}`, { token: admin })).status).toBe(404);
    },
  );

  it.skipIf(skip)(
    'saves a brand logo only when storage confirms the uploaded key (400 naming logoKey otherwise)',
    async () => {
      const { t, admin, get } = api;
      /** Uploads a small PNG through the two-step flow; answers its key. */
      const upload = async (token: string, type: 'cars' | 'logo') => {
        const got = await call(t.url, 'POST', `/api/storage/getUrl?type=${type}`, { token });
        const { uploadUrl, key } = got.body as unknown as { uploadUrl: string; key: string };
        const png = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#c33' } })
          .png()
          .toBuffer();
        const put = await fetch(`${t.url}${uploadUrl}`, {
          method: 'PUT',
          body: new Uint8Array(png),
          headers: { 'content-type': 'image/jpeg' },
        });
        expect(put.status).toBe(200);
        return key;
      };
      const logoKey = await upload(admin, 'logo');
      const carPhoto = await upload(admin, 'cars');
      const pendingUrl = await call(t.url, 'POST', '/api/storage/getUrl?type=logo', { token: admin });
      const pending = pendingUrl.body.key as string;
      const brandBody = { name: `Logomotors ${randomUUID().slice(0, 6)}`, country: 'India', founded: 2005 };

      for (const bad of ['logo-00000000-0000-0000-0000-000000000000', carPhoto, pending, 'seed:nope.svg']) {
        const res = await call(t.url, 'POST', '/api/carbrand', {
          body: { ...brandBody, logoKey: bad },
          token: admin,
        });
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toMatch(/^logoKey: /);
      }
      expect((await get(`/api/carbrand?keyword=${encodeURIComponent(brandBody.name)}`)).body.data).toEqual(
        [],
      );

      const created = await call(t.url, 'POST', '/api/carbrand', {
        body: { ...brandBody, logoKey },
        token: admin,
      });
      expect(created.status).toBe(201);
      const brand = created.body.data as Json;
      expect(brand.logo).toEqual({ url: `/api/storage/images/${logoKey}` });
      const logo = await fetch(`${t.url}/api/storage/images/${logoKey}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');

      const refused = await call(t.url, 'PUT', `/api/carbrand/${brand._id}`, {
        body: { logoKey: carPhoto },
        token: admin,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^logoKey: .*cars/);
      const seeded = await call(t.url, 'PUT', `/api/carbrand/${brand._id}`, {
        body: { logoKey: 'seed:maruti-suzuki.svg' },
        token: admin,
      });
      expect(seeded.status).toBe(200);
      expect((seeded.body.data as Json).logo).toEqual({ url: '/api/carbrand/logos/maruti-suzuki.svg' });
      const other = await upload(admin, 'logo');
      const changed = await call(t.url, 'PUT', `/api/carbrand/${brand._id}`, {
        body: { logoKey: other },
        token: admin,
      });
      expect((changed.body.data as Json).logo).toEqual({ url: `/api/storage/images/${other}` });
      expect((await call(t.url, 'DELETE', `/api/carbrand/${brand._id}`, { token: admin })).status).toBe(200);
    },
  );
});
