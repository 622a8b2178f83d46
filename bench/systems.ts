/**
 * The systems under test of the benchmarks that fill the catalog first (bench:price-insight, bench:pages):
 * started, filled by the benchmark's `fill`, then restarted (the catalog loads its search index from the read
 * model at start, ADR 5 and 14), as an operator would after a bulk load.
 *
 * - embedded: `startEmbedded` on PGlite in a temp DATA_DIR (or `--data-dir`, kept), cars-search-load.ts
 *   `embeddedBenchConfig`;
 * - distributed: the launcher (`npm run start:distributed`'s code) on the local PostgreSQL, RabbitMQ and Redis,
 *   isolated as the distributed tests are (own databases, exchange, queues and Redis prefix, removed
 *   afterwards); the gateway serves the remotes itself.
 */
import fs from 'node:fs';
import { seedDemoInventory } from '@marketplace/catalog-service';
import { createDatabase, createLogger, type Db, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { startEmbedded } from '../gateway/src/embedded';
import { isolatedEnvironment } from '../gateway/test/distributed-support';
import { startDistributed } from '../scripts/distributed/launcher';
import { serverUrls } from '../test-support/servers';
import { embeddedBenchConfig } from './cars-search-load';

/** A system under test: where to send requests, the catalog's database, and how to stop it. */
export interface BenchSystem {
  /** The gateway's URL (the embedded system's, or the distributed gateway's). */
  url: string;
  /** The catalog process's own URL (distributed mode), for runs without the gateway hop. */
  catalogUrl?: string;
  db: Db;
  stop(): Promise<void>;
}

/**
 * Seeds `cars` demo cars (seed `seed`) into `db` unless it holds that many already (a kept `--data-dir`); the
 * system's first start seeded 300 cars of the default seed, which the same seed rewrites. Resolves to the
 * seconds it took.
 */
export async function seedCars(db: Db, cars: number, seed: number): Promise<number> {
  const start = performance.now();
  const [before] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM catalog.car_docs`);
  if ((before?.n ?? 0) < cars) await seedDemoInventory(db, { count: cars, seed });
  return (performance.now() - start) / 1000;
}

/**
 * The embedded system in `dataDir` (kept) or a temp dir named `<prefix>…` (removed by `stop`), filled by
 * `fill`, then restarted. `frontEnds`: serve the repository's built front ends (server-rendered pages), not
 * an empty web root.
 */
export async function embeddedSystem(opts: {
  dataDir?: string | undefined;
  prefix: string;
  frontEnds?: boolean;
  fill: (db: Db) => Promise<void>;
}): Promise<BenchSystem> {
  const { dataDir, config } = embeddedBenchConfig(opts.dataDir, opts.prefix, { frontEnds: opts.frontEnds });
  const filling = await startEmbedded(config, createLogger({ level: 'silent' }));
  try {
    await opts.fill(filling.infra.database.db);
  } finally {
    await filling.stop();
  }
  const system = await startEmbedded(config, createLogger({ level: 'silent' }));
  return {
    url: system.server.url,
    db: system.infra.database.db,
    async stop() {
      await system.stop();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The distributed system on the local servers (isolated), filled by `fill`, its catalog restarted. */
export async function distributedSystem(opts: { fill: (db: Db) => Promise<void> }): Promise<BenchSystem> {
  const { env, cleanUp } = await isolatedEnvironment(
    { postgresUrl: serverUrls.postgres, amqpUrl: serverUrls.rabbitmq, redisUrl: serverUrls.redis },
    { LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '1000000000' },
  );
  const system = await startDistributed({ env, output: () => {}, color: false, remotes: false });
  const database = await createDatabase({ url: system.settings.databaseUrls.catalog, poolSize: 2 });
  const stop = async () => {
    await database.close();
    await system.stop();
    await cleanUp();
  };
  try {
    await opts.fill(database.db);
    for (const name of system.settings.replicas.catalog) await system.processes[name]?.restart();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: system.urls.gateway, catalogUrl: system.urls.services.catalog, db: database.db, stop };
}
