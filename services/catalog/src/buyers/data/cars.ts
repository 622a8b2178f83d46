/**
 * The cars the buyers' tools point at, read from the catalog's read model `catalog.car_docs`
 * (cars/data/tables.ts): the API car and the indexed values a saved search is matched against.
 */
import type { Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { eq } from 'drizzle-orm';
import { type CarDocRow, carDocs } from '../../cars/data/tables';
import { isUuid } from '../../data/schema';

/** The read model's row of car `id` (the API car in `doc`), or undefined when it holds no such car. */
export async function carRow(db: Db, id: string): Promise<CarDocRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(carDocs).where(eq(carDocs.id, id)).limit(1);
  return row;
}

/** The API car of `row` (spec §3 "Car (as read)", as `GET /api/cars/{id}` answers it). */
export const carOf = (row: CarDocRow): Car => row.doc as Car;
