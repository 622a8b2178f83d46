/** Serving stored images: immutable cache headers and a strong ETag (304 when it matches). */
import { pipeline } from 'node:stream/promises';
import { notFound } from '@marketplace/platform';
import type { Request, Response } from 'express';
import { CONTENT_TYPES } from '../domain/images';
import { isKey } from '../domain/keys';
import type { ImageLibrary } from '../use-cases/image-library';
import { IMAGE_CACHE_CONTROL, messages } from './messages';

const SIZE_FILE = /^(\d{1,5})\.webp$/;

/** The width of a size file name `{width}.webp`, or undefined for any other name. */
export function sizeOf(file: string): number | undefined {
  const match = SIZE_FILE.exec(file);
  return match ? Number(match[1]) : undefined;
}

/**
 * Streams stored image `key` (the original, or its WebP size `width` px) to `res`.
 * @throws HttpError 404 when the key or the size is not stored.
 */
export async function serveImage(
  library: ImageLibrary,
  req: Request,
  res: Response,
  key: string,
  width?: number,
): Promise<void> {
  const row = isKey(key) ? await library.stored(key) : undefined;
  if (!row?.format || !row.hash) throw notFound(messages.imageNotFound);
  const file = await library.open(row, width);
  if (!file) throw notFound(messages.imageNotFound);
  res.setHeader('cache-control', IMAGE_CACHE_CONTROL);
  res.setHeader('etag', `"${row.hash}-${width ?? 'o'}"`);
  // Front ends may run on other origins (distributed mode); helmet's default would block them.
  res.setHeader('cross-origin-resource-policy', 'cross-origin');
  if (req.fresh || req.method === 'HEAD') {
    file.body.destroy();
    if (req.fresh) res.status(304).end();
    else {
      res.type(width ? 'image/webp' : CONTENT_TYPES[row.format]);
      res.setHeader('content-length', String(file.length));
      res.end();
    }
    return;
  }
  res.type(width ? 'image/webp' : CONTENT_TYPES[row.format]);
  res.setHeader('content-length', String(file.length));
  await pipeline(file.body, res);
}
