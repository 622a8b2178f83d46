/**
 * Events the notification worker consumes (it publishes none), one consumer per message and recipient:
 *
 * | consumer                              | events                          | sends                          |
 * | ------------------------------------- | ------------------------------- | ------------------------------ |
 * | `notification.otp-sms`                | `auth.otp.requested`            | SMS with the code              |
 * | `notification.users`                  | `auth.user.registered|verified|updated|deleted` | (projection, data/store.ts) |
 * | `notification.welcome-mail`           | `auth.user.verified`            | welcome e-mail                 |
 * | `notification.password-changed-mail`  | `auth.password.changed`         | security notice e-mail         |
 * | `notification.email-verification-mail` | `auth.email.verification_requested` | the verification link (issue 20) |
 * | `notification.car-listed-mail`        | `listing.car.created`           | e-mail to the seller           |
 * | `notification.testdrive-buyer-mail`   | `testdrive.*` (four events)     | e-mail to the booker           |
 * | `notification.testdrive-seller-mail`  | `testdrive.*` (four events)     | e-mail to the car's seller     |
 * | `notification.search-alert`           | `catalog.alert.search_matched`  | e-mail/SMS (alert-consumers.ts) |
 * | `notification.price-drop-alert`       | `catalog.alert.price_dropped`   | e-mail (alert-consumers.ts)    |
 *
 * Delivery is at least once. The platform's consumer runtime records (consumer, event id) in the inbox and
 * runs the handler in the same transaction; the handler sends and throws when the send fails, so the inbox
 * row rolls back and the bus retries with backoff, then dead-letters (`<consumer>.dlq`). A redelivered event
 * whose inbox row committed sends nothing. One consumer per recipient means a failure for one recipient never
 * re-sends to the other. What remains is the window between a successful send and the commit: if the process
 * dies or the commit fails there, the event is redelivered and that one message is sent again. We accept a
 * rare duplicate over a lost message (marking "sent" before sending would lose messages instead).
 *
 * A message to a user the projection does not know (e.g. the demo cars' seller, who is no user, or a
 * deleted user) is skipped with a log line; it is not retried.
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import {
  type Consumer,
  type ConsumerContext,
  type Notifier,
  openSecret,
  type ServiceParts,
} from '@marketplace/platform';
import { type Recipient, userStore } from '../data/store';
import {
  carListedMail,
  carName,
  emailVerificationMail,
  otpSmsText,
  passwordChangedMail,
  type TestDriveActor,
  type TestDriveEventKind,
  testDriveMail,
  welcomeMail,
} from '../domain/messages';
import { alertConsumers, alertConsumes } from './alert-consumers';

const testDriveEvents = subscribedTo(
  'testdrive.booked',
  'testdrive.rescheduled',
  'testdrive.cancelled',
  'testdrive.status_changed',
);

/** The service's consumers, by name and events (the module's `consumes`; each factory below spreads one). */
export const consumes = {
  otpSms: { name: 'notification.otp-sms', ...subscribedTo('auth.otp.requested') },
  users: {
    name: 'notification.users',
    ...subscribedTo('auth.user.registered', 'auth.user.verified', 'auth.user.updated', 'auth.user.deleted'),
  },
  welcomeMail: { name: 'notification.welcome-mail', ...subscribedTo('auth.user.verified') },
  passwordChangedMail: {
    name: 'notification.password-changed-mail',
    ...subscribedTo('auth.password.changed'),
  },
  emailVerificationMail: {
    name: 'notification.email-verification-mail',
    ...subscribedTo('auth.email.verification_requested'),
  },
  carListedMail: { name: 'notification.car-listed-mail', ...subscribedTo('listing.car.created') },
  testDriveBuyerMail: { name: 'notification.testdrive-buyer-mail', ...testDriveEvents },
  testDriveSellerMail: { name: 'notification.testdrive-seller-mail', ...testDriveEvents },
  ...alertConsumes,
};

/**
 * What the mail consumers need: the notifier, the site's public URL (for links; optional) and the support
 * address security notices point to (SUPPORT_EMAIL; without it they point to the Contact page).
 */
export interface MailDeps {
  notifier: Notifier;
  publicUrl?: string;
  supportEmail?: string;
  /** The secret sealed event fields are opened with (UPLOAD_SIGNING_SECRET; issue 20, point 13). */
  sealSecret: string;
}

