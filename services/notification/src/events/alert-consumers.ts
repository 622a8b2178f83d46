/**
 * The buyers' alerts (issue 24), sent by the notification worker for the catalog, which matches saved
 * searches and watches shortlisted prices and announces each alert once per user, car and kind:
 *
 * | consumer                          | event                          | sends                                   |
 * | --------------------------------- | ------------------------------ | --------------------------------------- |
 * | `notification.search-alert`       | `catalog.alert.search_matched` | e-mail and/or SMS (`payload.channels`)  |
 * | `notification.price-drop-alert`   | `catalog.alert.price_dropped`  | e-mail                                  |
 *
 * The recipient is `payload.userId`, addressed through the users projection like every other mail (unknown
 * or deleted → skipped with the same `info` log line, not retried). Delivery is at least once, as for the
 * other consumers (consumers.ts): a send that fails throws, the inbox row rolls back and the bus retries; a
 * redelivered event whose inbox row committed sends nothing. A search alert by e-mail and SMS is one
 * delivery: if the SMS fails after the e-mail was accepted, the retry sends the e-mail again (a rare
 * duplicate, as in the window between send and commit). Texts in domain/alert-messages.ts.
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer, ConsumerContext } from '@marketplace/platform';
import { type Recipient, userStore } from '../data/store';
import { isPriceDrop, priceDropMail, searchMatchMail, searchMatchSms } from '../domain/alert-messages';
import type { MailDeps } from './consumers';

/** The alert consumers by name and events (part of the service's `consumes`, see consumers.ts). */
export const alertConsumes = {
  searchAlert: { name: 'notification.search-alert', ...subscribedTo('catalog.alert.search_matched') },
  priceDropAlert: { name: 'notification.price-drop-alert', ...subscribedTo('catalog.alert.price_dropped') },
};

/** The user `userId` from the projection, or undefined after the usual "recipient unknown" log line. */
async function knownRecipient(
  ctx: ConsumerContext<EventPayloads>,
  userId: string,
): Promise<Recipient | undefined> {
  const recipient = await userStore.recipient(ctx.tx, userId);
  if (!recipient) {
    ctx.logger.info({ userId, role: 'buyer' }, 'recipient unknown to the users projection; message skipped');
  }
  return recipient;
}

/**
 * False (after an `info` log line) when `recipient` has no deliverable e-mail address: an account that lost
 * an unverified address to its owner has a `.invalid` placeholder (issue 20, point 3; RFC 2606).
 */
function mailable(ctx: ConsumerContext<EventPayloads>, recipient: Recipient): boolean {
  if (!recipient.email.endsWith('.invalid')) return true;
  ctx.logger.info(
    { userId: recipient.id, role: 'buyer' },
    'recipient has no deliverable e-mail address; message skipped',
  );
  return false;
}

/**
 * Tells the owner of a saved search about its new matches, by each channel of the event: one e-mail
 * (instant: the car; daily: one digest of every car) with the unsubscribe link and headers, and/or one short
 * SMS to the user's mobile number (skipped with an `info` log line when the projection has none). Cars
 * of the recipient's own (the catalog never sends them) are left out; nothing is sent when none remain.
 */
export function searchAlertConsumer(
  deps: MailDeps,
): Consumer<SubscribedEvent<typeof alertConsumes.searchAlert>, EventPayloads> {
  return {
    ...alertConsumes.searchAlert,
    async handle(event, ctx) {
      const { userId, savedSearch, channels, frequency, unsubscribeToken } = event.payload;
      const recipient = await knownRecipient(ctx, userId);
      if (!recipient) return;
      const cars = event.payload.cars.filter((car) => car.seller !== recipient.id);
      if (cars.length === 0) {
        ctx.logger.info({ userId, savedSearch: savedSearch._id }, 'only own cars matched; alert skipped');
        return;
      }
      const search = { name: savedSearch.name, query: savedSearch.query };
      if (channels.includes('email') && mailable(ctx, recipient)) {
        const mail = searchMatchMail({
          recipientName: recipient.name,
          search,
          frequency,
          cars,
          unsubscribeToken,
          publicUrl: deps.publicUrl,
        });
        await deps.notifier.sendMail({ to: recipient.email, ...mail });
      }
      if (channels.includes('sms')) {
        if (!recipient.phone) {
          ctx.logger.info({ userId, role: 'buyer' }, 'recipient has no mobile number; SMS skipped');
          return;
        }
        const text = searchMatchSms({ search, frequency, cars, publicUrl: deps.publicUrl });
        await deps.notifier.sendSms({ to: recipient.phone, text });
      }
    },
  };
}

/**
 * E-mails a watcher that a shortlisted car got cheaper (old and new price, the drop in rupees and per cent,
 * the car's link, the unsubscribe link and headers). An event whose price did not drop by at least a rupee
 * (or whose old price is not positive) is ignored with an `info` log line.
 */
export function priceDropAlertConsumer(
  deps: MailDeps,
): Consumer<SubscribedEvent<typeof alertConsumes.priceDropAlert>, EventPayloads> {
  return {
    ...alertConsumes.priceDropAlert,
    async handle(event, ctx) {
      const { userId, car, previousPrice, unsubscribeToken } = event.payload;
      if (!isPriceDrop(previousPrice, car.price)) {
        ctx.logger.info(
          { userId, carId: car._id, previousPrice, price: car.price },
          'price did not drop; alert ignored',
        );
        return;
      }
      const recipient = await knownRecipient(ctx, userId);
      if (!recipient || !mailable(ctx, recipient)) return;
      const mail = priceDropMail({
        recipientName: recipient.name,
        car,
        previousPrice,
        unsubscribeToken,
        publicUrl: deps.publicUrl,
      });
      await deps.notifier.sendMail({ to: recipient.email, ...mail });
    },
  };
}

/** The alert consumers of the notification service (part of `notificationConsumers`). */
export function alertConsumers(deps: MailDeps) {
  return [searchAlertConsumer(deps), priceDropAlertConsumer(deps)];
}
