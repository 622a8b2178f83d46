/**
 * The services' PostgreSQL databases in distributed mode (settings.ts `databaseUrls`): created before the
 * first start, dropped by tests and `--fresh`. Each is managed through its server's `postgres` database.
 */
import pg from 'pg';
import type { DistributedSettings } from './settings';

/** Runs `use` with a client of the `postgres` database on the server of `url`, and the database's name. */
async function onServerOf(
  url: string,
  use: (client: pg.Client, name: string) => Promise<void>,
): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await use(client, name);
  } finally {
    await client.end();
  }
}

/** `name` as a quoted SQL identifier. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates each service's database when missing (on the server of its DATABASE_URL, through that server's
 * `postgres` database). @throws Error when PostgreSQL cannot be reached or refuses.
 */
export async function ensureDatabases(settings: DistributedSettings): Promise<void> {
  for (const url of Object.values(settings.databaseUrls)) {
    await onServerOf(url, async (client, name) => {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        await client.query(`CREATE DATABASE ${quoted(name)}`).catch((err: { code?: string }) => {
          if (err.code !== '42P04') throw err; // created meanwhile
        });
      }
    });
  }
}

/** Drops each service's database (tests, `--fresh`); connections are terminated. Missing ones are ignored. */
export async function dropDatabases(settings: DistributedSettings): Promise<void> {
  for (const url of Object.values(settings.databaseUrls)) {
    await onServerOf(url, async (client, name) => {
      await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    });
  }
}
