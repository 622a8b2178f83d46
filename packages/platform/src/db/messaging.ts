/**
 * The platform's messaging tables, one set in each service's schema:
 * - `outbox`: events written in the same transaction as the change that caused them; the relay
 *   publishes rows whose `published_at` is null, oldest first, and stamps them once the broker confirms.
 * - `inbox`: (consumer, event_id) of every event a consumer has handled, written in the same transaction
 *   as the handler's effect, so a redelivered event changes nothing twice.
 * The DDL is idempotent and applied by `Database.prepareSchema` before the service's own migrations.
 */
import { bigserial, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle table objects for the messaging tables of `schema`. */
export function messagingTables(schema: string) {
  const s = pgSchema(schema);
  const outbox = s.table('outbox', {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique(),
    name: text('name').notNull(),
    envelope: jsonb('envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  });
  const inbox = s.table(
    'inbox',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
  return { outbox, inbox };
}

export type MessagingTables = ReturnType<typeof messagingTables>;

/** Idempotent DDL creating `schema` and its messaging tables; `schema` must already be validated. */
export function messagingDdl(schema: string): string {
  const s = `"${schema}"`;
  return `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}.outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  name text NOT NULL,
  envelope jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON ${s}.outbox (seq) WHERE published_at IS NULL;
CREATE TABLE IF NOT EXISTS ${s}.inbox (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  handled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);`;
}
