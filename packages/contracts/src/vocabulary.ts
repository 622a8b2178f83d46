/**
 * The product's vocabulary, free of zod so browsers can import it (`@marketplace/contracts/vocabulary`):
 * the business constants and limits of the product spec (`docs/spec/marketplace-spec.md`,
 * "spec §n" below) and its enumerations (fuel types, transmissions, body types, statuses, roles).
 */
// ---------------------------------------------------------------------------------------------------
// Constants (spec §9 unless noted)
// ---------------------------------------------------------------------------------------------------

/** The product's one brand name: every page title (`{title} · CarBazaar`), e-mail and SMS uses it. */
export const PRODUCT_NAME = 'CarBazaar';

/** Cars per listing page (spec §9: "Page size: 9 cars"); also the default `limit` of `GET /api/cars`. */
export const PAGE_SIZE = 9;
/** Largest `limit` accepted by `GET /api/cars`; larger values are capped to it (issue 5). */
export const MAX_PAGE_SIZE = 50;
/** Number of page links in the pagination window (spec §9). */
export const PAGINATION_WINDOW = 3;
/** Oldest manufacturing / model year (spec §9: year choices down to 1980; issues 5 and 6). */
export const MIN_YEAR = 1980;
/** Digits in a one-time code (spec §5, §9). */
export const OTP_LENGTH = 6;
/** Minutes before an OTP expires (issue 4). */
export const OTP_TTL_MINUTES = 10;
/** Wrong tries after which an OTP dies (issue 4). */
export const OTP_MAX_ATTEMPTS = 5;
/** Minimum seconds between two OTP resends for a phone (issue 4). */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
/** Maximum OTP resends per phone per hour (issue 4). */
export const OTP_RESENDS_PER_HOUR = 5;
/** Trailing digits of the phone number shown in the verification dialog (spec §2, §9). */
export const MASKED_PHONE_DIGITS = 4;
/** Session cookie name (spec §4, §9). */
export const AUTH_COOKIE_NAME = 'auth-token';
/**
 * The sign-in hint cookie (`signed-in=1`, not HttpOnly) set next to the session cookie, so front ends skip
 * the profile call for visitors who are not signed in (issue 20).
 */
export const SIGNED_IN_COOKIE_NAME = 'signed-in';
/** Session cookie path (spec §4, §9). */
export const AUTH_COOKIE_PATH = '/';
/** Session cookie lifetime in days (spec §4, §9). */
export const AUTH_COOKIE_MAX_AGE_DAYS = 30;
/** Toast auto-close delay in milliseconds (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Inline alert auto-hide delay in milliseconds (spec §5, §9). */
export const ALERT_AUTO_HIDE_MS = 5000;
/** Currency label shown before prices; prices are whole rupees (spec §1, §9). */
export const CURRENCY_LABEL = 'Rs.';
/** Placeholder rating shown on every car card (spec §2, §9). */
export const PLACEHOLDER_RATING = 4.7;
/** Placeholder review count shown on every car card (spec §2, §9). */
export const PLACEHOLDER_REVIEW_COUNT = 245;
/** Length of a test-drive slot in minutes (issue 7); opening hours are chosen by the test-drive service. */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** How many days ahead a test drive may be booked (issue 7). */
export const TEST_DRIVE_MAX_DAYS_AHEAD = 60;
/**
 * Opening hours of test drives, `HH:MM` 24-hour in {@link TEST_DRIVE_TIME_ZONE}, every day of the week (a
 * choice of the test-drive service, issue 7): the first slot starts at the opening time, the last one
 * {@link TEST_DRIVE_SLOT_MINUTES} before the closing time (10:00 … 18:30).
 */
export const TEST_DRIVE_OPENING_TIME = '10:00';
/** Closing time of test drives (`HH:MM`, exclusive: the last slot ends here); see {@link TEST_DRIVE_OPENING_TIME}. */
export const TEST_DRIVE_CLOSING_TIME = '19:00';
/**
 * The time zone of appointment dates and times: India Standard Time (UTC+05:30, no daylight saving).
 * "Not in the past" and "at most {@link TEST_DRIVE_MAX_DAYS_AHEAD} days ahead" are judged on the calendar
 * there.
 */
