/**
 * Moves consumer queues to the arguments topology.ts declares, keeping their messages: the classic queues
 * of deployments from before ADR 23 become quorum queues (and any later change of a queue's arguments goes
 * the same way). RabbitMQ cannot change a queue's type or arguments in place — a declaration with others
 * fails with 406 PRECONDITION_FAILED — so a queue is emptied into a holding queue, deleted, declared anew
 * under its own name and refilled. Used by `npm run ops -- queues migrate` (scripts/ops.ts).
 *
 * Per consumer:
 * 1. Each queue is found `missing`, `current` (as declared) or `outdated` (other arguments: RabbitMQ
 *    refuses the declaration). An outdated queue with consumers stops the run before anything changes:
 *    stop the service first.
 * 2. Each outdated queue is set aside — `q.retry` first, then `q.dlq`, then `q`: its messages move into
 *    the holding queue `<name>.migrating` (a plain quorum queue) and it is deleted. For `q`, the holding
 *    queue is first bound to the consumer's events and `q` unbound, so events published meanwhile wait
 *    there instead of being routed nowhere.
 * 3. Each queue with a holding queue is declared with `consumerQueueOptions` (for `q` with its bindings),
 *    the holding queue unbound, its messages moved back and the holding queue deleted — `q` first,
 *    `q.retry` last: no retry queue exists while `q` is replaced, so none can dead-letter into the gap.
 *    Between `q`'s binding and the holding queue's unbinding an event goes to both: the consumer's inbox
 *    drops the duplicate.
 * 4. The consumer's queues are declared with `declareConsumerQueues`, which also proves their arguments.
 * A queue is deleted only once it is empty and has no consumer (checked just before: quorum queues do not
 * support a conditional delete); by then nothing routes to it any more.
 *
 * Messages are moved with `basic.get`, a `mandatory` publish on a confirm channel and an ack only after the
 * confirm, in batches: a crash duplicates at most one batch, never loses a message. Properties and headers
 * are kept; a retry's `expiration` is parked in header `x-migrating-expiration` while in the holding queue
 * (which has no dead-letter target: an expired message would be dropped) and restored on the way back, so
 * the retry waits its delay again (late, never early). Each step checks the state it finds, so an
 * interrupted run is completed by running it again, and a migrated deployment is left as it is.
 */
import { type Channel, type ConfirmChannel, connect, type GetMessage, type Options } from 'amqplib';
import { type Headers, republishOptions } from './rabbitmq-messages';
import {
  type ConsumerDeclaration,
  consumerQueueOptions,
  DEFAULT_EXCHANGE,
  declareConsumerQueues,
  isPreconditionFailed,
  onFreshChannel,
  queueCounts,
  type RabbitQueueNames,
  rabbitQueueNames,
} from './topology';

/** Suffix of the holding queue a queue's messages wait in while it is replaced. */
export const MIGRATING_SUFFIX = '.migrating';

/** Header that keeps a message's `expiration` while it waits in a holding queue. */
const PARKED_EXPIRATION = 'x-migrating-expiration';

/** The holding queue: durable and replicated like the queues it stands in for, without dead-lettering. */
const HOLDING_QUEUE: Options.AssertQueue = { durable: true, arguments: { 'x-queue-type': 'quorum' } };

/** What a queue was before the migration: absent, already as declared, or with other arguments. */
export type QueueState = 'missing' | 'current' | 'outdated';

/** One queue of a consumer after the migration. */
export interface MigratedQueue {
  queue: string;
  /** Its state when the migration found it. */
  found: QueueState;
  /** Messages put back into it from its holding queue (0 when it needed no move). */
  moved: number;
}

/** A consumer's three queues after the migration, in the order queue, retry, dlq. */
export interface ConsumerMigration {
  consumer: string;
  queues: MigratedQueue[];
}

/** Options of `migrateConsumerQueues`. */
export interface MigrateQueuesOptions {
  /** Topic exchange of the events (default `marketplace.events`). */
  exchange?: string;
  queuePrefix?: string | undefined;
  consumers: readonly ConsumerDeclaration[];
  /** Messages moved per confirm round (default 100). */
  batchSize?: number;
}

/** A consumer's queues in the order reports list them. */
const ROLES = ['queue', 'retry', 'dlq'] as const;

/** How often a queue is emptied again when a message arrived between its last move and its deletion. */
const MAX_ROUNDS = 10;

/**
 * Connects to RabbitMQ at `url` and migrates the queues of every consumer in `opts.consumers` to
 * `consumerQueueOptions` (see the module doc), then disconnects. Idempotent.
 * @returns one entry per consumer, in the order given.
 * @throws Error when RabbitMQ cannot be reached, an outdated queue has consumers (nothing is changed for
 *   it; the message names the queue), a publish is not confirmed or not routable (the messages not yet
 *   acked stay where they were), or a queue keeps receiving messages for MAX_ROUNDS rounds.
 */
