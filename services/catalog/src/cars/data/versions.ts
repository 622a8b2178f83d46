/**
 * Queries of `catalog.car_versions`: the newest listing state the projection applied per car (`updatedAt`
 * of the listing, ms precision) and whether the listing was deleted (see tables.ts).
 */
import type { Db } from '@marketplace/platform';
import { eq } from 'drizzle-orm';
import { carVersions } from './tables';

/** What the projection applied last of a car. */
export type AppliedVersion = typeof carVersions.$inferSelect;

/** The car versions' queries (run in the projection's transaction). */
export const carVersionStore = {
  /** Records that car `id` was deleted (`at`: the event's time when nothing was applied before). */
  async markDeleted(db: Db, id: string, at: Date): Promise<void> {
    await db
      .insert(carVersions)
      .values({ id, updatedAt: at, deleted: true })
      .onConflictDoUpdate({ target: carVersions.id, set: { deleted: true } });
  },

  /** The version applied of car `id`, its row locked until the transaction ends; undefined when none. */
  async lock(db: Db, id: string): Promise<AppliedVersion | undefined> {
    const [row] = await db.select().from(carVersions).where(eq(carVersions.id, id)).for('update');
    return row;
  },

  /** Records `updatedAt` as the version applied of car `id`. */
  async record(db: Db, id: string, updatedAt: Date): Promise<void> {
    await db
      .insert(carVersions)
      .values({ id, updatedAt })
      .onConflictDoUpdate({ target: carVersions.id, set: { updatedAt } });
  },
};
