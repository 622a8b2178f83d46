/**
 * The buyers' alerts end to end (issue 24, the acceptance's event tests), through the API of the whole
 * system on the embedded adapters and on the real PostgreSQL, RabbitMQ and Redis, with e-mail going to the
 * dev outbox: a buyer saves "diesel under ₹8 lakh in Pune" (a Pune of this run, so no other car matches);
 * a seller lists a matching car → one e-mail naming the car with its link within 5 s, and an update of that
 * car (announced again) sends nothing more; a non-matching car → nothing; a daily search gets one digest
 * with every match; a shortlisted car going from ₹6,00,000 to ₹5,50,000 → its watcher is told
 * "₹50,000 (8.3 %) lower"; the one-click unsubscribe of the first e-mail → no alert for that search after;
 * a sold and a removed car stay in the shortlist, marked so (the removed one as last seen).
 */
import { sendDueDigests } from '@marketplace/catalog-service';
import type { EventPayloads } from '@marketplace/contracts';
import { createOutbox, messagingTables } from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, createUser, DEV_ADMIN, login, type Session } from '../../test-support/accounts';
import {
  type ListingReference,
  listingBody,
  modelsWithVariants,
  pickReference,
  uniqueCity,
} from '../../test-support/cars';
import { type OutboxRecord, readOutbox } from '../../test-support/dev-outbox';
import { plainJpeg } from '../../test-support/images';
import {
  call,
  SYSTEM_START_TIMEOUT_MS,
  startTestSystem,
  systemVariants,
  type TestSystem,
} from '../../test-support/system';

type Json = Record<string, unknown>;
const variants = await systemVariants();
const PUBLIC_URL = 'https://cars.example.in';
/** How long "nothing more" is watched for, in ms: well past a consumer's retry. */
const QUIET_MS = 1_500;
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));

