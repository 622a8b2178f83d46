/**
 * RabbitMQ `Broker` adapter (distributed mode), on amqplib with its built-in connection recovery.
 *
 * Topology: each consumer's queue `q`, `q.retry` and `q.dlq` (quorum queues) and the topic exchange,
 * declared by `declareConsumerQueues` (topology.ts) when it subscribes; events are published with routing
 * key `event.name`. `q`'s `x-delivery-limit` (`DELIVERY_LIMIT`) dead-letters to `q.dlq` a message that
 * came back unacked more than 20 times (crash loops, connection losses): the retry path below never
 * counts towards it, since a retry is a new message.
 * Retries: a failed message is re-published to `q.retry` through the default exchange with a per-message
 * `expiration` of `retryDelayMs(policy, attempt)` ms and header `x-attempt: attempt + 1`; when it expires
 * RabbitMQ dead-letters it back to `q`. Head-of-line caveat: RabbitMQ only expires messages at the head of
 * a queue, so a message with a short TTL queued behind one with a longer TTL waits for the longer one.
 * Retries are therefore never early but may be late by up to `retry.maxDelayMs` when a consumer has
 * failures of different attempt numbers in flight at once. That is acceptable for back-off; it is not a
 * scheduler. Dead letters go to `q.dlq`, re-published with headers `x-attempts`, `x-reason` and `x-consumer`.
 * A transient subscription (`Subscription.transient`, one copy of each event per process) has the same
 * three queues named after `<consumer>.<process id>`, classic, exclusive to the connection and not durable:
 * RabbitMQ deletes them when the connection closes, and a reconnection declares new ones.
 *
 * Delivery guarantees: every publish (events, retries, dead letters) goes through a confirm channel and
 * the original delivery is acked only after the re-publish was confirmed, so a crash in between
 * duplicates a message but never loses it. Consumers use manual ack and `prefetch`.
 *
 * Reconnection: amqplib's recovering connection (`connect(url, { recovery })`) reconnects with
 * exponential back-off and runs `setup` after every (re)connect; `setup` re-declares the exchange,
 * re-creates the publishing confirm channel and re-declares and re-consumes every subscription. Between a
 * drop and the end of `setup`, `isReady()` is false and `publish` rejects at once with
 * `BrokerUnavailableError`; a publish awaiting its confirm when the connection drops rejects too (the
 * relay keeps the outbox row and retries). Unacked deliveries are requeued by the server and redelivered
 * (consumers dedupe through their inbox).
 *
 * Files: this one holds the connection, the subscriptions and the publishing; rabbitmq-delivery.ts what
 * happens to one delivery (handle, ack, retry, dead-letter), rabbitmq-dead-letter-queue.ts the reading of a
 * dlq, rabbitmq-messages.ts the message helpers.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import {
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  connect,
  type RecoveringChannelModel,
} from 'amqplib';
import pino, { type Logger } from 'pino';
import { countDeadLetters, takeDeadLetters } from './rabbitmq-dead-letter-queue';
import { createDeliveryHandler } from './rabbitmq-delivery';
import { publishConfirmed, withHeartbeat } from './rabbitmq-messages';
import { DEFAULT_EXCHANGE, declareConsumerQueues, type RabbitQueueNames, rabbitQueueNames } from './topology';
import {
  type Broker,
  type BusObserver,
  type DeadLetter,
  defaultRetryPolicy,
  type EventEnvelope,
  type RetryPolicy,
  type Subscription,
} from './types';

/** Options of `createRabbitBroker`. */
export interface RabbitBrokerOptions {
  /** AMQP URL, e.g. `amqp://guest:guest@127.0.0.1:5672`. */
  url: string;
  /** Topic exchange for events (default `marketplace.events`). */
  exchange?: string;
  /** Prefix of every queue name, joined with a dot (tests use a unique one); default none. */
  queuePrefix?: string;
  /** Unacked deliveries per consumer at most (default 10). */
  prefetch?: number;
  /** Retry policy for failing handlers (default `defaultRetryPolicy`). */
  retry?: RetryPolicy;
  /** Logger (default: silent). */
  logger?: Logger;
  /** First reconnect delay in ms; later ones double with jitter up to `maxReconnectDelayMs` (default 200). */
  reconnectDelayMs?: number;
  /** Upper bound of a reconnect delay in ms (default 5000). */
  maxReconnectDelayMs?: number;
  /** Failed retries of the very first connection before `createRabbitBroker` rejects (default 3). */
  initialConnectRetries?: number;
  /** How long a publish (or retry / dead-letter re-publish) waits for its confirm, in ms (default 10000). */
  confirmTimeoutMs?: number;
  /** AMQP heartbeat in seconds when the URL sets none (default 10); detects half-open connections. */
  heartbeatSeconds?: number;
  /** Told each delivery's outcome and each handler failure (metrics). */
  observer?: BusObserver;
}

