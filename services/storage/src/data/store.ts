/**
 * Storage tables (schema `storage`) and their queries. One row per key handed out by `getUrl` (and per
 * seeded demo image): who may upload it, its type and the upload URL's expiry; once the image is stored,
 * its format, size in pixels, the widths of its WebP sizes and a content hash for ETags.
 *
 * Status: `pending` (URL handed out, nothing stored) → `processing` (one upload claimed the key and is
 * writing files) → `stored`; a failed write goes back to `pending`. S3 uploads stay `pending` until the
 * confirm call validates the object.
 */
import { type Db, messagingTables } from '@marketplace/platform';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const schema = pgSchema('storage');

export const images = schema.table(
  'images',
  {
    /** e.g. `cars-<uuid>`, `logo-<uuid>`, `demo-car-01`; no slash. */
    key: text('key').primaryKey(),
    /** Uploader's user id, or `system` for seeded images. */
    ownerId: text('owner_id').notNull(),
    type: text('type', { enum: ['cars', 'logo'] }).notNull(),
    status: text('status', { enum: ['pending', 'processing', 'stored'] })
      .notNull()
      .default('pending'),
    /** When the upload URL stops working. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Format of the stored original (set once stored). */
    format: text('format', { enum: ['jpeg', 'png', 'webp'] }),
    /** Pixel size of the stored original. */
    width: integer('width'),
    height: integer('height'),
    /** Widths (px) of the stored WebP sizes, ascending. */
    sizes: integer('sizes').array(),
    /** Bytes of the stored original. */
    bytes: integer('bytes'),
    /** sha256 of the stored original, hex (first 32 characters); ETags derive from it. */
    hash: text('hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    /** First time a listing or brand confirmed the key (unconfirmed stored images can be collected later). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  // A user's recent uploads: the cap on unconfirmed uploads (issue 20).
  (t) => [index('images_owner_created_idx').on(t.ownerId, t.createdAt)],
);

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;
/** What is known about an image once it is stored. */
export type StoredFacts = {
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
  sizes: number[];
  bytes: number;
  hash: string;
};

export const tables = messagingTables('storage');

/** Data access of the storage service; every method takes the executor (db or transaction). */
export const imageStore = {
  async byKey(db: Db, key: string): Promise<ImageRow | undefined> {
    const [row] = await db.select().from(images).where(eq(images.key, key));
    return row;
  },
  async byKeys(db: Db, keys: string[]): Promise<ImageRow[]> {
    if (keys.length === 0) return [];
    return db.select().from(images).where(inArray(images.key, keys));
  },
  /** Records a pending upload (a fresh key). */
  async insertPending(
    db: Db,
    row: { key: string; ownerId: string; type: 'cars' | 'logo'; expiresAt: Date },
  ): Promise<void> {
    await db.insert(images).values({ ...row, status: 'pending' });
  },
  /**
   * Claims a pending key for one upload (`pending` → `processing`); false when another upload holds or
   * has stored it (→ 409).
   */
  async claim(db: Db, key: string): Promise<boolean> {
    const rows = await db
      .update(images)
      .set({ status: 'processing' })
      .where(and(eq(images.key, key), eq(images.status, 'pending')))
      .returning({ key: images.key });
    return rows.length === 1;
  },
  /** Gives a claimed key back (`processing` → `pending`) after a failed write. */
  async release(db: Db, key: string): Promise<void> {
    await db
      .update(images)
      .set({ status: 'pending' })
      .where(and(eq(images.key, key), eq(images.status, 'processing')));
  },
  /** Marks a claimed key stored with its facts. */
  async markStored(db: Db, key: string, facts: StoredFacts, now: Date): Promise<ImageRow | undefined> {
    const [row] = await db
      .update(images)
      .set({ ...facts, status: 'stored', storedAt: now })
      .where(and(eq(images.key, key), eq(images.status, 'processing')))
      .returning();
    return row;
  },
  /** Inserts or replaces a stored system image (seed). */
  async upsertStored(
    db: Db,
    row: { key: string; ownerId: string; type: 'cars' | 'logo' } & StoredFacts,
    now: Date,
  ): Promise<void> {
    const values = { ...row, status: 'stored' as const, expiresAt: now, storedAt: now };
    await db
      .insert(images)
      .values(values)
      .onConflictDoUpdate({ target: images.key, set: { ...values, createdAt: sql`now()` } });
  },
  /**
   * Images of `ownerId` uploaded (processing or stored) but never confirmed, whose key was handed out at
   * or after `since` (issue 20: the cap on pending uploads per user).
   */
  async countUnconfirmed(db: Db, ownerId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(images)
      .where(
        and(
          eq(images.ownerId, ownerId),
          inArray(images.status, ['processing', 'stored']),
          isNull(images.confirmedAt),
          gte(images.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  },
  /** Sets `confirmed_at` on the keys that have none yet. */
  async markConfirmed(db: Db, keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await db
      .update(images)
      .set({ confirmedAt: now })
      .where(and(inArray(images.key, keys), sql`${images.confirmedAt} is null`));
  },
};
