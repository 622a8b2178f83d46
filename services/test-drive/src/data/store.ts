/**
 * Test-drive tables (schema `test_drive`) and their queries.
 *
 * - `cars`: the local projection of the catalog's cars (`catalog.car.indexed` / `catalog.car.removed`,
 *   ADR 6): seller, status and names, enough to decide whether a car can be booked and to name it in
 *   lists. A removed car keeps its row with `removed = true` (a tombstone), so bookings still show its name
 *   and a late `indexed` event cannot bring it back; `version` is the `occurredAt` of the applied event, so
 *   an older redelivery is ignored.
 * - `test_drives`: the bookings. `appointment_date` is the India calendar date, `appointment_time` the start
 *   `HH:MM` (any minute, issue 19); a test drive lasts 30 minutes. No two active (Pending, Confirmed)
 *   bookings of a car, nor of a user, may overlap: writers take {@link testDriveStore.lockSchedules} in their
 *   transaction and then check {@link testDriveStore.activeTimes} (domain/rules.ts `clashes`). Partial
 *   unique indexes over the active statuses on the exact (car | user, date, time) remain as a backstop for
 *   the same start and serve those queries.
 */
import type { CarStatus, TestDriveStatus } from '@marketplace/contracts';
import { type Db, messagingTables } from '@marketplace/platform';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { boolean, date, index, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES } from '../domain/rules';

export const schema = pgSchema('test_drive');

export const cars = schema.table('cars', {
  id: uuid('id').primaryKey(),
  sellerId: uuid('seller_id').notNull(),
  status: text('status').$type<CarStatus>().notNull(),
  brandName: text('brand_name').notNull(),
  modelName: text('model_name').notNull(),
  variantName: text('variant_name').notNull(),
  /** True once `catalog.car.removed` arrived (the row stays as a tombstone). */
  removed: boolean('removed').notNull().default(false),
  /** `occurredAt` of the newest applied catalog event. */
  version: timestamp('version', { withTimezone: true }).notNull(),
});

/**
 * SQL predicate of the active statuses; the same text in both partial unique indexes and in
 * `activeTimes`, so the planner can use the car's index for it.
 */
