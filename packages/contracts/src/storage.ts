/**
 * Image and logo upload in two steps (spec §7 "Image and logo upload"; issue 6): ask for a signed upload
 * URL, then `PUT` the image bytes to it without credentials.
 */
import { z } from 'zod';
import {
  controlCharacterIndex,
  controlCharacterMessage,
  enumField,
  IMAGE_WIDTHS,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_PIXELS,
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
 * Path parameters of the signed upload URL `PUT /api/storage/upload/{key}` and of the image URLs
 * `GET /api/storage/images/{key}[/{width}.webp]`. The upload URL is opaque to clients, who use
 * `uploadUrl` as given (its signature sits in the query parameters `type`, `owner`, `expires`, `sig`).
 * Keys are `cars-<uuid>`, `logo-<uuid>` or `demo-car-NN`: lower-case letters, digits and hyphens, never `/`.
 */
export const uploadParams = z.object({ key: z.string().min(1, 'key is required') });

/** Body schema of the upload `PUT`: the raw image bytes (JPEG, PNG or WebP; issue 6). */
export const uploadBody = z.string().meta({ description: 'Raw image bytes', format: 'binary' });

/** Answer of the upload `PUT` (200 = success, spec §7): `url` is the stable URL of the stored original. */
export const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  key: z.string(),
  url: z.string().optional().meta({ description: 'Stable URL of the stored image' }),
});

/**
 * `GET /api/storage/limits` answer: the upload limits, so front ends can check a file before uploading
 * (a guess of this contract; the values are issue 6's, `maxPixels` issue 20's).
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
      .meta({ examples: [MAX_IMAGE_DIMENSION], description: 'Largest width and height in px' }),
    maxPixels: z
      .number()
      .int()
      .meta({ examples: [MAX_IMAGE_PIXELS], description: 'Largest width × height in px (issue 20)' }),
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

/**
 * `POST /api/storage/images/confirm` body (signed in; issue 6): the keys a listing or brand is about to
 * use. Storage answers only when every key was uploaded by the caller (or the caller is an Admin, for
 * logos) with the given `type`; for the S3 adapter this is where an object is first validated. Other
 * services call it through the peers port with the user's credentials (docs/architecture.md: a synchronous
 * call where the user waits on current data).
 */
export const confirmImagesBody = z.object({
  type: enumField('type', uploadTypes),
  keys: z
    .array(
      z
        .string()
        .min(1, 'keys must not contain blanks')
        .max(300, 'keys must be at most 300 characters')
        .refine((key) => controlCharacterIndex(key) === -1, controlCharacterMessage('keys')),
      {
        error: 'keys must be a list of storage keys',
      },
    )
    .min(1, 'keys must contain at least one key')
    .max(20, 'keys must contain at most 20 keys'),
});
/** Inferred type of {@link confirmImagesBody}. */
export type ConfirmImagesBody = z.infer<typeof confirmImagesBody>;

/**
 * A stored image's stable URLs (issue 6): `url` is the optimised original at `/api/storage/images/{key}`,
 * `sizes` the responsive WebP versions at `/api/storage/images/{key}/{width}.webp` (widths of
 * `IMAGE_WIDTHS` no wider than the original). Both are served with long-lived immutable cache headers.
 */
export const storedImage = z.object({
  key: z.string(),
  url: z.string(),
  sizes: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
/** Inferred type of {@link storedImage}. */
export type StoredImage = z.infer<typeof storedImage>;

/**
 * `POST /api/storage/images/confirm` answer: 200 `{ data: { images } }` in the order of `keys`. A key that
 * does not exist, belongs to someone else, has another type or fails validation gives 400
 * `{ message, index }` where `index` is the position of the first bad key in `keys`.
 */
export const confirmImagesResponse = z
  .object({ data: z.object({ images: z.array(storedImage) }) })
  .meta({ id: 'ConfirmedImages' });
/** Inferred type of {@link confirmImagesResponse}. */
export type ConfirmImagesResponse = z.infer<typeof confirmImagesResponse>;

/** 400 answer of the confirm call: the message and the index of the first bad key. */
export const confirmImagesError = z.object({ message: z.string(), index: z.number().int() });

/**
 * Keys of the twelve demo car photos the storage service seeds at every start (owner `system`, type
 * `cars`): `demo-car-01` … `demo-car-12`. The catalog's demo inventory references them as
 * `/api/storage/images/demo-car-NN` (original, 1280×853 JPEG) and `/api/storage/images/demo-car-NN/{320|640|1280}.webp`.
 */
export const DEMO_CAR_IMAGE_KEYS = [
  'demo-car-01',
  'demo-car-02',
  'demo-car-03',
  'demo-car-04',
  'demo-car-05',
  'demo-car-06',
  'demo-car-07',
  'demo-car-08',
  'demo-car-09',
  'demo-car-10',
  'demo-car-11',
  'demo-car-12',
] as const;
/** One of {@link DEMO_CAR_IMAGE_KEYS}. */
export type DemoCarImageKey = (typeof DEMO_CAR_IMAGE_KEYS)[number];
