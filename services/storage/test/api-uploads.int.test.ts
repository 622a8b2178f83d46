/**
 * Storage API (issue 6) through the embedded system: signed upload URLs, the upload PUT with its checks,
 * confirm and serving — on the embedded adapters and on the real PostgreSQL, RabbitMQ and Redis (local
 * disk store), and once more with the S3 store against s3rver.
 */
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMERA_MARKER,
  GPS_MARKER,
  jpegWithGps,
  pngImage,
  textFile,
  webpImage,
} from '../../../test-support/images';
import { type LocalS3, startLocalS3 } from '../../../test-support/s3';
import { sessionFor } from '../../../test-support/sessions';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../../test-support/system';
import { signGrant, uploadUrlFor } from '../src/domain/signing';

const variants = await systemVariants();
const SECRET = 'storage-test-signing-secret-0123';

type Json = Record<string, unknown>;
type StoredImage = { key: string; url: string; sizes: Array<{ width: number; url: string }> };

/** Session tokens of test users that exist in the auth database (issue 20: a missing user's token is refused). */
function sessions(t: TestSystem) {
  return (role: 'User' | 'Admin' = 'User') => sessionFor(t.system, role);
}

/** `POST /api/storage/getUrl`, expecting success. */
async function getUrl(t: TestSystem, token: string, type: 'cars' | 'logo' = 'cars') {
  const res = await call(t.url, 'POST', `/api/storage/getUrl?type=${type}`, { token });
  expect(res.status).toBe(200);
  return res.body as unknown as { uploadUrl: string; key: string };
}

/** PUTs `body` to an upload URL (relative ones go to the system), no credentials. */
async function put(t: TestSystem, uploadUrl: string, body: Buffer, contentType = 'image/jpeg') {
  const url = uploadUrl.startsWith('/') ? `${t.url}${uploadUrl}` : uploadUrl;
  const res = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': contentType },
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as Json };
}

