/**
 * What still refers to a brand, a model or a variant: the rows a delete must wait for (the foreign keys
 * RESTRICT the reference tables; the cars of the read model have none, so the API checks them here).
 */
import type { Db } from '@marketplace/platform';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { carDocs } from '../../cars/data/tables';
import { models, variants } from './tables';

/** The columns that refer to reference data, by what they are. */
export const referrers = {
  modelsOfBrand: models.brandId,
  carsOfBrand: carDocs.brandId,
  variantsOfModel: variants.modelId,
  carsOfModel: carDocs.modelId,
  carsOfVariant: carDocs.variantId,
} satisfies Record<string, PgColumn>;

/** True when a row of `column`'s table has `id` in `column` (one indexed lookup, `LIMIT 1`). */
export async function isReferenced(db: Db, column: PgColumn, id: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(column.table).where(eq(column, id)).limit(1);
  return rows.length > 0;
}
