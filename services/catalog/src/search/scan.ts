/**
 * Reads every search document of `catalog.car_docs` in id order, `batchSize` at a time (keyset paging,
 * so memory stays flat); used to fill an in-memory search index at start.
 */
import type { BodyType, Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { asc, gt } from 'drizzle-orm';
import { carDocs } from './schema';
import type { CarDocument } from './types';

/** Yields batches of documents (at most `batchSize`, default 5 000) until the table is exhausted. */
export async function* scanCarDocuments(db: Db, batchSize = 5_000): AsyncGenerator<CarDocument[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(carDocs)
      .where(after ? gt(carDocs.id, after) : undefined)
      .orderBy(asc(carDocs.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      car: r.doc as Car,
      brandId: r.brandId,
      modelId: r.modelId,
      ...(r.variantId ? { variantId: r.variantId } : {}),
      ...(r.bodyType ? { bodyType: r.bodyType as BodyType } : {}),
      createdAt: r.createdAt,
    }));
    after = rows.at(-1)!.id;
    if (rows.length < batchSize) return;
  }
}
