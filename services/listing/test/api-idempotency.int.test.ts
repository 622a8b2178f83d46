/**
 * Listing API (issue 20, point 12) through the embedded system with the real storage service, on the
 * embedded adapters and on the real PostgreSQL, RabbitMQ and Redis: an `Idempotency-Key` makes a retried
 * create answer the first listing, and a registration number is on one seller's active listings only
 * (also when two sellers race, and whoever writes the row).
 */
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test-support/accounts';
import { call, systemVariants } from '../../../test-support/system';
import { type Ctx, type Json, listingBody, listingState, uniqueReg, useListingApi } from './support/api';

const variants = await systemVariants();

/** `POST /api/cars` with an optional `Idempotency-Key`: `{ status, body, replayed }`. */
async function postCar(ctx: Ctx, body: unknown, token: string, idempotencyKey?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(`${ctx.base}/api/cars`, { method: 'POST', headers, body: JSON.stringify(body) });
  return {
    status: res.status,
    body: (await res.json()) as Json,
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

/** Rows of `listing.cars` that are active (`used`) with the normalised registration number `reg`. */
async function activeWithReg(ctx: Ctx, reg: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT count(*)::int AS n FROM listing.cars WHERE reg_number = ${reg.replace(/[\s-]/g, '').toUpperCase()} AND status = 'used'`,
  );
  return row!.n;
}

/** A new user created by the admin through the account API, signed in, with one uploaded photo. */
async function newSeller(ctx: Ctx) {
  const seller = await createUser(ctx.base, ctx.admin, { ip: `10.8.${Math.floor(Math.random() * 250)}.3` });
  return { ...seller, keys: await ctx.imageKeys(seller.token, 1) };
}

/** A listing body of `keys` with the registration number `reg` (a new one when not given). */
const bodyWith = (ctx: Ctx, keys: string[], reg = uniqueReg()) => listingBody(ctx, keys, { regNumber: reg });

describe.each(variants)('listing API with storage on $name', ({ servers, skip }) => {
  const ctx = useListingApi('service', servers, skip);

  it.skipIf(skip)(
    'answers a repeated Idempotency-Key with the first listing, 422 for another body (issue 20)',
    async () => {
      const seller = await newSeller(ctx);
      const body = bodyWith(ctx, seller.keys);
      const key = randomUUID();
      // Someone's answer from two days ago: the first keyed create of this process purges it.
      const db = ctx.t.system.infra.database.db;
      await db.execute(
        sql`INSERT INTO listing.idempotency_keys (user_id, key, request_hash, status, response, created_at)
            VALUES (${randomUUID()}, 'stale-key', 'x', 201, '{}'::jsonb, now() - interval '2 days')`,
      );
      const before = await listingState(ctx);

      const first = await postCar(ctx, body, seller.token, key);
      expect(first.status).toBe(201);
      expect(first.replayed).toBe(false);
      await expect
        .poll(async () => {
          const rows = await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM listing.idempotency_keys WHERE key = 'stale-key'`,
          );
          return rows[0]!.n;
        })
        .toBe(0);
      const again = await postCar(ctx, body, seller.token, key);
      expect(again).toEqual({ status: 201, body: first.body, replayed: true });
      // The same JSON value with its keys in another order is the same body.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      expect(await postCar(ctx, reordered, seller.token, key)).toMatchObject({ status: 201, replayed: true });
      expect(await listingState(ctx)).toEqual({ cars: before.cars + 1, events: before.events + 1 });

      const changed = await postCar(ctx, { ...body, price: body.price + 1 }, seller.token, key);
      expect(changed.status).toBe(422);
      expect(changed.body.message).toMatch(/^Idempotency-Key: .*different request body/);
      for (const bad of ['x'.repeat(256), 'clé']) {
        const malformed = await postCar(ctx, body, seller.token, bad);
        expect(malformed.status).toBe(400);
        expect(malformed.body.message).toMatch(/^Idempotency-Key must be/);
      }
      expect(await listingState(ctx)).toEqual({ cars: before.cars + 1, events: before.events + 1 });

      // Another user's identical key is theirs alone.
      const other = await newSeller(ctx);
      const theirs = await postCar(ctx, bodyWith(ctx, other.keys), other.token, key);
      expect(theirs.status).toBe(201);
      expect((theirs.body.data as Json)._id).not.toBe((first.body.data as Json)._id);

      // Parallel retries of one new key: exactly one listing; the others replay it or are told to wait (409).
      const parallelKey = randomUUID();
      const mid = await listingState(ctx);
      const answers = await Promise.all([1, 2, 3].map(() => postCar(ctx, body, seller.token, parallelKey)));
      const created = answers.filter((a) => a.status === 201 && !a.replayed);
      expect(created).toHaveLength(1);
      for (const a of answers.filter((x) => x !== created[0])) {
        if (a.status === 201) expect(a.body).toEqual(created[0]!.body);
        else {
          expect(a.status).toBe(409);
          expect(a.body.message).toMatch(/^Idempotency-Key: .*still being processed/);
        }
      }
      expect(await listingState(ctx)).toEqual({ cars: mid.cars + 1, events: mid.events + 1 });
      expect(await postCar(ctx, body, seller.token, parallelKey)).toEqual({
        status: 201,
        body: created[0]!.body,
        replayed: true,
      });

      // The answer is stored in the listing service's database, for 24 hours.
      await db.execute(
        sql`UPDATE listing.idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = ${key}`,
      );
      const later = await postCar(ctx, body, seller.token, key);
      expect(later.status).toBe(201);
      expect(later.replayed).toBe(false);
      expect((later.body.data as Json)._id).not.toBe((first.body.data as Json)._id);
    },
  );

  it.skipIf(skip)(
    "refuses a registration number on another seller's active listing with 409, also when racing (issue 20)",
    async () => {
      const [a, b] = [await newSeller(ctx), await newSeller(ctx)];
      const reg = uniqueReg();
      const first = await postCar(ctx, bodyWith(ctx, a.keys, reg), a.token);
      expect(first.status).toBe(201);

      // In any spelling, the number on A's active listing is refused to B, naming the field.
      const before = await listingState(ctx);
      for (const spelling of [reg, reg.toLowerCase().replace(/-/g, ' '), reg.replace(/-/g, '')]) {
        const taken = await postCar(ctx, bodyWith(ctx, b.keys, spelling), b.token);
        expect(taken.status, spelling).toBe(409);
        expect(taken.body.message).toMatch(/^specifications\.regNumber: .*another seller/);
      }
      expect(await listingState(ctx)).toEqual(before);

      // The seller's own number again (a second listing of theirs) is not refused.
      const own = await postCar(ctx, bodyWith(ctx, a.keys, reg.replace(/-/g, '')), a.token);
      expect(own.status).toBe(201);
      expect(await activeWithReg(ctx, reg)).toBe(2);

      // Once A's listings are sold, B may list the number; A putting one back on sale is then refused.
      const aIds = [first, own].map((r) => (r.body.data as Json)._id as string);
      for (const id of aIds) {
        const sold = await call(ctx.base, 'PUT', `/api/cars/${id}`, {
          body: { status: 'sold' },
          token: a.token,
        });
        expect(sold.status).toBe(200);
      }
      const bCar = await postCar(ctx, bodyWith(ctx, b.keys, reg.toLowerCase()), b.token);
      expect(bCar.status).toBe(201);
      const relist = await call(ctx.base, 'PUT', `/api/cars/${aIds[0]}`, {
        body: { status: 'used' },
        token: a.token,
      });
      expect(relist.status).toBe(409);
      expect(relist.body.message).toMatch(/^specifications\.regNumber: /);
      const bId = (bCar.body.data as Json)._id as string;
      expect(
        (await call(ctx.base, 'PUT', `/api/cars/${bId}`, { body: { price: 500000 }, token: b.token })).status,
      ).toBe(200);
      expect(await activeWithReg(ctx, reg)).toBe(1);

      // The database itself refuses a second seller's active row with the number (trigger), whoever writes it.
      const columns = sql.raw(
        'brand_id, brand_name, model_id, model_name, variant_id, variant_name, manufacturer_year, condition, ' +
          'fuel_type, transmission, state_id, rto_id, price, description, location, specifications, history, images',
      );
      const copy = (seller: string) =>
        ctx.t.system.infra.database.db.execute(
          sql`INSERT INTO listing.cars (id, seller_id, status, ${columns})
              SELECT gen_random_uuid(), ${seller}, 'used', ${columns} FROM listing.cars WHERE id = ${bId}`,
        );
      const refused = await copy(randomUUID()).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isUniqueViolation(refused)).toBe(true);
      await copy(b.id);
      expect(await activeWithReg(ctx, reg)).toBe(2);

      // Two sellers at once with one new number: the database lets exactly one through, each time.
      for (let round = 0; round < 3; round++) {
        const contested = uniqueReg();
        const statuses = (
          await Promise.all([
            postCar(ctx, bodyWith(ctx, a.keys, contested), a.token),
            postCar(ctx, bodyWith(ctx, b.keys, contested.toLowerCase()), b.token),
          ])
        ).map((r) => r.status);
        expect(statuses.sort()).toEqual([201, 409]);
        expect(await activeWithReg(ctx, contested)).toBe(1);
      }
    },
  );
});
