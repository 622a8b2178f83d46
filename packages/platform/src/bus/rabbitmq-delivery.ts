/**
 * What the RabbitMQ adapter (rabbitmq.ts) does with one delivery: run the subscription's handler, then ack
 * it, schedule a retry (re-published to `q.retry` with a per-message `expiration` of
 * `retryDelayMs(policy, attempt)` ms and header `x-attempt: attempt + 1`) or dead-letter it (re-published
 * to `q.dlq` with headers `x-attempts`, `x-reason`, `x-consumer`). The original is acked only after the
 * re-publish was confirmed; when it was not, the original is requeued after a pause instead. Such a
 * requeue (and a delivery left unacked when its channel closes) counts towards the queue's
 * `x-delivery-limit` (topology.ts `DELIVERY_LIMIT`); a retry does not: it acks and re-enters `q` as a new
 * message whose attempt number travels in `x-attempt`.
 */
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { Logger } from 'pino';
import {
  attemptOf,
  carriedHeaders,
  type Headers,
  parseBody,
  publishConfirmed,
  republishOptions,
  toError,
} from './rabbitmq-messages';
import type { RabbitQueueNames } from './topology';
import {
  type BusObserver,
  PoisonMessageError,
  type RetryPolicy,
  retryDelayMs,
  type Subscription,
} from './types';

/** The consumer a delivery belongs to: its subscription and its queue names. */
export interface DeliveryTarget {
  subscription: Subscription;
  names: RabbitQueueNames;
}

/** What the delivery handler needs from its broker. */
export interface DeliveryOptions {
  policy: RetryPolicy;
  /** How long a retry or dead-letter re-publish waits for its confirm, in ms. */
  confirmTimeoutMs: number;
  logger: Logger;
  observer?: BusObserver;
}

/**
 * The delivery handler of a broker. It never throws: a failed re-publish is logged and the message
 * requeued; the observer is told `failure` when the handler throws and `handled` / `retried` /
 * `dead_lettered` once the delivery is settled. A non-JSON body is dead-lettered without calling the
 * handler; a `PoisonMessageError` or the last attempt (`policy.maxAttempts`) dead-letters at once.
 */
export function createDeliveryHandler(
  opts: DeliveryOptions,
): (target: DeliveryTarget, channel: ConfirmChannel, message: ConsumeMessage) => Promise<void> {
  const { policy, confirmTimeoutMs, logger, observer } = opts;

  async function deadLetter(
    target: DeliveryTarget,
    channel: ConfirmChannel,
    message: ConsumeMessage,
    attempts: number,
    reason: string,
  ): Promise<void> {
    const headers: Headers = {
      ...carriedHeaders(message),
      'x-attempts': attempts,
      'x-reason': reason,
      'x-consumer': target.subscription.consumer,
    };
    await publishConfirmed(
      channel,
      '',
      target.names.dlq,
      message.content,
      republishOptions(message, headers),
      confirmTimeoutMs,
    );
    observer?.outcome(target.subscription.consumer, 'dead_lettered');
    logger.error(
      {
        consumer: target.subscription.consumer,
        attempts,
        reason,
        correlationId: message.properties.correlationId,
      },
      'message dead-lettered',
    );
  }

  async function scheduleRetry(
    target: DeliveryTarget,
    channel: ConfirmChannel,
    message: ConsumeMessage,
    attempt: number,
  ): Promise<void> {
    const delay = retryDelayMs(policy, attempt);
    const options = republishOptions(message, { ...carriedHeaders(message), 'x-attempt': attempt + 1 });
    options.expiration = String(delay);
    await publishConfirmed(channel, '', target.names.retry, message.content, options, confirmTimeoutMs);
    observer?.outcome(target.subscription.consumer, 'retried');
    logger.warn(
      {
        consumer: target.subscription.consumer,
        attempt,
        delayMs: delay,
        correlationId: message.properties.correlationId,
      },
      'handler failed; will retry',
    );
  }

  return async function handleMessage(target, channel, message) {
    const attempt = attemptOf(message.properties.headers ?? {});
    const consumer = target.subscription.consumer;
    const parsed = parseBody(message.content);
    let failure: unknown;
    let handled = false;
    if (parsed.ok) {
      try {
        await target.subscription.handle({ body: parsed.body, attempt });
        handled = true;
      } catch (err) {
        failure = err;
        observer?.failure(consumer);
      }
    }
    try {
      if (handled) {
        // Fall through to the ack.
      } else if (!parsed.ok) {
        await deadLetter(target, channel, message, attempt, `body is not JSON: ${parsed.error.message}`);
      } else if (failure instanceof PoisonMessageError || attempt >= policy.maxAttempts) {
        await deadLetter(target, channel, message, attempt, toError(failure).message);
      } else {
        await scheduleRetry(target, channel, message, attempt);
      }
    } catch (err) {
      // The re-publish was not confirmed: keep the original. If the channel is gone the server requeues it;
      // otherwise requeue it after a pause (same attempt number) rather than spin.
      logger.error({ err, consumer, attempt }, 'retry/dead-letter re-publish failed; message requeued');
      const timer = setTimeout(
        () => {
          try {
            channel.nack(message, false, true);
          } catch {
            // Channel closed meanwhile: the server has requeued the message already.
          }
        },
        retryDelayMs(policy, attempt),
      );
      timer.unref();
      return;
    }
    try {
      channel.ack(message);
      if (handled) observer?.outcome(consumer, 'handled');
    } catch (err) {
      // Channel closed: the server requeues the message and redelivers it (the inbox dedupes).
      logger.warn({ err, consumer }, 'ack failed; message will be redelivered');
    }
  };
}
