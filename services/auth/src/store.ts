/**
 * Auth tables (schema `auth`) and their queries. Users are unique by e-mail, username and phone number
 * (bare 10 digits); one pending one-time code per phone number, stored as an argon2id hash.
 */
import { type Db, messagingTables } from '@marketplace/platform';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { boolean, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const schema = pgSchema('auth');

export const users = schema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  username: text('username').unique(),
  email: text('email').notNull().unique(),
  phoneNumber: text('phone_number').unique(),
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['User', 'Admin'] })
    .notNull()
    .default('User'),
  verified: boolean('verified').notNull().default(false),
  profile: text('profile'),
  googleSub: text('google_sub').unique(),
  facebookId: text('facebook_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const otps = schema.table('otps', {
  phoneNumber: text('phone_number').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OtpRow = typeof otps.$inferSelect;

export const tables = messagingTables('auth');

/** Data access of the auth service; every method takes the executor (db or transaction). */
export const userStore = {
  async byId(db: Db, id: string): Promise<UserRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async byEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },
  async byProvider(
    db: Db,
    provider: 'google' | 'facebook',
    providerId: string,
  ): Promise<UserRow | undefined> {
    const column = provider === 'google' ? users.googleSub : users.facebookId;
    const [row] = await db.select().from(users).where(eq(column, providerId));
    return row;
  },
  /** Users already holding any of these identifiers (to report which one is taken). */
  async holding(
    db: Db,
    ids: { email?: string; username?: string; phoneNumber?: string },
  ): Promise<UserRow[]> {
    const conditions: SQL[] = [];
    if (ids.email) conditions.push(eq(users.email, ids.email));
    if (ids.username) conditions.push(eq(users.username, ids.username));
    if (ids.phoneNumber) conditions.push(eq(users.phoneNumber, ids.phoneNumber));
    if (conditions.length === 0) return [];
    return db
      .select()
      .from(users)
      .where(or(...conditions));
  },
  async insert(db: Db, user: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(user).returning();
    return row!;
  },
  async update(db: Db, id: string, changes: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  },
  /**
   * Sets the password hash of user `id` to `newHash` only while it still is `currentHash` (so two changes
   * racing cannot both pass the current-password check). @returns true when it was replaced.
   */
  async replacePassword(db: Db, id: string, currentHash: string, newHash: string): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ passwordHash: newHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.passwordHash, currentHash)))
      .returning({ id: users.id });
    return rows.length > 0;
  },
  async remove(db: Db, id: string): Promise<UserRow | undefined> {
    const [row] = await db.delete(users).where(eq(users.id, id)).returning();
    return row;
  },
  /** Every user, oldest first, optionally of one role. */
  async list(db: Db, role?: 'User' | 'Admin'): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(role ? eq(users.role, role) : undefined)
      .orderBy(asc(users.createdAt), asc(users.id));
  },
  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },
};

export const otpStore = {
  async byPhone(db: Db, phoneNumber: string): Promise<OtpRow | undefined> {
    const [row] = await db.select().from(otps).where(eq(otps.phoneNumber, phoneNumber));
    return row;
  },
  /** Stores the code for `phoneNumber`, replacing any earlier one (and its failed attempts). */
  async replace(db: Db, otp: { phoneNumber: string; userId: string; codeHash: string; expiresAt: Date }) {
    await db
      .insert(otps)
      .values({ ...otp, attempts: 0 })
      .onConflictDoUpdate({
        target: otps.phoneNumber,
        set: {
          userId: otp.userId,
          codeHash: otp.codeHash,
          expiresAt: otp.expiresAt,
          attempts: 0,
          createdAt: sql`now()`,
        },
      });
  },
  /** Counts one wrong try; returns the new attempt count. */
  async countFailure(db: Db, phoneNumber: string): Promise<number> {
    const [row] = await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(eq(otps.phoneNumber, phoneNumber))
      .returning({ attempts: otps.attempts });
    return row?.attempts ?? 0;
  },
  async remove(db: Db, phoneNumber: string, userId: string) {
    await db.delete(otps).where(and(eq(otps.phoneNumber, phoneNumber), eq(otps.userId, userId)));
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (ids in paths are checked before they reach a uuid column). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
