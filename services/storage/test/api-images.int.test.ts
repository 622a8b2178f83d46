/**
 * Storage API, confirming and serving images (issue 6) through the embedded system, on the embedded
 * adapters and on the real PostgreSQL, RabbitMQ and Redis (local disk store): confirm by the uploader (or an
 * Admin, for logos), the seeded demo photos, 404s, the limits and the rate limit of upload URLs; and once
 * more with the S3 store against s3rver (presigned PUTs, validated and rendered at confirm).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPS_MARKER, jpegWithGps, pngImage, textFile, webpImage } from '../../../test-support/images';
import { type LocalS3, startLocalS3 } from '../../../test-support/s3';
import { call, systemVariants } from '../../../test-support/system';
import { confirm, fetchImage, getUrl, put, type StoredImage, useStorageApi } from './support/storage-api';

const variants = await systemVariants();

describe.each(variants)('storage API on $name: confirm and serve', ({ servers, skip }) => {
  const api = useStorageApi(servers, skip);

  it.skipIf(skip)(
    'confirm: only the uploader (or an Admin, for logos) with the right type; 400 names the index',
    async () => {
      const mine = await getUrl(api.t, api.alice.token);
      const theirs = await getUrl(api.t, api.bob.token);
      const logo = await getUrl(api.t, api.alice.token, 'logo');
      for (const u of [mine, theirs, logo])
        expect((await put(api.t, u.uploadUrl, await pngImage(400, 300))).status).toBe(200);

      expect((await confirm(api.t, undefined, { type: 'cars', keys: [mine.key] })).status).toBe(401);
      const bad = await confirm(api.t, api.alice.token, { type: 'cars', keys: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/keys/);

      const foreign = await confirm(api.t, api.alice.token, { type: 'cars', keys: [mine.key, theirs.key] });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual({
        message: expect.stringMatching(/^keys\.1: .*not uploaded by you/),
        index: 1,
      });
      const unknown = await confirm(api.t, api.alice.token, {
        type: 'cars',
        keys: [mine.key, mine.key, 'cars-nope'],
      });
      expect(unknown.body).toMatchObject({ index: 2 });
      const wrongType = await confirm(api.t, api.alice.token, { type: 'cars', keys: [logo.key] });
      expect(wrongType.body).toEqual({ message: expect.stringMatching(/logo/), index: 0 });
      const demo = await confirm(api.t, api.alice.token, { type: 'cars', keys: ['demo-car-01'] });
      expect(demo.status).toBe(400);

      const first = await confirm(api.t, api.alice.token, { type: 'cars', keys: [mine.key] });
      expect(first.status).toBe(200);
      expect(await confirm(api.t, api.alice.token, { type: 'cars', keys: [mine.key] })).toMatchObject({
        status: 200,
        body: first.body,
      });
      const byAdmin = await confirm(api.t, api.admin.token, { type: 'logo', keys: [logo.key] });
      expect(byAdmin.status).toBe(200);
      expect((await confirm(api.t, api.admin.token, { type: 'cars', keys: [mine.key] })).status).toBe(400);
    },
  );

  it.skipIf(skip)('serves the seeded demo car photos and answers 404 JSON for unknown images', async () => {
    for (const n of ['01', '12']) {
      const original = await fetchImage(api.t, `/api/storage/images/demo-car-${n}`);
      expect(original.res.status).toBe(200);
      expect(await sharp(original.data).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1280,
        height: 853,
      });
      const small = await fetchImage(api.t, `/api/storage/images/demo-car-${n}/320.webp`);
      expect(await sharp(small.data).metadata()).toMatchObject({ format: 'webp', width: 320 });
    }
    for (const path of [
      '/api/storage/images/cars-unknown',
      '/api/storage/images/demo-car-01/999.webp',
      '/api/storage/images/demo-car-01/320.png',
      '/api/storage/images/..%2F..%2Fpackage.json',
    ]) {
      const res = await call(api.t.url, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const limits = await call(api.t.url, 'GET', '/api/storage/limits');
    expect(limits.body.data).toEqual({
      maxBytes: 10 * 1024 * 1024,
      maxDimension: 8000,
      maxPixels: 40_000_000,
      contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
      urlTtlSeconds: 600,
      widths: [320, 640, 1280],
    });
  });

  it.skipIf(skip)('limits upload URLs per user (60 per 10 minutes)', async () => {
    const carol = await api.session();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (await call(api.t.url, 'POST', '/api/storage/getUrl?type=cars', { token: carol.token })).status,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await call(api.t.url, 'POST', '/api/storage/getUrl?type=cars', { token: carol.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await call(api.t.url, 'POST', '/api/storage/getUrl?type=cars', { token: api.alice.token })).status,
    ).toBe(200);
  });
});

describe('storage API with the S3 store (s3rver)', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  // Registered after the bucket's hooks: the system starts on the bucket and stops before it (hooks stack).
  const api = useStorageApi(undefined, false, () => s3.env);

  it('uploads with a presigned PUT, validates and renders at confirm, and serves from the bucket', async () => {
    const { uploadUrl, key } = await getUrl(api.t, api.alice.token);
    expect(uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/${key}?`)).toBe(true);
    expect(new URL(uploadUrl).searchParams.get('X-Amz-Expires')).toBe('600');
    expect((await put(api.t, uploadUrl, await jpegWithGps(2000, 1500))).status).toBe(200);
    expect((await fetchImage(api.t, `/api/storage/images/${key}`)).res.status).toBe(404);

    expect((await confirm(api.t, api.bob.token, { type: 'cars', keys: [key] })).body).toMatchObject({
      index: 0,
    });
    const ok = await confirm(api.t, api.alice.token, { type: 'cars', keys: [key] });
    expect(ok.status).toBe(200);
    const image = (ok.body.data as { images: StoredImage[] }).images[0]!;
    expect(image.sizes.map((s) => s.width)).toEqual([320, 640, 1280]);
    const original = await fetchImage(api.t, image.url);
    expect(original.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}-o"$/);
    const meta = await sharp(original.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 });
    expect(meta.exif).toBeUndefined();
    expect(original.data.includes(GPS_MARKER)).toBe(false);
    const size = await fetchImage(api.t, image.sizes[1]!.url);
    expect(await sharp(size.data).metadata()).toMatchObject({ format: 'webp', width: 640 });
    // The raw upload is gone from the bucket; a repeated confirm still answers the same images.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/uploads/${key}`)).status).not.toBe(200);
    expect((await confirm(api.t, api.alice.token, { type: 'cars', keys: [key] })).body).toEqual(ok.body);
  });

  it('refuses at confirm a text file, an image over 8000 px and one over 10 MB, storing nothing', async () => {
    const text = await getUrl(api.t, api.alice.token);
    const wide = await getUrl(api.t, api.alice.token);
    const big = await getUrl(api.t, api.alice.token);
    const good = await getUrl(api.t, api.alice.token);
    expect((await put(api.t, text.uploadUrl, textFile)).status).toBe(200);
    const wideImage = await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    expect((await put(api.t, wide.uploadUrl, wideImage)).status).toBe(200);
    const bigImage = Buffer.concat([await jpegWithGps(400, 300), Buffer.alloc(11 * 1024 * 1024, 1)]);
    expect((await put(api.t, big.uploadUrl, bigImage)).status).toBe(200);
    expect((await put(api.t, good.uploadUrl, await webpImage(700, 500))).status).toBe(200);

    const cases: Array<[string, RegExp]> = [
      [text.key, /not a JPEG, PNG or WebP/],
      [wide.key, /8000/],
      [big.key, /10 MB/],
    ];
    for (const [key, message] of cases) {
      const res = await confirm(api.t, api.alice.token, { type: 'cars', keys: [good.key, key] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringMatching(message), index: 1 });
      expect((await fetchImage(api.t, `/api/storage/images/${key}`)).res.status).toBe(404);
      const again = await confirm(api.t, api.alice.token, { type: 'cars', keys: [key] });
      expect(again.body.message).toMatch(/no image has been uploaded/);
    }
    const notYet = await getUrl(api.t, api.alice.token);
    expect(
      (await confirm(api.t, api.alice.token, { type: 'cars', keys: [notYet.key] })).body.message,
    ).toMatch(/no image has been uploaded/);
  });

  it('seeds the demo car photos into the bucket', async () => {
    const demo = await fetchImage(api.t, '/api/storage/images/demo-car-05/640.webp');
    expect(demo.res.status).toBe(200);
    expect(await sharp(demo.data).metadata()).toMatchObject({ format: 'webp', width: 640 });
  });
});
