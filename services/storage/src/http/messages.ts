/** What the storage service's API says, and its limits and cache policy. */
import { MAX_UNCONFIRMED_UPLOADS } from '../domain/limits';

/** Rate limit of `getUrl`: upload URLs per user per 10 minutes (a listing has at most 20 images). */
export const getUrlLimit = { name: 'storage-get-url-user', points: 60, durationMs: 10 * 60_000 } as const;

/** Cache headers of stored images: their URLs never change content. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const messages = {
  urlCreated: 'Upload URL created.',
  uploaded: 'Image uploaded successfully.',
  tooMany: 'Too many uploads. Please try again later.',
  badSignature: 'This upload URL is invalid.',
  expired: 'This upload URL has expired. Please request a new one.',
  imageNotFound: 'Image not found.',
  /** Issue 20: an upload PUT whose content type is JSON (the app's JSON parser took the body). */
  notJson: 'The upload must be the raw image bytes (JPEG, PNG or WebP), not JSON.',
  /** Issue 20: the cap on uploaded but unconfirmed images per user. */
  tooManyUnconfirmed: `You have ${MAX_UNCONFIRMED_UPLOADS} uploaded images that no listing uses yet. Finish or discard a listing, or try again tomorrow.`,
} as const;
