/**
 * The buyers' alerts through the whole system (issue 24), on the embedded adapters and on the real
 * PostgreSQL, RabbitMQ and Redis, with e-mail and SMS going to the dev outbox (DATA_DIR/outbox): a user is
 * announced by auth (`auth.user.registered`, through the auth outbox), then the catalog's alert events are
 * emitted through the catalog's outbox, as the catalog does. A search match → one e-mail naming the car with
 * its link and the List-Unsubscribe headers, a redelivery sends nothing more; channel sms → one SMS; a price
 * drop → an e-mail with the drop, a "drop" that is none → nothing. Every check polls with a deadline.
 */
import type { EventPayloads } from '@marketplace/contracts';
import { createOutbox, messagingTables } from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, smsTo } from '../../../test-support/dev-outbox';
import {
  SYSTEM_START_TIMEOUT_MS,
  startTestSystem,
  systemVariants,
  type TestSystem,
} from '../../../test-support/system';
import { userStore } from '../src/data/store';
import {
  alertCar,
  newUser,
  priceDroppedPayload,
  searchMatchedPayload,
  type TestUser,
  userRegistered,
} from './support/fixtures';

const variants = await systemVariants();
const PUBLIC_URL = 'https://cars.example.in';
const DEADLINE = { timeout: 15_000, interval: 50 };
const settle = () => new Promise((r) => setTimeout(r, 300));

describe.each(variants)('buyer alerts on $name', ({ servers, skip }) => {
  let t: TestSystem;
  const mailsTo = (email: string) =>
    readOutbox(t.outbox.outboxDir, 'mail.jsonl').filter((m) => m.to === email);
  const catalogOutbox = () =>
    createOutbox<EventPayloads>({ db: t.system.infra.database.db, tables: messagingTables('catalog') });

  beforeAll(async () => {
    if (skip) return;
    t = await startTestSystem({ PUBLIC_URL, BUS_RETRY_BASE_MS: '50', BUS_RETRY_MAX_MS: '200' }, servers);
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await t?.stop();
  });

  /** A user the notification worker knows (auth announced them and the projection holds them). */
  async function knownUser(name: string): Promise<TestUser> {
    const u = newUser(name);
    const authOutbox = createOutbox<EventPayloads>({
      db: t.system.infra.database.db,
      tables: messagingTables('auth'),
    });
    const registered = userRegistered(u);
    await authOutbox.transaction((_tx, emit) => emit(registered.name, registered.payload));
    await t.system.drainOutboxes();
    await expect
      .poll(() => userStore.recipient(t.system.infra.database.db, u.userId), DEADLINE)
      .toBeDefined();
    return u;
  }

  /** Emits `payload` as the catalog would; @returns its envelope. */
  async function emitSearchMatched(payload: EventPayloads['catalog.alert.search_matched']) {
    const sent = await catalogOutbox().transaction((_tx, emit) =>
      emit('catalog.alert.search_matched', payload),
    );
    await t.system.drainOutboxes();
    return sent;
  }

  it.skipIf(skip)(
    'e-mails a search match once, naming the car with its link and List-Unsubscribe headers',
    async () => {
      const u = await knownUser('Asha Rao');
      const car = alertCar(750000);
      const payload = searchMatchedPayload(u.userId, [car]);
      const sent = await emitSearchMatched(payload);

      await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(1);
      const [mail] = mailsTo(u.email);
      expect(mail!.subject).toBe('New match for "Diesel in Pune": Hyundai Creta SX (2021)');
      expect(mail!.text).toContain('Hello Asha Rao,');
      expect(mail!.text).toContain('- Hyundai Creta SX (2021)\n  ₹7,50,000 · Pune');
      expect(mail!.text).toContain(`View car: ${PUBLIC_URL}/car-details/${car._id}`);
      expect(mail!.text).toContain(`${PUBLIC_URL}/buy-a-car?fuelTypes=Diesel&price=0-800000&city=Pune`);
      const token = encodeURIComponent(payload.unsubscribeToken);
      expect(mail!.text).toContain(`Unsubscribe from this alert: ${PUBLIC_URL}/unsubscribe?token=${token}`);
      expect(mail!.headers).toEqual({
        'List-Unsubscribe': `<${PUBLIC_URL}/api/alerts/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });

      // The same envelope again sends nothing; a later event on the same queue proves it was handled.
      await t.system.infra.broker.publish(sent);
      await emitSearchMatched(searchMatchedPayload(u.userId, [alertCar(790000)]));
      await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(2);
      await settle();
      expect(mailsTo(u.email)).toHaveLength(2);
      expect(mailsTo(u.email).filter((m) => m.text.includes(car._id))).toHaveLength(1);
    },
  );

  it.skipIf(skip)('sends a daily digest as one e-mail and channel sms as one short SMS', async () => {
    const u = await knownUser('Ravi Kumar');
    const cars = [alertCar(600000), alertCar(700000), alertCar(790000)];
    await emitSearchMatched(searchMatchedPayload(u.userId, cars, { frequency: 'daily' }));
    await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(1);
    const [digest] = mailsTo(u.email);
    expect(digest!.subject).toBe('3 new cars today for "Diesel in Pune"');
    for (const car of cars) expect(digest!.text).toContain(`${PUBLIC_URL}/car-details/${car._id}`);

    const car = alertCar(720000);
    await emitSearchMatched(searchMatchedPayload(u.userId, [car], { channels: ['sms'] }));
    await expect.poll(() => smsTo(t.outbox.outboxDir, u.phone_number).length, DEADLINE).toBe(1);
    expect(smsTo(t.outbox.outboxDir, u.phone_number)[0]!.text).toBe(
      `CarBazaar: new match for "Diesel in Pune": Hyundai Creta SX (2021), Rs. 7,20,000, Pune ${PUBLIC_URL}/car-details/${car._id}`,
    );
    await settle();
    expect(mailsTo(u.email)).toHaveLength(1);
  });

  it.skipIf(skip)(
    'e-mails a price drop with the drop in rupees and per cent, and ignores a rise',
    async () => {
      const u = await knownUser('Meera Iyer');
      const outbox = catalogOutbox();
      await outbox.transaction((_tx, emit) =>
        emit('catalog.alert.price_dropped', priceDroppedPayload(u.userId, 500000, alertCar(550000))),
      );
      const payload = priceDroppedPayload(u.userId, 600000, alertCar(550000));
      await outbox.transaction((_tx, emit) => emit('catalog.alert.price_dropped', payload));
      await t.system.drainOutboxes();

      await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(1);
      await settle();
      const [mail, ...more] = mailsTo(u.email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Price drop: the Hyundai Creta SX on your shortlist is now ₹5,50,000');
      expect(mail!.text).toContain('is now ₹50,000 (8.3 %) lower.');
      expect(mail!.text).toContain('Old price: ₹6,00,000\nNew price: ₹5,50,000');
      expect(mail!.text).toContain(`${PUBLIC_URL}/car-details/${payload.car._id}`);
      expect(mail!.headers?.['List-Unsubscribe']).toBe(
        `<${PUBLIC_URL}/api/alerts/unsubscribe?token=${encodeURIComponent(payload.unsubscribeToken)}>`,
      );
    },
  );
});
