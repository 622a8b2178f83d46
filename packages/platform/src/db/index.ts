/**
 * Database port: one Drizzle ORM query layer over two adapters.
 * - `pglite`: PostgreSQL compiled to WebAssembly, in process, files under a directory (embedded mode;
 *   one instance holds every service's schema, see docs/adr/0003).
 * - `postgres`: node-postgres pool on DATABASE_URL (distributed mode).
 * PGlite and its Drizzle driver are loaded only when a PGlite database is opened: they are a dependency of the
 * embedded runner (the root package.json, `npm start`), not of the services' images (issue 26).
 * Each service owns one PostgreSQL schema; `prepareSchema` applies the service's Drizzle migrations
 * (the first creates the schema) and then the platform's messaging tables (outbox, inbox) at start.
 */
import fs from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { messagingDdl } from './messaging';

/** A Drizzle database or transaction; both run queries. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Applies the Drizzle migrations in `migrationsFolder`, then creates `schema` (if still missing) and its outbox/inbox tables. */
  prepareSchema(opts: { schema: string; migrationsFolder?: string }): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL → node-postgres; absent → PGlite. */
  url?: string;
  /** PGlite data directory; absent → in memory (tests). */
  dataDir?: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
}

/**
 * Runs a raw SQL query and returns its rows (both drivers answer `{ rows }`). Prefer the query builder;
 * this is for statements it cannot express.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** True when `err` (or its cause, as Drizzle wraps driver errors) is a PostgreSQL unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `fn`; when it fails with a unique violation, throws `conflict()` instead (e.g. a 409 naming the
 * field). A check before the insert gives the friendly answer; this covers the race between two writers.
 */
export async function onUniqueViolation<T>(
  fn: () => Promise<T>,
  conflict: () => Error | Promise<Error>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw await conflict();
    throw err;
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Validates a schema name (it is interpolated into DDL). @throws Error when not a plain identifier. */
export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return schema;
}

/**
 * Where Drizzle records applied migrations: table `drizzle.__migrations_<schema>`. Kept outside the
 * service schema because drizzle-kit's first migration creates that schema itself.
 */
function migrationConfig(schema: string, migrationsFolder: string) {
  return { migrationsFolder, migrationsSchema: 'drizzle', migrationsTable: `__migrations_${schema}` };
}

/** Opens the database chosen by `opts` (see DatabaseOptions). */
export async function createDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  return opts.url ? createPostgres(opts.url, opts.poolSize ?? 10) : createPglite(opts.dataDir);
}

/** @throws Error saying what to do when PGlite is not installed (a service image without DATABASE_URL). */
async function createPglite(dataDir?: string): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  ).catch((cause: unknown) => {
    throw new Error('DATABASE_URL is not set and the embedded database (PGlite) is not installed here', {
      cause,
    });
  });
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async prepareSchema({ schema, migrationsFolder }) {
      assertSchemaName(schema);
      if (migrationsFolder && fs.existsSync(migrationsFolder)) {
        await migratePglite(drizzlePglite(client), migrationConfig(schema, migrationsFolder));
      }
      await client.exec(messagingDdl(schema));
    },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function createPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it and the next query reports any lasting fault */
  });
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async prepareSchema({ schema, migrationsFolder }) {
      const client = await pool.connect();
      try {
        // One migrator at a time across replicas starting together.
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
        await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        assertSchemaName(schema);
        if (migrationsFolder && fs.existsSync(migrationsFolder)) {
          await migrateNodePg(drizzleNodePg(client), migrationConfig(schema, migrationsFolder));
        }
        await client.query(messagingDdl(schema));
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
