/** Queries of `catalog.models` (spec §7 "Models"). */
import type { Db } from '@marketplace/platform';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { isUuid } from '../../data/schema';
import { containsKeyword } from './keyword';
import { brands, type ModelRow, models } from './tables';

/** The columns a model is written with. */
export type ModelValues = Omit<ModelRow, 'id' | 'createdAt'>;

/** A model with its brand's id and name. */
export interface ModelWithBrand {
  model: ModelRow;
  brand: { id: string; name: string };
}

/** The models' queries. */
export const modelStore = {
  /**
   * The models of brand `brand` (all without one; a UUID when given) on sale in `year` (launch year ≤ year
   * ≤ last year; any year without one) whose name contains `keyword` (any case), by brand name then name.
   */
  list(
    db: Db,
    filter: { brand?: string | undefined; year?: number | undefined; keyword?: string | undefined },
  ): Promise<ModelWithBrand[]> {
    const { brand, year, keyword } = filter;
    return db
      .select({ model: models, brand: { id: brands.id, name: brands.name } })
      .from(models)
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(
        and(
          brand ? eq(models.brandId, brand) : undefined,
          year ? and(lte(models.year, year), or(isNull(models.yearTo), gte(models.yearTo, year))) : undefined,
          containsKeyword(models.name, keyword),
        ),
      )
      .orderBy(asc(brands.name), asc(models.name));
  },

  /** The models of the brands `brandIds`, by name. */
  async ofBrands(db: Db, brandIds: string[]): Promise<ModelRow[]> {
    if (brandIds.length === 0) return [];
    return db.select().from(models).where(inArray(models.brandId, brandIds)).orderBy(asc(models.name));
  },

  /** Model `id`; undefined when unknown or not a UUID. */
  async byId(db: Db, id: string): Promise<ModelRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(models).where(eq(models.id, id));
    return row;
  },

  /** Model `id` with its brand's id and name; undefined when unknown or not a UUID. */
  async withBrand(db: Db, id: string): Promise<ModelWithBrand | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({ model: models, brand: { id: brands.id, name: brands.name } })
      .from(models)
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(eq(models.id, id));
    return row;
  },

  /** Inserts a model. @throws the unique violation of a name its brand has (any case). */
  async insert(db: Db, values: ModelValues): Promise<ModelRow> {
    const [row] = await db.insert(models).values(values).returning();
    return row!;
  },

  /** Rewrites model `id` (which exists). @throws the unique violation of a name its brand has. */
  async update(db: Db, id: string, values: Omit<ModelValues, 'brandId'>): Promise<ModelRow> {
    const [row] = await db.update(models).set(values).where(eq(models.id, id)).returning();
    return row!;
  },

  /** Deletes model `id`. */
  async remove(db: Db, id: string): Promise<void> {
    await db.delete(models).where(eq(models.id, id));
  },
};
