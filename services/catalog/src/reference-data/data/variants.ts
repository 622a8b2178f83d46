/** Queries of `catalog.variants` (spec §7 "Variants"). */
import type { Db } from '@marketplace/platform';
import { and, asc, eq } from 'drizzle-orm';
import { isUuid } from '../../data/schema';
import { containsKeyword } from './keyword';
import { brands, models, type VariantRow, variants } from './tables';

/** The columns a variant is written with. */
export type VariantValues = Omit<VariantRow, 'id' | 'createdAt'>;

/** The filters of {@link variantStore.list}; `brand` and `model` are UUIDs when given. */
export interface VariantFilter {
  brand?: string | undefined;
  model?: string | undefined;
  fuelType?: string | undefined;
  transmission?: string | undefined;
  keyword?: string | undefined;
}

/** A variant with its model's and brand's ids and names. */
export interface VariantWithParents {
  variant: VariantRow;
  model: { id: string; name: string };
  brand: { id: string; name: string };
}

/** The variants' queries. */
export const variantStore = {
  /**
   * The variants matching every filter given (`keyword`: a substring of the name, any case), by brand
   * name, model name, then name.
   */
  list(db: Db, q: VariantFilter): Promise<VariantWithParents[]> {
    return db
      .select({
        variant: variants,
        model: { id: models.id, name: models.name },
        brand: { id: brands.id, name: brands.name },
      })
      .from(variants)
      .innerJoin(models, eq(models.id, variants.modelId))
      .innerJoin(brands, eq(brands.id, variants.brandId))
      .where(
        and(
          q.brand ? eq(variants.brandId, q.brand) : undefined,
          q.model ? eq(variants.modelId, q.model) : undefined,
          q.fuelType ? eq(variants.fuelType, q.fuelType) : undefined,
          q.transmission ? eq(variants.transmission, q.transmission) : undefined,
          containsKeyword(variants.name, q.keyword),
        ),
      )
      .orderBy(asc(brands.name), asc(models.name), asc(variants.name));
  },

  /** Variant `id`; undefined when unknown or not a UUID. */
  async byId(db: Db, id: string): Promise<VariantRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(variants).where(eq(variants.id, id));
    return row;
  },

  /** Inserts a variant. @throws the unique violation of a name, fuel and gearbox its model has. */
  async insert(db: Db, values: VariantValues): Promise<VariantRow> {
    const [row] = await db.insert(variants).values(values).returning();
    return row!;
  },

  /** Rewrites the named columns of variant `id` (which exists). @throws as {@link variantStore.insert}. */
  async update(
    db: Db,
    id: string,
    values: Pick<VariantValues, 'name' | 'fuelType' | 'transmission' | 'features' | 'description'>,
  ): Promise<VariantRow> {
    const [row] = await db.update(variants).set(values).where(eq(variants.id, id)).returning();
    return row!;
  },

  /** Deletes variant `id`. */
  async remove(db: Db, id: string): Promise<void> {
    await db.delete(variants).where(eq(variants.id, id));
  },
};
