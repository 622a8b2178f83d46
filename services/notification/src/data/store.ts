/**
 * Notification tables (schema `notification`) and their queries: the worker's own projection of users
 * (id → name, e-mail, phone) from `auth.user.registered|verified|updated|deleted`, so it can address messages
 * about a user id (a listing's seller, a test drive's buyer and seller) without asking the auth service.
 *
 * A deleted user stays as a tombstone without personal data (`deleted_at` set, name/e-mail/phone null), so
 * a `registered` or `verified` event that arrives after the deletion (a retry, queues drained out of order)
 * cannot bring the user back. `changed_at` is the `occurredAt` of the event that wrote the row; an older
 * event never overwrites a newer one.
 */
import { type Db, messagingTables } from '@marketplace/platform';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const schema = pgSchema('notification');

export const users = schema.table('users', {
  /** The user's id (auth). */
  id: uuid('id').primaryKey(),
  name: text('name'),
  email: text('email'),
  /** As auth stores it: the bare 10-digit mobile number, or null. */
  phone: text('phone'),
  /** `occurredAt` of the newest event applied. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  /** Set when the user was deleted; the personal columns are then null. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;

/** A user the worker can write to. */
export interface Recipient {
  id: string;
  name: string;
  email: string;
  phone?: string;
}

export const tables = messagingTables('notification');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (ids from events are checked before they reach a uuid column). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** Data access of the users projection; every method takes the executor (db or transaction). */
export const userStore = {
  /**
   * Inserts or updates the user from a `registered`/`verified`/`updated` event that occurred at `at`.
   * Ignored when the row is newer or the user was deleted. `phone` undefined keeps the stored phone.
   * @returns true when the row was written.
   */
  async upsert(
    db: Db,
    user: { id: string; name: string; email: string; phone?: string },
    at: Date,
  ): Promise<boolean> {
    if (!isUuid(user.id)) return false;
    const rows = await db
      .insert(users)
      .values({ id: user.id, name: user.name, email: user.email, phone: user.phone ?? null, changedAt: at })
      .onConflictDoUpdate({
        target: users.id,
        set: {
          name: user.name,
          email: user.email,
          phone: user.phone === undefined ? sql`${users.phone}` : user.phone,
          changedAt: at,
        },
        setWhere: and(isNull(users.deletedAt), lte(users.changedAt, at)),
      })
      .returning({ id: users.id });
    return rows.length > 0;
  },
  /** Forgets the user's personal data and keeps a tombstone (see the module comment). */
  async markDeleted(db: Db, id: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await db
      .insert(users)
      .values({ id, changedAt: at, deletedAt: at })
      .onConflictDoUpdate({
        target: users.id,
        set: { name: null, email: null, phone: null, changedAt: at, deletedAt: at },
      });
  },
  /** The user as a recipient, or undefined when unknown, deleted or not a UUID. */
  async recipient(db: Db, id: string): Promise<Recipient | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row || row.deletedAt || !row.name || !row.email) return undefined;
    return { id: row.id, name: row.name, email: row.email, ...(row.phone ? { phone: row.phone } : {}) };
  },
  /** The raw row (tests). */
  async row(db: Db, id: string): Promise<UserRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
};
