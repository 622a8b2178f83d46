/** Events for the notification worker's tests (valid per packages/contracts), with fresh ids. */
import { randomUUID } from 'node:crypto';
import {
  type AlertChannel,
  type AlertFrequency,
  type CarSummary,
  type EventOf,
  type EventPayload,
  makeEvent,
} from '@marketplace/contracts';
import { sealSecret } from '@marketplace/platform';

const opts = (occurredAt?: string) => ({ correlationId: 'test', ...(occurredAt ? { occurredAt } : {}) });

/** A user as the auth service announces them. */
export function newUser(name: string) {
  const n = Math.floor(Math.random() * 1e9)
    .toString()
    .padStart(9, '0');
  return {
    userId: randomUUID(),
    name,
    email: `${name
      .toLowerCase()
      .replace(/\W+/g, '.')
      .replace(/^\.|\.$/g, '')}.${n}@example.in`,
    phone_number: `9${n}`,
  };
}
/** A user of the fixtures (see {@link newUser}). */
export type TestUser = ReturnType<typeof newUser>;

/** `auth.user.registered` of `u`. */
export function userRegistered(u: TestUser, occurredAt?: string): EventOf<'auth.user.registered'> {
  return makeEvent(
    'auth.user.registered',
    { ...u, role: 'User', verified: false, provider: 'password' },
    opts(occurredAt),
  );
}

/** `auth.user.verified` of `u`. */
export function userVerified(u: TestUser, occurredAt?: string): EventOf<'auth.user.verified'> {
  return makeEvent('auth.user.verified', u, opts(occurredAt));
}

/** `auth.user.updated`: a profile edit that changed the name (profile photo left at the default). */
export function userUpdated(u: TestUser, occurredAt?: string): EventOf<'auth.user.updated'> {
  return makeEvent('auth.user.updated', { ...u, profile: null, changed: ['name'] }, opts(occurredAt));
}

/** `auth.user.deleted` of `u`. */
export function userDeleted(u: TestUser, occurredAt?: string): EventOf<'auth.user.deleted'> {
  return makeEvent('auth.user.deleted', { userId: u.userId, deletedBy: randomUUID() }, opts(occurredAt));
}

/** The secret test consumers open sealed event fields with (as UPLOAD_SIGNING_SECRET would be). */
export const SEAL_SECRET = 'test-seal-secret-of-at-least-32-bytes!';

/** `auth.otp.requested` for `u` with `otp` sealed with {@link SEAL_SECRET} (issue 20, point 13). */
export function otpRequested(u: TestUser, otp = '042042'): EventOf<'auth.otp.requested'> {
  return makeEvent(
    'auth.otp.requested',
    {
      userId: u.userId,
      phone_number: u.phone_number,
      email: u.email,
      otpSealed: sealSecret(SEAL_SECRET, otp, u.phone_number),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      purpose: 'register',
    },
    opts(),
  );
}

/** `listing.car.created` payload of a car of `sellerId` (names given unless `names` is null). */
export function carCreatedPayload(
  sellerId: string,
  names: { brand: string; model: string; variant: string } | null = {
    brand: 'Tata',
    model: 'Nexon',
    variant: 'XZ+',
  },
): EventPayload<'listing.car.created'> {
  const now = new Date().toISOString();
  return {
    car: {
      _id: randomUUID(),
      seller: sellerId,
      brand: randomUUID(),
      model: randomUUID(),
      variant: randomUUID(),
      manufacturerYear: 2021,
      condition: 'good',
      fuelType: 'Diesel',
      transmission: 'Manual',
      status: 'used',
      state: randomUUID(),
      rto: randomUUID(),
      price: 875000,
      location: { street: 'FC Road', city: 'Pune', state: 'Maharashtra', postal_code: '411004' },
      specifications: { regNumber: 'MH-12-AB-1234', spareKey: true, kmDriven: 30000, ownership: 'First' },
      history: [],
      images: [{ key: 'k', url: '/api/storage/images/k' }],
      createdAt: now,
      updatedAt: now,
    },
    ...(names ? { names } : {}),
  };
}

