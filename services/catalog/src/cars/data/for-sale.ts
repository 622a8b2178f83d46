/**
 * The cars for sale as the sitemap needs them (issue 21): id and last change of each car of the read model
 * `catalog.car_docs` whose status is `used` — not sold (status `sold`) and not removed (a deleted listing
 * has no row) — without reading the car documents. Pages in id order (the primary key's index).
 */
import type { Db } from '@marketplace/platform';
import { asc, count, eq, sql } from 'drizzle-orm';
import { carDocs, carVersions } from './tables';

/** A car for sale: its id (UUID) and when it last changed. */
export interface CarForSale {
  id: string;
  /**
   * The listing's `updatedAt` as last applied by the projection (`catalog.car_versions`); for cars without
   * a listing (demo inventory, bulk fills) when the car was listed.
   */
  updatedAt: Date;
}

/** How many cars are for sale. */
export async function countCarsForSale(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(carDocs).where(eq(carDocs.status, 'used'));
  return Number(row?.n ?? 0);
}

/**
 * Cars for sale in id order, `limit` of them after skipping `offset`. The skipped rows are still walked in
 * the index (the 20th page of 50 000 reads about a million index entries), which the sitemap's hour of
 * caching pays for.
 */
export async function carsForSale(db: Db, page: { offset: number; limit: number }): Promise<CarForSale[]> {
  return db
    .select({
      id: carDocs.id,
      updatedAt: sql`coalesce(${carVersions.updatedAt}, ${carDocs.createdAt})`.mapWith(carDocs.createdAt),
    })
    .from(carDocs)
    .leftJoin(carVersions, eq(carVersions.id, carDocs.id))
    .where(eq(carDocs.status, 'used'))
    .orderBy(asc(carDocs.id))
    .limit(page.limit)
    .offset(page.offset);
}
