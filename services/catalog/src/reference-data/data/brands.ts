/** Queries of `catalog.brands` (spec §7 "Brands"). */
import type { Db } from '@marketplace/platform';
import { asc, eq } from 'drizzle-orm';
import { isUuid } from '../../data/schema';
import { containsKeyword } from './keyword';
import { type BrandRow, brands } from './tables';

/** The columns a brand is created with (`website` and `logoKey` null when absent). */
export type NewBrand = Pick<BrandRow, 'name' | 'country' | 'founded' | 'website' | 'logoKey'>;

/** The brands' queries. */
export const brandStore = {
  /** The brands whose name contains `keyword` (any case; all without one), by name. */
  list(db: Db, keyword: string | undefined): Promise<BrandRow[]> {
    return db.select().from(brands).where(containsKeyword(brands.name, keyword)).orderBy(asc(brands.name));
  },

  /** Brand `id`; undefined when unknown or not a UUID. */
  async byId(db: Db, id: string): Promise<BrandRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(brands).where(eq(brands.id, id));
    return row;
  },

  /** Inserts a brand. @throws the unique violation of a name that exists (any case). */
  async insert(db: Db, values: NewBrand): Promise<BrandRow> {
    const [row] = await db.insert(brands).values(values).returning();
    return row!;
  },

  /**
   * Sets `changes` on brand `id`; the updated row, undefined when there is no such brand.
   * @throws the unique violation of a name that exists (any case).
   */
  async update(db: Db, id: string, changes: Partial<NewBrand>): Promise<BrandRow | undefined> {
    const [row] = await db.update(brands).set(changes).where(eq(brands.id, id)).returning();
    return row;
  },

  /** Deletes brand `id`; the deleted row, undefined when there is no such brand. */
  async remove(db: Db, id: string): Promise<BrandRow | undefined> {
    const [row] = await db.delete(brands).where(eq(brands.id, id)).returning();
    return row;
  },
};
