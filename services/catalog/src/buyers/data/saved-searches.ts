/** Queries of `catalog.saved_searches` (tables.ts): a user's searches, and those whose alerts are on. */
import type { Db } from '@marketplace/platform';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type SavedSearchRow, savedSearches } from './tables';

/** The fields of a new saved search. */
export type NewSavedSearch = Pick<SavedSearchRow, 'userId' | 'name' | 'query' | 'channels' | 'frequency'>;

/** The saved searches' queries. */
export const savedSearchStore = {
  /** Takes the transaction-scoped lock of `userId`'s searches (serialises its limit checks). */
  async lockUser(db: Db, userId: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-searches:${userId}`}, 0))`);
  },

  /** How many searches `userId` has saved. */
  async count(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    return Number(row?.n ?? 0);
  },

  /** Saves `search`; resolves to its row. */
  async insert(db: Db, search: NewSavedSearch): Promise<SavedSearchRow> {
    const [row] = await db.insert(savedSearches).values(search).returning();
    return row!;
  },

  /** `userId`'s searches, newest first. */
  async list(db: Db, userId: string): Promise<SavedSearchRow[]> {
    return db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  },

  /** Deletes `userId`'s search `id`; resolves to its row, undefined when the user has no such search. */
  async remove(db: Db, userId: string, id: string): Promise<SavedSearchRow | undefined> {
    const [row] = await db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning();
    return row;
  },

  /** Turns off the alerts of search `id`; resolves to false when there is no such search. */
  async stopAlerts(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(savedSearches)
      .set({ alerts: false })
      .where(eq(savedSearches.id, id))
      .returning({ id: savedSearches.id });
    return rows.length > 0;
  },

  /**
   * Every search whose alerts are on, except those of `exceptUserId` (the car's seller; compared here, so an
   * id that is not a UUID excludes nothing instead of failing the query).
   */
  async alerting(db: Db, exceptUserId: string): Promise<SavedSearchRow[]> {
    const rows = await db.select().from(savedSearches).where(eq(savedSearches.alerts, true));
    return rows.filter((row) => row.userId !== exceptUserId);
  },
};