const activeOnly = sql.raw(`status IN (${ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

export const testDrives = schema.table(
  'test_drives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').notNull(),
    /** The booker (auth user id). */
    userId: uuid('user_id').notNull(),
    /** The car's seller when booked (a car's seller never changes); for the seller's list. */
    sellerId: uuid('seller_id').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    /** Slot start, `HH:MM`. */
    appointmentTime: text('appointment_time').notNull(),
    status: text('status').$type<TestDriveStatus>().notNull().default('Pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_drives_car_slot_active_uq')
      .on(t.carId, t.appointmentDate, t.appointmentTime)
      .where(activeOnly),
    uniqueIndex('test_drives_user_slot_active_uq')
      .on(t.userId, t.appointmentDate, t.appointmentTime)
      .where(activeOnly),
    index('test_drives_user_idx').on(t.userId, t.appointmentDate, t.appointmentTime),
    index('test_drives_seller_idx').on(t.sellerId, t.appointmentDate, t.appointmentTime),
    index('test_drives_car_idx').on(t.carId),
  ],
);

export type CarRow = typeof cars.$inferSelect;
export type TestDriveRow = typeof testDrives.$inferSelect;
/** A booking with its car's row (absent only if the projection never saw the car). */
export type BookingView = TestDriveRow & { car: CarRow | null };

export const tables = messagingTables('test_drive');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID (ids from paths, bodies and events are checked before they reach a uuid column). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** `keyword` as a LIKE pattern matching anywhere, with `%`, `_` and `\` taken literally. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Data access of the test-drive service; every method takes the executor (db or transaction). */
export const carStore = {
  /** The projected car `id` (removed ones included), or undefined (also for a non-UUID). */
  async byId(db: Db, id: string): Promise<CarRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(cars).where(eq(cars.id, id));
    return row;
  },
  /**
   * Applies a `catalog.car.indexed` summary as of `version`, unless the car is removed or a newer event
   * was applied. @returns the row before and after, or undefined when ignored.
   */
  async index(
    db: Db,
    car: Omit<CarRow, 'removed' | 'version'>,
    version: Date,
  ): Promise<{ before: CarRow | undefined; after: CarRow } | undefined> {
    const [before] = await db.select().from(cars).where(eq(cars.id, car.id)).for('update');
    if (before && (before.removed || before.version > version)) return undefined;
    const [after] = await db
      .insert(cars)
      .values({ ...car, version })
      .onConflictDoUpdate({ target: cars.id, set: { ...car, version } })
      .returning();
    return { before, after: after! };
  },
  /** Marks car `id` removed (creating a tombstone when unknown). @returns whether it was not removed before. */
  async remove(db: Db, id: string, version: Date): Promise<boolean> {
    const [before] = await db.select().from(cars).where(eq(cars.id, id)).for('update');
    if (before?.removed) return false;
    if (before) {
      await db.update(cars).set({ removed: true, version }).where(eq(cars.id, id));
    } else {
      await db.insert(cars).values({
        id,
        sellerId: id,
        status: 'sold',
        brandName: '',
        modelName: '',
        variantName: '',
        removed: true,
        version,
      });
    }
    return true;
  },
};

const byAppointment = [
  asc(testDrives.appointmentDate),
  asc(testDrives.appointmentTime),
  asc(testDrives.createdAt),
];

export const testDriveStore = {
  /**
   * The booking `id` with its car, or undefined (also for a non-UUID). `forUpdate` locks the booking row
   * for the transaction first (a query of its own: drizzle renders `FOR UPDATE OF` schema-qualified, which
   * PostgreSQL refuses, and the joined car may be absent).
   */
  async byId(db: Db, id: string, forUpdate = false): Promise<BookingView | undefined> {
    if (!isUuid(id)) return undefined;
    if (forUpdate) {
      const [locked] = await db
        .select({ id: testDrives.id })
        .from(testDrives)
        .where(eq(testDrives.id, id))
        .for('update');
      if (!locked) return undefined;
    }
    const [row] = await db
      .select()
      .from(testDrives)
      .leftJoin(cars, eq(cars.id, testDrives.carId))
      .where(eq(testDrives.id, id));
    return row ? { ...row.test_drives, car: row.cars } : undefined;
  },
  /**
   * Bookings matching `filter` (`userId`: the booker's; `sellerId`: on the seller's cars; neither: all),
   * whose car's brand, model or variant name contains `keyword` (ignoring case), by appointment.
   */
  async list(
    db: Db,
    filter: { userId?: string; sellerId?: string; keyword?: string },
  ): Promise<BookingView[]> {
    const where: SQL[] = [];
    if (filter.userId !== undefined) {
      if (!isUuid(filter.userId)) return [];
      where.push(eq(testDrives.userId, filter.userId));
    }
    if (filter.sellerId !== undefined) {
      if (!isUuid(filter.sellerId)) return [];
      where.push(eq(testDrives.sellerId, filter.sellerId));
    }
    if (filter.keyword) {
      where.push(
        sql`(${cars.brandName} || ' ' || ${cars.modelName} || ' ' || ${cars.variantName}) ILIKE ${containsPattern(filter.keyword)}`,
      );
    }
    const rows = await db
      .select()
      .from(testDrives)
      .leftJoin(cars, eq(cars.id, testDrives.carId))
      .where(and(...where))
      .orderBy(...byAppointment);
    return rows.map((r) => ({ ...r.test_drives, car: r.cars }));
  },
  /**
   * Start times `HH:MM` of the active bookings of a car (`carId`) or of a booker (`userId`) on `date`, but
   * booking `exceptId` (the one being rescheduled). Ids that are not UUIDs hold nothing.
   */
  async activeTimes(
    db: Db,
    of: { carId: string } | { userId: string },
    date: string,
    exceptId?: string,
  ): Promise<string[]> {
    const [column, id] = 'carId' in of ? [testDrives.carId, of.carId] : [testDrives.userId, of.userId];
    if (!isUuid(id)) return [];
    const rows = await db
      .select({ time: testDrives.appointmentTime })
      .from(testDrives)
      .where(
        and(
          eq(column, id),
          eq(testDrives.appointmentDate, date),
          activeOnly,
          exceptId ? ne(testDrives.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(testDrives.appointmentTime));
    return rows.map((r) => r.time);
  },
  /**
   * Serializes the writers of car `carId`'s and booker `userId`'s schedules until the transaction `db` ends
   * (PostgreSQL transaction-level advisory locks on 64-bit hashes of `test_drive.car:<id>` and
   * `test_drive.user:<id>`; PGlite runs one transaction at a time and takes them too). Always the car
   * first, then the user, so two writers cannot wait on each other. Call it inside the booking or
   * rescheduling transaction, before reading {@link activeTimes} and writing.
   */
  async lockSchedules(db: Db, carId: string, userId: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`test_drive.car:${carId}`}, 0))`);
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`test_drive.user:${userId}`}, 0))`);
  },
  async insert(db: Db, row: typeof testDrives.$inferInsert): Promise<TestDriveRow> {
    const [created] = await db.insert(testDrives).values(row).returning();
    return created!;
  },
  /** Changes date/time or status and stamps `updated_at`; the row after, or undefined when gone. */
  async update(
    db: Db,
    id: string,
    changes: Partial<Pick<TestDriveRow, 'appointmentDate' | 'appointmentTime' | 'status'>>,
  ): Promise<TestDriveRow | undefined> {
    const [row] = await db
      .update(testDrives)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(testDrives.id, id))
      .returning();
    return row;
  },
  /** Deletes booking `id`; its last state, or undefined when already gone. */
  async remove(db: Db, id: string): Promise<TestDriveRow | undefined> {
    const [row] = await db.delete(testDrives).where(eq(testDrives.id, id)).returning();
    return row;
  },
  /** Cancels every active booking of `carId`; the rows after. */
  async cancelActiveOfCar(db: Db, carId: string): Promise<TestDriveRow[]> {
    return db
      .update(testDrives)
      .set({ status: 'Cancelled', updatedAt: sql`now()` })
      .where(and(eq(testDrives.carId, carId), inArray(testDrives.status, [...ACTIVE_STATUSES])))
      .returning();
  },
  /** Deletes every booking made by `userId`; their last states. */
  async removeByUser(db: Db, userId: string): Promise<TestDriveRow[]> {
    if (!isUuid(userId)) return [];
    return db.delete(testDrives).where(eq(testDrives.userId, userId)).returning();
  },
};
