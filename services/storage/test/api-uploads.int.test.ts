/**
 * Storage API, uploads (issue 6; issue 20) through the embedded system, on the embedded adapters and on the
 * real PostgreSQL, RabbitMQ and Redis (local disk store): signed upload URLs, the upload PUT with its
 * checks (content, size, dimensions, not JSON), the clean original and its WebP sizes served immutable, and
 * expired or tampered URLs refused.
 */
import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAMERA_MARKER,
  GPS_MARKER,
  jpegWithGps,
  pngImage,
  textFile,
  webpImage,
} from '../../../test-support/images';
import { call, systemVariants } from '../../../test-support/system';
import { signGrant, uploadUrlFor } from '../src/domain/signing';
import {
  confirm,
  fetchImage,
  getUrl,
  put,
  SECRET,
  type StoredImage,
  useStorageApi,
} from './support/storage-api';

const variants = await systemVariants();

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

describe.each(variants)('storage API on $name: uploads', ({ servers, skip }) => {
  const api = useStorageApi(servers, skip);

  it.skipIf(skip)('getUrl needs a signed-in user and a known type, and answers the spec shape', async () => {
    expect((await call(api.t.url, 'POST', '/api/storage/getUrl?type=cars')).status).toBe(401);
    const bad = await call(api.t.url, 'POST', '/api/storage/getUrl?type=avatar', { token: api.alice.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/type/);
    const res = await call(api.t.url, 'POST', '/api/storage/getUrl?type=logo', { token: api.alice.token });
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
    expect(url.searchParams.get('owner')).toBe(api.alice.id);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(590_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it.skipIf(skip)(
    'stores a JPEG with EXIF GPS as a clean original plus 320/640/1280 WebP sizes, served immutable',
    async () => {
      const { uploadUrl, key } = await getUrl(api.t, api.alice.token);
      const input = await jpegWithGps(2000, 1500);
      const res = await put(api.t, uploadUrl, input);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, key, url: `/api/storage/images/${key}` });

      const ok = await confirm(api.t, api.alice.token, { type: 'cars', keys: [key] });
      expect(ok.status).toBe(200);
      const image = (ok.body.data as { images: StoredImage[] }).images[0]!;
      expect(image).toEqual({
        key,
        url: `/api/storage/images/${key}`,
        sizes: [320, 640, 1280].map((width) => ({ width, url: `/api/storage/images/${key}/${width}.webp` })),
      });

      const original = await fetchImage(api.t, image.url);
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
      expect(await conditionalGet(`${api.t.url}${image.url}`, etag)).toBe(304);

      for (const size of image.sizes) {
        const file = await fetchImage(api.t, size.url);
        expect(file.res.status).toBe(200);
        expect(file.res.headers.get('content-type')).toBe('image/webp');
        expect(file.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(file.res.headers.get('etag')).toBe(etag.replace('-o"', `-${size.width}"`));
        const m = await sharp(file.data).metadata();
        expect(m).toMatchObject({ format: 'webp', width: size.width, height: (size.width * 3) / 4 });
        expect(m.exif).toBeUndefined();
      }

      const again = await put(api.t, uploadUrl, await pngImage());
      expect(again.status).toBe(409);
      expect((await fetchImage(api.t, image.url)).res.headers.get('content-type')).toBe('image/jpeg');
    },
  );

  it.skipIf(skip)('takes a PNG sent as image/jpeg (the content decides) and a WebP', async () => {
    const png = await getUrl(api.t, api.alice.token, 'logo');
    expect((await put(api.t, png.uploadUrl, await pngImage(800, 400), 'image/jpeg')).status).toBe(200);
    const served = await fetchImage(api.t, `/api/storage/images/${png.key}`);
    expect(served.res.headers.get('content-type')).toBe('image/png');
    expect(await sharp(served.data).metadata()).toMatchObject({ format: 'png', width: 800, hasAlpha: true });
    expect((await fetchImage(api.t, `/api/storage/images/${png.key}/1280.webp`)).res.status).toBe(404);
    expect((await fetchImage(api.t, `/api/storage/images/${png.key}/640.webp`)).res.status).toBe(200);

    const webp = await getUrl(api.t, api.alice.token);
    expect(
      (await put(api.t, webp.uploadUrl, await webpImage(700, 500), 'application/octet-stream')).status,
    ).toBe(200);
    expect((await fetchImage(api.t, `/api/storage/images/${webp.key}`)).res.headers.get('content-type')).toBe(
      'image/webp',
    );
  });

  it.skipIf(skip)(
    'refuses a text file renamed .jpg (400), 11 MB (413) and 9000×10 px (400), storing nothing',
    async () => {
      const { uploadUrl, key } = await getUrl(api.t, api.alice.token);
      const text = await put(api.t, uploadUrl, textFile);
      expect(text.status).toBe(400);
      expect(text.body.message).toMatch(/not a JPEG, PNG or WebP/);

      const big = Buffer.concat([await jpegWithGps(400, 300), Buffer.alloc(11 * 1024 * 1024, 1)]);
      const tooBig = await put(api.t, uploadUrl, big);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toEqual(expect.any(String));

      const wide = await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#345' } })
        .png()
        .toBuffer();
      const tooWide = await put(api.t, uploadUrl, wide);
      expect(tooWide.status).toBe(400);
      expect(tooWide.body.message).toMatch(/8000/);

      expect((await fetchImage(api.t, `/api/storage/images/${key}`)).res.status).toBe(404);
      const notUploaded = await confirm(api.t, api.alice.token, { type: 'cars', keys: [key] });
      expect(notUploaded.status).toBe(400);
      expect(notUploaded.body).toEqual({ message: expect.stringMatching(/^keys\.0: /), index: 0 });
      // Nothing was claimed either: the same URL still takes a real image.
      expect((await put(api.t, uploadUrl, await jpegWithGps(640, 480))).status).toBe(200);
    },
  );

  it.skipIf(skip)(
    'refuses an upload PUT sent as JSON with 400, not 500, and keeps the URL usable (issue 20)',
    async () => {
      const { uploadUrl, key } = await getUrl(api.t, api.alice.token);
      const json = await put(api.t, uploadUrl, Buffer.from('{"image":"not really"}'), 'application/json');
      expect(json.status).toBe(400);
      expect(json.body.message).toMatch(/raw image bytes.*not JSON/);
      // An image body labelled JSON is no better.
      const labelled = await put(
        api.t,
        uploadUrl,
        await pngImage(400, 300),
        'application/json; charset=utf-8',
      );
      expect(labelled.status).toBe(400);
      expect(labelled.body.message).toEqual(expect.any(String));
      expect((await fetchImage(api.t, `/api/storage/images/${key}`)).res.status).toBe(404);
      expect((await put(api.t, uploadUrl, await pngImage(400, 300), 'image/png')).status).toBe(200);
    },
  );

  it.skipIf(skip)('refuses an expired or tampered upload URL with 403', async () => {
    const { uploadUrl, key } = await getUrl(api.t, api.alice.token);
    const image = await jpegWithGps(400, 300);
    const url = new URL(uploadUrl, api.t.url);
    const q = Object.fromEntries(url.searchParams) as Record<string, string>;
    const withQuery = (change: Record<string, string>, k = key) =>
      `/api/storage/upload/${k}?${new URLSearchParams({ ...q, ...change })}`;

    // Correctly signed with the server's secret, but expired a second ago.
    const expired = uploadUrlFor(SECRET, {
      key,
      type: 'cars',
      owner: api.alice.id,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    const late = await put(api.t, expired, image);
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/expired/);

    const other = await getUrl(api.t, api.alice.token);
    const sig = q.sig!;
    for (const tampered of [
      withQuery({ sig: `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}` }),
      withQuery({ owner: api.bob.id }),
      withQuery({ type: 'logo' }),
      withQuery({ expires: String(Number(q.expires) + 3600) }),
      withQuery({}, other.key),
      withQuery({ sig: '' }),
    ]) {
      const res = await put(api.t, tampered, image);
      expect(res.status, tampered).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Bob signing his own URL for Alice's key cannot take it over: the key is recorded as Alice's.
    const forged = uploadUrlFor('not-the-server-secret-000', {
      key,
      type: 'cars',
      owner: api.bob.id,
      expires: Number(q.expires),
    });
    expect((await put(api.t, forged, image)).status).toBe(403);
    expect(signGrant(SECRET, { key, type: 'cars', owner: api.alice.id, expires: Number(q.expires) })).toBe(
      sig,
    );

    expect((await fetchImage(api.t, `/api/storage/images/${key}`)).res.status).toBe(404);
    expect((await put(api.t, uploadUrl, image)).status).toBe(200);
  });
});
