/**
 * Event bus ports.
 *
 * Delivery is at-least-once end to end: services write events to their transactional outbox
 * (`outbox.ts`), the relay (`relay.ts`) hands them to a `Broker`, and consumers (`consumer.ts`)
 * dedupe by event id in an inbox table. A `Broker` has two adapters: in-process (`inprocess.ts`,
 * embedded mode) and RabbitMQ (`rabbitmq.ts`, distributed mode).
 */

/** The wire shape of every event (see packages/contracts for each event's payload schema). */
export interface EventEnvelope<P = unknown> {
  /** Event name, also the routing key, e.g. `auth.otp.requested`. */
  name: string;
  /** Schema version of the payload, starting at 1. */
  version: number;
  /** UUID; consumers dedupe on it. */
  id: string;
  /** ISO-8601 timestamp of the change that produced the event. */
  occurredAt: string;
  /** Correlation id of the request (or event) that caused this one; carried into logs. */
  correlationId: string;
  /**
   * W3C Trace Context (https://www.w3.org/TR/trace-context/) of the span that wrote the event, when tracing
   * ran (tracing/index.ts): `00-<trace id>-<span id>-<flags>`. The relay publishes the event in this context
   * and consumers' spans join its trace. Absent when tracing is off; consumers' schemas ignore it.
   */
  traceparent?: string;
  /** The W3C `tracestate` that went with {@link traceparent}, when there was one. */
  tracestate?: string;
  payload: P;
}

/** Retry policy for failing handlers: delay for attempt n (1-based) is min(baseDelayMs * 2^(n-1), maxDelayMs). */
export interface RetryPolicy {
  /** Total deliveries before the message is dead-lettered (first try included). */
  maxAttempts: number;
  /** Delay before the first retry, in ms. */
  baseDelayMs: number;
  /** Upper bound on any single retry delay, in ms. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 60_000 };

/** Delay in ms before retrying after failed attempt `attempt` (1-based). */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxDelayMs);
}

/**
 * Thrown by a handler (or the consumer runtime) for a message that can never succeed, e.g. one that
 * fails its schema. The broker dead-letters it at once instead of retrying.
 */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

/** What a broker delivers to a subscription handler. */
export interface Delivery {
  /** The message body parsed as JSON (not yet validated); `undefined` when the body is not JSON. */
  body: unknown;
  /** 1 for the first delivery, 2 for the first retry, ... */
  attempt: number;
}

/** One consumer's subscription at the broker level. */
export interface Subscription {
  /** Unique consumer name, e.g. `notification.otp-sms`; names its queue, retry queue and dead-letter queue. */
  consumer: string;
  /** Event names (routing keys) to receive; `*` and `#` wildcards as in AMQP topic exchanges. */
  events: string[];
  /**
   * Resolves → the message is acknowledged. Throws → retried after `retryDelayMs`, dead-lettered once
   * `maxAttempts` deliveries failed. Throws `PoisonMessageError` (or the body is not JSON) → dead-lettered at once.
   */
  handle(delivery: Delivery): Promise<void>;
  /**
   * Every process gets its own copy of each event (default: the processes subscribed under one name
   * share its queue, each event going to one of them). RabbitMQ gives such a subscription queues of its
   * own, named `<consumer>.<process id>` and deleted with the connection, so events published while it is
   * disconnected never reach it: {@link onStart} is where it catches up.
   */
  transient?: boolean;
  /**
   * Called each time deliveries (re)start, after the queue is bound (so no later event is missed), not
   * awaited; must not throw. A transient subscriber rebuilds the state it derives from events here.
   */
  onStart?: () => void;
}

/** A dead-lettered message, as kept in the consumer's dead-letter queue. */
export interface DeadLetter {
  consumer: string;
  body: unknown;
  /** Deliveries made before it was dead-lettered. */
  attempts: number;
  /** The last error's message. */
  reason: string;
}

/** How a delivery ended: acknowledged, scheduled for a retry, or moved to the dead-letter queue. */
export type ConsumerOutcome = 'handled' | 'retried' | 'dead_lettered';

/**
 * Hooks a broker calls as deliveries finish (metrics.ts counts them). Calls are synchronous and must not
 * throw. `outcome` is called once per delivery, after the broker settled it (ack, confirmed retry or
 * dead-letter re-publish); `failure` once per delivery whose handler threw (before its outcome).
 */
export interface BusObserver {
  outcome(consumer: string, outcome: ConsumerOutcome): void;
  failure(consumer: string): void;
}

export interface Broker {
  /** `inprocess` or `rabbitmq`. */
  readonly kind: string;
  /**
   * Publishes one event to the topic exchange with routing key `event.name`.
   * Resolves only once the broker has confirmed it (RabbitMQ publisher confirm).
   * @throws when the broker is unreachable or refuses the message; the caller keeps it for later.
   */
  publish(event: EventEnvelope): Promise<void>;
  /** Declares the consumer's queues and starts delivering to it (prefetch-bounded, manual ack). */
  subscribe(subscription: Subscription): Promise<void>;
  /** Removes up to `max` messages from the consumer's dead-letter queue and returns them (operators, tests). */
  takeDeadLetters(consumer: string, max?: number): Promise<DeadLetter[]>;
  /**
   * Messages currently in the consumer's dead-letter queue (metrics): RabbitMQ's message count of
   * `<q>.dlq` (0 when it does not exist), the in-process list's length.
   * @throws BrokerUnavailableError (RabbitMQ) while disconnected.
   */
  deadLetterCount(consumer: string): Promise<number>;
  /** Names of the consumers subscribed through this broker (operators, test cleanup). */
  consumerNames(): string[];
  /** True while the broker can accept publishes. */
  isReady(): boolean;
  /** Stops consuming, waits for handlers in flight, closes connections. */
  close(): Promise<void>;
}
