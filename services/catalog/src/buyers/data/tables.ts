/**
 * The buyers' tables (schema `catalog`, issue 24):
 * - `shortlist`: one row per user and shortlisted car (at most `SHORTLIST_MAX` per user): when it was
 *   shortlisted, the price last seen (rupees, the base of a price drop), the last car record seen (`snapshot`,
 *   the API car; a removed car still shows from it), where the car stands and whether its price drops are
 *   told;
 * - `saved_searches`: a user's saved searches (at most `SAVED_SEARCHES_MAX`): name, canonical query string of
 *   the listing's filters, channels, frequency and whether its alerts are on;
 * - `alerts_sent`: every alert told, unique by user, car, kind and key (`search_matched` keyed by the saved
 *   search's id, `price_dropped` by the new price in rupees), so a redelivered event tells nothing twice;
 * - `digest_pending`: the matches of daily searches waiting for the next digest, unique per search and car;
 * - `digest_runs`: one row per India day whose digests went out (the replica that inserts it sends them).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { schema } from '../../data/schema';

/** The users' shortlisted cars (see the module comment). */
export const shortlist = schema.table(
  'shortlist',
  {
    userId: uuid('user_id').notNull(),
    carId: uuid('car_id').notNull(),
    shortlistedAt: timestamp('shortlisted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Rupees: the price last seen, from which a drop is measured. */
    seenPrice: bigint('seen_price', { mode: 'number' }).notNull(),
    /** The API car as last seen (contracts `car`). */
    snapshot: jsonb('snapshot').notNull(),
    availability: text('availability', { enum: ['for_sale', 'sold', 'removed'] })
      .notNull()
      .default('for_sale'),
    priceAlerts: boolean('price_alerts').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.carId] }),
    index('shortlist_car_idx').on(t.carId),
    index('shortlist_user_newest_idx').on(t.userId, t.shortlistedAt.desc()),
  ],
);

/** A row of {@link shortlist}. */
export type ShortlistRow = typeof shortlist.$inferSelect;

/** The users' saved searches (see the module comment). */
export const savedSearches = schema.table(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    /** Canonical query string of the listing's filters (contracts `savedSearchQuery`). */
    query: text('query').notNull(),
    channels: text('channels').array().notNull(),
    frequency: text('frequency', { enum: ['instant', 'daily'] }).notNull(),
    alerts: boolean('alerts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_newest_idx').on(t.userId, t.createdAt.desc()),
    index('saved_searches_alerting_idx').on(t.id).where(sql`${t.alerts}`),
  ],
);

/** A row of {@link savedSearches}. */
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** Every alert told, for idempotency (see the module comment). */
export const alertsSent = schema.table(
  'alerts_sent',
  {
    userId: uuid('user_id').notNull(),
    carId: uuid('car_id').notNull(),
    kind: text('kind', { enum: ['search_matched', 'price_dropped'] }).notNull(),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('alerts_sent_unique').on(t.userId, t.carId, t.kind, t.key)],
);

/** Matches waiting for the next daily digest, one per saved search and car. */
export const digestPending = schema.table(
  'digest_pending',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    carId: uuid('car_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('digest_pending_unique').on(t.savedSearchId, t.carId),
    index('digest_pending_car_idx').on(t.carId),
  ],
);

/** The India days whose daily digests went out (`day`: the Asia/Kolkata date). */
export const digestRuns = schema.table('digest_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
