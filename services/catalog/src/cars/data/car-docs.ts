/**
 * Queries of the read model `catalog.car_docs` outside the search adapters: whether it holds any car (the
 * first-start demo seeding), fresh planner statistics after a bulk write, and the batches of the
 * re-announcement (events/reannounce.ts).
 */
import type { Car } from '@marketplace/contracts';
import { type Db, queryRows } from '@marketplace/platform';
import { asc, gt, sql } from 'drizzle-orm';
import { carDocs } from './tables';

/** The read model's whole-table queries. */
export const carDocStore = {
  /** True when the read model holds at least one car. */
  async any(db: Db): Promise<boolean> {
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM catalog.car_docs) AS "any"`,
    );
    return Boolean(row?.any);
  },

  /** Refreshes the planner statistics of `car_docs` (PGlite runs no autovacuum/autoanalyze). */
  async analyze(db: Db): Promise<void> {
    await db.execute(sql`ANALYZE catalog.car_docs`);
  },

  /**
   * Up to `limit` cars with an id after `after` (from the first without it), in id order, their rows
   * locked `FOR SHARE` until the transaction ends (a concurrent indexing or removal of one waits for it).
   */
  async batchForShare(
    db: Db,
    after: string | undefined,
    limit: number,
  ): Promise<Array<{ id: string; car: Car }>> {
    const rows = await db
      .select({ id: carDocs.id, doc: carDocs.doc })
      .from(carDocs)
      .where(after === undefined ? undefined : gt(carDocs.id, after))
      .orderBy(asc(carDocs.id))
      .limit(limit)
      .for('share');
    return rows.map((row) => ({ id: row.id, car: row.doc as Car }));
  },
};
