/**
 * Image and logo upload in two steps (spec §7 "Image and logo upload"; issue 6): ask for a signed upload
 * URL, then `PUT` the image bytes to it without credentials.
 */
import { z } from 'zod';
import {
  enumField,
  IMAGE_WIDTHS,
  MAX_IMAGE_DIMENSION,
  MAX_UPLOAD_BYTES,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_URL_TTL_SECONDS,
  uploadTypes,
} from './common';

/** `POST /api/storage/getUrl?type=cars|logo` query (spec §7). */
export const uploadUrlQuery = z.object({ type: enumField('type', uploadTypes) });

/**
 * `POST /api/storage/getUrl` answer: `{ success, message, uploadUrl, key, data: { key } }` (spec §7: the
 * key may sit inside `data`; issue 6 gives both). `uploadUrl` is signed and valid for 10 minutes.
 */
export const uploadUrlResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    uploadUrl: z.string().meta({ description: 'Signed URL; PUT the image here, no credentials' }),
    key: z.string().meta({ description: 'Storage key; send it as images[].key or logoKey' }),
    data: z.object({ key: z.string() }),
  })
  .meta({ id: 'UploadUrl' });
/** Inferred type of {@link uploadUrlResponse}. */
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

/**
 * Path parameters of the signed upload URL `PUT /api/storage/upload/{key}` (a guess of this contract:
 * the URL is opaque to clients, who use `uploadUrl` as given; its signature sits in query parameters
 * chosen by the storage service). `key` is URL-encoded if it contains `/`.
 */
export const uploadParams = z.object({ key: z.string().min(1, 'key is required') });

/** Body schema of the upload `PUT`: the raw image bytes (JPEG, PNG or WebP; issue 6). */
export const uploadBody = z.string().meta({ description: 'Raw image bytes', format: 'binary' });

/** Answer of the upload `PUT` (200 = success, spec §7). The fields are this contract's guess. */
export const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  key: z.string(),
  url: z.string().optional().meta({ description: 'Stable URL of the stored image' }),
});

/**
 * `GET /api/storage/limits` answer: the upload limits, so front ends can check a file before uploading
 * (a guess of this contract; the values are issue 6's).
 */
export const storageLimitsResponse = z
  .object({
    maxBytes: z
      .number()
      .int()
      .meta({ examples: [MAX_UPLOAD_BYTES] }),
    maxDimension: z
      .number()
      .int()
      .meta({ examples: [MAX_IMAGE_DIMENSION] }),
    contentTypes: z.array(z.string()).meta({ examples: [[...UPLOAD_CONTENT_TYPES]] }),
    urlTtlSeconds: z
      .number()
      .int()
      .meta({ examples: [UPLOAD_URL_TTL_SECONDS] }),
    widths: z.array(z.number().int()).meta({ examples: [[...IMAGE_WIDTHS]] }),
  })
  .meta({ id: 'StorageLimits' });
/** Inferred type of {@link storageLimitsResponse}. */
export type StorageLimitsResponse = z.infer<typeof storageLimitsResponse>;
