/**
 * The car read model's tables (schema `catalog`):
 * - `car_docs`, the car search documents (the read model, and the PostgreSQL search adapter's index):
 *   one row per listed car, the full API document in `doc` (jsonb, spec §3 "Car (as read)") plus typed,
 *   indexed columns for every filter and sort (price in rupees, km), and a trigram-indexed `search_text`
 *   (brand, model, variant, city; lower case); `ownership` and the `model_id` index since issue 25;
 * - `car_versions`, the newest listing state the projection applied per car.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schema } from '../../data/schema';

/** The car search documents (see the module comment). */
export const carDocs = schema.table(
  'car_docs',
  {
    id: uuid('id').primaryKey(),
    doc: jsonb('doc').notNull(),
    brandId: uuid('brand_id').notNull(),
    modelId: uuid('model_id').notNull(),
    variantId: uuid('variant_id'),
    fuelType: text('fuel_type').notNull(),
    transmission: text('transmission').notNull(),
    bodyType: text('body_type'),
    /** Rupees. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Kilometres. */
    kmDriven: integer('km_driven').notNull(),
    manufacturerYear: integer('manufacturer_year').notNull(),
    /** The car's `specifications.ownership` (First, Second, Third, Fourth, More than Four; null when the car has none; issue 25). */
    ownership: text('ownership'),
    city: text('city'),
    status: text('status').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('car_docs_newest_idx').on(t.createdAt.desc(), t.id),
    index('car_docs_brand_idx').on(t.brandId, t.createdAt.desc()),
    index('car_docs_model_idx').on(t.modelId),
    index('car_docs_price_idx').on(t.price),
    index('car_docs_km_idx').on(t.kmDriven),
    index('car_docs_year_idx').on(t.manufacturerYear),
    index('car_docs_fuel_idx').on(t.fuelType),
    index('car_docs_body_idx').on(t.bodyType),
    index('car_docs_city_idx').on(sql`lower(${t.city})`),
    index('car_docs_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A row of {@link carDocs}. */
export type CarDocRow = typeof carDocs.$inferSelect;

/**
 * The newest listing state the car projection has applied, per car: `updatedAt` of the listing (ms
 * precision, from `listing.car.created|updated`) and whether it was deleted. Events older than the applied
 * version, and any event after a deletion, are ignored, so a redelivered or retried older event cannot
 * overwrite a newer car or bring a deleted one back (events/consumers.ts).
 */
export const carVersions = schema.table('car_versions', {
  id: uuid('id').primaryKey(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  deleted: boolean('deleted').notNull().default(false),
});