export async function migrateConsumerQueues(
  url: string,
  opts: MigrateQueuesOptions,
): Promise<ConsumerMigration[]> {
  const exchange = opts.exchange ?? DEFAULT_EXCHANGE;
  const batchSize = Math.max(1, opts.batchSize ?? 100);
  const model = await connect(url);
  model.on('error', () => {});

  const onChannel = <T>(fn: (channel: Channel) => Promise<T>) => onFreshChannel(model, fn);
  const check = (queue: string) => queueCounts(model, queue);

  async function stateOf(queue: string, options: Options.AssertQueue): Promise<QueueState> {
    if (!(await check(queue))) return 'missing';
    try {
      await onChannel((c) => c.assertQueue(queue, options));
      return 'current';
    } catch (err) {
      if (isPreconditionFailed(err)) return 'outdated';
      throw err;
    }
  }

  async function refuseConsumed(queue: string): Promise<void> {
    const consumers = (await check(queue))?.consumerCount ?? 0;
    if (consumers > 0) {
      throw new Error(
        `queue ${queue} has ${consumers} consumer(s): stop the service that consumes it (every replica), then run ` +
          'the migration again',
      );
    }
  }

  /** Moves every message of `from` into `to` (see the module doc); resolves to the number moved. */
  async function move(from: string, to: string, park: boolean): Promise<number> {
    const channel: ConfirmChannel = await model.createConfirmChannel();
    channel.on('error', () => {});
    let returned = false;
    channel.on('return', () => {
      returned = true;
    });
    let moved = 0;
    try {
      for (;;) {
        const batch: GetMessage[] = [];
        while (batch.length < batchSize) {
          const message = await channel.get(from, { noAck: false });
          if (!message) break;
          batch.push(message);
          channel.publish('', to, message.content, { ...movedOptions(message, park), mandatory: true });
        }
        if (batch.length === 0) return moved;
        await channel.waitForConfirms();
        if (returned)
          throw new Error(`queue ${to} did not take the messages of ${from}; they stay in ${from}`);
        channel.ack(batch[batch.length - 1]!, true);
        moved += batch.length;
      }
    } finally {
      await channel.close().catch(() => {});
    }
  }

  /**
   * Empties `from` into `to`, then deletes `from` once it is empty and unused. Quorum queues refuse
   * `queue.delete` with if-empty / if-unused (540 NOT_IMPLEMENTED, which closes the connection), so the
   * counts are checked first: safe because nothing routes to `from` any more (see the module doc).
   */
  async function drain(from: string, to: string, park: boolean): Promise<number> {
    let moved = 0;
    for (let round = 1; ; round++) {
      moved += await move(from, to, park);
      const left = await check(from);
      if (!left) return moved;
      if (left.consumerCount > 0) await refuseConsumed(from);
      if (left.messageCount === 0) {
        await onChannel((c) => c.deleteQueue(from));
        return moved;
      }
      if (round >= MAX_ROUNDS) throw new Error(`queue ${from} keeps receiving messages; run again`);
    }
  }

  /** Step 2 for an outdated queue: its events go to the holding queue, its messages too; it is deleted. */
  async function setAside(queue: string, events: readonly string[]): Promise<void> {
    const holding = `${queue}${MIGRATING_SUFFIX}`;
    await onChannel(async (c) => {
      await c.assertQueue(holding, HOLDING_QUEUE);
      for (const key of events) await c.bindQueue(holding, exchange, key);
      for (const key of events) await c.unbindQueue(queue, exchange, key);
    });
    await drain(queue, holding, true);
  }

  /** Step 3: `queue` declared with `options` and its events, the holding queue's messages moved back. */
  async function putBack(queue: string, options: Options.AssertQueue, events: readonly string[]) {
    const holding = `${queue}${MIGRATING_SUFFIX}`;
    if (!(await check(holding))) return 0;
    await onChannel(async (c) => {
      await c.assertQueue(queue, options);
      for (const key of events) await c.bindQueue(queue, exchange, key);
      for (const key of events) await c.unbindQueue(holding, exchange, key);
    });
    return drain(holding, queue, false);
  }

  try {
    await onChannel((c) => c.assertExchange(exchange, 'topic', { durable: true }));
    const out: ConsumerMigration[] = [];
    for (const consumer of opts.consumers) {
      const names = rabbitQueueNames(consumer.name, opts.queuePrefix);
      const options = consumerQueueOptions(names);
      const eventsOf = (role: keyof RabbitQueueNames) => (role === 'queue' ? consumer.events : []);
      const found = {} as Record<keyof RabbitQueueNames, QueueState>;
      for (const role of ROLES) found[role] = await stateOf(names[role], options[role]);
      for (const role of ROLES) if (found[role] === 'outdated') await refuseConsumed(names[role]);
      // The retry queue goes first and comes back last: while `q` is replaced no retry can expire into it.
      for (const role of ['retry', 'dlq', 'queue'] as const) {
        if (found[role] === 'outdated') await setAside(names[role], eventsOf(role));
      }
      const moved = {} as Record<keyof RabbitQueueNames, number>;
      for (const role of ['queue', 'dlq', 'retry'] as const) {
        moved[role] = await putBack(names[role], options[role], eventsOf(role));
      }
      await onChannel((c) => declareConsumerQueues(c, exchange, names, consumer.events));
      out.push({
        consumer: consumer.name,
        queues: ROLES.map((role) => ({ queue: names[role], found: found[role], moved: moved[role] })),
      });
    }
    return out;
  } finally {
    await model.close().catch(() => {});
  }
}

/**
 * Publish options of a moved message: its own (`republishOptions`) with its headers minus
 * `x-delivery-count` (the count belongs to the queue it leaves); when `park`, its `expiration` goes into
 * `PARKED_EXPIRATION`, otherwise a parked one is restored.
 */
function movedOptions(message: GetMessage, park: boolean): Options.Publish {
  const headers: Headers = { ...(message.properties.headers ?? {}) };
  delete headers['x-delivery-count'];
  const expiration = message.properties.expiration as string | number | undefined;
  let restored: unknown;
  if (park) {
    if (expiration !== undefined) headers[PARKED_EXPIRATION] = String(expiration);
  } else {
    restored = headers[PARKED_EXPIRATION];
    delete headers[PARKED_EXPIRATION];
  }
  const options = republishOptions(message, headers);
  if (!park && restored !== undefined) options.expiration = String(restored);
  else if (!park && expiration !== undefined) options.expiration = String(expiration);
  return options;
}
