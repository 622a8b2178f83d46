/**
 * The RabbitMQ topology of the system, declared in one place: the queues of a consumer, and the
 * consumers of every service as the services declare them (`ServiceModule.consumes`). Used by the broker
 * adapter when a consumer subscribes (rabbitmq.ts), by the distributed launcher before it starts the
 * services, by `npm run ops -- queues declare` and by the Kubernetes / compose `declare-queues` step, so
 * a consumer a service declares always has its queues before the first event is published.
 *
 * Per consumer (`q` is `<queuePrefix>.<consumer>`, or `<consumer>` without a prefix):
 * - the durable topic exchange (default `marketplace.events`), events routed by `event.name`;
 * - `q`, bound once per event name the consumer declares;
 * - `q.retry` with `x-dead-letter-exchange: ''` and `x-dead-letter-routing-key: q` (expired retries
 *   go back to `q`);
 * - `q.dlq`, the dead letters.
 * A transient consumer (a per-process listener) has the same three queues, exclusive and not durable.
 * Declaring them again is a no-op; a queue that exists with other arguments makes the declaration throw.
 */
import { type Channel, connect } from 'amqplib';

/** The exchange events are published to when none is configured. */
export const DEFAULT_EXCHANGE = 'marketplace.events';

/** A durable consumer as its service declares it: a name unique in the system, and its event names. */
export interface ConsumerDeclaration {
  /** `<service>.<purpose>`, e.g. `notification.otp-sms`; its queue is named after it. */
  name: string;
  /** Event names its queue is bound to. */
  events: readonly string[];
}

/** Names of a consumer's three queues. */
export interface RabbitQueueNames {
  queue: string;
  retry: string;
  dlq: string;
}

/** Queue names of `consumer`: `{ queue: '<prefix>.<consumer>', retry: '….retry', dlq: '….dlq' }`. */
export function rabbitQueueNames(consumer: string, queuePrefix?: string): RabbitQueueNames {
  const queue = queuePrefix ? `${queuePrefix}.${consumer}` : consumer;
  return { queue, retry: `${queue}.retry`, dlq: `${queue}.dlq` };
}

/**
 * Declares `exchange` and the three queues `names` of one consumer on `channel`, binding the queue to
 * each of `events`; `transient` makes them exclusive to the connection and not durable.
 * @throws Error (amqplib's, and the channel closes) when a queue exists with other arguments.
 */
export async function declareConsumerQueues(
  channel: Channel,
  exchange: string,
  names: RabbitQueueNames,
  events: readonly string[],
  transient = false,
): Promise<void> {
  const kept = transient ? { durable: false, exclusive: true } : { durable: true };
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await channel.assertQueue(names.queue, kept);
  for (const key of events) await channel.bindQueue(names.queue, exchange, key);
  await channel.assertQueue(names.retry, {
    ...kept,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.queue },
  });
  await channel.assertQueue(names.dlq, kept);
}

/** A consumer of the system with the service that declares it. */
export interface SystemConsumer extends ConsumerDeclaration {
  service: string;
}

/**
 * Every durable consumer `modules` declare (`consumes`), in module order.
 * @throws Error when two consumers share a name (their queues would be one).
 */
export function systemConsumers(
  modules: ReadonlyArray<{ name: string; consumes?: readonly ConsumerDeclaration[] }>,
): SystemConsumer[] {
  const all = modules.flatMap((m) =>
    (m.consumes ?? []).map((c) => ({ service: m.name, name: c.name, events: [...c.events] })),
  );
  const seen = new Set<string>();
  for (const c of all) {
    if (seen.has(c.name)) throw new Error(`consumer ${c.name} is declared twice`);
    seen.add(c.name);
  }
  return all;
}

/**
 * Connects to RabbitMQ at `url` and declares the exchange and the queues of every consumer in
 * `consumers` (see the module doc), then disconnects.
 * @throws Error when RabbitMQ cannot be reached or refuses a declaration.
 */
export async function declareTopology(
  url: string,
  opts: { exchange?: string; queuePrefix?: string | undefined; consumers: readonly ConsumerDeclaration[] },
): Promise<void> {
  const exchange = opts.exchange ?? DEFAULT_EXCHANGE;
  const model = await connect(url);
  model.on('error', () => {});
  try {
    const channel = await model.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    for (const consumer of opts.consumers) {
      const names = rabbitQueueNames(consumer.name, opts.queuePrefix);
      await declareConsumerQueues(channel, exchange, names, consumer.events);
    }
    await channel.close();
  } finally {
    await model.close().catch(() => {});
  }
}

/**
 * Deletes the queues (`q`, `q.retry`, `q.dlq` of every consumer in `consumers`) declared with the same
 * `queuePrefix`, and the exchange when `exchange` is given (never the default one implicitly), for
 * operators and test cleanup. Messages in them are lost. Missing queues or exchange are ignored.
 * @throws Error when RabbitMQ cannot be reached.
 */
export async function deleteTopology(
  url: string,
  opts: { exchange?: string; queuePrefix?: string; consumers: string[] },
): Promise<void> {
  const model = await connect(url);
  model.on('error', () => {});
  try {
    const channel = await model.createChannel();
    channel.on('error', () => {});
    for (const consumer of opts.consumers) {
      const names = rabbitQueueNames(consumer, opts.queuePrefix);
      for (const queue of [names.queue, names.retry, names.dlq]) await channel.deleteQueue(queue);
    }
    if (opts.exchange) await channel.deleteExchange(opts.exchange);
    await channel.close();
  } finally {
    await model.close().catch(() => {});
  }
}
