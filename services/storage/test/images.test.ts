import { IMAGE_WIDTHS } from '@marketplace/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAMERA_MARKER,
  GPS_MARKER,
  gifImage,
  jpegWithGps,
  pngImage,
  textFile,
  webpImage,
} from '../../../test-support/images';
import { DEMO_COLOURS, DEMO_SIZE, demoCarSvg, renderDemoCar } from '../src/domain/demo-cars';
import { ImageRejected, ORIGINAL_MAX_DIMENSION, processImage } from '../src/domain/images';

async function rejection(input: Promise<unknown>): Promise<ImageRejected> {
  const err = await input.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRejected);
  return err as ImageRejected;
}

describe('processImage', () => {
  it('keeps a JPEG as JPEG, drops every metadata byte (EXIF, GPS) and renders the three WebP widths', async () => {
    const input = await jpegWithGps(2000, 1500);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes(GPS_MARKER)).toBe(true);

    const out = await processImage(input);
    expect(out.original).toMatchObject({
      format: 'jpeg',
      contentType: 'image/jpeg',
      width: 2000,
      height: 1500,
    });
    const meta = await sharp(out.original.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.sizes.map((s) => s.width)).toEqual([...IMAGE_WIDTHS]);
    for (const size of out.sizes) {
      const m = await sharp(size.data).metadata();
      expect(m).toMatchObject({
        format: 'webp',
        width: size.width,
        height: Math.round((size.width * 3) / 4),
      });
      expect(m.exif).toBeUndefined();
    }
    for (const data of [out.original.data, ...out.sizes.map((s) => s.data)]) {
      expect(data.includes(GPS_MARKER)).toBe(false);
      expect(data.includes(CAMERA_MARKER)).toBe(false);
    }
    expect(out.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const out = await processImage(await jpegWithGps(800, 600, 6));
    expect(out.original).toMatchObject({ width: 600, height: 800 });
    expect((await sharp(out.original.data).metadata()).orientation).toBeUndefined();
    expect(out.sizes.map((s) => [s.width, s.height])).toEqual([[320, 427]]);
  });

  it('keeps a PNG (with its transparency) as PNG and a WebP as WebP, never upscaling', async () => {
    const png = await processImage(await pngImage(800, 400));
    expect(png.original).toMatchObject({ format: 'png', contentType: 'image/png', width: 800, height: 400 });
    expect((await sharp(png.original.data).metadata()).hasAlpha).toBe(true);
    expect(png.sizes.map((s) => s.width)).toEqual([320, 640]);
    const webp = await processImage(await webpImage(300, 200));
    expect(webp.original).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(webp.sizes).toEqual([]);
  });

  it(`scales a large original down to ${ORIGINAL_MAX_DIMENSION} px`, async () => {
    const out = await processImage(await jpegWithGps(4000, 1000));
    expect(out.original).toMatchObject({ width: ORIGINAL_MAX_DIMENSION, height: 640 });
    expect(out.sizes.map((s) => s.width)).toEqual([320, 640, 1280]);
  });

  it.each([
    ['a text file', async () => textFile],
    ['a GIF', () => gifImage()],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['an empty body', async () => Buffer.alloc(0)],
    ['a JPEG cut in half', async () => (await jpegWithGps(400, 300)).subarray(0, 2000)],
  ])('refuses %s with 400', async (_name, make) => {
    const err = await rejection(processImage(await make()));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/not a JPEG, PNG or WebP/);
  });

  it('refuses more than 8000 px in either direction with 400', async () => {
    const wide = await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const err = await rejection(processImage(wide));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/9000×10/);
    const tall = await sharp({ create: { width: 10, height: 8001, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await rejection(processImage(tall))).status).toBe(400);
    const edge = await sharp({ create: { width: 8000, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await processImage(edge)).original.width).toBe(ORIGINAL_MAX_DIMENSION);
  });

  it('refuses more than 40 MP (a small file that claims a huge decode) with 400, from the header (issue 20)', async () => {
    // 8000×8000 = 64 MP: inside 8000 px a side, but over the area limit; a flat PNG of it is tiny.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const err = await rejection(processImage(bomb));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/8000×8000 px; at most 8000 px a side and 40 megapixels/);
    // Refused from the header: far quicker than decoding 64 MP.
    expect(performance.now() - started).toBeLessThan(500);
    const fortyMp = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    expect((await processImage(fortyMp)).original.width).toBe(ORIGINAL_MAX_DIMENSION);
    expect((await rejection(processImage(fortyMp, { maxPixels: 39_999_999 }))).status).toBe(400);
  });

  it('refuses more bytes than the limit with 413', async () => {
    const input = await jpegWithGps(400, 300);
    const err = await rejection(processImage(input, { maxBytes: input.length - 1 }));
    expect(err.status).toBe(413);
    expect((await processImage(input, { maxBytes: input.length })).original.format).toBe('jpeg');
  });
});

describe('demo car photos', () => {
  it('renders twelve distinct illustrations in their body colours as a 1280×853 JPEG plus WebP sizes', async () => {
    const svgs = DEMO_COLOURS.map((_c, i) => demoCarSvg(i));
    expect(new Set(svgs).size).toBe(12);
    svgs.forEach((svg, i) => {
      expect(svg).toContain(DEMO_COLOURS[i]!.hex);
    });
    const rendered = await renderDemoCar(0);
    expect(rendered.original).toMatchObject({ format: 'jpeg', ...DEMO_SIZE });
    expect(rendered.sizes.map((s) => s.width)).toEqual([...IMAGE_WIDTHS]);
    const jpeg = rendered.original.data;
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', ...DEMO_SIZE });
    // The red car's body: the pixel at the middle of the door is reddish.
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
    const [r, g, b] = at(140 + 600, 690 - 80);
    expect(r).toBeGreaterThan(120);
    expect(r!).toBeGreaterThan(g! + 60);
    expect(r!).toBeGreaterThan(b! + 60);
  });
});
