/**
 * Reference data tables (schema `catalog`): states, RTO offices, brands, models, variants.
 * Names are unique per parent; foreign keys RESTRICT deletes so nothing is ever orphaned (a brand with
 * models cannot be deleted; the API answers 409 first with a message).
 */
import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schema } from '../../data/schema';

/** States and union territories (spec §5), unique by name. */
export const states = schema.table('states', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** RTO prefix letters, e.g. KA; null for a state without a known prefix (spec §5). */
  prefix: text('prefix'),
  kind: text('kind', { enum: ['state', 'union territory'] })
    .notNull()
    .default('state'),
});

/** RTO offices: a unique code (`KA-01`, the state's prefix first) and the city, per state. */
export const rtos = schema.table(
  'rtos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateId: uuid('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    city: text('city').notNull(),
    code: text('code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rtos_state_idx').on(t.stateId, t.code)],
);

/** Car brands, unique by name in any case. */
export const brands = schema.table(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    founded: integer('founded').notNull(),
    website: text('website'),
    /** Storage key of the uploaded logo, or `seed:<file>` for a seeded logo. */
    logoKey: text('logo_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('brands_name_unique').on(sql`lower(${t.name})`)],
);

/** A brand's models (years on sale in India, body type, fuels and gearboxes), unique per brand by name. */
export const models = schema.table(
  'models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Launch year in India. */
    year: integer('year').notNull(),
    /** Last year on sale in India; null while still on sale. */
    yearTo: integer('year_to'),
    bodyType: text('body_type'),
    fuelTypes: text('fuel_types').array().notNull(),
    transmissions: text('transmissions').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('models_brand_name_unique').on(t.brandId, sql`lower(${t.name})`)],
);

/** A model's variants (one fuel, one gearbox, features), unique per model by name, fuel and gearbox. */
export const variants = schema.table(
  'variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    fuelType: text('fuel_type').notNull(),
    transmission: text('transmission').notNull(),
    features: text('features').array().notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('variants_model_name_unique').on(
      t.modelId,
      sql`lower(${t.name})`,
      t.fuelType,
      t.transmission,
    ),
  ],
);

/** A row of {@link states}. */
export type StateRow = typeof states.$inferSelect;
/** A row of {@link rtos}. */
export type RtoRow = typeof rtos.$inferSelect;
/** A row of {@link brands}. */
export type BrandRow = typeof brands.$inferSelect;
/** A row of {@link models}. */
export type ModelRow = typeof models.$inferSelect;
/** A row of {@link variants}. */
export type VariantRow = typeof variants.$inferSelect;
