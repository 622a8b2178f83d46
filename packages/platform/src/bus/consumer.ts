/**
 * Consumer runtime: turns a service's `Consumer` (or `Listener`) into a broker `Subscription`.
 * Each delivery is validated against the consumer's schema (a failure is a poison message: dead-lettered
 * at once), then handled in one transaction that first records (consumer, event id) in the inbox; an event
 * already in the inbox is acknowledged without running the handler again. A thrown handler error rolls the
 * transaction back (inbox row included) so the broker's retry runs it afresh. With tracing on, each
 * handling is a span (`process <event>`) in the trace of the request that wrote the event
 * (tracing/context.ts).
 */
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import type { Db } from '../db/index';
import type { MessagingTables } from '../db/messaging';
import { runWithContext } from '../logger';
import { type ConsumeInfo, traceCarrierOf, traceConsume } from '../tracing/context';
import type { Emit, EventMap, Outbox } from './outbox';
import { type EventEnvelope, PoisonMessageError, type Subscription } from './types';

/** What a consumer's handler gets; `M` is the event registry its `emit` is typed by. */
export interface ConsumerContext<M extends EventMap = EventMap> {
  /** The transaction holding the inbox row; write the handler's effect with it. */
  tx: Db;
  /** Emits follow-up events in the same transaction. */
  emit: Emit<M>;
  logger: Logger;
  /** 1 for the first delivery. */
  attempt: number;
  /**
   * Runs `task` once the transaction has committed (e.g. invalidating a cache, which must not happen while
   * readers still see the old state). Best effort: a failure is logged, not retried, and nothing runs when
   * the transaction rolls back or the process dies first.
   */
  afterCommit(task: () => Promise<void>): void;
}

export interface Consumer<E extends EventEnvelope = EventEnvelope, M extends EventMap = EventMap> {
  /** Unique name across the system, `<service>.<purpose>`, e.g. `notification.otp-sms`. */
  name: string;
  /** Event names it receives. */
  events: string[];
  /** Envelope schema (from packages/contracts); a message failing it is dead-lettered. */
  schema: ZodType<E>;
  handle(event: E, ctx: ConsumerContext<M>): Promise<void>;
}

/**
 * A per-process listener: every process of the service receives each event (a transient subscription,
 * e.g. to keep an in-process index current in every replica). There is no inbox and no transaction, so
 * `handle` must be idempotent and take its effect from current state (re-read the row the event names)
 * rather than from the event order. Events published while the process was disconnected from the broker
 * never arrive: `onStart` runs each time deliveries (re)start and rebuilds what the listener derives.
 */
export interface Listener<E extends EventEnvelope = EventEnvelope> {
  /** Unique name across the system, `<service>.<purpose>`; each process's queues are named after it. */
  name: string;
  /** Event names it receives. */
  events: string[];
  /** Envelope schema; a message failing it is dead-lettered. */
  schema: ZodType<E>;
  /** Throws → retried like a consumer's delivery. */
  handle(event: E, ctx: { logger: Logger }): Promise<void>;
  /** Catches up (see above); a failure is logged and retried every {@link LISTENER_START_RETRY_MS}. */
  onStart?(): Promise<void>;
}

/** Delay before a failed `Listener.onStart` runs again, in ms. */
export const LISTENER_START_RETRY_MS = 5_000;

/** Wraps `listener` for the broker as a transient subscription (see {@link Listener}). */
export function listenerSubscription<E extends EventEnvelope>(
  listener: Listener<E>,
  deps: { logger: Logger },
): Subscription {
  const logger = deps.logger.child({ listener: listener.name });
  let starts = 0;
  const start = listener.onStart?.bind(listener);
  return {
    consumer: listener.name,
    events: listener.events,
    transient: true,
    onStart: start
      ? () => {
          const run = ++starts;
          const attempt = () =>
            start().catch((err: unknown) => {
              logger.error({ err }, 'listener start failed; retrying');
              if (run === starts) setTimeout(attempt, LISTENER_START_RETRY_MS).unref();
            });
          void attempt();
        }
      : undefined,
    async handle({ body, attempt }) {
      const event = parseEvent(listener.schema, body);
      await runWithContext({ requestId: event.id, correlationId: event.correlationId }, () =>
        traceConsume(consumeInfo(listener.name, event, attempt, body), () =>
          listener.handle(event, { logger: logger.child({ event: event.name, eventId: event.id }) }),
        ),
      );
    },
  };
}

/** What the consumer's span records of a delivery (tracing/context.ts); `body` holds the creation context. */
function consumeInfo(consumer: string, event: EventEnvelope, attempt: number, body: unknown): ConsumeInfo {
  return {
    consumer,
    event: event.name,
    eventId: event.id,
    correlationId: event.correlationId,
    attempt,
    envelope: traceCarrierOf(body),
  };
}

/** `body` validated by `schema`. @throws PoisonMessageError naming the first invalid field. */
function parseEvent<E>(schema: ZodType<E>, body: unknown): E {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PoisonMessageError(
      `invalid event: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** Wraps `consumer` for the broker, deduping through the inbox of the owning service's schema. */
export function toSubscription<E extends EventEnvelope, M extends EventMap = EventMap>(
  consumer: Consumer<E, M>,
  deps: { outbox: Outbox<M>; tables: MessagingTables; logger: Logger },
): Subscription {
  const { inbox } = deps.tables;
  return {
    consumer: consumer.name,
    events: consumer.events,
    async handle({ body, attempt }) {
      const event = parseEvent(consumer.schema, body);
      const ctx = { requestId: event.id, correlationId: event.correlationId };
      await runWithContext(ctx, () =>
        traceConsume(consumeInfo(consumer.name, event, attempt, body), async () => {
          const logger = deps.logger.child({ consumer: consumer.name, event: event.name, eventId: event.id });
          const committed: Array<() => Promise<void>> = [];
          const afterCommit = (task: () => Promise<void>) => {
            committed.push(task);
          };
          const outcome = await deps.outbox.transaction(async (tx, emit) => {
            committed.length = 0;
            const fresh = await tx
              .insert(inbox)
              .values({ consumer: consumer.name, eventId: event.id })
              .onConflictDoNothing()
              .returning({ eventId: inbox.eventId });
            if (fresh.length === 0) return 'duplicate' as const;
            await consumer.handle(event, { tx, emit, logger, attempt, afterCommit });
            return 'handled' as const;
          });
          for (const task of committed) {
            await task().catch((err: unknown) => logger.warn({ err }, 'after-commit task failed'));
          }
          logger.debug({ outcome, attempt }, 'event consumed');
        }),
      );
    },
  };
}
