/**
 * Transactional outbox: `transaction(fn)` runs `fn` in one database transaction and gives it `emit`,
 * which writes an event row in that same transaction. A rolled-back transaction leaves no event; a
 * committed one is published by the relay (see relay.ts), which is woken right after the commit. When
 * tracing runs, each envelope carries the W3C `traceparent` of the span that wrote it (types.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index';
import type { MessagingTables } from '../db/messaging';
import { currentCorrelationId } from '../logger';
import { traceEventCreated } from '../tracing/context';
import type { EventEnvelope } from './types';

/**
 * An event registry: event name → the payload it takes. The platform knows no events: the services pass
 * the contracts' `EventPayloads` (`defineService<EventPayloads>`), platform tests a registry of their own;
 * without one (`EventMap` itself) nothing can be emitted.
 */
export type EventMap = object;

/**
 * Writes one event of the registry `M` into the outbox of the current transaction and returns its
 * envelope. A name `M` does not declare, or a payload that is not its type, does not compile.
 */
export type Emit<M extends EventMap = EventMap> = <N extends keyof M & string>(
  name: N,
  payload: M[N],
  opts?: { version?: number },
) => Promise<EventEnvelope<M[N]>>;

export interface Outbox<M extends EventMap = EventMap> {
  /**
   * Runs `fn(tx, emit)` in a transaction; events emitted inside commit or roll back with it.
   * @throws whatever `fn` throws (after rolling back).
   */
  transaction<T>(fn: (tx: Db, emit: Emit<M>) => Promise<T>): Promise<T>;
  /** Writes an event with an existing transaction (for code already inside one). */
  emitIn(tx: Db): Emit<M>;
}

/**
 * Builds the outbox of one service schema, typed by the registry `M`. `onCommit` is called after each
 * committed transaction that emitted.
 */
export function createOutbox<M extends EventMap = EventMap>(opts: {
  db: Db;
  tables: MessagingTables;
  onCommit?: () => void;
  now?: () => Date;
  /** The event names this service publishes; emitting another throws (and rolls the transaction back). */
  publishes?: readonly string[];
}): Outbox<M> {
  const now = opts.now ?? (() => new Date());
  const emitIn =
    (tx: Db): Emit<M> =>
    async (name, payload, o) => {
      if (opts.publishes && !opts.publishes.includes(name)) {
        throw new Error(`event ${name} is not one this service declares it publishes`);
      }
      const id = randomUUID();
      const correlationId = currentCorrelationId();
      const envelope = {
        name,
        version: o?.version ?? 1,
        id,
        occurredAt: now().toISOString(),
        correlationId,
        // traceparent/tracestate of the event's `create` span when tracing runs (nothing otherwise).
        ...traceEventCreated({ name, id, correlationId }),
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
