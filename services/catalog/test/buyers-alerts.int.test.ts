/**
 * The buyers' alerts (issue 24) through the embedded system, on the embedded adapters and on the real
 * PostgreSQL, RabbitMQ and Redis: cars listed, repriced and deleted through the listing API reach the
 * catalog's consumer `catalog.buyer-alerts`, whose `catalog.alert.*` events are read from the catalog's
 * outbox. A saved search "diesel under ₹8 lakh in Pune" gets one instant alert per matching car (none for a
 * car that does not match, none again on redelivery, none after its unsubscribe link), a daily one digest
 * with every match (sent with a fixed clock); a shortlisted car repriced 600000 → 550000 tells its watcher.
 */
import { type EventPayloads, events } from '@marketplace/contracts';
import { createOutbox, messagingTables, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test-support/accounts';
import {
  karnataka,
  type ListingReference,
  listingBody,
  modelsWithVariants,
  referenceList,
  uploadImage,
} from '../../../test-support/cars';
import { sessionFor } from '../../../test-support/sessions';
import { call, systemVariants } from '../../../test-support/system';
import { sendDueDigests } from '../src/buyers/use-cases/send-daily-digests';
import { type Json, useCatalogApi } from './support/catalog-api';

const variants = await systemVariants();
const QUERY = 'fuelTypes=Diesel&price=0-800000&city=Pune';
const EVENTUAL_MS = 15_000;

/** A seeded 2019 diesel (brand, model, variant), registered in Karnataka at KA-01. */
async function dieselReference(base: string): Promise<ListingReference> {
  const brands = await referenceList(base, '/api/carbrand');
  for (const name of ['Mahindra', 'Tata', 'Hyundai', 'Kia', 'Toyota']) {
    const brand = brands.find((b) => b.name === name);
    if (!brand) continue;
    for (const { model, variants } of await modelsWithVariants(base, brand._id as string, 2019, {
      count: 8,
    })) {
      const variant = variants.find((v) => v.fuelType === 'Diesel');
      if (!variant) continue;
      const { state, rtos } = await karnataka(base);
      return {
        brand: brand._id as string,
        model: model._id as string,
        modelName: model.name as string,
        variant: variant._id as string,
        fuelType: 'Diesel',
        transmission: variant.transmission as string,
        year: 2019,
        state: state._id as string,
        rto: rtos.find((r) => r.code === 'KA-01')!._id as string,
      };
    }
  }
  throw new Error('no seeded 2019 diesel variant');
}

describe.each(variants)('buyers’ alerts on $name', ({ servers, skip }) => {
  const api = useCatalogApi(servers, skip);

  it.skipIf(skip)(
    'tells saved searches and watchers once, digests daily, stops when unsubscribed',
    async () => {
      const { t, admin } = api;
      const db = t.system.infra.database.db;
      const catalogOutbox = createOutbox<EventPayloads>({ db, tables: messagingTables('catalog') });
      const seller = await createUser(t.url, admin);
      const buyer = await sessionFor(t.system, 'User');
      const ref = await dieselReference(t.url);
      const keys = [await uploadImage(t.url, seller.token)];

      /** Lists a diesel through the listing API; its id once the catalog's consumer has handled it. */
      async function list(price: number, city: string): Promise<string> {
        const res = await call(t.url, 'POST', '/api/cars', {
          token: seller.token,
          body: listingBody(ref, keys, { city, price }),
        });
        expect(res.status, res.text).toBe(201);
        const id = (res.body.data as Json)._id as string;
        await handled(id, 1);
        return id;
      }
      /** Waits until `catalog.buyer-alerts` has handled `count` `catalog.car.indexed` events of car `id`. */
      async function handled(id: string, count: number) {
        await expect
          .poll(
            async () => {
              const [row] = await queryRows<{ n: number }>(
                db,
                sql`SELECT count(*)::int AS n FROM catalog.outbox o JOIN catalog.inbox i
                    ON i.event_id = o.id AND i.consumer = 'catalog.buyer-alerts'
                  WHERE o.name = 'catalog.car.indexed' AND o.envelope->'payload'->'car'->>'_id' = ${id}`,
              );
              await t.system.drainOutboxes();
              return Number(row?.n ?? 0);
            },
            { timeout: EVENTUAL_MS, interval: 50 },
          )
          .toBeGreaterThanOrEqual(count);
      }
      /** The payloads of the catalog's `name` events whose JSON path `key` is `value`. */
      const alerts = async (name: string, key: string, value: string) =>
        (
          await queryRows<{ payload: Json }>(
            db,
            sql`SELECT envelope->'payload' AS payload FROM catalog.outbox
              WHERE name = ${name} AND envelope->'payload' #>> ${`{${key}}`} = ${value} ORDER BY seq`,
          )
        ).map((r) => r.payload);
      const search = async (frequency: string) => {
        const res = await call(t.url, 'POST', '/api/saved-searches', {
          token: buyer.token,
          body: { name: `Diesel in Pune (${frequency})`, query: QUERY, channels: ['email'], frequency },
        });
        expect(res.status, res.text).toBe(201);
        return (res.body.data as Json)._id as string;
      };
      const instant = await search('instant');
      const daily = await search('daily');
      // The seller's own search never tells the seller of their own car.
      await call(t.url, 'POST', '/api/saved-searches', {
        token: seller.token,
        body: { name: 'Mine', query: QUERY, channels: ['email'], frequency: 'instant' },
      });

      const matching = await list(600000, 'Pune');
      const told = await alerts('catalog.alert.search_matched', 'savedSearch,_id', instant);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ userId: buyer.id, frequency: 'instant', channels: ['email'] });
      expect((told[0]!.cars as Json[]).map((c) => c._id)).toEqual([matching]);
      expect(() => events['catalog.alert.search_matched'].payload.parse(told[0])).not.toThrow();
      expect(await alerts('catalog.alert.search_matched', 'userId', seller.id)).toEqual([]);

      // Not diesel-under-8-lakh-in-Pune: nothing.
      const dear = await list(900000, 'Pune');
      const elsewhere = await list(500000, 'Mumbai');
      for (const id of [dear, elsewhere])
        expect(await alerts('catalog.alert.search_matched', 'cars,0,_id', id)).toEqual([]);

      // A redelivery (here: the same car announced again) tells nothing more.
      const [indexed] = await alerts('catalog.car.indexed', 'car,_id', matching);
      await catalogOutbox.transaction((_tx, emit) => emit('catalog.car.indexed', indexed as never));
      await handled(matching, 2);
      expect(await alerts('catalog.alert.search_matched', 'savedSearch,_id', instant)).toHaveLength(1);

      // A shortlisted car gets cheaper: 600000 → 550000 tells its watcher once.
      expect((await call(t.url, 'PUT', `/api/shortlist/${matching}`, { token: buyer.token })).status).toBe(
        200,
      );
      const repriced = await call(t.url, 'PUT', `/api/cars/${matching}`, {
        token: seller.token,
        body: { price: 550000 },
      });
      expect(repriced.status, repriced.text).toBe(200);
      await handled(matching, 3);
      const drops = await alerts('catalog.alert.price_dropped', 'car,_id', matching);
      expect(drops).toHaveLength(1);
      expect(drops[0]).toMatchObject({
        userId: buyer.id,
        previousPrice: 600000,
        car: { _id: matching, price: 550000 },
      });
      expect(await alerts('catalog.alert.search_matched', 'savedSearch,_id', instant)).toHaveLength(1);

      // The daily search: one digest with every match, at 09:00 India time (a fixed clock), once.
      const second = await list(700000, 'pune');
      const deps = { outbox: catalogOutbox, alertSecret: t.system.infra.config.ALERT_SIGNING_SECRET };
      expect(await sendDueDigests(deps, new Date('2099-01-01T03:29:00Z'))).toBe(0);
      expect(await alerts('catalog.alert.search_matched', 'savedSearch,_id', daily)).toEqual([]);
      expect(await sendDueDigests(deps, new Date('2099-01-01T03:30:00Z'))).toBeGreaterThanOrEqual(1);
      expect(await sendDueDigests(deps, new Date('2099-01-01T12:00:00Z'))).toBe(0);
      const digests = await alerts('catalog.alert.search_matched', 'savedSearch,_id', daily);
      expect(digests).toHaveLength(1);
      expect(digests[0]).toMatchObject({ userId: buyer.id, frequency: 'daily' });
      expect((digests[0]!.cars as Json[]).map((c) => c._id).sort()).toEqual([matching, second].sort());
      expect(await sendDueDigests(deps, new Date('2099-01-02T04:00:00Z'))).toBe(0);

      // The unsubscribe link: no further alerts for that search (the second match was told at once too).
      const before = await alerts('catalog.alert.search_matched', 'savedSearch,_id', instant);
      expect(before.map((a) => (a.cars as Json[])[0]!._id)).toEqual([matching, second]);
      const unsubscribed = await call(
        t.url,
        'POST',
        `/api/alerts/unsubscribe?token=${encodeURIComponent(told[0]!.unsubscribeToken as string)}`,
      );
      expect(unsubscribed.status, unsubscribed.text).toBe(200);
      const third = await list(650000, 'Pune');
      expect(await alerts('catalog.alert.search_matched', 'cars,0,_id', third)).toEqual([]);
      expect(await alerts('catalog.alert.search_matched', 'savedSearch,_id', instant)).toHaveLength(2);

      // A deleted listing stays on the shortlist, marked removed, from its last copy.
      expect((await call(t.url, 'DELETE', `/api/cars/${matching}`, { token: seller.token })).status).toBe(
        200,
      );
      await expect
        .poll(
          async () => {
            await t.system.drainOutboxes();
            const list = await call(t.url, 'GET', '/api/shortlist', { token: buyer.token });
            return (list.body.data as unknown as Json[]).map((e) => [e._id, e.availability, e.price]);
          },
          { timeout: EVENTUAL_MS, interval: 50 },
        )
        .toEqual([[matching, 'removed', 550000]]);
    },
  );
});
