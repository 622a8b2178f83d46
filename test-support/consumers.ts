/**
 * A service's event consumers under test (ADR 15): an in-memory PGlite with the service's migrations and
 * messaging tables for the tests of a file, and the platform's consumer runtime (inbox dedupe, events
 * emitted in the handler's transaction) around a consumer.
 */
import type { EventPayloads } from '@marketplace/contracts';
import {
  type Consumer,
  createDatabase,
  createLogger,
  createOutbox,
  type Database,
  type EventEnvelope,
  toSubscription,
} from '@marketplace/platform';
import { afterAll, beforeAll } from 'vitest';

/** A service's outbox and inbox tables (`messagingTables(schema)`). */
type MessagingTables = Parameters<typeof createOutbox>[0]['tables'];

/**
 * Registers hooks that open an in-memory PGlite with `schema` migrated from `migrationsFolder` before the
 * tests and close it after them. @returns the database, filled in once `beforeAll` has run.
 */
export function useMigratedDatabase(schema: string, migrationsFolder: string): Database {
  const database = {} as Database;
  beforeAll(async () => {
    Object.assign(database, await createDatabase());
    await database.prepareSchema({ schema, migrationsFolder });
  });
  afterAll(async () => {
    await database.close?.();
  });
  return database;
}

/** `subscribe(consumer)`: the consumer as the bus runs it, on `database` with the service's `tables`. */
export function subscriber(database: Database, tables: MessagingTables) {
  const logger = createLogger({ level: 'silent' });
  return <E extends EventEnvelope>(consumer: Consumer<E, EventPayloads>) =>
    toSubscription(consumer, {
      outbox: createOutbox<EventPayloads>({ db: database.db, tables }),
      tables,
      logger,
    });
}
