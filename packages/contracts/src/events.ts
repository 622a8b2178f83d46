/**
 * Events published through each service's outbox (docs/architecture.md "Events"; issues 4–7). Every event is an
 * envelope `{ name, version, id, occurredAt, correlationId, payload }`. Events are internal to the
 * backend (RabbitMQ or the in-process bus) and never reach a browser. Ids inside payloads are plain
 * strings (`userId`, `carId`, ...); references are ids, not `{ _id, name }` objects, unless noted.
 */
import { z } from 'zod';
import { carListing } from './cars';
import {
  alertChannels,
  alertFrequencies,
  carStatusSchema,
  namedRef,
  objectId,
  roleSchema,
  testDriveStatusSchema,
} from './common';
import { brand, model, variant } from './reference-data';
import { testDriveCar } from './test-drives';

/**
 * Builds the zod schema of an event envelope: `name` and `version` are literals, `id` a UUID (consumers
 * keep it in their inbox for idempotency), `occurredAt` an ISO 8601 date-time, `correlationId` the id of
 * the request or event that caused it.
 */
export function eventEnvelope<const N extends string, const V extends number, P extends z.ZodType>(
  name: N,
  version: V,
  payload: P,
) {
  return z.object({
    name: z.literal(name, { error: `name must be '${name}'` }),
    version: z.literal(version, { error: `version must be ${version} for ${name}` }),
    id: z.uuid({ error: 'id must be a UUID' }),
    occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO 8601 date-time' }),
    correlationId: z
      .string({ error: 'correlationId must be a string' })
      .min(1, 'correlationId must not be empty')
      .max(200, 'correlationId must be at most 200 characters'),
    payload,
  });
}

/** What happened to a catalog record (catalog.*.changed events). */
export const changeActions = ['created', 'updated', 'deleted'] as const;
const changeAction = z.enum(changeActions);

// ---------------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------------

/** `auth.user.registered` v1: a user was created (sign-up, provider sign-in or admin; issue 4). */
export const userRegisteredPayload = z.object({
  userId: objectId,
  name: z.string(),
  email: z.email(),
  phone_number: z.string().optional(),
  username: z.string().optional(),
  role: roleSchema,
  verified: z.boolean(),
  provider: z.enum(['password', 'google', 'facebook', 'admin']),
});

/** `auth.user.verified` v1: the user's mobile number was verified; triggers the welcome e-mail (issue 7). */
export const userVerifiedPayload = z.object({
  userId: objectId,
  name: z.string(),
  email: z.email(),
  phone_number: z.string().optional(),
});

/**
 * `auth.user.updated` v1: the user changed their profile (issue 10, `PATCH /api/auth/profile`). Carries the
 * user's current name, e-mail, phone and profile image URL (`null` = the default avatar) and which of
 * them changed (`changed`, at least one), so projections can overwrite what they keep.
 */
export const userUpdatedPayload = z.object({
  userId: objectId,
  name: z.string(),
  email: z.email(),
  phone_number: z.string().optional(),
  profile: z.string().nullable(),
  /** `email`: the account lost an unverified address to its verified owner (issue 20, point 3). */
  changed: z.array(z.enum(['name', 'profile', 'email'])).min(1),
});

/**
 * `auth.password.changed` v1: the user changed their password (`POST /api/auth/password`). Carries name and
 * e-mail so the notification worker can tell the user at once (a security notice: if it was not them, they
 * should contact support); never anything about the password itself.
 */
export const passwordChangedPayload = z.object({ userId: objectId, name: z.string(), email: z.email() });

/**
 * `auth.email.verification_requested` v1 (issue 20, point 3): e-mail `email` a link that proves the
 * address is the user's. `tokenSealed` is the link's token sealed like the sign-up code (platform
 * `sealSecret`, the address as additional data); only the notification worker opens it. The link expires
 * at `expiresAt`.
 */
