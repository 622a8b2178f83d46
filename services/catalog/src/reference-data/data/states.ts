/** Queries of `catalog.states` (spec §5: the states and union territories with their RTO prefixes). */
import type { Db } from '@marketplace/platform';
import { asc, eq } from 'drizzle-orm';
import { isUuid } from '../../data/schema';
import { containsKeyword } from './keyword';
import { type StateRow, states } from './tables';

/** The states' queries. */
export const stateStore = {
  /** The states whose name contains `keyword` (any case; all without one), by name. */
  list(db: Db, keyword: string | undefined): Promise<StateRow[]> {
    return db.select().from(states).where(containsKeyword(states.name, keyword)).orderBy(asc(states.name));
  },

  /** State `id`; undefined when unknown or not a UUID. */
  async byId(db: Db, id: string): Promise<StateRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(states).where(eq(states.id, id));
    return row;
  },
};
