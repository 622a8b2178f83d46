/**
 * Business constants the front ends need at run time (spec §9). They equal the values in
 * `@marketplace/contracts` (a unit test checks it); front ends import contracts for types only, so the
 * zod schemas never reach a browser bundle.
 */

/** Toast auto-close (spec §9: 5000 ms). */
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Name of the session cookie (spec §9). */
export const AUTH_COOKIE_NAME = 'auth-token';
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