/** The RabbitMQ broker: a `Broker` plus a test hook. */
export interface RabbitBroker extends Broker {
  readonly kind: 'rabbitmq';
  /**
   * TEST HOOK: destroys the TCP socket of the current connection with an error, as an abrupt network
   * failure would; the broker then reconnects by itself.
   * @throws BrokerUnavailableError when not connected.
   */
  _dropConnectionForTest(): void;
}

/** Thrown by `publish` (and `takeDeadLetters`) while the broker is disconnected or closed. */
export class BrokerUnavailableError extends Error {
  override name = 'BrokerUnavailableError';
}

interface ConsumerState {
  subscription: Subscription;
  names: RabbitQueueNames;
  /** Connection the consumer currently runs on, with its channel and consumer tag. */
  model: ChannelModel | null;
  channel: ConfirmChannel | null;
  consumerTag: string | null;
}

interface Connected {
  model: ChannelModel;
  publisher: ConfirmChannel;
}

/**
 * Connects to RabbitMQ and returns a broker (kind `rabbitmq`) that reconnects by itself.
 *
 * - `publish(event)`: persistent JSON message (`deliveryMode: 2`, `contentType: application/json`,
 *   `messageId: event.id`, `type: event.name`, `correlationId: event.correlationId`) to the exchange with
 *   routing key `event.name`; resolves after the publisher confirm. Rejects with `BrokerUnavailableError`
 *   at once while disconnected, or with `Error` on a nack, a channel/connection loss before the confirm, or
 *   no confirm within `confirmTimeoutMs`.
 * - `subscribe(sub)`: declares the consumer's queues (see the module doc) and starts consuming with
 *   `prefetch`; a non-JSON body is dead-lettered without calling the handler. Throws when the consumer
 *   name is taken or the declaration fails (`QueueArgumentsError` when a queue exists with other arguments,
 *   e.g. a classic queue from before ADR 23: its message says to run `ops queues migrate`); while disconnected
 *   it only registers the subscription, which starts on reconnection.
 * - `takeDeadLetters(consumer, max = 100)`: `basic.get`s up to `max` messages from the dlq and acks them;
 *   `body` is the parsed JSON, or the raw string when the body is not JSON. `[]` when the dlq does not exist.
 *   Throws `BrokerUnavailableError` while disconnected.
 * - `deadLetterCount(consumer)`: the dlq's ready-message count from `checkQueue` on a short-lived channel
 *   (0 when the dlq does not exist); throws `BrokerUnavailableError` while disconnected.
 * - `observer` (optional) is told `failure` when a handler throws and `outcome` once a delivery is settled:
 *   `handled` after the ack, `retried` / `dead_lettered` after the re-publish was confirmed.
 * - `close()`: stops reconnecting, cancels consumers, waits for handlers in flight, closes channels and
 *   the connection. Idempotent.
 *
 * @throws Error when the first connection (and `initialConnectRetries` retries) or its setup fails.
 */
