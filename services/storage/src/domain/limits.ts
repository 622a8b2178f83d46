/**
 * Upload limits (issue 6), as answered by `GET /api/storage/limits` so front ends can check a file before
 * uploading: JPEG, PNG or WebP only, at most 10 MB (10 485 760 bytes), 8000 px a side and 40 MP
 * (40 000 000 px, issue 20); upload URLs live
 * 600 s; stored WebP widths 320, 640 and 1280 px. The values are the contracts' constants.
 */
import {
  IMAGE_WIDTHS,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  type StorageLimitsResponse,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_URL_TTL_SECONDS,
} from '@marketplace/contracts';

export const uploadLimits: StorageLimitsResponse = {
  maxBytes: MAX_UPLOAD_BYTES,
  maxDimension: MAX_IMAGE_DIMENSION,
  maxPixels: MAX_IMAGE_PIXELS,
  contentTypes: [...UPLOAD_CONTENT_TYPES],
  urlTtlSeconds: UPLOAD_URL_TTL_SECONDS,
  widths: [...IMAGE_WIDTHS],
};

/**
 * Most images one user may have uploaded in the last {@link UNCONFIRMED_UPLOAD_WINDOW_MS} and not yet
 * confirmed by a listing or brand (issue 20): two listings' worth (20 images each). Beyond it `getUrl` and
 * the upload PUT answer 429.
 */
export const MAX_UNCONFIRMED_UPLOADS = 40;
/** The window of {@link MAX_UNCONFIRMED_UPLOADS}: 24 h; older unconfirmed uploads no longer count. */
export const UNCONFIRMED_UPLOAD_WINDOW_MS = 24 * 60 * 60_000;