/**
 * Sends the sign-up one-time code by SMS (dev outbox when no SMS gateway is configured). The event carries
 * the code sealed (issue 20, point 13); it is opened here with `sealSecret` (UPLOAD_SIGNING_SECRET, the
 * same as the auth service's) for the event's phone number. A value that does not open throws (the bus
 * retries, then dead-letters it; the error names no code).
 */
export function otpSmsConsumer(
  notifier: Notifier,
  sealSecret: string,
): Consumer<SubscribedEvent<typeof consumes.otpSms>, EventPayloads> {
  return {
    ...consumes.otpSms,
    async handle(event) {
      const { phone_number, otpSealed } = event.payload;
      const otp = openSecret(sealSecret, otpSealed, phone_number);
      await notifier.sendSms({ to: phone_number, text: otpSmsText(otp) });
    },
  };
}

type UserEvent = SubscribedEvent<typeof consumes.users>;

/**
 * Keeps the users projection (store.ts) current from the auth service's user events: registered, verified
 * and updated (a profile edit, e.g. a new name) write name, e-mail and phone; deleted leaves a tombstone.
 */
export function usersProjectionConsumer(): Consumer<UserEvent, EventPayloads> {
  return {
    ...consumes.users,
    async handle(event, { tx }) {
      const at = new Date(event.occurredAt);
      if (event.name === 'auth.user.deleted') {
        await userStore.markDeleted(tx, event.payload.userId, at);
        return;
      }
      const { userId, name, email, phone_number } = event.payload;
      await userStore.upsert(
        tx,
        { id: userId, name, email, ...(phone_number ? { phone: phone_number } : {}) },
        at,
      );
    },
  };
}

/** Sends the welcome e-mail once the user's mobile number is verified (the event carries name and e-mail). */
export function welcomeMailConsumer(
  deps: MailDeps,
): Consumer<SubscribedEvent<typeof consumes.welcomeMail>, EventPayloads> {
  return {
    ...consumes.welcomeMail,
    async handle(event) {
      const { name, email } = event.payload;
      await deps.notifier.sendMail({ to: email, ...welcomeMail({ name, publicUrl: deps.publicUrl }) });
    },
  };
}

/**
 * E-mails the user after a password change (a security notice; the event carries name and e-mail, and the
 * time is the event's `occurredAt`). `supportEmail` is where the notice tells them to write if it was not
 * them (SUPPORT_EMAIL).
 */
export function passwordChangedMailConsumer(
  deps: MailDeps,
): Consumer<SubscribedEvent<typeof consumes.passwordChangedMail>, EventPayloads> {
  return {
    ...consumes.passwordChangedMail,
    async handle(event) {
      const { name, email } = event.payload;
      const mail = passwordChangedMail({
        name,
        changedAt: event.occurredAt,
        supportEmail: deps.supportEmail,
        publicUrl: deps.publicUrl,
      });
      await deps.notifier.sendMail({ to: email, ...mail });
    },
  };
}

/**
 * E-mails the e-mail verification link (issue 20, point 3). The event carries the link's token sealed
 * (`sealSecret`, the address as additional data); it is opened here and written only into the mail.
 */
export function emailVerificationMailConsumer(
  deps: MailDeps,
): Consumer<SubscribedEvent<typeof consumes.emailVerificationMail>, EventPayloads> {
  return {
    ...consumes.emailVerificationMail,
    async handle(event) {
      const { name, email, tokenSealed } = event.payload;
      const token = openSecret(deps.sealSecret, tokenSealed, email);
      await deps.notifier.sendMail({
        to: email,
        ...emailVerificationMail({ name, token, publicUrl: deps.publicUrl }),
      });
    },
  };
}

/** The recipient `userId`, or undefined after logging that the message is skipped. */
async function recipientOrSkip(
  ctx: ConsumerContext<EventPayloads>,
  userId: string,
  role: string,
): Promise<Recipient | undefined> {
  const recipient = await userStore.recipient(ctx.tx, userId);
  if (!recipient) {
    ctx.logger.info({ userId, role }, 'recipient unknown to the users projection; message skipped');
    return undefined;
  }
  // An account that lost an unverified address to its owner has a `.invalid` placeholder (issue 20,
  // point 3): nothing can be delivered there (RFC 2606), so nothing is sent.
  if (recipient.email.endsWith('.invalid')) {
    ctx.logger.info({ userId, role }, 'recipient has no deliverable e-mail address; message skipped');
    return undefined;
  }
  return recipient;
}

