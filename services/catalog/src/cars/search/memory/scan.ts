/**
 * Reads of `catalog.car_docs` that feed an in-memory search index: every document or only every car's
 * index fields, in id order `batchSize` at a time (keyset paging, so memory stays flat), and the
 * document of one car.
 */
import type { BodyType, Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { asc, eq, gt } from 'drizzle-orm';
import { type CarDocRow, carDocs } from '../../data/tables';
import type { CarDocument, IndexFields } from '../types';

/** The search document of a `car_docs` row. */
function documentOf(r: CarDocRow): CarDocument {
  return {
    car: r.doc as Car,
    brandId: r.brandId,
    modelId: r.modelId,
    ...(r.variantId ? { variantId: r.variantId } : {}),
    ...(r.bodyType ? { bodyType: r.bodyType as BodyType } : {}),
    createdAt: r.createdAt,
  };
}

/** The index-field columns of `car_docs` (everything but the document). */
const fieldColumns = {
  id: carDocs.id,
  brandId: carDocs.brandId,
  modelId: carDocs.modelId,
  variantId: carDocs.variantId,
  fuelType: carDocs.fuelType,
  transmission: carDocs.transmission,
  bodyType: carDocs.bodyType,
  price: carDocs.price,
  kmDriven: carDocs.kmDriven,
  manufacturerYear: carDocs.manufacturerYear,
  ownership: carDocs.ownership,
  city: carDocs.city,
  status: carDocs.status,
  searchText: carDocs.searchText,
  createdAt: carDocs.createdAt,
};

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
    yield rows.map(documentOf);
    after = rows.at(-1)!.id;
    if (rows.length < batchSize) return;
  }
}

/**
 * Yields the index fields of every car (price in rupees, km in kilometres) in batches of at most
 * `batchSize` (default 20 000) until the table is exhausted; the documents are not read.
 */
export async function* scanIndexFields(db: Db, batchSize = 20_000): AsyncGenerator<IndexFields[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select(fieldColumns)
      .from(carDocs)
      .where(after ? gt(carDocs.id, after) : undefined)
      .orderBy(asc(carDocs.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      ...r,
      fuelType: r.fuelType as IndexFields['fuelType'],
      transmission: r.transmission as IndexFields['transmission'],
      bodyType: r.bodyType as IndexFields['bodyType'],
      ownership: r.ownership as IndexFields['ownership'],
      city: r.city ?? '',
      status: r.status as IndexFields['status'],
    }));
    after = rows.at(-1)!.id;
    if (rows.length < batchSize) return;
  }
}

/** The search document of car `id` (a UUID), or undefined when the read model does not hold it. */
export async function readCarDocument(db: Db, id: string): Promise<CarDocument | undefined> {
  const [row] = await db.select().from(carDocs).where(eq(carDocs.id, id));
  return row ? documentOf(row) : undefined;
}
