/**
 * Image validation and processing with sharp (issue 6). The content decides, never a header or a file
 * name: the bytes must decode as JPEG, PNG or WebP, be at most MAX_UPLOAD_BYTES (10 MB), at most
 * MAX_IMAGE_DIMENSION (8000) px wide and high and at most MAX_IMAGE_PIXELS (40 MP) in area (issue 20: a
 * small compressed file may claim a huge decode; the header is checked before any pixel is decoded).
 *
 * What is stored (decision, see the service README):
 * - the optimised original, in its own format (JPEG stays JPEG, PNG stays PNG — logos keep sharp edges and
 *   transparency —, WebP stays WebP), turned upright by its EXIF orientation and scaled down to fit
 *   ORIGINAL_MAX_DIMENSION (2560 px; no page shows more, phone photos are 4000–8000 px);
 * - WebP sizes of the widths in IMAGE_WIDTHS (320, 640, 1280 px) that are no wider than that original
 *   (never upscaled).
 * Every output drops all metadata (EXIF incl. GPS, XMP, IPTC, ICC: pixels are converted to sRGB), which
 * sharp does unless asked to keep it.
 */
import { createHash } from 'node:crypto';
import {
  IMAGE_WIDTHS,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
} from '@marketplace/contracts';
import sharp, { type Metadata, type OutputInfo } from 'sharp';

/** Longest side (px) of the stored original. */
export const ORIGINAL_MAX_DIMENSION = 2560;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Content type of each stored format. */
export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Why an upload is refused; `status` is the HTTP answer (400, or 413 for too many bytes). */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const rejections = {
  notAnImage: () => new ImageRejected(400, 'The file is not a JPEG, PNG or WebP image.'),
  tooManyBytes: () =>
    new ImageRejected(413, `The image is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`),
  tooManyPixels: (width: number, height: number, maxPixels = MAX_IMAGE_PIXELS) =>
    new ImageRejected(
      400,
      `The image is ${width}×${height} px; at most ${MAX_IMAGE_DIMENSION} px a side and ` +
        `${maxPixels / 1_000_000} megapixels (e.g. ${MAX_IMAGE_DIMENSION}×${Math.floor(maxPixels / MAX_IMAGE_DIMENSION)} px) are accepted.`,
    ),
};

/** One stored file. */
export interface ImageFile {
  /** Pixel size. */
  width: number;
  height: number;
  /** Encoded bytes. */
  data: Buffer;
}

/** The result of {@link processImage}. */
export interface ProcessedImage {
  original: ImageFile & { format: ImageFormat; contentType: string };
  /** WebP sizes, ascending by width. */
  sizes: ImageFile[];
  /** sha256 of the original's bytes, hex, first 32 characters (a content id for ETags). */
  hash: string;
}

export interface ProcessOptions {
  /** Largest input in bytes (default MAX_UPLOAD_BYTES). */
  maxBytes?: number;
  /** Largest input width and height in px (default MAX_IMAGE_DIMENSION). */
  maxDimension?: number;
  /** Largest input width × height in px (default MAX_IMAGE_PIXELS). */
  maxPixels?: number;
  /** WebP widths in px (default IMAGE_WIDTHS). */
  widths?: readonly number[];
}

const ACCEPTED = new Set<string>(['jpeg', 'png', 'webp']);

/**
 * Validates `input` and renders what is stored.
 * @throws ImageRejected 413 when `input` is larger than maxBytes; 400 when it does not decode as a JPEG,
 *   PNG or WebP image, is wider or higher than maxDimension or has more than maxPixels pixels.
 */
export async function processImage(input: Buffer, opts: ProcessOptions = {}): Promise<ProcessedImage> {
  const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxDimension = opts.maxDimension ?? MAX_IMAGE_DIMENSION;
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const widths = opts.widths ?? IMAGE_WIDTHS;
  if (input.length > maxBytes) throw rejections.tooManyBytes();
  if (input.length === 0) throw rejections.notAnImage();

  // The header first: format and size are known before anything is decoded.
  const options = { failOn: 'error', limitInputPixels: maxPixels } as const;
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded, so no pixel limit here (the size is checked just below).
    meta = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw rejections.notAnImage();
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
    throw rejections.notAnImage();
  }
  if (meta.width > maxDimension || meta.height > maxDimension || meta.width * meta.height > maxPixels) {
    throw rejections.tooManyPixels(meta.width, meta.height, maxPixels);
  }
  const format = meta.format as ImageFormat;

  // Decode once (upright, fitted), then encode every output from the pixels.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, options)
      .rotate()
      .resize({
        width: ORIGINAL_MAX_DIMENSION,
        height: ORIGINAL_MAX_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw rejections.notAnImage();
  }
  return encodeStoredImage(pixels, format, { widths });
}

/** Decoded pixels: 8 bits per channel, sRGB, upright. */
export interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Encodes what is stored from `pixels` already fitted to ORIGINAL_MAX_DIMENSION: the original in
 * `format` and the WebP sizes of `widths` (px, default IMAGE_WIDTHS) no wider than it. Used by
 * {@link processImage} and by the seed (which renders pixels itself, and asks for the `fast` encoders).
 */
export async function encodeStoredImage(
  pixels: Pixels,
  format: ImageFormat,
  opts: { widths?: readonly number[]; fast?: boolean } = {},
): Promise<ProcessedImage> {
  const widths = opts.widths ?? IMAGE_WIDTHS;
  // Fast: libjpeg-turbo instead of mozjpeg, WebP effort 1 instead of 4 (about 3× quicker, a little larger).
  const fast = opts.fast ?? false;
  const { width, height, channels } = pixels.info;
  const fromPixels = () => sharp(pixels.data, { raw: { width, height, channels } });

  const encoded =
    format === 'jpeg'
      ? fromPixels().jpeg({ quality: 82, progressive: true, mozjpeg: !fast })
      : format === 'png'
        ? fromPixels().png({ compressionLevel: 9, adaptiveFiltering: true })
        : fromPixels().webp({ quality: 82, effort: fast ? 1 : 4 });
  const originalData = await encoded.toBuffer();

  const sizes: ImageFile[] = [];
  for (const w of [...widths].sort((a, b) => a - b).filter((w) => w <= width)) {
    const { data, info } = await fromPixels()
      .resize({ width: w })
      .webp({ quality: 80, effort: fast ? 1 : 4 })
      .toBuffer({ resolveWithObject: true });
    sizes.push({ width: info.width, height: info.height, data });
  }

  return {
    original: { format, contentType: CONTENT_TYPES[format], width, height, data: originalData },
    sizes,
    hash: createHash('sha256').update(originalData).digest('hex').slice(0, 32),
  };
}
