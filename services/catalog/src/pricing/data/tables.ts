/**
 * The price insights' table (schema `catalog`, issue 25): `price_insights`, one row per car for sale — its
 * band, its price (rupees) when computed, the expected range and median (rupees, null with too few
 * comparables), the number of comparables, the basis in words, the comparables' adjusted prices (`prices`,
 * jsonb array of rupees, ascending), its model and brand (the group it is recomputed with), the
 * `fingerprint` of the car's inputs it was computed from (year|km|price|state; a re-announced car with the
 * same fingerprint needs no recomputation) and `updated_at`, the time the model's cars were read for it
 * (a recomputation only overwrites an older one). Kept by the consumer `catalog.price-insights`.
 */
import { bigint, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schema } from '../../data/schema';

/** The price insights of the cars for sale (see the module comment). */
export const priceInsights = schema.table(
  'price_insights',
  {
    carId: uuid('car_id').primaryKey(),
    modelId: uuid('model_id').notNull(),
    brandId: uuid('brand_id').notNull(),
    band: text('band', { enum: ['great', 'good', 'fair', 'high', 'unknown'] }).notNull(),
    /** Rupees. */
    price: bigint('price', { mode: 'number' }).notNull(),
    expectedLow: bigint('expected_low', { mode: 'number' }),
    expectedHigh: bigint('expected_high', { mode: 'number' }),
    median: bigint('median', { mode: 'number' }),
    comparables: integer('comparables').notNull(),
    basis: text('basis').notNull(),
    /** The comparables' adjusted prices, rupees, ascending. */
    prices: jsonb('prices').$type<number[]>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('price_insights_model_idx').on(t.modelId)],
);

/** A row of {@link priceInsights}. */
export type PriceInsightRow = typeof priceInsights.$inferSelect;
