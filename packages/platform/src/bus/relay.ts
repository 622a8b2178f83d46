/**
 * Outbox relay: claims unpublished outbox rows (`FOR UPDATE SKIP LOCKED`, so several replicas never
 * publish the same row at once), publishes them in order and stamps `published_at` only after the broker
 * confirmed. A failed publish stops the batch; the row stays unpublished and is retried on the next
 * round, so events written while the broker is down go out once it is back.
 */
import { asc, count, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { MessagingTables } from '../db/messaging';
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
      const done: number[] = [];
      let failed = false;
      for (const row of rows) {
        const envelope = row.envelope as EventEnvelope;
        try {
          await broker.publish(envelope);
          done.push(row.seq);
        } catch (err) {
          failed = true;
          logger.warn(
            { err, seq: row.seq, event: envelope.name, correlationId: envelope.correlationId },
            'outbox publish failed; will retry',
          );
          await tx
            .update(outbox)
            .set({ attempts: sql`${outbox.attempts} + 1`, lastError: String((err as Error).message ?? err) })
            .where(inArray(outbox.seq, [row.seq]));
          break;
        }
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
    running = (async () => {
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
    })().finally(() => {
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
