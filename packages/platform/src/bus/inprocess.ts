/**
 * In-process `Broker` adapter (embedded mode): one Node process, no server.
 *
 * It mimics the RabbitMQ adapter's observable behaviour so services and tests can swap the two:
 * topic routing with AMQP `*`/`#` wildcards, one queue per consumer, prefetch-bounded concurrency,
 * deliveries that never run inside the `publish` call, bodies that cross a JSON "wire" (each handler gets
 * its own deep copy), timed retries with `retryDelayMs`, and an in-memory dead-letter queue per consumer.
 *
 * With tracing on, the event's `traceparent` travels in the body (the envelope) and each delivery runs
 * detached from the trace that published it, so the consumer's span (consumer.ts) takes the event's own
 * creation context as its parent.
 *
 * Unlike RabbitMQ nothing is durable: messages still queued or waiting for a retry are lost with the
 * process, and `close()` drops them.
 */
import pino, { type Logger } from 'pino';
import { detachedFromTrace } from '../tracing/context';
import {
  type Broker,
  type BusObserver,
  type DeadLetter,
  defaultRetryPolicy,
  type EventEnvelope,
  PoisonMessageError,
  type RetryPolicy,
  retryDelayMs,
  type Subscription,
} from './types';

/** Options of `createInProcessBroker`. */
export interface InProcessBrokerOptions {
  /** Retry policy for failing handlers (default `defaultRetryPolicy`). */
  retry?: RetryPolicy;
  /** Logger for retries and dead letters (default: silent). */
  logger?: Logger;
  /** Deliveries in flight per consumer at most (default 10). */
  prefetch?: number;
  /** Told each delivery's outcome and each handler failure (metrics). */
  observer?: BusObserver;
}

/** The in-process broker: a `Broker` plus a hook to inject raw (possibly malformed) message bodies. */
export interface InProcessBroker extends Broker {
  readonly kind: 'inprocess';
  /**
   * Routes a raw message body (any string, not necessarily JSON) with `routingKey`, as a foreign or broken
   * producer would. For tests of non-JSON handling; services use `publish`.
   * @throws Error when the broker is closed.
   */
  publishRaw(routingKey: string, content: string): Promise<void>;
}

/**
 * AMQP topic matching: true when `routingKey` matches the binding `pattern`. Both are dot-separated
 * words; in the pattern `*` stands for exactly one word and `#` for zero or more words.
 * E.g. `listing.*` matches `listing.created` but not `listing.photo.added`; `listing.#` matches both and
 * `listing` itself; `#` matches everything.
 */
export function topicMatches(pattern: string, routingKey: string): boolean {
  const p = pattern.split('.');
  const k = routingKey.split('.');
  // memo[i][j]: does p[i..] match k[j..]? (undefined = not computed yet)
  const memo: (boolean | undefined)[][] = p.map(() => []);
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    const row = memo[i]!;
    const known = row[j];
    if (known !== undefined) return known;
    const word = p[i];
    let result: boolean;
    if (word === '#') {
      // `#` swallows zero words, or one word and stays.
      result = match(i + 1, j) || (j < k.length && match(i, j + 1));
    } else if (j === k.length) {
      result = false;
    } else {
      result = (word === '*' || word === k[j]) && match(i + 1, j + 1);
    }
    row[j] = result;
    return result;
  };
  return match(0, 0);
}

/** The `correlationId` of an event body, for log lines outside the handler's context; undefined otherwise. */
function correlationIdOf(body: unknown): string | undefined {
  const id = (body as { correlationId?: unknown } | null | undefined)?.correlationId;
  return typeof id === 'string' ? id : undefined;
}

interface QueuedMessage {
  /** The serialized body, as it would travel over a wire. */
  content: string;
  /** 1-based delivery number. */
  attempt: number;
}

interface ConsumerState {
  subscription: Subscription;
  queue: QueuedMessage[];
  active: number;
  deadLetters: DeadLetter[];
  pumpScheduled: boolean;
}

/**
 * Creates an in-process broker (kind `inprocess`).
 *
 * - `publish(event)` serializes the event and enqueues one copy per subscription with a binding that
 *   matches `event.name` (a subscription gets one copy even when several of its patterns match); it
 *   resolves once enqueued and never runs handlers synchronously (deliveries start on `setImmediate`).
 *   Events with no matching subscription are dropped, like an unroutable message on a topic exchange.
 * - Each consumer runs at most `prefetch` (default 10) handlers at once.
 * - A handler that throws is redelivered after `retryDelayMs(retry, attempt)` ms; after
 *   `retry.maxAttempts` failed deliveries, on a `PoisonMessageError`, or for a non-JSON body (the
 *   handler is then not called) the message goes to the consumer's in-memory dead-letter list.
 * - `deadLetterCount(consumer)` is the length of its dead-letter list; `observer` (optional) is told
 *   `failure` when a handler throws and each delivery's `outcome` (`handled`, `retried`, `dead_lettered`).
 * - `close()` cancels pending retry timers, drops queued messages and waits for handlers in flight.
 *
 * `publish`, `publishRaw` and `subscribe` throw `Error` after `close()`; `subscribe` also throws when the
 * consumer name is already subscribed.
 */
