/**
 * The RabbitMQ topology of the system, declared in one place: the queues of a consumer, and the
 * consumers of every service as the services declare them (`ServiceModule.consumes`). Used by the broker
 * adapter when a consumer subscribes (rabbitmq.ts), by the distributed launcher before it starts the
 * services, by `npm run ops -- queues declare` / `queues migrate` and by the Kubernetes / compose
 * `declare-queues` step, so a consumer a service declares always has its queues before the first event is
 * published, and every one of them declares the same arguments (ADR 23).
 *
 * Per durable consumer (`q` is `<queuePrefix>.<consumer>`, or `<consumer>` without a prefix), all three
 * queues are quorum queues (`x-queue-type: quorum`: replicated by Raft, so losing a broker node loses no
 * message; RabbitMQ 3.10 or later for message TTL and at-least-once dead-lettering):
 * - the durable topic exchange (default `marketplace.events`), events routed by `event.name`;
 * - `q`, bound once per event name the consumer declares, with `x-delivery-limit: DELIVERY_LIMIT` and
 *   dead-lettering to `q.dlq` (`x-dead-letter-exchange: ''`, `x-dead-letter-routing-key: q.dlq`): a
 *   backstop for redeliveries the retry path never sees (crash loops, connection losses, requeues);
 * - `q.retry`, dead-lettering expired retries back to `q` (`x-dead-letter-routing-key: q`);
 * - `q.dlq`, the dead letters, with `x-delivery-limit: DEAD_LETTER_DELIVERY_LIMIT` (see there).
 * `q` and `q.retry` dead-letter `at-least-once` (`x-dead-letter-strategy`, which needs
 * `x-overflow: reject-publish`; no length limit is set, so nothing is ever rejected): a dead letter stays
 * in its source queue until its target confirmed it, instead of RabbitMQ's default at-most-once.
 * A transient consumer (a per-process listener) has the same three queues as classic queues, exclusive and
 * not durable (a quorum queue cannot be exclusive): they die with their connection anyway.
 * Declaring them again is a no-op; a queue that exists with other arguments (e.g. a classic queue from
 * before ADR 23) makes the declaration throw `QueueArgumentsError`, which tells the operator to run
 * `npm run ops -- queues migrate` (queue-migration.ts).
 */
import { type Channel, type ChannelModel, connect, type Options } from 'amqplib';

/** The exchange events are published to when none is configured. */
export const DEFAULT_EXCHANGE = 'marketplace.events';

/**
 * `x-delivery-limit` of a consumer's main queue: a message returned to it more than 20 times (delivered
 * 21 times) is dead-lettered to `q.dlq`. Handler failures never count: the retry path acks the delivery
 * and re-publishes a new message through `q.retry` (attempts counted in `x-attempt`, at most
 * `RetryPolicy.maxAttempts`, 5 by default). What counts is a delivery that comes back unacked — its
 * channel or connection closed (the process crashed, was killed or lost the broker) or it was requeued
 * after a retry re-publish was not confirmed (rabbitmq-delivery.ts, after a pause of `retryDelayMs`).
 * A healthy message is in flight for milliseconds and comes back once per such incident, so 20 returns
 * mean a message that takes its consumer down (or a broker failing for minutes: each unconfirmed
 * re-publish waits for a refusal or the 10 s confirm timeout, then a pause of at least 1 s); it is parked
 * in the dlq, where `ops dlq replay` brings it back, instead of crash-looping the service forever. 20 is
 * also RabbitMQ 4's default for quorum queues (rabbitmq-server#11937), so the figure does not change on an
 * upgrade. Reasoning and alternatives: docs/adr/0023-quorum-queues.md.
 */
export const DELIVERY_LIMIT = 20;

/**
 * `x-delivery-limit` of a dead-letter queue: effectively none. `ops dlq show` peeks with `basic.get` and
 * requeues, which counts as a return; RabbitMQ 4.0–4.2 would apply a default limit of 20 and, the dlq
 * having no dead-letter target, drop a dead letter shown 20 times. `-1` (unlimited on RabbitMQ 4) drops
 * a message at its first return on 3.10 (measured on 3.10.8), so the limit is stated as a number no
 * operator reaches: a million peeks of one message.
 */
export const DEAD_LETTER_DELIVERY_LIMIT = 1_000_000;

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

/** The `assertQueue` options of each of a consumer's three queues. */
export type ConsumerQueueOptions = Record<keyof RabbitQueueNames, Options.AssertQueue>;

/**
 * The declaration options (flags and `x-` arguments) of the three queues `names`, durable quorum queues
 * or, when `transient`, exclusive non-durable classic ones (see the module doc). The only source of these
 * arguments: every declaration and the migration use it, so they never disagree.
 */