async function fetchImage(t: TestSystem, path: string) {
  const res = await fetch(`${t.url}${path}`);
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

function confirm(t: TestSystem, token: string | undefined, body: unknown) {
  return call(t.url, 'POST', '/api/storage/images/confirm', { token, body });
}

/** A GET with If-None-Match through node:http (fetch turns it into a no-cache request). */
function conditionalGet(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'if-none-match': etag } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe.each(variants)('storage API on $name', ({ servers, skip }) => {
  let t: TestSystem;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let admin: { id: string; token: string };

  beforeAll(async () => {
    if (skip) return;
    t = await startTestSystem({ UPLOAD_SIGNING_SECRET: SECRET }, servers);
    const session = sessions(t);
    alice = await session();
    bob = await session();
    admin = await session('Admin');
  });
  afterAll(async () => {
    await t?.stop();
  });

  it.skipIf(skip)('getUrl needs a signed-in user and a known type, and answers the spec shape', async () => {
    expect((await call(t.url, 'POST', '/api/storage/getUrl?type=cars')).status).toBe(401);
    const bad = await call(t.url, 'POST', '/api/storage/getUrl?type=avatar', { token: alice.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/type/);
    const res = await call(t.url, 'POST', '/api/storage/getUrl?type=logo', { token: alice.token });
    expect(res.body).toEqual({
      success: true,
      message: expect.any(String),
      uploadUrl: expect.any(String),
      key: expect.stringMatching(/^logo-[0-9a-f-]{36}$/),
      data: { key: res.body.key },
    });
    const url = new URL(res.body.uploadUrl as string, 'http://x');
    expect(url.pathname).toBe(`/api/storage/upload/${res.body.key}`);
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'owner', 'sig', 'type']);
    expect(url.searchParams.get('owner')).toBe(alice.id);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(590_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it.skipIf(skip)(
    'stores a JPEG with EXIF GPS as a clean original plus 320/640/1280 WebP sizes, served immutable',
    async () => {
      const { uploadUrl, key } = await getUrl(t, alice.token);
      const input = await jpegWithGps(2000, 1500);
      const res = await put(t, uploadUrl, input);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, key, url: `/api/storage/images/${key}` });

      const ok = await confirm(t, alice.token, { type: 'cars', keys: [key] });
      expect(ok.status).toBe(200);
      const image = (ok.body.data as { images: StoredImage[] }).images[0]!;
      expect(image).toEqual({
        key,
        url: `/api/storage/images/${key}`,
        sizes: [320, 640, 1280].map((width) => ({ width, url: `/api/storage/images/${key}/${width}.webp` })),
      });

      const original = await fetchImage(t, image.url);
      expect(original.res.status).toBe(200);
      expect(original.res.headers.get('content-type')).toBe('image/jpeg');
      expect(original.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = original.res.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{32}-o"$/);
      const meta = await sharp(original.data).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 });
      expect(meta.exif).toBeUndefined();
      expect(original.data.includes(GPS_MARKER)).toBe(false);
      expect(original.data.includes(CAMERA_MARKER)).toBe(false);
      expect(await conditionalGet(`${t.url}${image.url}`, etag)).toBe(304);

      for (const size of image.sizes) {
        const file = await fetchImage(t, size.url);
        expect(file.res.status).toBe(200);
        expect(file.res.headers.get('content-type')).toBe('image/webp');
        expect(file.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(file.res.headers.get('etag')).toBe(etag.replace('-o"', `-${size.width}"`));
        const m = await sharp(file.data).metadata();
        expect(m).toMatchObject({ format: 'webp', width: size.width, height: (size.width * 3) / 4 });
        expect(m.exif).toBeUndefined();
      }

      const again = await put(t, uploadUrl, await pngImage());
      expect(again.status).toBe(409);
      expect((await fetchImage(t, image.url)).res.headers.get('content-type')).toBe('image/jpeg');
    },
  );

  it.skipIf(skip)('takes a PNG sent as image/jpeg (the content decides) and a WebP', async () => {
    const png = await getUrl(t, alice.token, 'logo');
    expect((await put(t, png.uploadUrl, await pngImage(800, 400), 'image/jpeg')).status).toBe(200);
    const served = await fetchImage(t, `/api/storage/images/${png.key}`);
    expect(served.res.headers.get('content-type')).toBe('image/png');
    expect(await sharp(served.data).metadata()).toMatchObject({ format: 'png', width: 800, hasAlpha: true });
    expect((await fetchImage(t, `/api/storage/images/${png.key}/1280.webp`)).res.status).toBe(404);
    expect((await fetchImage(t, `/api/storage/images/${png.key}/640.webp`)).res.status).toBe(200);

    const webp = await getUrl(t, alice.token);
    expect((await put(t, webp.uploadUrl, await webpImage(700, 500), 'application/octet-stream')).status).toBe(
      200,
    );
    expect((await fetchImage(t, `/api/storage/images/${webp.key}`)).res.headers.get('content-type')).toBe(
      'image/webp',
    );
  });

  it.skipIf(skip)(
    'refuses a text file renamed .jpg (400), 11 MB (413) and 9000×10 px (400), storing nothing',
    async () => {
      const { uploadUrl, key } = await getUrl(t, alice.token);
      const text = await put(t, uploadUrl, textFile);
      expect(text.status).toBe(400);
      expect(text.body.message).toMatch(/not a JPEG, PNG or WebP/);

      const big = Buffer.concat([await jpegWithGps(400, 300), Buffer.alloc(11 * 1024 * 1024, 1)]);
      const tooBig = await put(t, uploadUrl, big);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toEqual(expect.any(String));

      const wide = await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#345' } })
        .png()
        .toBuffer();
      const tooWide = await put(t, uploadUrl, wide);
      expect(tooWide.status).toBe(400);
      expect(tooWide.body.message).toMatch(/8000/);

      expect((await fetchImage(t, `/api/storage/images/${key}`)).res.status).toBe(404);
      const notUploaded = await confirm(t, alice.token, { type: 'cars', keys: [key] });
      expect(notUploaded.status).toBe(400);
      expect(notUploaded.body).toEqual({ message: expect.stringMatching(/^keys\.0: /), index: 0 });
      // Nothing was claimed either: the same URL still takes a real image.
      expect((await put(t, uploadUrl, await jpegWithGps(640, 480))).status).toBe(200);
    },
  );

  it.skipIf(skip)(
    'refuses an upload PUT sent as JSON with 400, not 500, and keeps the URL usable (issue 20)',
    async () => {
      const { uploadUrl, key } = await getUrl(t, alice.token);
      const json = await put(t, uploadUrl, Buffer.from('{"image":"not really"}'), 'application/json');
      expect(json.status).toBe(400);
      expect(json.body.message).toMatch(/raw image bytes.*not JSON/);
      // An image body labelled JSON is no better.
      const labelled = await put(t, uploadUrl, await pngImage(400, 300), 'application/json; charset=utf-8');
      expect(labelled.status).toBe(400);
      expect(labelled.body.message).toEqual(expect.any(String));
      expect((await fetchImage(t, `/api/storage/images/${key}`)).res.status).toBe(404);
      expect((await put(t, uploadUrl, await pngImage(400, 300), 'image/png')).status).toBe(200);
    },
  );

  it.skipIf(skip)('refuses an expired or tampered upload URL with 403', async () => {
    const { uploadUrl, key } = await getUrl(t, alice.token);
    const image = await jpegWithGps(400, 300);
    const url = new URL(uploadUrl, t.url);
    const q = Object.fromEntries(url.searchParams) as Record<string, string>;
    const withQuery = (change: Record<string, string>, k = key) =>
      `/api/storage/upload/${k}?${new URLSearchParams({ ...q, ...change })}`;

    // Correctly signed with the server's secret, but expired a second ago.
    const expired = uploadUrlFor(SECRET, {
      key,
      type: 'cars',
      owner: alice.id,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    const late = await put(t, expired, image);
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/expired/);

    const other = await getUrl(t, alice.token);
    const sig = q.sig!;
    for (const tampered of [
      withQuery({ sig: `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}` }),
      withQuery({ owner: bob.id }),
      withQuery({ type: 'logo' }),
      withQuery({ expires: String(Number(q.expires) + 3600) }),
      withQuery({}, other.key),
      withQuery({ sig: '' }),
    ]) {
      const res = await put(t, tampered, image);
      expect(res.status, tampered).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Bob signing his own URL for Alice's key cannot take it over: the key is recorded as Alice's.
    const forged = uploadUrlFor('not-the-server-secret-000', {
      key,
      type: 'cars',
      owner: bob.id,
      expires: Number(q.expires),
    });
    expect((await put(t, forged, image)).status).toBe(403);
    expect(signGrant(SECRET, { key, type: 'cars', owner: alice.id, expires: Number(q.expires) })).toBe(sig);

    expect((await fetchImage(t, `/api/storage/images/${key}`)).res.status).toBe(404);
    expect((await put(t, uploadUrl, image)).status).toBe(200);
  });

  it.skipIf(skip)(
    'confirm: only the uploader (or an Admin, for logos) with the right type; 400 names the index',
    async () => {
      const mine = await getUrl(t, alice.token);
      const theirs = await getUrl(t, bob.token);
      const logo = await getUrl(t, alice.token, 'logo');
      for (const u of [mine, theirs, logo])
        expect((await put(t, u.uploadUrl, await pngImage(400, 300))).status).toBe(200);

      expect((await confirm(t, undefined, { type: 'cars', keys: [mine.key] })).status).toBe(401);
      const bad = await confirm(t, alice.token, { type: 'cars', keys: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/keys/);

      const foreign = await confirm(t, alice.token, { type: 'cars', keys: [mine.key, theirs.key] });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual({
        message: expect.stringMatching(/^keys\.1: .*not uploaded by you/),
        index: 1,
      });
      const unknown = await confirm(t, alice.token, {
        type: 'cars',
        keys: [mine.key, mine.key, 'cars-nope'],
      });
      expect(unknown.body).toMatchObject({ index: 2 });
      const wrongType = await confirm(t, alice.token, { type: 'cars', keys: [logo.key] });
      expect(wrongType.body).toEqual({ message: expect.stringMatching(/logo/), index: 0 });
      const demo = await confirm(t, alice.token, { type: 'cars', keys: ['demo-car-01'] });
      expect(demo.status).toBe(400);

      const first = await confirm(t, alice.token, { type: 'cars', keys: [mine.key] });
      expect(first.status).toBe(200);
      expect(await confirm(t, alice.token, { type: 'cars', keys: [mine.key] })).toMatchObject({
        status: 200,
        body: first.body,
      });
      const byAdmin = await confirm(t, admin.token, { type: 'logo', keys: [logo.key] });
      expect(byAdmin.status).toBe(200);
      expect((await confirm(t, admin.token, { type: 'cars', keys: [mine.key] })).status).toBe(400);
    },
  );

  it.skipIf(skip)('serves the seeded demo car photos and answers 404 JSON for unknown images', async () => {
    for (const n of ['01', '12']) {
      const original = await fetchImage(t, `/api/storage/images/demo-car-${n}`);
      expect(original.res.status).toBe(200);
      expect(await sharp(original.data).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1280,
        height: 853,
      });
      const small = await fetchImage(t, `/api/storage/images/demo-car-${n}/320.webp`);
      expect(await sharp(small.data).metadata()).toMatchObject({ format: 'webp', width: 320 });
    }
    for (const path of [
      '/api/storage/images/cars-unknown',
      '/api/storage/images/demo-car-01/999.webp',
      '/api/storage/images/demo-car-01/320.png',
      '/api/storage/images/..%2F..%2Fpackage.json',
    ]) {
      const res = await call(t.url, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const limits = await call(t.url, 'GET', '/api/storage/limits');
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
    const carol = await sessions(t)();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (await call(t.url, 'POST', '/api/storage/getUrl?type=cars', { token: carol.token })).status,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await call(t.url, 'POST', '/api/storage/getUrl?type=cars', { token: carol.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(t.url, 'POST', '/api/storage/getUrl?type=cars', { token: alice.token })).status).toBe(
      200,
    );
  });
});

describe('storage API with the S3 store (s3rver)', () => {
  let s3: LocalS3;
  let t: TestSystem;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestSystem({ UPLOAD_SIGNING_SECRET: SECRET, ...s3.env });
    const session = sessions(t);
    alice = await session();
    bob = await session();
  });
  afterAll(async () => {
    await t?.stop();
    await s3?.stop();
  });

  it('uploads with a presigned PUT, validates and renders at confirm, and serves from the bucket', async () => {
    const { uploadUrl, key } = await getUrl(t, alice.token);
    expect(uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/${key}?`)).toBe(true);
    expect(new URL(uploadUrl).searchParams.get('X-Amz-Expires')).toBe('600');
    expect((await put(t, uploadUrl, await jpegWithGps(2000, 1500))).status).toBe(200);
    expect((await fetchImage(t, `/api/storage/images/${key}`)).res.status).toBe(404);

    expect((await confirm(t, bob.token, { type: 'cars', keys: [key] })).body).toMatchObject({ index: 0 });
    const ok = await confirm(t, alice.token, { type: 'cars', keys: [key] });
    expect(ok.status).toBe(200);
    const image = (ok.body.data as { images: StoredImage[] }).images[0]!;
    expect(image.sizes.map((s) => s.width)).toEqual([320, 640, 1280]);
    const original = await fetchImage(t, image.url);
    expect(original.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}-o"$/);
    const meta = await sharp(original.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 });
    expect(meta.exif).toBeUndefined();
    expect(original.data.includes(GPS_MARKER)).toBe(false);
    const size = await fetchImage(t, image.sizes[1]!.url);
    expect(await sharp(size.data).metadata()).toMatchObject({ format: 'webp', width: 640 });
    // The raw upload is gone from the bucket; a repeated confirm still answers the same images.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/uploads/${key}`)).status).not.toBe(200);
    expect((await confirm(t, alice.token, { type: 'cars', keys: [key] })).body).toEqual(ok.body);
  });

  it('refuses at confirm a text file, an image over 8000 px and one over 10 MB, storing nothing', async () => {
    const text = await getUrl(t, alice.token);
    const wide = await getUrl(t, alice.token);
    const big = await getUrl(t, alice.token);
    const good = await getUrl(t, alice.token);
    expect((await put(t, text.uploadUrl, textFile)).status).toBe(200);
    const wideImage = await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    expect((await put(t, wide.uploadUrl, wideImage)).status).toBe(200);
    const bigImage = Buffer.concat([await jpegWithGps(400, 300), Buffer.alloc(11 * 1024 * 1024, 1)]);
    expect((await put(t, big.uploadUrl, bigImage)).status).toBe(200);
    expect((await put(t, good.uploadUrl, await webpImage(700, 500))).status).toBe(200);

    const cases: Array<[string, RegExp]> = [
      [text.key, /not a JPEG, PNG or WebP/],
      [wide.key, /8000/],
      [big.key, /10 MB/],
    ];
    for (const [key, message] of cases) {
      const res = await confirm(t, alice.token, { type: 'cars', keys: [good.key, key] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringMatching(message), index: 1 });
      expect((await fetchImage(t, `/api/storage/images/${key}`)).res.status).toBe(404);
      const again = await confirm(t, alice.token, { type: 'cars', keys: [key] });
      expect(again.body.message).toMatch(/no image has been uploaded/);
    }
    const notYet = await getUrl(t, alice.token);
    expect((await confirm(t, alice.token, { type: 'cars', keys: [notYet.key] })).body.message).toMatch(
      /no image has been uploaded/,
    );
  });

  it('seeds the demo car photos into the bucket', async () => {
    const demo = await fetchImage(t, '/api/storage/images/demo-car-05/640.webp');
    expect(demo.res.status).toBe(200);
    expect(await sharp(demo.data).metadata()).toMatchObject({ format: 'webp', width: 640 });
  });
});
