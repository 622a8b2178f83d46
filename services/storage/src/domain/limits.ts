/**
 * Upload limits (issue 6), as answered by `GET /api/storage/limits` so front ends can check a file before
 * uploading: JPEG, PNG or WebP only, at most 10 MB (10 485 760 bytes) and 8000×8000 px; upload URLs live
 * 600 s; stored WebP widths 320, 640 and 1280 px. The values are the contracts' constants.
 */
import {
  IMAGE_WIDTHS,
  MAX_IMAGE_DIMENSION,
  MAX_UPLOAD_BYTES,
  type StorageLimitsResponse,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_URL_TTL_SECONDS,
} from '@marketplace/contracts';

export const uploadLimits: StorageLimitsResponse = {
  maxBytes: MAX_UPLOAD_BYTES,
  maxDimension: MAX_IMAGE_DIMENSION,
  contentTypes: [...UPLOAD_CONTENT_TYPES],
  urlTtlSeconds: UPLOAD_URL_TTL_SECONDS,
  widths: [...IMAGE_WIDTHS],
};
