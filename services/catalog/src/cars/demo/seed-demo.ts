/**
 * Writes the demo inventory (see `generate.ts`) into the PostgreSQL car search documents, streaming
 * batches so any count fits in memory; and the first-start seeding of `npm start`.
 *
 * ADR 6: the first-start seeding announces every demo car with `catalog.car.indexed` (seller
 * {@link DEMO_SELLER_ID}), each batch's documents and events in one transaction, so other services (test
 * drives) know the demo cars; bulk fills for benchmarks (`npm run seed -- --cars N`) pass no outbox and
 * announce nothing.
 */
import type { EventPayloads } from '@marketplace/contracts';
import type { Db, Logger, Outbox } from '@marketplace/platform';
import { referenceSnapshot } from '../../reference-data/data/snapshot';
import { carDocStore } from '../data/car-docs';
import { toCarSummary } from '../domain/summary';
import { emitCarIndexed } from '../events/publish';
import { createPostgresSearch } from '../search/postgres/postgres';
import type { CarDocument } from '../search/types';
import { DEMO_SEED, DEMO_SELLER_ID, generateCars } from './generate';

/** Options of {@link seedDemoInventory}. */
export interface SeedDemoOptions {
  /** Number of cars to write. */
  count: number;
  /** PRNG seed (default {@link DEMO_SEED}); the same seed writes the same car ids (upserted). */
  seed?: number;
  /** Documents per `upsertMany` call (default 1000). */
  batchSize?: number;
  /** Reference time of the generator (default now). */
  now?: Date;
  /** Called after each batch with the number written so far. */
  onProgress?: (written: number) => void;
  /**
   * When given, each batch is written in one outbox transaction that also emits `catalog.car.indexed` for
   * each of its cars (ADR 6). Absent (bulk fills): documents only, no events.
   */
  outbox?: Outbox<EventPayloads>;
}

/** Cars seeded on the first start of an empty catalog. */
export const FIRST_START_DEMO_CARS = 300;
/** Cars per transaction of the first-start seeding (documents plus their `catalog.car.indexed` events). */
export const FIRST_START_BATCH = 100;

/**
 * Generates `opts.count` demo cars from the catalog's reference data in `db` and upserts them in
 * batches; resolves to the number written. Idempotent per seed (same ids, documents replaced).
 * @throws Error when the reference data is missing (run `seedReferenceData` first).
 */
export async function seedDemoInventory(db: Db, opts: SeedDemoOptions): Promise<number> {
  const batchSize = Math.max(1, opts.batchSize ?? 1000);
  const reference = await referenceSnapshot(db);
  const search = createPostgresSearch(db);
  const { outbox } = opts;
  let batch: CarDocument[] = [];
  let written = 0;
  const flush = async () => {
    if (outbox) {
      const docs = batch;
      await outbox.transaction(async (tx, emit) => {
        await createPostgresSearch(tx).upsertMany(docs);
        for (const doc of docs)
          await emitCarIndexed(emit, toCarSummary(doc.car, doc.car.seller ?? DEMO_SELLER_ID));
      });
    } else {
      await search.upsertMany(batch);
    }
    written += batch.length;
    batch = [];
    opts.onProgress?.(written);
  };
  for (const doc of generateCars({
    count: opts.count,
    seed: opts.seed ?? DEMO_SEED,
    ...reference,
    ...(opts.now ? { now: opts.now } : {}),
  })) {
    batch.push(doc);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  // Fresh planner statistics for the filters (PGlite runs no autovacuum/autoanalyze).
  await carDocStore.analyze(db);
  return written;
}

/**
 * First start (`npm start`): seeds {@link FIRST_START_DEMO_CARS} demo cars when `catalog.car_docs` is
 * empty, so restarts add nothing and real listings are never mixed with a re-seed. With `opts.outbox`
 * (the catalog service passes its own) each demo car is announced with `catalog.car.indexed`, in batches
 * of {@link FIRST_START_BATCH} per transaction (ADR 6). Resolves to the number written (0 when there were
 * cars already).
 */
export async function seedDemoOnFirstStart(
  db: Db,
  opts: { logger?: Logger; outbox?: Outbox<EventPayloads> } = {},
): Promise<number> {
  const { logger, outbox } = opts;
  if (await carDocStore.any(db)) return 0;
  const written = await seedDemoInventory(db, {
    count: FIRST_START_DEMO_CARS,
    batchSize: FIRST_START_BATCH,
    ...(outbox ? { outbox } : {}),
  });
  logger?.info({ cars: written }, 'catalog demo inventory seeded (first start)');
  return written;
}