export async function createRabbitBroker(opts: RabbitBrokerOptions): Promise<RabbitBroker> {
  const exchange = opts.exchange ?? DEFAULT_EXCHANGE;
  const policy = opts.retry ?? defaultRetryPolicy;
  const logger = (opts.logger ?? pino({ level: 'silent' })).child({ component: 'rabbitmq-broker' });
  const prefetch = Math.max(1, opts.prefetch ?? 10);
  const confirmTimeoutMs = opts.confirmTimeoutMs ?? 10_000;
  const initialDelay = opts.reconnectDelayMs ?? 200;
  const handleMessage = createDeliveryHandler({ policy, confirmTimeoutMs, logger, observer: opts.observer });

  const consumers = new Map<string, ConsumerState>();
  /** Names this process's transient queues apart from other processes'. */
  const processId = randomUUID();
  const inFlight = new Set<Promise<void>>();
  const deadModels = new WeakSet<ChannelModel>();
  let current: Connected | null = null;
  let closing = false;
  let closed: Promise<void> | undefined;

  /** Closes `model` so that amqplib's recovery reconnects and `setup` rebuilds everything. */
  function forceReconnect(model: ChannelModel, why: string): void {
    if (closing || deadModels.has(model)) return;
    logger.warn({ why }, 'RabbitMQ channel lost; reconnecting to rebuild topology');
    model.close().catch(() => {});
  }

  function onModelClosed(model: ChannelModel, err?: Error): void {
    deadModels.add(model);
    if (current?.model !== model) return;
    current = null;
    if (!closing) logger.warn({ err }, 'RabbitMQ connection lost; publishes rejected until reconnected');
  }

  function onDelivery(state: ConsumerState, model: ChannelModel, channel: ConfirmChannel) {
    return (message: ConsumeMessage | null): void => {
      if (message === null) {
        // Cancelled by the server (e.g. its queue was deleted): rebuild on a new connection.
        setImmediate(() =>
          forceReconnect(model, `consumer ${state.subscription.consumer} cancelled by server`),
        );
        return;
      }
      if (closing) return; // Left unacked: requeued when the channel closes.
      const run: Promise<void> = handleMessage(state, channel, message)
        .catch((err: unknown) => logger.error({ err }, 'unexpected error while handling a delivery'))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    };
  }

  async function startConsumer(model: ChannelModel, state: ConsumerState): Promise<void> {
    if (state.model === model && state.channel) return;
    const channel = await model.createConfirmChannel();
    channel.on('error', (err: Error) =>
      logger.warn({ err, consumer: state.subscription.consumer }, 'consumer channel error'),
    );
    try {
      await declareConsumerQueues(
        channel,
        exchange,
        state.names,
        state.subscription.events,
        state.subscription.transient,
      );
      await channel.prefetch(prefetch);
      const { consumerTag } = await channel.consume(state.names.queue, onDelivery(state, model, channel), {
        noAck: false,
      });
      state.model = model;
      state.channel = channel;
      state.consumerTag = consumerTag;
      state.subscription.onStart?.();
    } catch (err) {
      await channel.close().catch(() => {});
      throw err;
    }
    channel.on('close', () => {
      if (state.channel === channel) {
        state.channel = null;
        state.consumerTag = null;
        state.model = null;
      }
      // Deferred so a connection-wide close is seen (and the model marked dead) first.
      setImmediate(() => forceReconnect(model, `consumer channel of ${state.subscription.consumer} closed`));
    });
  }

  /** Runs after every successful (re)connect, before amqplib reports the connection as up. */
  async function setup(model: ChannelModel): Promise<void> {
    if (closing) throw new BrokerUnavailableError('broker is closing');
    model.on('error', (err: Error) => logger.warn({ err }, 'RabbitMQ connection error'));
    model.on('close', (err?: Error) => onModelClosed(model, err));
    const publisher = await model.createConfirmChannel();
    publisher.on('error', (err: Error) => logger.warn({ err }, 'publisher channel error'));
    await publisher.assertExchange(exchange, 'topic', { durable: true });
    for (const state of consumers.values()) await startConsumer(model, state);
    if (deadModels.has(model)) throw new Error('connection lost during setup');
    if (closing) throw new BrokerUnavailableError('broker is closing');
    publisher.on('close', () => setImmediate(() => forceReconnect(model, 'publisher channel closed')));
    current = { model, publisher };
    logger.info({ consumers: consumers.size }, 'RabbitMQ connected; topology declared');
  }

  const connection: RecoveringChannelModel = await connect(
    withHeartbeat(opts.url, opts.heartbeatSeconds ?? 10),
    {
      timeout: 5_000,
      recovery: {
        initialDelay,
        maxDelay: Math.max(initialDelay, opts.maxReconnectDelayMs ?? 5_000),
        maxRetries: Number.POSITIVE_INFINITY,
        initialMaxRetries: opts.initialConnectRetries ?? 3,
        setup,
      },
    },
  );
  connection.on('error', (err: Error) => logger.debug({ err }, 'RabbitMQ connection error'));
  connection.on('handler-error', (err: Error, event: string) =>
    logger.error({ err, event }, 'error thrown in a RabbitMQ event listener'),
  );
  connection.on('reconnect-scheduled', (info: { attempt: number; delay: number; error: Error }) =>
    logger.info(
      { attempt: info.attempt, delayMs: info.delay, err: info.error },
      'RabbitMQ reconnect scheduled',
    ),
  );
  connection.on('reconnect-failed', (err: Error) => logger.error({ err }, 'RabbitMQ recovery gave up'));

  /** The current connection. @throws BrokerUnavailableError while disconnected or closing. */
  function connectedModel(): ChannelModel {
    const conn = current;
    if (!conn || closing) throw new BrokerUnavailableError('RabbitMQ broker is not connected');
    return conn.model;
  }

  /** The dead-letter queue of `consumer` (declared by its subscription, else by its name). */
  function dlqOf(consumer: string): string {
    return (consumers.get(consumer)?.names ?? rabbitQueueNames(consumer, opts.queuePrefix)).dlq;
  }

  async function doClose(): Promise<void> {
    closing = true;
    for (const state of consumers.values()) {
      const { channel, consumerTag } = state;
      if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => {});
    }
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    for (const state of consumers.values()) {
      const { channel } = state;
      state.channel = null;
      state.consumerTag = null;
      state.model = null;
      if (channel) await channel.close().catch(() => {});
    }
    const publisher = current?.publisher;
    current = null;
    if (publisher) await publisher.close().catch(() => {});
    await connection.close().catch(() => {});
  }

  return {
    kind: 'rabbitmq',

    async publish(event: EventEnvelope): Promise<void> {
      const conn = current;
      if (!conn || closing) throw new BrokerUnavailableError('RabbitMQ broker is not connected');
      await publishConfirmed(
        conn.publisher,
        exchange,
        event.name,
        Buffer.from(JSON.stringify(event)),
        {
          deliveryMode: 2,
          contentType: 'application/json',
          messageId: event.id,
          type: event.name,
          correlationId: event.correlationId,
        },
        confirmTimeoutMs,
      );
    },

    async subscribe(subscription: Subscription): Promise<void> {
      if (closing) throw new BrokerUnavailableError('RabbitMQ broker is closed');
      if (consumers.has(subscription.consumer)) {
        throw new Error(`consumer ${subscription.consumer} is already subscribed`);
      }
      const state: ConsumerState = {
        subscription,
        names: rabbitQueueNames(
          subscription.transient ? `${subscription.consumer}.${processId}` : subscription.consumer,
          opts.queuePrefix,
        ),
        model: null,
        channel: null,
        consumerTag: null,
      };
      consumers.set(subscription.consumer, state);
      const conn = current;
      if (!conn) {
        logger.warn(
          { consumer: subscription.consumer },
          'subscribed while disconnected; starts on reconnection',
        );
        return;
      }
      try {
        await startConsumer(conn.model, state);
      } catch (err) {
        if (current?.model === conn.model) {
          consumers.delete(subscription.consumer);
          throw err;
        }
        logger.warn(
          { err, consumer: subscription.consumer },
          'connection lost while subscribing; retried on reconnection',
        );
      }
    },

    consumerNames(): string[] {
      return [...consumers.keys()];
    },

    async deadLetterCount(consumer: string): Promise<number> {
      return countDeadLetters(connectedModel(), dlqOf(consumer));
    },

    async takeDeadLetters(consumer: string, max = 100): Promise<DeadLetter[]> {
      return takeDeadLetters(connectedModel(), dlqOf(consumer), consumer, max);
    },

    isReady(): boolean {
      return current !== null && !closing;
    },

    close(): Promise<void> {
      closed ??= doClose();
      return closed;
    },

    _dropConnectionForTest(): void {
      const conn = current;
      if (!conn) throw new BrokerUnavailableError('RabbitMQ broker is not connected');
      // `ChannelModel.connection` is amqplib's Connection; its `stream` is the TCP socket. Destroying it
      // with an error makes amqplib see a socket error (a plain `destroy()` is only noticed at the next
      // missed heartbeat).
      const socket = (conn.model.connection as unknown as { stream: Socket }).stream;
      socket.destroy(new Error('connection dropped by _dropConnectionForTest'));
    },
  };
}
