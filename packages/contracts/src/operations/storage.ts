/**
 * Image uploads and the stored images (spec §7 "Storage"; issues 6 and 20).
 */
import { z } from 'zod';
import { UPLOAD_CONTENT_TYPES } from '../common';
import {
  confirmImagesBody,
  confirmImagesError,
  confirmImagesResponse,
  storageLimitsResponse,
  uploadBody,
  uploadParams,
  uploadResponse,
  uploadUrlQuery,
  uploadUrlResponse,
} from '../storage';
import { defineOperations, error } from './define';

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const storageOperations = defineOperations({
  // storage (spec §7, issue 6)
  getUploadUrl: {
    method: 'post',
    path: '/api/storage/getUrl',
    summary: 'A signed URL to upload one car image or brand logo',
    tags: ['Storage'],
    service: 'storage',
    access: 'user',
    request: { query: uploadUrlQuery },
    responses: {
      200: { description: 'Upload URL and key', schema: uploadUrlResponse },
      429: error(
        'Too many upload URLs for this user (60 per 10 minutes), or 40 uploaded images not yet used by a listing (issue 20)',
      ),
    },
  },
  uploadImage: {
    method: 'put',
    path: '/api/storage/upload/{key}',
    summary: 'Upload the image bytes to a signed URL (no credentials; the signature authorises)',
    description:
      'Clients use uploadUrl exactly as returned: with the local-disk store it is ' +
      '`/api/storage/upload/{key}?type=…&owner=…&expires=…&sig=…` (HMAC-SHA256 over key, type, owner and ' +
      'expiry; 10 minutes; one upload), with the S3 store a presigned PUT to the bucket. ' +
      'The content decides, not the Content-Type (but a JSON content type is refused): JPEG, PNG or WebP, at ' +
      'most 10 MB, 8000 px a side and 40 megapixels. Metadata (EXIF incl. GPS) is dropped; an optimised ' +
      'original and WebP sizes are stored. Each server decodes a few images at a time and queues a few more; ' +
      'when its queue is full it answers 503 with Retry-After (issue 20).',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    request: { params: uploadParams, body: uploadBody, bodyContentTypes: UPLOAD_CONTENT_TYPES },
    responses: {
      200: { description: 'Stored', schema: uploadResponse },
      400: error('Not a JPEG, PNG or WebP image, over 8000 px a side or 40 megapixels, or sent as JSON'),
      403: error('The signature is invalid or expired'),
      409: error('An image was already uploaded with this URL'),
      413: error('Larger than 10 MB'),
      429: error('The owner has 40 uploaded images not yet used by a listing (issue 20)'),
      503: error('Image processing is busy; retry after Retry-After seconds (issue 20)'),
    },
  },
  getStorageLimits: {
    method: 'get',
    path: '/api/storage/limits',
    summary:
      'Upload limits: JPEG, PNG or WebP, at most 10 MB, 8000 px a side and 40 megapixels (issues 6, 20)',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    responses: { 200: { description: 'Limits', schema: z.object({ data: storageLimitsResponse }) } },
  },
  confirmImages: {
    method: 'post',
    path: '/api/storage/images/confirm',
    summary: 'Check that image keys were uploaded by the caller, and get their stable URLs',
    description:
      "Called by the listing and catalog services (with the user's credentials) before they save keys. " +
      'Every key must exist, have the given type and be uploaded by the caller (an Admin may confirm any ' +
      'logo); with the S3 adapter the object is validated here. Idempotent.',
    tags: ['Storage'],
    service: 'storage',
    access: 'user',
    request: { body: confirmImagesBody },
    responses: {
      200: { description: 'The stored images, in the order of keys', schema: confirmImagesResponse },
      400: {
        description: 'Invalid input, or a key is unknown, not yours, of another type or not a valid image',
        schema: confirmImagesError,
      },
      503: error(
        'An S3 upload must be decoded and image processing is busy; retry after Retry-After seconds',
      ),
    },
  },
  getImage: {
    method: 'get',
    path: '/api/storage/images/{key}',
    summary: 'A stored image: the optimised original (JPEG, PNG or WebP, at most 2560 px)',
    description: 'Cache-Control: public, max-age=31536000, immutable; a strong ETag (304 on If-None-Match).',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    request: { params: uploadParams },
    responses: {
      200: { description: 'The image', contentTypes: ['image/jpeg', 'image/png', 'image/webp'] },
    },
  },
  getImageSize: {
    method: 'get',
    path: '/api/storage/images/{key}/{file}',
    summary: 'A responsive WebP size of a stored image, `{width}.webp` (width 320, 640 or 1280)',
    description: 'Only widths no wider than the original exist. Cached like the original.',
    tags: ['Storage'],
    service: 'storage',
    access: 'public',
    request: {
      params: z.object({
        key: z.string().min(1),
        // Not a pattern: a file that is no size is a 404 (no such image), not a 400.
        file: z.string().min(1).meta({ description: '`{width}.webp`', example: '640.webp' }),
      }),
    },
    responses: { 200: { description: 'The WebP image', contentTypes: ['image/webp'] } },
  },
});
