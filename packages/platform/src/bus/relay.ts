/**
 * Outbox relay: claims unpublished outbox rows (`FOR UPDATE SKIP LOCKED`, so several replicas never
 * publish the same row at once), publishes them in order (pipelined: the whole batch is handed to the
 * broker before its confirms are awaited) and stamps `published_at` only after the broker confirmed. A
 * failed publish ends the stamping at that row; it stays unpublished and is retried on the next round (with
 * any later row of the batch, which may then go out twice), so events written while the broker is down go
 * out once it is back. With tracing on, each event is published in the trace context stored with it
 * (its `traceparent`), so the publish joins the trace of the request that wrote the event.
 */
import { asc, count, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { MessagingTables } from '../db/messaging';
import { detachedFromTrace, withTraceCarrier } from '../tracing/context';
import type { Broker, EventEnvelope } from './types';

export interface Relay {
  /** Starts polling every `pollMs`. */
  start(): void;
  /** Asks for a round as soon as possible (called after a commit that emitted). */
  wake(): void;
  /** Runs rounds until nothing is left or a publish fails; resolves to the number published (tests, shutdown). */
  drain(): Promise<number>;
  /** Rows waiting and the age in ms of the oldest (the outbox lag, for metrics and readiness). */
  lag(): Promise<{ unpublished: number; oldestAgeMs: number }>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export interface RelayOptions {
  db: Db;
  tables: MessagingTables;
  broker: Broker;
  logger: Logger;
  /** Poll interval in ms (default 1000). */
  pollMs?: number;
  /** Rows claimed per round (default 100). */
  batchSize?: number;
}

/** Creates the relay for one service schema. */
export function createRelay(opts: RelayOptions): Relay {
  const { db, broker, logger } = opts;
  const { outbox } = opts.tables;
  const pollMs = opts.pollMs ?? 1_000;
  const batchSize = opts.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  /** One round: returns [published, more rows may be waiting]. */
  async function round(): Promise<[number, boolean]> {
    if (!broker.isReady()) return [0, false];
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ seq: outbox.seq, envelope: outbox.envelope })
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.seq))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      // Pipelined: every row of the batch is handed to the broker in order (one channel keeps that order)
      // before any confirm is awaited, so a batch costs one confirm round trip, not one per row (a queue
      // bound to persistent messages made per-row confirms ~20 ms each: 50 events a second per outbox).
      // Stamped: the rows up to the first failure; a later row the broker took anyway is published again
      // next round (at least once, as ever).
      // Each event is published in the trace context stored with it (the span that wrote it), not in
      // whatever is active here: the publish span (amqplib's, RabbitMQ) joins the writer's trace.
      const outcomes = await Promise.allSettled(
        rows.map((row) => {
          const envelope = row.envelope as EventEnvelope;
          return withTraceCarrier(envelope, () => broker.publish(envelope));
        }),
      );
      const done: number[] = [];
      let failed = false;
      for (const [i, row] of rows.entries()) {
        const outcome = outcomes[i]!;
        if (outcome.status === 'fulfilled') {
          done.push(row.seq);
          continue;
        }
        failed = true;
        const envelope = row.envelope as EventEnvelope;
        const err = outcome.reason as Error;
        logger.warn(
          { err, seq: row.seq, event: envelope.name, correlationId: envelope.correlationId },
          'outbox publish failed; will retry',
        );
        await tx
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, lastError: String(err?.message ?? err) })
          .where(inArray(outbox.seq, [row.seq]));
        break;
      }
      if (done.length > 0) {
        await tx.update(outbox).set({ publishedAt: new Date() }).where(inArray(outbox.seq, done));
      }
      return [done.length, !failed && rows.length === batchSize];
    });
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const [n, more] = await round();
      total += n;
      if (!more) return total;
    }
  }

  function kick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    // Detached from the trace of whoever woke it (a request's commit): a round belongs to no request.
    running = detachedFromTrace(async () => {
      let total = 0;
      do {
        again = false;
        try {
          total += await drainOnce();
        } catch (err) {
          logger.error({ err }, 'outbox relay round failed');
        }
      } while (again && !stopped);
      return total;
    }).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void kick(), pollMs);
      timer.unref();
      void kick();
    },
    wake() {
      if (!stopped) setImmediate(() => void kick());
    },
    drain: () => kick(),
    async lag() {
      const [row] = await db
        .select({ n: count(), oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(isNull(outbox.publishedAt));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      return { unpublished: Number(row?.n ?? 0), oldestAgeMs: oldest ? Date.now() - oldest : 0 };
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