export const emailVerificationRequestedPayload = z.object({
  userId: objectId,
  name: z.string(),
  email: z.email(),
  tokenSealed: z.string().regex(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/, 'tokenSealed must be a sealed value'),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** `auth.user.deleted` v1: an admin deleted a user (issue 4). */
export const userDeletedPayload = z.object({ userId: objectId, deletedBy: objectId.optional() });

/**
 * `auth.otp.requested` v1 (issue 4). The notification worker writes the 6-digit code into the SMS (issue
 * 7), but the code is never on the bus in clear (issue 20, point 13): `otpSealed` is the code sealed by the
 * auth service (platform `sealSecret`: AES-256-GCM, key derived from UPLOAD_SIGNING_SECRET, the phone
 * number as additional data) and opened only by the notification worker (`openSecret`). The auth service
 * stores only a hash of the code.
 */
export const otpRequestedPayload = z.object({
  userId: objectId,
  phone_number: z.string(),
  email: z.email(),
  otpSealed: z.string().regex(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/, 'otpSealed must be a sealed value'),
  expiresAt: z.iso.datetime({ offset: true }),
  purpose: z.enum(['register', 'resend']),
});

/** `catalog.brand.changed` v1: the brand after the change (its last state for `deleted`). */
export const brandChangedPayload = z.object({ action: changeAction, brand: brand.omit({ models: true }) });

/** `catalog.model.changed` v1: the model after the change, `carBrand` as an id. */
export const modelChangedPayload = z.object({
  action: changeAction,
  model: model.omit({ carBrand: true, brandName: true }).extend({ carBrand: objectId }),
});

/** `catalog.variant.changed` v1: the variant after the change, `carModel` and `carBrand` as ids. */
export const variantChangedPayload = z.object({
  action: changeAction,
  variant: variant
    .omit({ carModel: true, carBrand: true, brandName: true })
    .extend({ carModel: objectId, carBrand: objectId }),
});

/**
 * `listing.car.created` v1 and `listing.car.updated` v1: the whole stored listing (issue 6), and the
 * brand, model and variant names it was saved with (optional; for messages such as the seller's e-mail,
 * issue 7 — the catalog's read model remains the source of names for reads).
 */
export const carListingPayload = z.object({
  car: carListing,
  names: z.object({ brand: z.string(), model: z.string(), variant: z.string() }).optional(),
});

/**
 * A car as other services need it, from the catalog's read model (issue 7): its seller and status, the
 * brand, model and variant with names, year, price in rupees, city and the first photo's URL.
 */
export const carSummary = z.object({
  _id: objectId,
  seller: objectId,
  status: carStatusSchema,
  brand: namedRef,
  model: namedRef,
  variant: namedRef,
  manufacturerYear: z.number().int(),
  price: z.number().meta({ description: 'Price in rupees' }),
  city: z.string(),
  image: z.string().optional(),
});
/** Inferred type of {@link carSummary}. */
export type CarSummary = z.infer<typeof carSummary>;

/**
 * `catalog.car.indexed` v1: the catalog's read model now holds this car (a listing created or updated,
 * or a seeded demo car). Services that need cars for their own rules (test drives: who sells it, is it
 * for sale, its name) keep a projection of this and `catalog.car.removed` (issue 7).
 */
export const carIndexedPayload = z.object({ car: carSummary });

/** `catalog.car.removed` v1: the car left the catalog's read model (its listing was deleted). */
export const carRemovedPayload = z.object({ carId: objectId });

/**
 * `catalog.alert.search_matched` v1 (issue 24): cars newly for sale that match a user's saved search — one
 * car for an instant alert, every match of the day for a daily digest. `unsubscribeToken` is the opaque
 * token of its one-click unsubscribe link (`POST /api/alerts/unsubscribe?token=`). Never sent to a car's
 * own seller; sent once per user, car and search.
 */
export const searchMatchedPayload = z.object({
  userId: objectId,
  savedSearch: z.object({ _id: objectId, name: z.string(), query: z.string() }),
  channels: z.array(z.enum(alertChannels)).min(1),
  frequency: z.enum(alertFrequencies),
  cars: z.array(carSummary).min(1),
  unsubscribeToken: z.string(),
});

/**
 * `catalog.alert.price_dropped` v1 (issue 24): a car on the user's shortlist got cheaper: `car.price` is the
 * new price, `previousPrice` the one before (rupees). By e-mail; once per user, car and new price.
 */
export const priceDroppedPayload = z.object({
  userId: objectId,
  car: carSummary,
  previousPrice: z.number().meta({ description: 'Price before the drop, in rupees' }),
  unsubscribeToken: z.string(),
});

/**
 * `catalog.price_insights.changed` v1 (issue 25): the stored price insights of these models were recomputed
 * (a car of theirs was indexed or removed; ADR 18). Every catalog process drops what it cached of them, so a
 * changed band shows at the next request on every replica.
 */
export const priceInsightsChangedPayload = z.object({ modelIds: z.array(objectId).min(1) });

/** `listing.car.deleted` v1: the car id, its seller and who deleted it (issue 6). */
export const carDeletedPayload = z.object({ carId: objectId, seller: objectId, deletedBy: objectId });

/**
 * A booking as carried by `testdrive.*` events: the read shape plus the car's `seller`, so the
 * notification worker can e-mail buyer and seller (issue 7).
 */
export const testDriveEventData = z.object({
  _id: objectId,
  car: testDriveCar.extend({ seller: objectId }),
  user: objectId,
  appointmentDate: z.iso.date(),
  appointmentTime: z.iso.time({ precision: -1 }),
  status: testDriveStatusSchema,
});

/** `testdrive.booked` v1. */
export const testDriveBookedPayload = z.object({ testDrive: testDriveEventData });
/** `testdrive.rescheduled` v1: the booking with its new date and time, and the previous ones. */
export const testDriveRescheduledPayload = z.object({
  testDrive: testDriveEventData,
  previous: z.object({ appointmentDate: z.iso.date(), appointmentTime: z.iso.time({ precision: -1 }) }),
});
/** `testdrive.cancelled` v1: who cancelled (the booker, the seller or an admin). */
export const testDriveCancelledPayload = z.object({ testDrive: testDriveEventData, cancelledBy: objectId });
/** `testdrive.status_changed` v1: the booking with its new status, the previous status and who changed it. */
export const testDriveStatusChangedPayload = z.object({
  testDrive: testDriveEventData,
  previousStatus: testDriveStatusSchema,
  changedBy: objectId,
});

// ---------------------------------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------------------------------

function defineEvent<const N extends string, const V extends number, P extends z.ZodType>(
  name: N,
  version: V,
  payload: P,
) {
  return { version, payload, envelope: eventEnvelope(name, version, payload) };
}

/** Every event by name: `{ version, payload, envelope }` (docs/architecture.md event list). */
export const events = {
  'auth.user.registered': defineEvent('auth.user.registered', 1, userRegisteredPayload),
  'auth.user.verified': defineEvent('auth.user.verified', 1, userVerifiedPayload),
  'auth.user.updated': defineEvent('auth.user.updated', 1, userUpdatedPayload),
  'auth.user.deleted': defineEvent('auth.user.deleted', 1, userDeletedPayload),
  'auth.otp.requested': defineEvent('auth.otp.requested', 1, otpRequestedPayload),
  'auth.password.changed': defineEvent('auth.password.changed', 1, passwordChangedPayload),
  'auth.email.verification_requested': defineEvent(
    'auth.email.verification_requested',
    1,
    emailVerificationRequestedPayload,
  ),
  'catalog.brand.changed': defineEvent('catalog.brand.changed', 1, brandChangedPayload),
  'catalog.model.changed': defineEvent('catalog.model.changed', 1, modelChangedPayload),
  'catalog.variant.changed': defineEvent('catalog.variant.changed', 1, variantChangedPayload),
  'catalog.car.indexed': defineEvent('catalog.car.indexed', 1, carIndexedPayload),
  'catalog.car.removed': defineEvent('catalog.car.removed', 1, carRemovedPayload),
  'catalog.alert.search_matched': defineEvent('catalog.alert.search_matched', 1, searchMatchedPayload),
  'catalog.alert.price_dropped': defineEvent('catalog.alert.price_dropped', 1, priceDroppedPayload),
  'catalog.price_insights.changed': defineEvent(
    'catalog.price_insights.changed',
    1,
    priceInsightsChangedPayload,
  ),
  'listing.car.created': defineEvent('listing.car.created', 1, carListingPayload),
  'listing.car.updated': defineEvent('listing.car.updated', 1, carListingPayload),
  'listing.car.deleted': defineEvent('listing.car.deleted', 1, carDeletedPayload),
  'testdrive.booked': defineEvent('testdrive.booked', 1, testDriveBookedPayload),
  'testdrive.rescheduled': defineEvent('testdrive.rescheduled', 1, testDriveRescheduledPayload),
  'testdrive.cancelled': defineEvent('testdrive.cancelled', 1, testDriveCancelledPayload),
  'testdrive.status_changed': defineEvent('testdrive.status_changed', 1, testDriveStatusChangedPayload),
} as const;

/** Name of a known event. */
export type EventName = keyof typeof events;
/** The full envelope type of event `N` (parsed form). */
export type EventOf<N extends EventName> = z.output<(typeof events)[N]['envelope']>;
/** The payload type of event `N`. */
export type EventPayload<N extends EventName> = z.output<(typeof events)[N]['payload']>;
/**
 * What a service may emit: every event name with the payload it takes (the schema's input form). The
 * platform's outbox is typed with it (`Emit`), so an undeclared name or a wrong payload does not compile.
 */
export type EventPayloads = { [N in EventName]: z.input<(typeof events)[N]['payload']> };
/** Any known event (a union discriminated by `name`). */
export type AnyEvent = { [N in EventName]: EventOf<N> }[EventName];

/** All event names. */
export const eventNames = Object.keys(events) as EventName[];

/** The events a consumer or listener receives, declared once (see {@link subscribedTo}). */
export interface Subscribed<N extends EventName> {
  /** Their names: the consumer's queue bindings. */
  events: N[];
  /** What every delivery must pass: the envelope of its event, picked by `name`. */
  schema: z.ZodType<EventOf<N>>;
}

/** The event type a {@link Subscribed} receives, e.g. `SubscribedEvent<typeof carEvents>`. */
export type SubscribedEvent<S> = S extends Subscribed<infer N> ? EventOf<N> : never;

/**
 * The `events` and `schema` of a consumer of the events `names`, from the registry: a consumer spreads
 * it (`{ name, ...subscribedTo('auth.user.deleted'), handle }`) and names its events nowhere else.
 */
export function subscribedTo<const N extends EventName>(...names: [N, ...N[]]): Subscribed<N> {
  const envelopes = names.map((name) => events[name].envelope) as unknown as [
    z.ZodObject<{ name: z.ZodLiteral<string> }>,
    ...z.ZodObject<{ name: z.ZodLiteral<string> }>[],
  ];
  const schema = envelopes.length === 1 ? envelopes[0] : z.discriminatedUnion('name', envelopes);
  return { events: names, schema: schema as unknown as z.ZodType<EventOf<N>> };
}

/** True when `name` is a known event name. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/**
 * Validates a received event: picks the envelope schema by `raw.name` and returns zod's SafeParse result.
 * An unknown or missing name gives a failure whose issue is on `name`.
 */
export function parseEvent(raw: unknown): z.ZodSafeParseResult<AnyEvent> {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  if (isEventName(name)) {
    const schema: z.ZodType<AnyEvent> = events[name].envelope;
    return schema.safeParse(raw);
  }
  return {
    success: false,
    error: new z.ZodError([
      {
        code: 'custom',
        path: ['name'],
        message: `name must be a known event name, got ${JSON.stringify(name) ?? 'nothing'}`,
        input: name,
      },
    ]) as z.ZodError<AnyEvent>,
  };
}

/**
 * Builds a validated event envelope for publishing: a new UUID `id` and `occurredAt` = now unless given.
 * Throws a ZodError when the payload does not match the event's schema.
 */
export function makeEvent<N extends EventName>(
  name: N,
  payload: z.input<(typeof events)[N]['payload']>,
  opts: { correlationId: string; id?: string; occurredAt?: string },
): EventOf<N> {
  const def = events[name];
  const schema: z.ZodType<EventOf<N>> = def.envelope as unknown as z.ZodType<EventOf<N>>;
  return schema.parse({
    name,
    version: def.version,
    id: opts.id ?? crypto.randomUUID(),
    occurredAt: opts.occurredAt ?? new Date().toISOString(),
    correlationId: opts.correlationId,
    payload,
  });
}
