/**
 * One database suite, two adapters: PGlite (in memory) and the real PostgreSQL server.
 * Under CI=true the PostgreSQL variant fails when the server is missing (test-support/servers.ts).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { integer, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServer } from '../../../../test-support/servers';
import { createDatabase, type Database, messagingTables, queryRows } from '../../src/index';

const FIXTURE_SCHEMA = 'platform_fixture';
const migrationsFolder = path.join(import.meta.dirname, 'fixtures', 'migrations');
const widgets = pgSchema(FIXTURE_SCHEMA).table('widgets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  colour: text('colour').notNull().default('red'),
});
const counters = pgSchema(FIXTURE_SCHEMA).table('counters', { n: integer('n').notNull() });

/** Removes the fixture schema and its migration journal (the real server keeps both between runs). */
async function dropFixture(database: Database) {
  await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${FIXTURE_SCHEMA}" CASCADE`));
  await database.db.execute(sql.raw(`DROP TABLE IF EXISTS drizzle.__migrations_${FIXTURE_SCHEMA}`));
}

// Under CI=true this throws when PostgreSQL is missing, failing the file (never a skip).
const postgresUrl = await requireServer('postgres');

describe.each([
  { adapter: 'pglite', url: undefined, skip: false },
  { adapter: 'postgres', url: postgresUrl, skip: !postgresUrl },
])('database on $adapter', ({ adapter, url, skip }) => {
  let database: Database | undefined;

  beforeAll(async () => {
    if (skip) return;
    database = await createDatabase(url ? { url, poolSize: 3 } : {});
    await dropFixture(database);
    await database.prepareSchema({ schema: FIXTURE_SCHEMA, migrationsFolder });
    await database.db.execute(sql.raw(`CREATE TABLE "${FIXTURE_SCHEMA}".counters (n integer NOT NULL)`));
  });

  afterAll(async () => {
    if (!database) return;
    await dropFixture(database);
    await database.close();
  });

  if (skip) it.skip('needs a PostgreSQL server', () => {});
  else defineTests();

  function defineTests() {
    it('reports the adapter and answers ping', async () => {
      expect(database!.kind).toBe(adapter);
      expect(await database!.ping()).toBe(true);
    });

    it('applies every migration in order, and only once', async () => {
      await database!.db.insert(widgets).values({ name: 'first' });
      const [row] = await database!.db.select().from(widgets);
      expect(row).toMatchObject({ name: 'first', colour: 'red' });
      await database!.prepareSchema({ schema: FIXTURE_SCHEMA, migrationsFolder });
      const applied = await queryRows<{ n: number }>(
        database!.db,
        sql.raw(`SELECT count(*)::int AS n FROM drizzle.__migrations_${FIXTURE_SCHEMA}`),
      );
      expect(applied[0]?.n).toBe(2);
    });

    it('creates the outbox and inbox tables in the service schema', async () => {
      const { outbox, inbox } = messagingTables(FIXTURE_SCHEMA);
      expect(await database!.db.select().from(outbox)).toEqual([]);
      expect(await database!.db.select().from(inbox)).toEqual([]);
    });

    it('rolls back a failed transaction completely', async () => {
      await expect(
        database!.db.transaction(async (tx) => {
          await tx.insert(counters).values({ n: 1 });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await database!.db.select().from(counters)).toEqual([]);
      await database!.db.transaction(async (tx) => {
        await tx.insert(counters).values({ n: 2 });
      });
      expect(await database!.db.select().from(counters)).toEqual([{ n: 2 }]);
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(database!.prepareSchema({ schema: 'x"; DROP TABLE y; --' })).rejects.toThrow(
        'Invalid schema name',
      );
    });

    it('offers pg_trgm for search', async () => {
      const [row] = await queryRows<{ s: number }>(
        database!.db,
        sql`SELECT similarity('maruti', 'maruthi') AS s`,
      );
      expect(Number(row?.s)).toBeGreaterThan(0.3);
    });
  }
});