describe.each(variants)('buyers’ alerts through the API on $name', ({ servers, skip }) => {
  let t: TestSystem;
  let seller: Session & Credentials;
  let diesel: ListingReference;
  /** A variant of another fuel (petrol, usually). */
  let other: ListingReference;
  let image: string;

  const mailsTo = (email: string): OutboxRecord[] =>
    readOutbox(t.outbox.outboxDir, 'mail.jsonl').filter((m) => m.to === email);

  /** A signed-in buyer with an e-mail address the notification worker knows. */
  async function buyer(): Promise<Session & Credentials> {
    const admin = await login(t.url, DEV_ADMIN);
    return createUser(t.url, admin.token, { label: 'Buyer' });
  }

  /** Lists a car as the seller (`price` rupees, in `city`, diesel unless `notDiesel`); the new car's id. */
  async function list(price: number, city: string, notDiesel = false): Promise<string> {
    const ref = notDiesel ? other : diesel;
    const res = await call(t.url, 'POST', '/api/cars', {
      body: listingBody(ref, [image], { city, price }),
      token: seller.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as Json)._id as string;
  }

  /** Saves a search as `who`; its id. */
  async function save(who: Session, query: string, frequency: 'instant' | 'daily'): Promise<string> {
    const res = await call(t.url, 'POST', '/api/saved-searches', {
      body: { name: 'Diesel under 8 lakh in Pune', query, channels: ['email'], frequency },
      token: who.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as Json)._id as string;
  }

  beforeAll(async () => {
    if (skip) return;
    t = await startTestSystem({ PUBLIC_URL }, servers);
    const admin = await login(t.url, DEV_ADMIN);
    seller = await createUser(t.url, admin.token, { label: 'Seller' });
    const base = await pickReference(t.url);
    // 2019 variants of the brand pickReference chose: a diesel one (the listings that match) and another.
    const models = await modelsWithVariants(t.url, base.brand, base.year, { count: 30 });
    const variantOf = (fuel: (fuel: unknown) => boolean): ListingReference => {
      const found = models.flatMap(({ model, variants: vs }) =>
        vs.filter((v) => fuel(v.fuelType)).map((v) => ({ model, v })),
      )[0];
      expect(found, 'a seeded 2019 variant of that fuel').toBeDefined();
      return {
        ...base,
        model: found!.model._id as string,
        variant: found!.v._id as string,
        fuelType: found!.v.fuelType as string,
        transmission: found!.v.transmission as string,
      };
    };
    diesel = variantOf((fuel) => fuel === 'Diesel');
    other = variantOf((fuel) => fuel !== 'Diesel');
    // The signed upload URL is on PUBLIC_URL (not this test's address): put the photo at its path here.
    const signed = await call(t.url, 'POST', '/api/storage/getUrl?type=cars', { token: seller.token });
    expect(signed.status).toBe(200);
    const uploadUrl = new URL(signed.body.uploadUrl as unknown as string, t.url);
    const put = await fetch(`${t.url}${uploadUrl.pathname}${uploadUrl.search}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(await plainJpeg()),
    });
    expect(put.status).toBe(200);
    image = signed.body.key as unknown as string;
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await t?.stop();
  });

  it.skipIf(skip)(
    'a matching car → one e-mail with its link within 5 s; its update and a non-matching car → nothing; unsubscribed → nothing',
    async () => {
      const b = await buyer();
      const pune = uniqueCity('Pune');
      await save(b, `fuelTypes=Diesel&price=0-800000&city=${encodeURIComponent(pune)}`, 'instant');

      const listedAt = Date.now();
      const carId = await list(750000, pune);
      await expect.poll(() => mailsTo(b.email).length, { timeout: 5_000, interval: 25 }).toBe(1);
      expect(Date.now() - listedAt).toBeLessThan(5_000);
      const [mail] = mailsTo(b.email);
      expect(mail!.text).toContain(`${PUBLIC_URL}/car-details/${carId}`);
      expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      // The same car announced again (an edit), a petrol car and a dearer one: nothing more.
      const edit = await call(t.url, 'PUT', `/api/cars/${carId}`, {
        body: { description: 'Now with new tyres.' },
        token: seller.token,
      });
      expect(edit.status).toBe(200);
      await list(700000, pune, true);
      await list(900000, pune);
      await quiet();
      expect(mailsTo(b.email)).toHaveLength(1);

      // One click on the e-mail's List-Unsubscribe link, as a mail client posts it: no alert after.
      const link = /<([^>]+)>/.exec(mail!.headers?.['List-Unsubscribe'] ?? '')?.[1];
      expect(link, 'the List-Unsubscribe link').toMatch(`${PUBLIC_URL}/api/alerts/unsubscribe?token=`);
      const res = await fetch(`${t.url}${new URL(link!).pathname}${new URL(link!).search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      await list(650000, pune);
      await quiet();
      expect(mailsTo(b.email)).toHaveLength(1);
    },
  );

  it.skipIf(skip)('a daily search gets one digest with every match of the day', async () => {
    const b = await buyer();
    const pune = uniqueCity('Pune');
    await save(b, `fuelTypes=Diesel&price=0-800000&city=${encodeURIComponent(pune)}`, 'daily');
    const ids = [await list(610000, pune), await list(620000, pune)];
    await quiet();
    expect(mailsTo(b.email)).toHaveLength(0);
    const outbox = createOutbox<EventPayloads>({
      db: t.system.infra.database.db,
      tables: messagingTables('catalog'),
      publishes: ['catalog.alert.search_matched'],
    });
    // 09:30 India time on a day no other test has claimed (the catalog claims today's at start).
    const sent = await sendDueDigests(
      { outbox, alertSecret: t.system.infra.config.ALERT_SIGNING_SECRET },
      new Date('2099-01-01T04:00:00Z'),
    );
    expect(sent).toBeGreaterThanOrEqual(1);
    await t.system.drainOutboxes();
    await expect.poll(() => mailsTo(b.email).length, { timeout: 5_000, interval: 25 }).toBe(1);
    for (const id of ids) expect(mailsTo(b.email)[0]!.text).toContain(`${PUBLIC_URL}/car-details/${id}`);
  });

  it.skipIf(skip)('a shortlisted car from ₹6,00,000 to ₹5,50,000 → “₹50,000 (8.3 %) lower”', async () => {
    const b = await buyer();
    const carId = await list(600000, uniqueCity('Nashik'));
    await expect
      .poll(async () => (await call(t.url, 'PUT', `/api/shortlist/${carId}`, { token: b.token })).status, {
        timeout: 5_000,
        interval: 25,
      })
      .toBe(200);
    const cheaper = await call(t.url, 'PUT', `/api/cars/${carId}`, {
      body: { price: 550000 },
      token: seller.token,
    });
    expect(cheaper.status).toBe(200);
    await expect.poll(() => mailsTo(b.email).length, { timeout: 5_000, interval: 25 }).toBe(1);
    expect(mailsTo(b.email)[0]!.text).toContain('₹50,000 (8.3 %) lower');
    expect(mailsTo(seller.email)).not.toContainEqual(
      expect.objectContaining({ text: expect.stringContaining('lower') }),
    );
  });

  it.skipIf(skip)(
    'keeps a sold and a removed car in the shortlist, marked so, until the buyer removes them',
    async () => {
      const b = await buyer();
      const city = uniqueCity('Thane');
      const [sold, gone] = [await list(500000, city), await list(510000, city)];
      for (const id of [sold, gone]) {
        await expect
          .poll(async () => (await call(t.url, 'PUT', `/api/shortlist/${id}`, { token: b.token })).status, {
            timeout: 5_000,
            interval: 25,
          })
          .toBe(200);
      }
      expect(
        (await call(t.url, 'PUT', `/api/cars/${sold}`, { body: { status: 'sold' }, token: seller.token }))
          .status,
      ).toBe(200);
      expect((await call(t.url, 'DELETE', `/api/cars/${gone}`, { token: seller.token })).status).toBe(200);
      const availability = async () =>
        Object.fromEntries(
          (
            (await call(t.url, 'GET', '/api/shortlist', { token: b.token })).body.data as unknown as Json[]
          ).map((e) => [e._id, e.availability]),
        );
      await expect
        .poll(availability, { timeout: 5_000, interval: 25 })
        .toEqual({ [sold]: 'sold', [gone]: 'removed' });
      const entries = (await call(t.url, 'GET', '/api/shortlist', { token: b.token })).body
        .data as unknown as Json[];
      expect(entries.find((e) => e._id === gone)).toMatchObject({ price: 510000, location: { city } });
      expect((await call(t.url, 'DELETE', `/api/shortlist/${gone}`, { token: b.token })).status).toBe(200);
      expect(Object.keys(await availability())).toEqual([sold]);
    },
  );
});
