/**
 * The buyers' tools (issue 24) through the embedded system, on the embedded adapters and on the real
 * PostgreSQL, RabbitMQ and Redis: the shortlist (add, list, remove, idempotence, the 50 limit, 404s, each
 * user's own), saved searches (create with a canonical query, a bad query naming its parameter, list, the
 * 20 limit, delete) and the one-click unsubscribe (bad tokens 400, good ones turning alerts off, any body).
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../../test-support/sessions';
import { call, systemVariants } from '../../../test-support/system';
import { signUnsubscribeToken } from '../src/buyers/domain/unsubscribe-token';
import { type Json, useCatalogApi } from './support/catalog-api';

const variants = await systemVariants();

describe.each(variants)('buyers’ tools on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);
  const as = (token: string | undefined, method: string, p: string, body?: unknown) =>
    call(api.t.url, method, p, { token, body });

  /** The ids of the first `n` cars for sale (newest first), at most 100. */
  async function carsForSale(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ids.length < n; page++) {
      const res = await api.get(`/api/cars?limit=50&page=${page}`);
      const cars = (res.body.data as { cars: Json[] }).cars;
      expect(cars.length, 'enough demo cars for sale').toBeGreaterThan(0);
      ids.push(...cars.map((c) => c._id as string));
    }
    return ids.slice(0, n);
  }

  it.skipIf(skip)(
    'keeps each user’s shortlist: idempotent add and remove, 404s, the limit of 50',
    async () => {
      const { user } = api;
      const other = (await sessionFor(api.t.system, 'User')).token;
      expect((await as(undefined, 'GET', '/api/shortlist')).status).toBe(401);
      expect((await as(undefined, 'PUT', `/api/shortlist/${randomUUID()}`)).status).toBe(401);
      const ids = await carsForSale(51);

      const first = await as(user, 'PUT', `/api/shortlist/${ids[0]}`);
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ message: expect.any(String), data: { carIds: [ids[0]] } });
      expect((await as(user, 'PUT', `/api/shortlist/${ids[0]}`)).body.data).toEqual({ carIds: [ids[0]] });
      await new Promise((r) => setTimeout(r, 5));
      expect((await as(user, 'PUT', `/api/shortlist/${ids[1]}`)).body.data).toEqual({
        carIds: [ids[1], ids[0]],
      });

      const list = await as(user, 'GET', '/api/shortlist');
      expect(list.status).toBe(200);
      const entries = list.body.data as unknown as Json[];
      expect(entries.map((e) => e._id)).toEqual([ids[1], ids[0]]);
      const detail = (await api.get(`/api/cars/${ids[1]}`)).body.data as Json;
      expect(entries[0]).toEqual({ ...detail, availability: 'for_sale', shortlistedAt: expect.any(String) });
      expect(Date.parse(entries[0]!.shortlistedAt as string)).toBeGreaterThan(Date.now() - 60_000);
      // Another user's list is never visible.
      expect((await as(other, 'GET', '/api/shortlist')).body.data).toEqual([]);

      const unknown = await as(user, 'PUT', `/api/shortlist/${randomUUID()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toEqual(expect.any(String));
      expect((await as(user, 'PUT', '/api/shortlist/not-an-id')).status).toBe(404);

      const removed = await as(user, 'DELETE', `/api/shortlist/${ids[0]}`);
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ carIds: [ids[1]] });
      expect((await as(user, 'DELETE', `/api/shortlist/${ids[0]}`)).status).toBe(200);
      expect((await as(user, 'DELETE', `/api/shortlist/${randomUUID()}`)).status).toBe(404);
      expect((await as(user, 'DELETE', '/api/shortlist/not-an-id')).status).toBe(404);

      for (const id of ids.slice(2, 51))
        expect((await as(user, 'PUT', `/api/shortlist/${id}`)).status).toBe(200);
      const full = await as(user, 'PUT', `/api/shortlist/${ids[0]}`);
      expect(full.status).toBe(409);
      expect(full.body.message).toMatch(/50/);
      expect((await as(user, 'PUT', `/api/shortlist/${ids[1]}`)).status).toBe(200);
      expect((await as(user, 'GET', '/api/shortlist')).body.data).toHaveLength(50);
      expect((await as(other, 'PUT', `/api/shortlist/${ids[0]}`)).status).toBe(200);
    },
  );

  it.skipIf(skip)(
    'saves searches: canonical query, a bad one naming its parameter, the limit of 20',
    async () => {
      const { user } = api;
      const other = (await sessionFor(api.t.system, 'User')).token;
      const body = (name: string, query: string) => ({
        name,
        query,
        channels: ['email'],
        frequency: 'instant',
      });
      expect((await as(undefined, 'GET', '/api/saved-searches')).status).toBe(401);
      expect((await as(undefined, 'POST', '/api/saved-searches', body('x', 'city=Pune'))).status).toBe(401);

      const bad = await as(user, 'POST', '/api/saved-searches', body('Cheap', 'price=abc'));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/price/);
      const empty = await as(user, 'POST', '/api/saved-searches', body('Nothing', 'page=2'));
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/query/);
      const noChannel = await as(user, 'POST', '/api/saved-searches', {
        ...body('x', 'city=Pune'),
        channels: [],
      });
      expect(noChannel.status).toBe(400);
      expect(noChannel.body.message).toMatch(/channels/);

      const created = await as(
        user,
        'POST',
        '/api/saved-searches',
        body('Diesel in Pune', '?city=Pune&price=0-800000&fuelTypes=Diesel&page=2&sort=price_asc'),
      );
      expect(created.status, created.text).toBe(201);
      const saved = created.body.data as Json;
      expect(saved).toEqual({
        _id: expect.any(String),
        name: 'Diesel in Pune',
        query: 'fuelTypes=Diesel&price=0-800000&city=Pune',
        channels: ['email'],
        frequency: 'instant',
        alerts: true,
        createdAt: expect.any(String),
      });
      await new Promise((r) => setTimeout(r, 5));
      const second = (await as(user, 'POST', '/api/saved-searches', body('SUVs', 'bodyTypes=SUV'))).body
        .data as Json;
      const listed = await as(user, 'GET', '/api/saved-searches');
      expect(listed.status).toBe(200);
      expect((listed.body.data as unknown as Json[]).map((s) => s._id)).toEqual([second._id, saved._id]);
      expect((await as(other, 'GET', '/api/saved-searches')).body.data).toEqual([]);
      expect((await as(other, 'DELETE', `/api/saved-searches/${saved._id}`)).status).toBe(404);
      expect((await as(user, 'DELETE', '/api/saved-searches/not-an-id')).status).toBe(404);

      for (let i = 2; i < 20; i++) {
        expect(
          (await as(user, 'POST', '/api/saved-searches', body(`S${i}`, `years=${2000 + i}-`))).status,
        ).toBe(201);
      }
      const tooMany = await as(user, 'POST', '/api/saved-searches', body('One more', 'city=Goa'));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toMatch(/20/);

      const deleted = await as(user, 'DELETE', `/api/saved-searches/${saved._id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: expect.any(String), data: saved });
      expect((await as(user, 'DELETE', `/api/saved-searches/${saved._id}`)).status).toBe(404);
      expect((await as(user, 'GET', '/api/saved-searches')).body.data).toHaveLength(19);
    },
  );

  it.skipIf(skip)('unsubscribes with a signed token only, whatever the body', async () => {
    const owner = await sessionFor(api.t.system, 'User');
    const secret = api.t.system.infra.config.ALERT_SIGNING_SECRET;
    const created = await as(owner.token, 'POST', '/api/saved-searches', {
      name: 'Pune diesels',
      query: 'fuelTypes=Diesel&city=Pune',
      channels: ['email', 'sms'],
      frequency: 'daily',
    });
    const search = created.body.data as Json;
    const unsubscribe = (token: string) =>
      fetch(`${api.t.url}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });

    for (const token of [
      '',
      'garbage',
      `${signUnsubscribeToken('another-secret-of-32-bytes!!!!!!', { k: 'search', id: search._id as string })}`,
    ]) {
      const res = await unsubscribe(token);
      expect(res.status, token).toBe(400);
      expect(((await res.json()) as Json).message).toMatch(/token/);
    }
    const missing = await call(api.t.url, 'POST', '/api/alerts/unsubscribe');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/token/);
    expect((await unsubscribe(signUnsubscribeToken(secret, { k: 'search', id: randomUUID() }))).status).toBe(
      404,
    );

    const good = signUnsubscribeToken(secret, { k: 'search', id: search._id as string });
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribe(good);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).message).toEqual(expect.any(String));
    }
    const after = (await as(owner.token, 'GET', '/api/saved-searches')).body.data as unknown as Json[];
    expect(after).toEqual([{ ...search, alerts: false }]);

    const [carId] = await carsForSale(1);
    expect((await as(owner.token, 'PUT', `/api/shortlist/${carId}`)).status).toBe(200);
    const price = signUnsubscribeToken(secret, { k: 'price', u: owner.id, c: carId! });
    expect(
      (await call(api.t.url, 'POST', `/api/alerts/unsubscribe?token=${price}`, { body: {} })).status,
    ).toBe(200);
    const [row] = await queryRows<{ price_alerts: boolean }>(
      api.t.system.infra.database.db,
      sql`SELECT price_alerts FROM catalog.shortlist WHERE user_id = ${owner.id} AND car_id = ${carId}`,
    );
    expect(row?.price_alerts).toBe(false);
  });
});