/** `listing.car.created` of a car of `sellerId` (with `names` of its brand, model, variant). */
export function carCreated(sellerId: string, names?: Parameters<typeof carCreatedPayload>[1]) {
  return makeEvent('listing.car.created', carCreatedPayload(sellerId, names), opts());
}

/** A booking of a Hyundai Creta by `buyerId` from `sellerId` on 14 March 2026 at 18:30 (Pending). */
export function booking(buyerId: string, sellerId: string) {
  return {
    _id: randomUUID(),
    car: { _id: randomUUID(), seller: sellerId, brand: { name: 'Hyundai' }, model: { name: 'Creta' } },
    user: buyerId,
    appointmentDate: '2026-03-14',
    appointmentTime: '18:30',
    status: 'Pending' as const,
  };
}
/** A booking of the fixtures (see {@link booking}). */
export type Booking = ReturnType<typeof booking>;

/** The four `testdrive.*` events of one booking's life: booked, rescheduled, confirmed, cancelled. */
export function testDriveEvents(b: Booking) {
  const moved = { ...b, appointmentDate: '2026-03-15', appointmentTime: '10:00' };
  return {
    booked: makeEvent('testdrive.booked', { testDrive: b }, opts()),
    rescheduled: makeEvent(
      'testdrive.rescheduled',
      {
        testDrive: moved,
        previous: { appointmentDate: b.appointmentDate, appointmentTime: b.appointmentTime },
      },
      opts(),
    ),
    status_changed: makeEvent(
      'testdrive.status_changed',
      { testDrive: { ...moved, status: 'Confirmed' }, previousStatus: 'Pending', changedBy: b.car.seller },
      opts(),
    ),
    cancelled: makeEvent(
      'testdrive.cancelled',
      { testDrive: { ...moved, status: 'Cancelled' }, cancelledBy: b.user },
      opts(),
    ),
  };
}

/** A car as the catalog announces it in its alerts: a 2021 Hyundai Creta SX in Pune (price in rupees). */
export function alertCar(price = 750000, sellerId: string = randomUUID()): CarSummary {
  return {
    _id: randomUUID(),
    seller: sellerId,
    status: 'used',
    brand: { _id: randomUUID(), name: 'Hyundai' },
    model: { _id: randomUUID(), name: 'Creta' },
    variant: { _id: randomUUID(), name: 'SX' },
    manufacturerYear: 2021,
    price,
    city: 'Pune',
  };
}

/**
 * `catalog.alert.search_matched` payload for `userId`: their saved search "Diesel in Pune" (diesel cars under
 * ₹8 lakh in Pune) matched `cars`, told by `channels` (default e-mail) at `frequency` (default instant).
 */
export function searchMatchedPayload(
  userId: string,
  cars: CarSummary[] = [alertCar()],
  opts: { channels?: AlertChannel[]; frequency?: AlertFrequency } = {},
): EventPayload<'catalog.alert.search_matched'> {
  return {
    userId,
    savedSearch: {
      _id: randomUUID(),
      name: 'Diesel in Pune',
      query: 'fuelTypes=Diesel&price=0-800000&city=Pune',
    },
    channels: opts.channels ?? ['email'],
    frequency: opts.frequency ?? 'instant',
    cars,
    unsubscribeToken: `ss.${randomUUID()}/+=`,
  };
}

/** `catalog.alert.price_dropped` payload for `userId`: `car` (new price `car.price`) was `previousPrice`. */
export function priceDroppedPayload(
  userId: string,
  previousPrice: number,
  car: CarSummary,
): EventPayload<'catalog.alert.price_dropped'> {
  return { userId, car, previousPrice, unsubscribeToken: `sl.${randomUUID()}` };
}
