/**
 * Queries of the alerts' bookkeeping (tables.ts): `alerts_sent` (each alert once per user, car, kind and
 * key), `digest_pending` (the daily searches' matches waiting) and `digest_runs` (one row per India day whose
 * digests went out).
 */
import type { Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { and, asc, eq } from 'drizzle-orm';
import { carDocs } from '../../cars/data/tables';
import { alertsSent, digestPending, digestRuns, type SavedSearchRow, savedSearches } from './tables';

/** One alert: who is told of which car, what kind, and its key (a saved search id, or the new price). */
export interface AlertKey {
  userId: string;
  carId: string;
  kind: 'search_matched' | 'price_dropped';
  key: string;
}

/** A daily search with the cars waiting for its digest (still in the read model). */
export interface PendingDigest {
  search: SavedSearchRow;
  cars: Car[];
}

/** The alerts' queries. */
export const alertStore = {
  /** Records `alert`; resolves to true when it is new (false: it was told before). */
  async record(db: Db, alert: AlertKey): Promise<boolean> {
    const rows = await db
      .insert(alertsSent)
      .values(alert)
      .onConflictDoNothing()
      .returning({ userId: alertsSent.userId });
    return rows.length > 0;
  },

  /** True when `alert` was told before. */
  async wasSent(db: Db, alert: AlertKey): Promise<boolean> {
    const rows = await db
      .select({ userId: alertsSent.userId })
      .from(alertsSent)
      .where(
        and(
          eq(alertsSent.userId, alert.userId),
          eq(alertsSent.carId, alert.carId),
          eq(alertsSent.kind, alert.kind),
          eq(alertsSent.key, alert.key),
        ),
      );
    return rows.length > 0;
  },

  /** Keeps `carId` for the next digest of search `savedSearchId` (once). */
  async addPending(db: Db, savedSearchId: string, carId: string): Promise<void> {
    await db.insert(digestPending).values({ savedSearchId, carId }).onConflictDoNothing();
  },

  /** Drops `carId` from every pending digest (its listing was removed). */
  async dropPendingCar(db: Db, carId: string): Promise<void> {
    await db.delete(digestPending).where(eq(digestPending.carId, carId));
  },

  /** Records that the digests of India day `day` (`YYYY-MM-DD`) go out; false when they already did. */
  async claimDigestDay(db: Db, day: string): Promise<boolean> {
    const rows = await db
      .insert(digestRuns)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: digestRuns.day });
    return rows.length > 0;
  },

  /**
   * Takes every pending match (deleted in the same statement, so a match added meanwhile waits for the next
   * digest) and answers those of searches whose alerts are on, grouped per search, each with its cars still
   * for sale in the read model (oldest match first); searches left without a car are left out.
   */
  async takePendingDigests(db: Db): Promise<PendingDigest[]> {
    const taken = db.$with('taken').as(
      db.delete(digestPending).returning({
        savedSearchId: digestPending.savedSearchId,
        carId: digestPending.carId,
        matchedAt: digestPending.matchedAt,
      }),
    );
    const rows = await db
      .with(taken)
      .select({ search: savedSearches, doc: carDocs.doc })
      .from(taken)
      .innerJoin(savedSearches, eq(savedSearches.id, taken.savedSearchId))
      .innerJoin(carDocs, eq(carDocs.id, taken.carId))
      .where(and(eq(savedSearches.alerts, true), eq(carDocs.status, 'used')))
      .orderBy(asc(taken.savedSearchId), asc(taken.matchedAt), asc(taken.carId));
    const bySearch = new Map<string, PendingDigest>();
    for (const { search, doc } of rows) {
      let digest = bySearch.get(search.id);
      if (!digest) {
        digest = { search, cars: [] };
        bySearch.set(search.id, digest);
      }
      digest.cars.push(doc as Car);
    }
    return [...bySearch.values()];
  },
};
