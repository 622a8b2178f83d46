/**
 * Listing API (issue 6) through the embedded system, on the embedded adapters and on the real PostgreSQL,
 * RabbitMQ and Redis: who may change a listing (its seller or an Admin), the rate limit of creations per
 * user, and a deleted user's listings leaving the listing service and the catalog — with the real storage
 * service and with a stub of its confirm call (support/api.ts).
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test-support/accounts';
import { call, systemVariants } from '../../../test-support/system';
import {
  type Ctx,
  detailWhen,
  type Json,
  lastEvent,
  listingBody,
  listingState,
  uniqueReg,
  useListingApi,
} from './support/api';

const variants = await systemVariants();

/** Update and delete by another user → 403 and nothing changes; an Admin may; unknown ids → 404. */
async function othersCannotChange(ctx: Ctx, keys: string[]) {
  const [seller, other] = ctx.users;
  const created = await call(ctx.base, 'POST', '/api/cars', {
    body: listingBody(ctx, keys),
    token: seller!.token,
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  const before = await listingState(ctx);
  const put = await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { price: 1 }, token: other!.token });
  expect(put.status).toBe(403);
  const del = await call(ctx.base, 'DELETE', `/api/cars/${id}`, { token: other!.token });
  expect(del.status).toBe(403);
  expect((await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { price: 1 } })).status).toBe(401);
  expect((await call(ctx.base, 'DELETE', `/api/cars/${randomUUID()}`, { token: seller!.token })).status).toBe(
    404,
  );
  expect(
    (await call(ctx.base, 'PUT', `/api/cars/not-a-uuid`, { body: { price: 5 }, token: seller!.token }))
      .status,
  ).toBe(404);
  const empty = await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: {}, token: seller!.token });
  expect(empty.status).toBe(400);
  const zero = await call(ctx.base, 'PUT', `/api/cars/${id}`, { body: { price: 0 }, token: seller!.token });
  expect(zero.body.message).toMatch(/^price\b/);
  expect(await listingState(ctx)).toEqual(before);
  const mine = await call(ctx.base, 'GET', '/api/cars/seller', { token: seller!.token });
  expect((mine.body.data as Json[]).find((c) => c._id === id)).toMatchObject({ price: 575000 });

  const byAdmin = await call(ctx.base, 'PUT', `/api/cars/${id}`, {
    body: { description: 'Checked by the marketplace', images: [{ key: keys[0] }] },
    token: ctx.admin,
  });
  expect(byAdmin.status).toBe(200);
  expect(byAdmin.body.data).toMatchObject({ seller: seller!.id, images: [{ key: keys[0] }] });
  const removed = await call(ctx.base, 'DELETE', `/api/cars/${id}`, { token: ctx.admin });
  expect(removed.status).toBe(200);
  const event = await lastEvent(ctx, 'listing.car.deleted');
  expect(event!.envelope.payload).toEqual({ carId: id, seller: seller!.id, deletedBy: ctx.adminId });
}

/** Too many creations by one user in an hour → 429 with Retry-After, counted per user. */
async function rateLimited(ctx: Ctx, keys: string[]) {
  const user = ctx.users[2]!;
  // Attempts that pass the body's checks count, so a wrong variant spends them without storing anything.
  const body = { ...listingBody(ctx, keys), variant: ctx.ref.otherVariant };
  for (let i = 0; i < 20; i++) {
    const res = await call(ctx.base, 'POST', '/api/cars', { body, token: user.token });
    expect(res.status).toBe(400);
  }
  const refused = await call(ctx.base, 'POST', '/api/cars', { body, token: user.token });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  const malformed = await call(ctx.base, 'POST', '/api/cars', {
    body: { ...body, price: 0 },
    token: user.token,
  });
  expect(malformed.status).toBe(400);
}

/** An admin deletes the seller: their listings go, with `listing.car.deleted`, and leave the catalog. */
async function userDeletion(ctx: Ctx, keyCount: number) {
  const leaving = await createUser(ctx.base, ctx.admin, { label: 'Leaving', extra: { role: undefined } });
  const created = await call(ctx.base, 'POST', '/api/cars', {
    body: listingBody(ctx, await ctx.imageKeys(leaving.token, keyCount), { regNumber: uniqueReg() }),
    token: leaving.token,
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Json)._id as string;
  await detailWhen(ctx, id, 200, 5_000);

  expect(
    (await call(ctx.base, 'DELETE', `/api/account/user/${leaving.id}`, { token: ctx.admin })).status,
  ).toBe(200);
  await ctx.t.system.drainOutboxes();
  await detailWhen(ctx, id, 404, 5_000);
  const [row] = await queryRows<{ n: number }>(
    ctx.t.system.infra.database.db,
    sql`SELECT count(*)::int AS n FROM listing.cars WHERE seller_id = ${leaving.id}`,
  );
  expect(row!.n).toBe(0);
}

/** The two ways the listing API runs (support/api.ts) and how many images a listing of these tests has. */
const storages = [
  { storage: 'service', title: 'with storage', keys: 1 },
  { storage: 'stub', title: 'with a storage contract stub', keys: 2 },
] as const;

for (const { storage, title, keys } of storages) {
  describe.each(variants)(`listing API ${title} on $name`, ({ servers, skip }) => {
    const ctx = useListingApi(storage, servers, skip);

    it.skipIf(skip)('lets only the seller or an Admin update or delete', async () => {
      await othersCannotChange(ctx, await ctx.imageKeys(ctx.users[0]!.token, keys));
    });

    it.skipIf(skip)('rate-limits listing creation per user', async () => {
      await rateLimited(ctx, await ctx.imageKeys(ctx.users[2]!.token, keys));
    });

    it.skipIf(skip)(
      "removes a deleted user's listings from the listing service and the catalog",
      async () => {
        await userDeletion(ctx, keys);
      },
    );
  });
}