/** E-mails the seller when their car is listed (names from the event, when it carries them). */
export function carListedMailConsumer(
  deps: MailDeps,
): Consumer<SubscribedEvent<typeof consumes.carListedMail>, EventPayloads> {
  return {
    ...consumes.carListedMail,
    async handle(event, ctx) {
      const { car, names } = event.payload;
      const seller = await recipientOrSkip(ctx, car.seller, 'seller');
      if (!seller) return;
      const mail = carListedMail({
        sellerName: seller.name,
        carId: car._id,
        ...(names ? { name: carName(names) } : {}),
        manufacturerYear: car.manufacturerYear,
        price: car.price,
        city: car.location.city,
        publicUrl: deps.publicUrl,
      });
      await deps.notifier.sendMail({ to: seller.email, ...mail });
    },
  };
}

type TestDriveEvent = SubscribedEvent<typeof consumes.testDriveBuyerMail>;

/** Who did it, as `recipientId` reads it: themselves, the buyer, the seller, or else an Admin ("our team"). */
function actorOf(by: string, recipientId: string, buyerId: string, sellerId: string): TestDriveActor {
  if (by === recipientId) return 'you';
  if (by === buyerId) return 'buyer';
  if (by === sellerId) return 'seller';
  return 'team';
}

/**
 * E-mails one side of a booking (`role`: the booker or the car's seller) about each `testdrive.*` event,
 * with the car's name, the date and the time. The seller's e-mail names the booker when the projection
 * knows them.
 */
export function testDriveMailConsumer(
  deps: MailDeps,
  role: 'buyer' | 'seller',
): Consumer<TestDriveEvent, EventPayloads> {
  return {
    ...(role === 'buyer' ? consumes.testDriveBuyerMail : consumes.testDriveSellerMail),
    async handle(event, ctx) {
      const { testDrive } = event.payload;
      const buyerId = testDrive.user;
      const sellerId = testDrive.car.seller;
      const recipient = await recipientOrSkip(ctx, role === 'buyer' ? buyerId : sellerId, role);
      if (!recipient) return;
      const buyerName = role === 'seller' ? (await userStore.recipient(ctx.tx, buyerId))?.name : undefined;
      const kind = event.name.slice('testdrive.'.length) as TestDriveEventKind;
      const by =
        event.name === 'testdrive.cancelled'
          ? event.payload.cancelledBy
          : event.name === 'testdrive.status_changed'
            ? event.payload.changedBy
            : undefined;
      const mail = testDriveMail({
        kind,
        role,
        recipientName: recipient.name,
        ...(buyerName ? { buyerName } : {}),
        carId: testDrive.car._id,
        carName: carName({ brand: testDrive.car.brand.name, model: testDrive.car.model.name }),
        appointmentDate: testDrive.appointmentDate,
        appointmentTime: testDrive.appointmentTime,
        status: testDrive.status,
        ...(event.name === 'testdrive.rescheduled' ? { previous: event.payload.previous } : {}),
        ...(event.name === 'testdrive.status_changed'
          ? { previousStatus: event.payload.previousStatus }
          : {}),
        ...(by ? { actor: actorOf(by, recipient.id, buyerId, sellerId) } : {}),
        publicUrl: deps.publicUrl,
      });
      await deps.notifier.sendMail({ to: recipient.email, ...mail });
    },
  };
}

/** Every consumer of the notification service. */
export function notificationConsumers(deps: MailDeps): NonNullable<ServiceParts<EventPayloads>['consumers']> {
  return [
    otpSmsConsumer(deps.notifier, deps.sealSecret),
    usersProjectionConsumer(),
    welcomeMailConsumer(deps),
    passwordChangedMailConsumer(deps),
    emailVerificationMailConsumer(deps),
    carListedMailConsumer(deps),
    testDriveMailConsumer(deps, 'buyer'),
    testDriveMailConsumer(deps, 'seller'),
    ...alertConsumers(deps),
  ];
}
