/** Queries of `catalog.rtos` (spec §5: the RTO offices, each with a unique code such as `KA-01`). */
import type { Db } from '@marketplace/platform';
import { and, asc, eq, or } from 'drizzle-orm';
import { isUuid } from '../../data/schema';
import { containsKeyword } from './keyword';
import { type RtoRow, rtos } from './tables';

/** The columns an RTO is written with. */
export type RtoValues = Pick<RtoRow, 'stateId' | 'city' | 'code'>;

/** The RTO offices' queries. */
export const rtoStore = {
  /**
   * The offices of state `state` (all without one) whose code or city contains `keyword` (any case), by
   * code. `state` must be a UUID when given.
   */
  list(db: Db, filter: { state?: string | undefined; keyword?: string | undefined }): Promise<RtoRow[]> {
    const { state, keyword } = filter;
    return db
      .select()
      .from(rtos)
      .where(
        and(
          state ? eq(rtos.stateId, state) : undefined,
          keyword ? or(containsKeyword(rtos.code, keyword), containsKeyword(rtos.city, keyword)) : undefined,
        ),
      )
      .orderBy(asc(rtos.code));
  },

  /** Office `id`; undefined when unknown or not a UUID. */
  async byId(db: Db, id: string): Promise<RtoRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(rtos).where(eq(rtos.id, id));
    return row;
  },

  /** Inserts an office. @throws the unique violation of a code that exists. */
  async insert(db: Db, values: RtoValues): Promise<RtoRow> {
    const [row] = await db.insert(rtos).values(values).returning();
    return row!;
  },

  /** Rewrites office `id` (which exists). @throws the unique violation of a code that exists. */
  async update(db: Db, id: string, values: RtoValues): Promise<RtoRow> {
    const [row] = await db.update(rtos).set(values).where(eq(rtos.id, id)).returning();
    return row!;
  },

  /** Deletes office `id`; the deleted row, undefined when unknown or not a UUID. */
  async remove(db: Db, id: string): Promise<RtoRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.delete(rtos).where(eq(rtos.id, id)).returning();
    return row;
  },
};
