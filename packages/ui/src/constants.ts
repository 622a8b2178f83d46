/**
 * Business constants the front ends need at run time (spec §9): the product's vocabulary comes from the
 * contracts' schema-free entry `@marketplace/contracts/vocabulary` (re-exported here, never copied); the
 * rest is the front ends' own. Front ends import the main contracts entry for types only, so the schema
 * library never reaches a browser bundle.
 */
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '@marketplace/contracts/vocabulary';

export {
  ALERT_DIGEST_TIME,
  AUTH_COOKIE_NAME,
  COMPARE_MAX,
  COMPARE_MIN,
  MAX_UPLOAD_BYTES,
  OTP_LENGTH,
  PAGE_SIZE,
  PAGINATION_WINDOW,
  PLACEHOLDER_RATING,
  PLACEHOLDER_REVIEW_COUNT,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX,
  SHORTLIST_MAX,
  SIGNED_IN_COOKIE_NAME,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_MAX_DAYS_AHEAD,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
  TOAST_AUTO_CLOSE_MS,
  UPLOAD_CONTENT_TYPES,
} from '@marketplace/contracts/vocabulary';

/**
 * The colour-mode cookie (`colorMode=dark` or `light`, readable by scripts, one year, no secret). A cookie,
 * not local storage: index.html's inline script reads it before the first paint, and the first access to
 * local storage in a page costs Chromium ~40 ms of main thread (it opens the origin's store).
 */
export const COLOR_MODE_COOKIE_NAME = 'colorMode';
/** The role recognised as administrator (spec §3). */
export const ADMIN_ROLE = 'Admin';
/** Username rule of sign-up (contracts, auth): 3–30 of a–z, 0–9, `_` and `.`. */
export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;
/** Indian mobile number (contracts, auth): 10 digits starting 6–9, optionally prefixed by `+91`. */
export const INDIAN_MOBILE_PATTERN = /^(?:\+91[\s-]?)?[6-9]\d{9}$/;
/** True when `file` is an image the storage service accepts by type and size (it checks the content too). */
export function isUploadableImage(file: { type: string; size: number }): boolean {
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) && file.size <= MAX_UPLOAD_BYTES;
}