export const TEST_DRIVE_TIME_ZONE = 'Asia/Kolkata';
/** India Standard Time (UTC+05:30): the calendar on which the product's dates are read (issues 7 and 19). */
export const INDIA_TIME_ZONE = TEST_DRIVE_TIME_ZONE;
/** Largest accepted image upload in bytes: 10 MB (issue 6). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest accepted image width or height in pixels (issue 6). */
export const MAX_IMAGE_DIMENSION = 8000;
/**
 * Largest accepted image area in pixels: 40 megapixels, what a phone photo needs (a 48 MP sensor's
 * default 12 MP output, or a 40 MP 8000×5000 full-resolution shot), so one upload's decode stays bounded
 * (issue 20, point 10). Checked from the header, before any pixel is decoded; with MAX_IMAGE_DIMENSION per
 * side, 8000×5000 passes and 8000×8000 (64 MP) is refused.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Lifetime of a signed upload URL in seconds: 10 minutes (issue 6). */
export const UPLOAD_URL_TTL_SECONDS = 600;
/** Image content types the storage service accepts, checked by decoding the content (issue 6). */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Widths in pixels of the responsive WebP sizes stored for each image (issue 6, "e.g." values). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** The current calendar year (upper bound of model and manufacturing years; issues 5 and 6). */
export function currentYear(): number {
  return new Date().getFullYear();
}

// ---------------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------------

/** Fuel types (spec §2 filter panel, §5 model form, §9). */
export const fuelTypes = ['Petrol', 'Diesel', 'Electric', 'Hybrid', 'LPG', 'Other'] as const;
/** One fuel type (spec §9). */
export type FuelType = (typeof fuelTypes)[number];
/** Transmissions (spec §5, §9). */
export const transmissions = ['Manual', 'Automatic'] as const;
/** One transmission (spec §9). */
export type Transmission = (typeof transmissions)[number];
/** Car conditions; the sell form defaults to `good` (spec §5, §9). */
export const conditions = ['excellent', 'good', 'fair', 'poor'] as const;
/** One car condition (spec §9). */
export type Condition = (typeof conditions)[number];
/** Ownership options; the sell form defaults to `First` (spec §5, §9). */
export const ownerships = ['First', 'Second', 'Third', 'Fourth', 'More than Four'] as const;
/** One ownership option (spec §9). */
export type Ownership = (typeof ownerships)[number];
/** User roles; new users default to `User` (spec §6, §9). */
export const roles = ['User', 'Admin'] as const;
/** One role (spec §6). */
export type Role = (typeof roles)[number];
/** Model body types, beyond the spec so the home page category tiles can filter (issue 5). */
export const bodyTypes = ['Hatchback', 'Sedan', 'SUV', 'MUV', 'Convertible', 'Coupe', 'Pickup'] as const;
/** One body type (issue 5). */
export type BodyType = (typeof bodyTypes)[number];
/** Test-drive statuses: Pending → Confirmed → Completed, or Cancelled (spec §4, issue 7). */
export const testDriveStatuses = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const;
/** One test-drive status (issue 7). */
export type TestDriveStatus = (typeof testDriveStatuses)[number];
/** Statuses in which a booking can no longer be edited or deleted (spec §4; issue 7: 409). */
export const TEST_DRIVE_LOCKED_STATUSES = [
  'Confirmed',
  'Completed',
] as const satisfies readonly TestDriveStatus[];
/**
 * Car listing statuses. The spec shows only the default `used` (spec §3, §9); issue 6 adds `sold` for a
 * seller's update. Guess: no other values.
 */
export const carStatuses = ['used', 'sold'] as const;
/** One car listing status (spec §3, issue 6). */
export type CarStatus = (typeof carStatuses)[number];
/** Upload kinds of `POST /api/storage/getUrl?type=` (spec §7). */
export const uploadTypes = ['cars', 'logo'] as const;
/** One upload kind (spec §7). */
export type UploadType = (typeof uploadTypes)[number];

