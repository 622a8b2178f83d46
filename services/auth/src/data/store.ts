/**
 * Auth tables (schema `auth`) and their queries. Users are unique by e-mail, username and phone number
 * (bare 10 digits); one pending one-time code per phone number, stored as an argon2id hash.
 *
 * Sessions (issue 20, point 1): the record of revocation. `revoked_tokens` holds each logged-out token id
 * until the token expires; `users.session_version` ends every session issued under a lower version
 * (sign out everywhere, password change). A deleted user row ends all of that user's sessions.
 */
import { type Db, messagingTables } from '@marketplace/platform';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  /**
   * The user proved the e-mail address is theirs (issue 20, point 3): by the link e-mailed to it, through a
   * provider that vouches for it (Google, Facebook), or because an administrator created the account.
   * Only a verified address is linked to a Google/Facebook sign-in.
   */
  emailVerified: boolean('email_verified').notNull().default(false),
  profile: text('profile'),
  googleSub: text('google_sub').unique(),
  facebookId: text('facebook_id').unique(),
  /** Tokens carrying a lower session version (claim `sv`) are refused (issue 20). */
  sessionVersion: integer('session_version').notNull().default(0),
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

/** Pending e-mail verification links (issue 20, point 3): the SHA-256 of the link's token, for one address. */
export const emailTokens = schema.table('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Logged-out token ids, kept until the token would have expired (issue 20). */
export const revokedTokens = schema.table(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OtpRow = typeof otps.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

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
    if (!isUuid(id)) return undefined;
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
  /**
   * Deletes the unverified accounts created before `before` that hold any of `ids` (issue 20, point 4:
   * expired sign-ups free their e-mail, phone number and username; their pending code goes with them).
   * @returns the deleted rows.
   */
  async removeExpiredHolding(
    db: Db,
    ids: { email?: string; username?: string; phoneNumber?: string },
    before: Date,
  ): Promise<UserRow[]> {
    const conditions: SQL[] = [];
    if (ids.email) conditions.push(eq(users.email, ids.email));
    if (ids.username) conditions.push(eq(users.username, ids.username));
    if (ids.phoneNumber) conditions.push(eq(users.phoneNumber, ids.phoneNumber));
    if (conditions.length === 0) return [];
    return db
      .delete(users)
      .where(
        and(eq(users.verified, false), sql`${users.createdAt} < ${before.toISOString()}`, or(...conditions)),
      )
      .returning();
  },
  /** Deletes user `id`; undefined when there is none (an id that is not a UUID is none: 404, never 500). */
  async remove(db: Db, id: string): Promise<UserRow | undefined> {
    if (!isUuid(id)) return undefined;
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
  /**
   * Claims one guess at the code of `phoneNumber` (issue 20, point 5): in one statement, counts the attempt
   * only while fewer than `maxAttempts` were made and the code has not expired at `now`, so parallel
   * guesses can never make more than `maxAttempts` checks. @returns the row after counting (its code hash
   * to check), or undefined when no guess is left, the code expired or there is none.
   */
  async claimAttempt(
    db: Db,
    phoneNumber: string,
    maxAttempts: number,
    now: Date,
  ): Promise<OtpRow | undefined> {
    const [row] = await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(
        and(
          eq(otps.phoneNumber, phoneNumber),
          sql`${otps.attempts} < ${maxAttempts}`,
          sql`${otps.expiresAt} > ${now.toISOString()}`,
        ),
      )
      .returning();
    return row;
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

/** The claims of a verified token that the session record is asked about (platform `SessionClaims`). */
export interface SessionQuery {
  userId: string;
  role: 'User' | 'Admin';
  jti: string;
  sessionVersion: number;
}

/** The durable record of sessions (issue 20, point 1). */
export const sessionStore = {
  /**
   * True when the session of a verified token is still good: user `userId` exists, has `role`, its session
   * version is not above `sessionVersion`, and token `jti` is not revoked. One statement.
   */
  async isValid(db: Db, q: SessionQuery): Promise<boolean> {
    if (!isUuid(q.userId)) return false;
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, q.userId),
          eq(users.role, q.role),
          sql`${users.sessionVersion} <= ${q.sessionVersion}`,
          sql`NOT EXISTS (SELECT 1 FROM ${revokedTokens} WHERE ${revokedTokens.jti} = ${q.jti})`,
        ),
      );
    return rows.length > 0;
  },
  /**
   * Records token `jti` of `userId` as revoked until `expiresAt` (idempotent), and drops the records of
   * tokens that have expired since (they are refused by their expiry anyway).
   */
  async revokeToken(db: Db, token: { jti: string; userId: string; expiresAt: Date }): Promise<void> {
    await db.insert(revokedTokens).values(token).onConflictDoNothing();
    await db.delete(revokedTokens).where(sql`${revokedTokens.expiresAt} < now()`);
  },
  /**
   * Ends every session of user `userId` issued so far: raises its session version by one.
   * @returns the new version (tokens signed with it stay good), or undefined when the user is gone.
   */
  async bumpVersion(db: Db, userId: string): Promise<number | undefined> {
    if (!isUuid(userId)) return undefined;
    const [row] = await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ version: users.sessionVersion });
    return row?.version;
  },
};

/** E-mail verification links (issue 20, point 3). */
export const emailTokenStore = {
  /** Stores a link token (its hash) for `email` of `userId`, replacing the user's earlier ones. */
  async replace(db: Db, token: { tokenHash: string; userId: string; email: string; expiresAt: Date }) {
    await db.delete(emailTokens).where(eq(emailTokens.userId, token.userId));
    await db.insert(emailTokens).values(token);
  },
  /** Deletes every pending link of `userId` (its address changed). */
  async removeFor(db: Db, userId: string) {
    await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
  },
  /** Takes (reads and deletes) the token with this hash; undefined when there is none. */
  async take(db: Db, tokenHash: string): Promise<EmailTokenRow | undefined> {
    const [row] = await db.delete(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).returning();
    return row;
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (ids in paths are checked before they reach a uuid column). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
