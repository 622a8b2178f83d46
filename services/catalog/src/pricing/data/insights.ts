/**
 * Queries of `catalog.price_insights` (tables.ts): the endpoints read a row by key (or a page's bands), the
 * consumer and the bulk computation write them; a car of the read model with its row, for a car without one.
 */

import type { PriceBand } from '@marketplace/contracts';
import { type Db, queryRows } from '@marketplace/platform';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { carDocs } from '../../cars/data/tables';
import { isUuid } from '../../data/schema';
import { type PriceInsightRow, priceInsights } from './tables';

/** A car of the read model as the endpoint and the consumer see it, with its stored insight (or null). */
export interface CarWithInsight {
  id: string;
  brandId: string;
  modelId: string;
  status: string;
  /** Rupees. */
  price: number;
  year: number;
  km: number;
  state: string | null;
  insight: PriceInsightRow | null;
}

/** The prepared read of one insight row by car id, per database. */
const byCarStatements = new WeakMap<Db, ReturnType<typeof prepareByCar>>();

function prepareByCar(db: Db) {
  return db
    .select()
    .from(priceInsights)
    .where(eq(priceInsights.carId, sql.placeholder('carId')))
    .limit(1)
    .prepare('catalog_price_insight_by_car');
}

function byCarStatement(db: Db): ReturnType<typeof prepareByCar> {
  let statement = byCarStatements.get(db);
  if (!statement) {
    statement = prepareByCar(db);
    byCarStatements.set(db, statement);
  }
  return statement;
}

/** Rows per insert statement (14 columns each, far below PostgreSQL's 65 535 parameters). */
const CHUNK = 1000;

/** The price insights' queries. */
export const insightStore = {
  /**
   * Car `carId` with its insight row (one query, both by primary key); undefined when the read model holds
   * no such car (or it is no UUID).
   */
  async carWithInsight(db: Db, carId: string): Promise<CarWithInsight | undefined> {
    if (!isUuid(carId)) return undefined;
    const [row] = await db
      .select({
        id: carDocs.id,
        brandId: carDocs.brandId,
        modelId: carDocs.modelId,
        status: carDocs.status,
        price: carDocs.price,
        year: carDocs.manufacturerYear,
        km: carDocs.kmDriven,
        state: sql<string | null>`${carDocs.doc}->'location'->>'state'`,
        insight: priceInsights,
      })
      .from(carDocs)
      .leftJoin(priceInsights, eq(priceInsights.carId, carDocs.id))
      .where(eq(carDocs.id, carId))
      .limit(1);
    return row;
  },

  /** The bands of those of `carIds` that have an insight row, by car id (ids that are no UUID skipped). */
  async bandsOf(db: Db, carIds: readonly string[]): Promise<Record<string, PriceBand>> {
    const ids = carIds.filter(isUuid);
    if (ids.length === 0) return {};
    const rows = await db
      .select({ carId: priceInsights.carId, band: priceInsights.band })
      .from(priceInsights)
      .where(inArray(priceInsights.carId, ids));
    return Object.fromEntries(rows.map((r) => [r.carId, r.band]));
  },

  /**
   * The insight row of car `carId`, or undefined: the endpoint's read, a prepared statement per database
   * (planned once, not per request: half of the read's time at 100 000 cars, bench/README.md).
   */
  async byCar(db: Db, carId: string): Promise<PriceInsightRow | undefined> {
    if (!isUuid(carId)) return undefined;
    const [row] = await byCarStatement(db).execute({ carId });
    return row;
  },

  /**
   * Inserts or replaces `rows` (in car id order, so concurrent recomputations lock alike), replacing a row
   * only with a newer one (`updatedAt`, the time its cars were read).
   */
  async upsertMany(db: Db, rows: PriceInsightRow[]): Promise<void> {
    const sorted = [...rows].sort((a, b) => (a.carId < b.carId ? -1 : a.carId > b.carId ? 1 : 0));
    for (let i = 0; i < sorted.length; i += CHUNK) {
      await db
        .insert(priceInsights)
        .values(sorted.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: priceInsights.carId,
          set: {
            modelId: sql`excluded.model_id`,
            brandId: sql`excluded.brand_id`,
            band: sql`excluded.band`,
            price: sql`excluded.price`,
            expectedLow: sql`excluded.expected_low`,
            expectedHigh: sql`excluded.expected_high`,
            median: sql`excluded.median`,
            comparables: sql`excluded.comparables`,
            basis: sql`excluded.basis`,
            prices: sql`excluded.prices`,
            fingerprint: sql`excluded.fingerprint`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: lte(priceInsights.updatedAt, sql`excluded.updated_at`),
        });
    }
  },

  /** Deletes the rows of model `modelId` not in `keep` that are not newer than `readAt`. */
  async deleteOthers(db: Db, modelId: string, keep: string[], readAt: Date): Promise<void> {
    await db.delete(priceInsights).where(
      and(
        eq(priceInsights.modelId, modelId),
        lte(priceInsights.updatedAt, readAt),
        // One jsonb parameter whatever the number of cars (a list of parameters would hit the limit).
        sql`${priceInsights.carId} NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb)::uuid)`,
      ),
    );
  },

  /** Deletes the row of car `carId` (a car no longer in the read model). */
  async deleteCar(db: Db, carId: string): Promise<void> {
    if (!isUuid(carId)) return;
    await db.delete(priceInsights).where(eq(priceInsights.carId, carId));
  },

  /** Refreshes the planner statistics of `price_insights` after a bulk write. */
  async analyze(db: Db): Promise<void> {
    await db.execute(sql`ANALYZE catalog.price_insights`);
  },

  /** The distinct models (with brands) of the cars for sale (the bulk computation's work list). */
  async modelsForSale(db: Db): Promise<Array<{ modelId: string; brandId: string }>> {
    return queryRows(
      db,
      sql`SELECT DISTINCT model_id AS "modelId", brand_id AS "brandId" FROM catalog.car_docs WHERE status = 'used'`,
    );
  },
};
