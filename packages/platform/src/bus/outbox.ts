/**
 * Transactional outbox: `transaction(fn)` runs `fn` in one database transaction and gives it `emit`,
 * which writes an event row in that same transaction. A rolled-back transaction leaves no event; a
 * committed one is published by the relay (see relay.ts), which is woken right after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index';
import type { MessagingTables } from '../db/messaging';
import { currentCorrelationId } from '../logger';
import type { EventEnvelope } from './types';

/** Writes one event into the outbox of the current transaction and returns its envelope. */
export type Emit = <P>(name: string, payload: P, opts?: { version?: number }) => Promise<EventEnvelope<P>>;

export interface Outbox {
  /**
   * Runs `fn(tx, emit)` in a transaction; events emitted inside commit or roll back with it.
   * @throws whatever `fn` throws (after rolling back).
   */
  transaction<T>(fn: (tx: Db, emit: Emit) => Promise<T>): Promise<T>;
  /** Writes an event with an existing transaction (for code already inside one). */
  emitIn(tx: Db): Emit;
}

/** Builds the outbox of one service schema. `onCommit` is called after each committed transaction that emitted. */
export function createOutbox(opts: {
  db: Db;
  tables: MessagingTables;
  onCommit?: () => void;
  now?: () => Date;
}): Outbox {
  const now = opts.now ?? (() => new Date());
  const emitIn =
    (tx: Db): Emit =>
    async (name, payload, o) => {
      const envelope = {
        name,
        version: o?.version ?? 1,
        id: randomUUID(),
        occurredAt: now().toISOString(),
        correlationId: currentCorrelationId(),
        payload,
      };
      await tx.insert(opts.tables.outbox).values({ id: envelope.id, name, envelope });
      return envelope;
    };
  return {
    emitIn,
    async transaction(fn) {
      let emitted = false;
      const result = await opts.db.transaction(async (tx) => {
        const inner = emitIn(tx as unknown as Db);
        return fn(tx as unknown as Db, async (name, payload, o) => {
          emitted = true;
          return inner(name, payload, o);
        });
      });
      if (emitted) opts.onCommit?.();
      return result;
    },
  };
}
