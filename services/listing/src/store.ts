/**
 * Listing tables (schema `listing`) and their queries. One row per car listed for sale (spec §3 "Car
 * listing"): ids of the catalog's brand, model, variant, state and RTO with a snapshot of the brand,
 * model and variant names (for the seller's list without a call to the catalog; kept current from
 * `catalog.*.changed`, see events.ts), typed columns for what is filtered or sorted (seller, creation
 * time) and `jsonb` for the nested documents. `price` is in whole rupees; `specifications.kmDriven` in km.
 */
import type { CarImage, CarListing } from '@marketplace/contracts';
import { type Db, messagingTables } from '@marketplace/platform';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const schema = pgSchema('listing');

export const cars = schema.table(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seller's user id (auth). */
    sellerId: uuid('seller_id').notNull(),
    brandId: uuid('brand_id').notNull(),
    brandName: text('brand_name').notNull(),
    modelId: uuid('model_id').notNull(),
    modelName: text('model_name').notNull(),
    variantId: uuid('variant_id').notNull(),
    variantName: text('variant_name').notNull(),
    manufacturerYear: integer('manufacturer_year').notNull(),
    condition: text('condition').$type<CarListing['condition']>().notNull(),
    fuelType: text('fuel_type').$type<CarListing['fuelType']>().notNull(),
    transmission: text('transmission').$type<CarListing['transmission']>().notNull(),
    status: text('status').$type<CarListing['status']>().notNull(),
    stateId: uuid('state_id').notNull(),
    rtoId: uuid('rto_id').notNull(),
    /** Whole rupees. */
    price: bigint('price', { mode: 'number' }).notNull(),
    description: text('description'),
    location: jsonb('location').$type<CarListing['location']>().notNull(),
    /** Registration, engine (cc), insurance, spare key, km driven, ownership. */
    specifications: jsonb('specifications').$type<CarListing['specifications']>().notNull(),
    history: jsonb('history').$type<string[]>().notNull(),
    /** Images as confirmed by the storage service: `{ key, url, sizes }`, in display order. */
    images: jsonb('images').$type<CarImage[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cars_seller_idx').on(t.sellerId, t.createdAt.desc(), t.id),
    index('cars_brand_idx').on(t.brandId),
    index('cars_model_idx').on(t.modelId),
    index('cars_variant_idx').on(t.variantId),
  ],
);

export type CarRow = typeof cars.$inferSelect;
export type NewCar = typeof cars.$inferInsert;
/** The fields `PUT /api/cars/{carId}` may change. */
export type CarChanges = Partial<
  Pick<NewCar, 'price' | 'description' | 'status' | 'images' | 'specifications'>
>;

export const tables = messagingTables('listing');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (ids from paths and events are checked before they reach a uuid column). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

const nameColumns = {
  brand: { idColumn: cars.brandId, nameColumn: cars.brandName, field: 'brandName' },
  model: { idColumn: cars.modelId, nameColumn: cars.modelName, field: 'modelName' },
  variant: { idColumn: cars.variantId, nameColumn: cars.variantName, field: 'variantName' },
} as const;

/** Data access of the listing service; every method takes the executor (db or transaction). */
export const carStore = {
  /** The car with id `id`, or undefined (also for an id that is not a UUID). */
  async byId(db: Db, id: string): Promise<CarRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(cars).where(eq(cars.id, id));
    return row;
  },
  /** The seller's cars, newest first. */
  async bySeller(db: Db, sellerId: string): Promise<CarRow[]> {
    if (!isUuid(sellerId)) return [];
    return db
      .select()
      .from(cars)
      .where(eq(cars.sellerId, sellerId))
      .orderBy(desc(cars.createdAt), desc(cars.id));
  },
  async insert(db: Db, car: NewCar): Promise<CarRow> {
    const [row] = await db.insert(cars).values(car).returning();
    return row!;
  },
  /** Applies `changes` and stamps `updated_at`; undefined when the car is gone. */
  async update(db: Db, id: string, changes: CarChanges): Promise<CarRow | undefined> {
    const [row] = await db
      .update(cars)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(cars.id, id))
      .returning();
    return row;
  },
  /** Deletes the car; its last state, or undefined when it was already gone. */
  async remove(db: Db, id: string): Promise<CarRow | undefined> {
    const [row] = await db.delete(cars).where(eq(cars.id, id)).returning();
    return row;
  },
  /** Deletes every car of `sellerId` and returns them. */
  async removeBySeller(db: Db, sellerId: string): Promise<CarRow[]> {
    if (!isUuid(sellerId)) return [];
    return db.delete(cars).where(eq(cars.sellerId, sellerId)).returning();
  },
  /** Renames the brand, model or variant snapshot on every car that refers to `id`; the number of cars changed. */
  async rename(db: Db, kind: 'brand' | 'model' | 'variant', id: string, name: string): Promise<number> {
    if (!isUuid(id)) return 0;
    const { idColumn, nameColumn, field } = nameColumns[kind];
    const rows = await db
      .update(cars)
      .set({ [field]: name })
      .where(and(eq(idColumn, id), ne(nameColumn, name)))
      .returning({ id: cars.id });
    return rows.length;
  },
  /** Number of cars of the given sellers (tests and checks). */
  async countBySellers(db: Db, sellerIds: string[]): Promise<number> {
    const ids = sellerIds.filter(isUuid);
    if (ids.length === 0) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cars)
      .where(inArray(cars.sellerId, ids));
    return row?.n ?? 0;
  },
};
