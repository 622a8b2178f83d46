/**
 * Search load benchmark (issue 5 "Acceptance"): `npm run bench:cars -- [--cars 100000] [--duration 20]
 * [--connections 20] [--warmup 5] [--seed 1] [--data-dir DIR]` (DIR keeps the seeded database between runs).
 *
 * Starts the embedded system (PGlite, in-process bus, in-memory cache) on a loopback port with a temp
 * DATA_DIR, seeds N demo cars, then a child process runs autocannon against `GET /api/cars` with a random
 * filter combination per request (see `cars-queries.ts`). Prints the seeding time, req/s, p50/p99 latency,
 * errors and non-2xx, and whether the target (≥ 1 000 req/s, p99 ≤ 50 ms) is met; then stops the system
 * and removes the temp dir. The gateway has no response cache, so every request reaches the database.
 */
import fs from 'node:fs';
import { DEMO_SEED, seedDemoInventory } from '@marketplace/catalog-service';
import { createLogger, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { startEmbedded } from '../gateway/src/embedded';
import { queryVocabulary } from './cars-queries';
import { embeddedBenchArgs, embeddedBenchConfig, runLoad } from './cars-search-load';

const TARGET_RPS = 1000;
const TARGET_P99_MS = 50;

const {
  cars,
  duration,
  connections,
  warmup,
  seed,
  dataDir: keep,
} = embeddedBenchArgs({
  connections: 20,
  seed: DEMO_SEED,
});

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  // --data-dir keeps the seeded database between runs (seeding is skipped when it already holds the cars).
  const { dataDir, config } = embeddedBenchConfig(keep, 'bench-cars-');
  console.log(
    `cars search benchmark: ${cars} cars, ${duration} s at ${connections} connections (warm-up ${warmup} s)`,
  );
  const startedAt = performance.now();
  let system = await startEmbedded(config, createLogger({ level: 'silent' }));
  try {
    let db = system.infra.database.db;
    console.log(`system up (${((performance.now() - startedAt) / 1000).toFixed(1)} s, PGlite in ${dataDir})`);

    // The first start seeded 300 cars of the default seed; the same seed rewrites them, so N in all.
    const seedStart = performance.now();
    let last = 0;
    const [before] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM catalog.car_docs`);
    if ((before?.n ?? 0) < cars)
      await seedDemoInventory(db, {
        count: cars,
        seed,
        onProgress: (n) => {
          if (n - last >= Math.max(10_000, cars / 10) || n === cars) {
            last = n;
            console.log(`  seeded ${n} / ${cars} (${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
          }
        },
      });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const [counted] = await queryRows<{ n: number; used: number }>(
      db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'used')::int AS used FROM catalog.car_docs`,
    );
    console.log(
      `seeding: ${counted?.n} cars (${counted?.used} for sale) in ${seedSeconds.toFixed(1)} s (${Math.round(cars / seedSeconds)} cars/s)`,
    );

    // Restart, as an operator would after a bulk load: the catalog warms its search index from the read
    // model at start (in-memory search in embedded mode; docs/adr/0005).
    const restartStart = performance.now();
    await system.stop();
    system = await startEmbedded(config, createLogger({ level: 'silent' }));
    db = system.infra.database.db;
    const url = system.server.url;
    console.log(
      `restart with ${cars} cars (search index warm-up): ${((performance.now() - restartStart) / 1000).toFixed(1)} s`,
    );

    const vocabulary = await queryVocabulary(url, db);

    const { result } = await runLoad({
      url,
      vocabulary,
      duration,
      warmup,
      connections,
      seed,
    });
    const rps = result.requests.average;
    const { p50, p99 } = result.latency;
    const failures = result.errors + result.timeouts + result.non2xx;
    console.log('');
    console.log(`requests:      ${result.requests.total} in ${result.duration.toFixed(1)} s`);
    console.log(`throughput:    ${rps.toFixed(0)} req/s (mean of per-second samples)`);
    console.log(
      `latency:       p50 ${ms(p50)}, p90 ${ms(result.latency.p90)}, p99 ${ms(p99)}, max ${ms(result.latency.max)}`,
    );
    console.log(
      `errors:        ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
    console.log(`seeding time:  ${seedSeconds.toFixed(1)} s for ${cars} cars`);
    const met = rps >= TARGET_RPS && p99 <= TARGET_P99_MS && failures === 0;
    console.log(
      `target (≥ ${TARGET_RPS} req/s, p99 ≤ ${TARGET_P99_MS} ms, no errors): ${met ? 'MET' : 'MISSED'}` +
        (met
          ? ''
          : ` (req/s ${((rps / TARGET_RPS) * 100).toFixed(0)} % of target, p99 ${(p99 / TARGET_P99_MS).toFixed(1)}× the limit)`),
    );
  } finally {
    await system.stop();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
