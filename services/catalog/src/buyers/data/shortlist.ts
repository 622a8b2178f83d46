/**
 * Queries of `catalog.shortlist` (tables.ts): a user's entries with the read model's current car beside
 * them, the idempotent add and remove, and the rows of one car for the alerts' consumer. Prices are rupees.
 */
import type { Car, ShortlistAvailability } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { carDocs } from '../../cars/data/tables';
import { type ShortlistRow, shortlist } from './tables';

/** A shortlist row with the read model's current car (undefined once its listing was removed). */
export interface ShortlistWithCar {
  row: ShortlistRow;
  current: Car | undefined;
}

/** The shortlist's queries. */
export const shortlistStore = {
  /** Takes the transaction-scoped lock of `userId`'s list (serialises its limit checks). */
  async lockUser(db: Db, userId: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`shortlist:${userId}`}, 0))`);
  },

  /** How many cars `userId` has shortlisted. */
  async count(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(shortlist).where(eq(shortlist.userId, userId));
    return Number(row?.n ?? 0);
  },

  /** True when `userId` has shortlisted `carId`. */
  async has(db: Db, userId: string, carId: string): Promise<boolean> {
    const rows = await db
      .select({ carId: shortlist.carId })
      .from(shortlist)
      .where(and(eq(shortlist.userId, userId), eq(shortlist.carId, carId)));
    return rows.length > 0;
  },

  /** Shortlists `car` for `userId` at its current price; an entry already there is left as it is. */
  async insert(db: Db, userId: string, car: Car): Promise<void> {
    await db
      .insert(shortlist)
      .values({ userId, carId: car._id, seenPrice: car.price, snapshot: car })
      .onConflictDoNothing();
  },

  /** Removes `carId` from `userId`'s list; resolves to true when it was there. */
  async remove(db: Db, userId: string, carId: string): Promise<boolean> {
    const rows = await db
      .delete(shortlist)
      .where(and(eq(shortlist.userId, userId), eq(shortlist.carId, carId)))
      .returning({ carId: shortlist.carId });
    return rows.length > 0;
  },

  /** The car ids of `userId`'s list, newest first. */
  async carIds(db: Db, userId: string): Promise<string[]> {
    const rows = await db
      .select({ carId: shortlist.carId })
      .from(shortlist)
      .where(eq(shortlist.userId, userId))
      .orderBy(desc(shortlist.shortlistedAt), desc(shortlist.carId));
    return rows.map((r) => r.carId);
  },

  /** `userId`'s entries, newest first, each with the read model's current car. */
  async list(db: Db, userId: string): Promise<ShortlistWithCar[]> {
    const rows = await db
      .select({ row: shortlist, doc: carDocs.doc })
      .from(shortlist)
      .leftJoin(carDocs, eq(carDocs.id, shortlist.carId))
      .where(eq(shortlist.userId, userId))
      .orderBy(desc(shortlist.shortlistedAt), desc(shortlist.carId));
    return rows.map(({ row, doc }) => ({ row, current: (doc ?? undefined) as Car | undefined }));
  },

  /** Every entry of `carId`, locked until the transaction ends. */
  async lockByCar(db: Db, carId: string): Promise<ShortlistRow[]> {
    return db.select().from(shortlist).where(eq(shortlist.carId, carId)).for('update');
  },

  /** Records `car` as last seen by every entry of it: snapshot, availability and price (rupees). */
  async recordSeen(db: Db, car: Car, availability: ShortlistAvailability): Promise<void> {
    await db
      .update(shortlist)
      .set({ snapshot: car, availability, seenPrice: car.price })
      .where(eq(shortlist.carId, car._id));
  },

  /** Marks every entry of `carId` removed (their snapshots stay). */
  async markRemoved(db: Db, carId: string): Promise<void> {
    await db.update(shortlist).set({ availability: 'removed' }).where(eq(shortlist.carId, carId));
  },

  /** Stops the price-drop alerts of `userId`'s entry of `carId`; resolves to false when there is none. */
  async stopPriceAlerts(db: Db, userId: string, carId: string): Promise<boolean> {
    const rows = await db
      .update(shortlist)
      .set({ priceAlerts: false })
      .where(and(eq(shortlist.userId, userId), eq(shortlist.carId, carId)))
      .returning({ carId: shortlist.carId });
    return rows.length > 0;
  },
};