/** Defaults of the sell form and user creation (spec §3, §9). */
export const DEFAULTS = {
  condition: 'good',
  status: 'used',
  ownership: 'First',
  spareKey: false,
  role: 'User',
} as const satisfies {
  condition: Condition;
  status: CarStatus;
  ownership: Ownership;
  spareKey: boolean;
  role: Role;
};

// Buyers' tools (issue 24): shortlist, compare, saved searches and their alerts.
/** Most cars a user's shortlist holds; one more → 409 (issue 24). */
export const SHORTLIST_MAX = 50;
/** Fewest and most cars the compare page shows side by side (issue 24). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** Most saved searches a user keeps; one more → 409 (issue 24). */
export const SAVED_SEARCHES_MAX = 20;
/** Longest name of a saved search, in characters (guess). */
export const SAVED_SEARCH_NAME_MAX = 60;
/** How an alert reaches its user (issue 24). */
export const alertChannels = ['email', 'sms'] as const;
/** One alert channel. */
export type AlertChannel = (typeof alertChannels)[number];
/** When new matches of a saved search are told: at once, or in one digest a day (issue 24). */
export const alertFrequencies = ['instant', 'daily'] as const;
/** One alert frequency. */
export type AlertFrequency = (typeof alertFrequencies)[number];
/** India time (Asia/Kolkata, `HH:MM`) at which the daily digests go out (issue 24). */
export const ALERT_DIGEST_TIME = '09:00';
/**
 * Where a shortlisted car stands: still for sale, sold (its seller marked it), or removed (its listing was
 * deleted; the shortlist keeps the last copy it saw until the user removes it; issue 24).
 */
export const shortlistAvailabilities = ['for_sale', 'sold', 'removed'] as const;
/** One shortlist availability. */
export type ShortlistAvailability = (typeof shortlistAvailabilities)[number];
/**
 * The `GET /api/cars` parameters a saved search keeps: the filters, in this order (its canonical query
 * string); paging, sort and facets are the listing's, not the search's (issue 24).
 */
export const savedSearchFilters = [
  'searchTerm',
  'brands',
  'models',
  'fuelTypes',
  'transmissions',
  'bodyTypes',
  'price',
  'kmDriven',
  'years',
  'owners',
  'city',
] as const;

// Price you can trust (issue 25): price insight, valuation, similar cars, more filters.
/**
 * Where a car's price sits against its comparables' expected range: `great` below it, `good` in its lower
 * half, `fair` in its upper half, `high` above it, `unknown` with too few comparables (issue 25).
 */
export const priceBands = ['great', 'good', 'fair', 'high', 'unknown'] as const;
/** One price band. */
export type PriceBand = (typeof priceBands)[number];
/** Fewest comparables for a band; fewer → `unknown` (issue 25). */
export const PRICE_INSIGHT_MIN_COMPARABLES = 5;
/** Comparables are within this many years of the car's manufacturing year (issue 25). */
export const COMPARABLE_YEARS = 2;
/** Sold cars count as comparables for this many days after their sale (issue 25). */
export const COMPARABLE_SOLD_DAYS = 180;
/** Most car ids one `GET /api/cars/price-bands` asks for: a page of cards (issue 25). */
export const PRICE_BANDS_MAX_IDS = 60;
/** Most cars `GET /api/cars/{carId}/similar` answers (issue 25). */
export const SIMILAR_CARS_MAX = 6;
/**
 * The `owners` filter of `GET /api/cars` (issue 25): `1` first owner, `2` second, `3+` third or later
 * (the listing's `specifications.ownership`: Third, Fourth, More than Four).
 */
export const ownerFilters = ['1', '2', '3+'] as const;
/** One owners filter value. */
export type OwnerFilter = (typeof ownerFilters)[number];
/** The ownerships each {@link ownerFilters} value stands for. */
export const OWNERSHIPS_BY_FILTER = {
  '1': ['First'],
  '2': ['Second'],
  '3+': ['Third', 'Fourth', 'More than Four'],
} as const satisfies Record<OwnerFilter, readonly Ownership[]>;
