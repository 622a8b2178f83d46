/**
 * Business constants the front ends need at run time (spec §9). They equal the values in
 * `@marketplace/contracts` (a unit test checks it); front ends import contracts for types only, so the
 * zod schemas never reach a browser bundle.
 */

/** Toast auto-close (spec §9: 5000 ms). */
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Name of the session cookie (spec §9). */
export const AUTH_COOKIE_NAME = 'auth-token';
/**
 * The sign-in hint cookie (`signed-in=1`, readable by scripts, no secret) the auth service sets and clears
 * with the session cookie (`SIGNED_IN_COOKIE_NAME` in @marketplace/contracts). Without it the start-up profile
 * load is skipped: a visitor who never signed in makes no call that can only answer 401.
 */
export const SIGNED_IN_COOKIE_NAME = 'signed-in';
/**
 * The colour-mode cookie (`colorMode=dark` or `light`, readable by scripts, one year, no secret). A cookie,
 * not local storage: index.html's inline script reads it before the first paint, and the first access to
 * local storage in a page costs Chromium ~40 ms of main thread (it opens the origin's store).
 */
export const COLOR_MODE_COOKIE_NAME = 'colorMode';
/** Cars per listing page (spec §9). */
export const PAGE_SIZE = 9;
/** Page links in the pagination window (spec §9). */
export const PAGINATION_WINDOW = 3;
/** Placeholder rating on car cards (spec §9). */
export const PLACEHOLDER_RATING = 4.7;
/** Placeholder review count on car cards (spec §9). */
export const PLACEHOLDER_REVIEW_COUNT = 245;
/** The role recognised as administrator (spec §3). */
export const ADMIN_ROLE = 'Admin';
/** Digits of the sign-up one-time code (spec §9). */
export const OTP_LENGTH = 6;
/** Length of a test-drive slot in minutes (contracts, test drives). */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** How many days ahead a test drive may be booked (contracts, test drives). */
export const TEST_DRIVE_MAX_DAYS_AHEAD = 60;
/** First test-drive slot, `HH:MM` India time (contracts, test drives). */
export const TEST_DRIVE_OPENING_TIME = '10:00';
/** Test drives end by this time, `HH:MM` India time (contracts, test drives). */
export const TEST_DRIVE_CLOSING_TIME = '19:00';
/** Time zone of test-drive dates and times (contracts, test drives). */
export const TEST_DRIVE_TIME_ZONE = 'Asia/Kolkata';
/** Username rule of sign-up (contracts, auth): 3–30 of a–z, 0–9, `_` and `.`. */
export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;
/** Indian mobile number (contracts, auth): 10 digits starting 6–9, optionally prefixed by `+91`. */
export const INDIAN_MOBILE_PATTERN = /^(?:\+91[\s-]?)?[6-9]\d{9}$/;
/** Largest image a user may upload, in bytes: 10 MB (issue 6; the storage service refuses more). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Image content types the storage service accepts (issue 6): the file pickers' `accept`. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** True when `file` is an image the storage service accepts by type and size (it checks the content too). */
export function isUploadableImage(file: { type: string; size: number }): boolean {
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) && file.size <= MAX_UPLOAD_BYTES;
}