export function createInProcessBroker(opts: InProcessBrokerOptions = {}): InProcessBroker {
  const policy = opts.retry ?? defaultRetryPolicy;
  const logger = opts.logger ?? pino({ level: 'silent' });
  const prefetch = Math.max(1, opts.prefetch ?? 10);
  const observer = opts.observer;
  const consumers = new Map<string, ConsumerState>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new Error('in-process broker is closed');
  }

  function schedulePump(state: ConsumerState): void {
    if (state.pumpScheduled || closed) return;
    state.pumpScheduled = true;
    setImmediate(() => {
      state.pumpScheduled = false;
      pump(state);
    });
  }

  function pump(state: ConsumerState): void {
    while (!closed && state.active < prefetch && state.queue.length > 0) {
      const message = state.queue.shift()!;
      state.active += 1;
      // Detached from whatever trace scheduled the pump: the consumer's span takes the event's own context.
      const run = detachedFromTrace(() => deliver(state, message)).finally(() => {
        state.active -= 1;
        inFlight.delete(run);
        if (state.queue.length > 0) schedulePump(state);
      });
      inFlight.add(run);
    }
  }

  function deadLetter(state: ConsumerState, message: QueuedMessage, reason: string): void {
    let body: unknown;
    try {
      body = JSON.parse(message.content);
    } catch {
      body = message.content;
    }
    const consumer = state.subscription.consumer;
    state.deadLetters.push({ consumer, body, attempts: message.attempt, reason });
    observer?.outcome(consumer, 'dead_lettered');
    logger.error(
      { consumer, attempts: message.attempt, reason, correlationId: correlationIdOf(body) },
      'message dead-lettered',
    );
  }

  async function deliver(state: ConsumerState, message: QueuedMessage): Promise<void> {
    const { subscription } = state;
    let body: unknown;
    try {
      body = JSON.parse(message.content);
    } catch (err) {
      deadLetter(state, message, `body is not JSON: ${(err as Error).message}`);
      return;
    }
    try {
      await subscription.handle({ body, attempt: message.attempt });
      observer?.outcome(subscription.consumer, 'handled');
    } catch (err) {
      observer?.failure(subscription.consumer);
      const reason = err instanceof Error ? err.message : String(err);
      if (err instanceof PoisonMessageError || message.attempt >= policy.maxAttempts) {
        deadLetter(state, message, reason);
        return;
      }
      if (closed) return;
      const delay = retryDelayMs(policy, message.attempt);
      observer?.outcome(subscription.consumer, 'retried');
      logger.warn(
        {
          consumer: subscription.consumer,
          attempt: message.attempt,
          delayMs: delay,
          err,
          correlationId: correlationIdOf(body),
        },
        'handler failed; will retry',
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (closed) return;
        state.queue.push({ content: message.content, attempt: message.attempt + 1 });
        schedulePump(state);
      }, delay);
      timers.add(timer);
    }
  }

  function route(routingKey: string, content: string): void {
    for (const state of consumers.values()) {
      if (state.subscription.events.some((pattern) => topicMatches(pattern, routingKey))) {
        state.queue.push({ content, attempt: 1 });
        schedulePump(state);
      }
    }
  }

  return {
    kind: 'inprocess',

    async publish(event: EventEnvelope): Promise<void> {
      assertOpen();
      route(event.name, JSON.stringify(event));
    },

    async publishRaw(routingKey: string, content: string): Promise<void> {
      assertOpen();
      route(routingKey, content);
    },

    async subscribe(subscription: Subscription): Promise<void> {
      assertOpen();
      if (consumers.has(subscription.consumer)) {
        throw new Error(`consumer ${subscription.consumer} is already subscribed`);
      }
      consumers.set(subscription.consumer, {
        subscription,
        queue: [],
        active: 0,
        deadLetters: [],
        pumpScheduled: false,
      });
      subscription.onStart?.();
    },

    consumerNames(): string[] {
      return [...consumers.keys()];
    },

    async deadLetterCount(consumer: string): Promise<number> {
      return consumers.get(consumer)?.deadLetters.length ?? 0;
    },

    async takeDeadLetters(consumer: string, max = 100): Promise<DeadLetter[]> {
      const state = consumers.get(consumer);
      if (!state) return [];
      return state.deadLetters.splice(0, Math.max(0, max));
    },

    isReady(): boolean {
      return !closed;
    },

    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const state of consumers.values()) state.queue.length = 0;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
