/**
 * Housekeeping of the messaging tables (`messaging.ts`; `npm run ops -- outbox prune | inbox prune`,
 * issue 26): both tables only grow, one row per event published or handled.
 *
 * - {@link pruneOutbox} deletes outbox rows the relay has published (`published_at` set) longer ago than
 *   the given age. An unpublished row is never deleted: it is an event still owed to the broker.
 * - {@link pruneInbox} deletes inbox rows handled longer ago than the given age. A row only matters while a
 *   copy of its event can still arrive (a redelivery, a retry, a replayed dead letter): once it is gone, such
 *   a copy is handled again. Choose the age above every redelivery window (docs/operations.md
 *   "Housekeeping").
 *
 * Both delete in batches of at most `batchSize` rows (default {@link PRUNE_BATCH}), one statement each,
 * selected by primary key, so no statement holds locks on a large table for long and each commits on its
 * own; a second run with the same age deletes nothing more (idempotent). The cut-off is read once from the
 * database's clock (`now()` minus the age), so the application host's clock does not matter. A schema
 * without the table (a service that never started against this database) deletes nothing and reports
 * `missing`.
 */
import { sql } from 'drizzle-orm';
import { assertSchemaName, type Db, queryRows } from './index';

/** Rows per `DELETE` statement of the prune functions: 10 000 (a few tens of ms per batch on PostgreSQL). */
export const PRUNE_BATCH = 10_000;

/** Options of {@link pruneOutbox} and {@link pruneInbox}. */
export interface PruneOptions {
  /** Age in milliseconds: rows published (outbox) or handled (inbox) longer ago are deleted; > 0. */
  olderThanMs: number;
  /** Rows per statement (default {@link PRUNE_BATCH}); a whole number ≥ 1. */
  batchSize?: number;
  /** Called after each batch with the number of rows deleted so far. */
  onBatch?: (deleted: number) => void;
}

/** What a prune did in one schema. */
export interface PruneResult {
  /** Rows deleted. */
  deleted: number;
  /** The cut-off (database clock): rows stamped before it were deleted. */
  cutoff: Date;
  /** True when the schema has no such table (nothing was deleted). */
  missing: boolean;
}

/**
 * Deletes the outbox rows of `schema` published before `now() - olderThanMs`, in batches by `seq`; never
 * a row whose `published_at` is null.
 * @throws Error when `schema` is not a plain identifier, `olderThanMs` is not a positive number or
 *   `batchSize` not a whole number ≥ 1; the database's error when a statement fails (batches committed
 *   before it stay deleted).
 */
export function pruneOutbox(db: Db, schema: string, opts: PruneOptions): Promise<PruneResult> {
  const table = sql.raw(`"${assertSchemaName(schema)}".outbox`);
  return prune(db, schema, 'outbox', opts, (cutoff, limit) =>
    queryRows<{ n: number }>(
      db,
      sql`WITH gone AS (
            DELETE FROM ${table} WHERE seq IN (
              SELECT seq FROM ${table}
              WHERE published_at IS NOT NULL AND published_at < ${cutoff}
              ORDER BY seq LIMIT ${limit})
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    ),
  );
}

/**
 * Deletes the inbox rows of `schema` (every consumer's) handled before `now() - olderThanMs`, in batches
 * by primary key (consumer, event id).
 * @throws as {@link pruneOutbox}.
 */
export function pruneInbox(db: Db, schema: string, opts: PruneOptions): Promise<PruneResult> {
  const table = sql.raw(`"${assertSchemaName(schema)}".inbox`);
  return prune(db, schema, 'inbox', opts, (cutoff, limit) =>
    queryRows<{ n: number }>(
      db,
      sql`WITH gone AS (
            DELETE FROM ${table} WHERE (consumer, event_id) IN (
              SELECT consumer, event_id FROM ${table} WHERE handled_at < ${cutoff} LIMIT ${limit})
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    ),
  );
}

/** The shared loop: validates, reads the cut-off, runs `batch` until it deletes fewer than a batch. */
async function prune(
  db: Db,
  schema: string,
  name: 'outbox' | 'inbox',
  opts: PruneOptions,
  batch: (cutoff: string, limit: number) => Promise<Array<{ n: number }>>,
): Promise<PruneResult> {
  const { olderThanMs } = opts;
  if (!Number.isFinite(olderThanMs) || olderThanMs <= 0) {
    throw new Error(`olderThanMs must be a positive number of milliseconds (got ${olderThanMs})`);
  }
  const limit = opts.batchSize ?? PRUNE_BATCH;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`batchSize must be a whole number ≥ 1 (got ${limit})`);
  const [row] = await queryRows<{ cutoff: string; ms: number; present: boolean }>(
    db,
    sql`SELECT c::text AS cutoff, (extract(epoch FROM c) * 1000)::float8 AS ms,
               to_regclass(${`"${schema}".${name}`}) IS NOT NULL AS present
        FROM (SELECT now() - ${Math.round(olderThanMs)} * interval '1 millisecond' AS c) AS t`,
  );
  // The statements compare with PostgreSQL's own text of the cut-off (microseconds kept).
  const cutoff = row!.cutoff;
  const result = { deleted: 0, cutoff: new Date(Number(row!.ms)), missing: !row!.present };
  if (result.missing) return result;
  for (;;) {
    const n = (await batch(cutoff, limit))[0]?.n ?? 0;
    result.deleted += n;
    if (n > 0) opts.onBatch?.(result.deleted);
    if (n < limit) return result;
  }
}
