/**
 * `npm run seed -- --cars 1000000 [--seed 42] [--batch 1000]`: fills the catalog database (PGlite under
 * DATA_DIR, or DATABASE_URL) with the reference data and N demo cars, for benchmarks. Streams batches, so
 * a million cars need no more memory than a thousand. Same seed → same car ids (re-running replaces them).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabase, loadConfig } from '@marketplace/platform';
import { seedReferenceData } from '../../reference-data/data/seed';
import { loadSeedData } from '../../reference-data/data/seed-data';
import { DEMO_SEED } from './generate';
import { seedDemoInventory } from './seed-demo';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The versioned reference data files and the catalog migrations (as `src/index.ts` names them). */
const dataDir = path.join(root, 'data');
const migrationsFolder = path.join(root, 'migrations');

/** `--name value` as a whole number ≥ 0, `fallback` when absent. @throws Error when not one. */
function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
  return n;
}

/** Parses the flags, prepares the database and seeds; logs progress about every 1 % of `--cars`. */
async function main() {
  const { values } = parseArgs({
    options: {
      cars: { type: 'string' },
      seed: { type: 'string' },
      batch: { type: 'string' },
    },
  });
  const count = positiveInt('cars', values.cars, 1000);
  const seed = positiveInt('seed', values.seed, DEMO_SEED);
  const batchSize = Math.max(1, positiveInt('batch', values.batch, 1000));
  const config = loadConfig();
  const database = await createDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    console.log(
      `seeding ${count} demo cars (seed ${seed}) into ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite at ${path.join(config.dataDir, 'pglite')}`}`,
    );
    await database.prepareSchema({ schema: 'catalog', migrationsFolder });
    const counts = await seedReferenceData(database.db, loadSeedData(dataDir));
    console.log(`reference data: ${JSON.stringify(counts)} (${elapsed()})`);
    const step = Math.max(batchSize, Math.ceil(count / 100 / batchSize) * batchSize);
    let lastReport = 0;
    const written = await seedDemoInventory(database.db, {
      count,
      seed,
      batchSize,
      onProgress: (n) => {
        if (n - lastReport >= step || n === count) {
          lastReport = n;
          const rate = Math.round(n / ((performance.now() - started) / 1000));
          console.log(`${n} / ${count} cars (${elapsed()}, ~${rate} cars/s)`);
        }
      },
    });
    console.log(`done: ${written} demo cars written in ${elapsed()}`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