export function consumerQueueOptions(names: RabbitQueueNames, transient = false): ConsumerQueueOptions {
  if (transient) {
    const kept = { durable: false, exclusive: true } as const;
    const classic = { 'x-queue-type': 'classic' };
    return {
      queue: { ...kept, arguments: { ...classic } },
      retry: {
        ...kept,
        arguments: { ...classic, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.queue },
      },
      dlq: { ...kept, arguments: { ...classic } },
    };
  }
  const quorum = { 'x-queue-type': 'quorum' };
  const atLeastOnce = { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' };
  return {
    queue: {
      durable: true,
      arguments: {
        ...quorum,
        'x-delivery-limit': DELIVERY_LIMIT,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': names.dlq,
        ...atLeastOnce,
      },
    },
    retry: {
      durable: true,
      arguments: {
        ...quorum,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': names.queue,
        ...atLeastOnce,
      },
    },
    dlq: { durable: true, arguments: { ...quorum, 'x-delivery-limit': DEAD_LETTER_DELIVERY_LIMIT } },
  };
}

/**
 * A queue exists with other arguments than the ones declared (RabbitMQ refused the declaration with
 * 406 PRECONDITION_FAILED and closed the channel). `message` says what to do.
 */
export class QueueArgumentsError extends Error {
  override name = 'QueueArgumentsError';
  constructor(
    readonly queue: string,
    /** RabbitMQ's own reason, e.g. `inequivalent arg 'x-dead-letter-exchange' … current is none`. */
    readonly brokerMessage: string,
  ) {
    super(
      `queue ${queue} exists with other arguments than this version declares (a classic queue left from ` +
        'before ADR 23 made consumer queues quorum queues, or arguments changed since): stop the services ' +
        'that consume it, then run `npm run ops -- queues migrate`, which moves its messages aside, ' +
        `redeclares it and moves them back (docs/operations.md, "Queues"). RabbitMQ said: ${brokerMessage}`,
    );
  }
}

/**
 * Runs `fn` on a fresh channel of `model` and closes it after: RabbitMQ closes a channel on a refused
 * operation (404 on a missing queue, 406 on other arguments), so each probe or step gets its own.
 */
export async function onFreshChannel<T>(
  model: ChannelModel,
  fn: (channel: Channel) => Promise<T>,
): Promise<T> {
  const channel = await model.createChannel();
  channel.on('error', () => {});
  try {
    return await fn(channel);
  } finally {
    await channel.close().catch(() => {});
  }
}

/** True for the 404 NOT_FOUND amqplib throws for a queue that does not exist. */
export function isMissingQueue(err: unknown): boolean {
  return (err as { code?: unknown }).code === 404;
}

/**
 * The message and consumer counts of `queue` (a passive declaration), or null when it does not exist.
 * @throws Error (amqplib's) when RabbitMQ refuses otherwise or the connection is gone.
 */
export async function queueCounts(
  model: ChannelModel,
  queue: string,
): Promise<{ messageCount: number; consumerCount: number } | null> {
  try {
    return await onFreshChannel(model, (c) => c.checkQueue(queue));
  } catch (err) {
    if (isMissingQueue(err)) return null;
    throw err;
  }
}

/** True for the 406 PRECONDITION_FAILED amqplib throws when a declaration does not match. */
export function isPreconditionFailed(err: unknown): boolean {
  return (err as { code?: unknown }).code === 406;
}

/**
 * `assertQueue(queue, options)` on `channel`.
 * @throws QueueArgumentsError when the queue exists with other arguments (the channel is then closed).
 */
export async function assertQueueAs(channel: Channel, queue: string, options: Options.AssertQueue) {
  try {
    return await channel.assertQueue(queue, options);
  } catch (err) {
    if (isPreconditionFailed(err)) throw new QueueArgumentsError(queue, (err as Error).message);
    throw err;
  }
}

/**
 * Declares `exchange` and the three queues `names` of one consumer on `channel` with
 * `consumerQueueOptions(names, transient)`, binding the queue to each of `events`.
 * @throws QueueArgumentsError when a queue exists with other arguments (the channel is then closed).
 */
export async function declareConsumerQueues(
  channel: Channel,
  exchange: string,
  names: RabbitQueueNames,
  events: readonly string[],
  transient = false,
): Promise<void> {
  const options = consumerQueueOptions(names, transient);
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await assertQueueAs(channel, names.queue, options.queue);
  for (const key of events) await channel.bindQueue(names.queue, exchange, key);
  await assertQueueAs(channel, names.retry, options.retry);
  await assertQueueAs(channel, names.dlq, options.dlq);
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
 * @throws QueueArgumentsError when a queue exists with other arguments (e.g. classic: run `queues migrate`);
 *   Error when RabbitMQ cannot be reached or refuses a declaration.
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
