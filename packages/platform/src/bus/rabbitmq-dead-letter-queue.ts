/**
 * Reading a consumer's dead-letter queue `q.dlq` on RabbitMQ (rabbitmq.ts `deadLetterCount` and
 * `takeDeadLetters`), each on a short-lived channel of the broker's connection. A dlq that does not exist
 * (its consumer never subscribed) closes that channel with 404, which reads as empty.
 */
import type { Channel, ChannelModel, Message } from 'amqplib';
import { brokerDeadLetterReason, type Headers, parseBody } from './rabbitmq-messages';
import type { DeadLetter } from './types';

/** Runs `use` on a new channel of `model`, closed afterwards; `missing` is the result when the queue is 404. */
async function onShortChannel<T>(model: ChannelModel, missing: T, use: (channel: Channel) => Promise<T>) {
  const channel = await model.createChannel();
  channel.on('error', () => {}); // A missing dlq closes this channel with 404; handled below.
  try {
    return await use(channel);
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return missing;
    throw err;
  } finally {
    await channel.close().catch(() => {});
  }
}

/** The ready-message count of `dlq` (`checkQueue`); 0 when it does not exist. */
export function countDeadLetters(model: ChannelModel, dlq: string): Promise<number> {
  return onShortChannel(model, 0, async (channel) => (await channel.checkQueue(dlq)).messageCount);
}

/**
 * `basic.get`s up to `max` messages from `dlq` and acks them (all at once, after the last): each as
 * `{ consumer, body, attempts, reason }` from its `x-consumer` (default `consumer`), `x-attempts` and
 * `x-reason` headers (a message RabbitMQ dead-lettered itself, over the delivery limit, has none: its
 * reason is then taken from `x-death`); `body` is the parsed JSON, or the raw string when the body is not
 * JSON. `[]` when the dlq does not exist.
 */
export function takeDeadLetters(
  model: ChannelModel,
  dlq: string,
  consumer: string,
  max: number,
): Promise<DeadLetter[]> {
  return onShortChannel(model, [], async (channel) => {
    const out: DeadLetter[] = [];
    let last: Message | undefined;
    while (out.length < max) {
      const message = await channel.get(dlq, { noAck: false });
      if (!message) break;
      last = message;
      const headers: Headers = message.properties.headers ?? {};
      const parsed = parseBody(message.content);
      out.push({
        consumer: typeof headers['x-consumer'] === 'string' ? headers['x-consumer'] : consumer,
        body: parsed.ok ? parsed.body : message.content.toString('utf8'),
        attempts: Number(headers['x-attempts'] ?? 0),
        reason: String(headers['x-reason'] ?? brokerDeadLetterReason(headers) ?? ''),
      });
    }
    if (last) channel.ack(last, true);
    return out;
  });
}
