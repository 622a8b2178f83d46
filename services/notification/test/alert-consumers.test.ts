/**
 * The alert consumers (events/alert-consumers.ts) run by the platform's consumer runtime on an in-memory
 * PGlite with the service's migrations, with a recording notifier: who gets what by which channel, and what is
 * skipped with an `info` log line (unknown recipient, no mobile number, only the recipient's own cars, a
 * "drop" that is none).
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type EventPayloads, makeEvent } from '@marketplace/contracts';
import {
  type Consumer,
  createLogger,
  createOutbox,
  type EventEnvelope,
  type MailMessage,
  type Notifier,
  type SmsMessage,
  toSubscription,
} from '@marketplace/platform';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test-support/consumers';
import { tables, userStore } from '../src/data/store';
import { priceDropAlertConsumer, searchAlertConsumer } from '../src/events/alert-consumers';
import {
  alertCar,
  newUser,
  priceDroppedPayload,
  SEAL_SECRET,
  searchMatchedPayload,
} from './support/fixtures';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const database = useMigratedDatabase('notification', migrationsFolder);

const mails: MailMessage[] = [];
const sms: SmsMessage[] = [];
const logs: Array<{ msg: string }> = [];
const notifier: Notifier = {
  kind: 'recording',
  async sendMail(m) {
    mails.push(m);
  },
  async sendSms(m) {
    sms.push(m);
  },
};
const logger = createLogger({
  level: 'info',
  destination: new Writable({
    write(chunk, _enc, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  }),
});
const deps = { notifier, publicUrl: 'https://cars.example.in', sealSecret: SEAL_SECRET };
const run = <E extends EventEnvelope>(consumer: Consumer<E, EventPayloads>, body: unknown) =>
  toSubscription(consumer, {
    outbox: createOutbox<EventPayloads>({ db: database.db, tables }),
    tables,
    logger,
  }).handle({ body, attempt: 1 });
const searchMatched = (p: EventPayloads['catalog.alert.search_matched']) =>
  run(searchAlertConsumer(deps), makeEvent('catalog.alert.search_matched', p, { correlationId: 't' }));
const priceDropped = (p: EventPayloads['catalog.alert.price_dropped']) =>
  run(priceDropAlertConsumer(deps), makeEvent('catalog.alert.price_dropped', p, { correlationId: 't' }));

/** A user in the projection; `phone: false` → without a mobile number. */
async function known(name: string, opts: { phone?: boolean } = {}) {
  const u = newUser(name);
  const { phone_number, ...rest } = u;
  await userStore.upsert(
    database.db,
    { id: u.userId, ...rest, ...(opts.phone === false ? {} : { phone: phone_number }) },
    new Date(),
  );
  return u;
}

beforeEach(() => {
  mails.length = 0;
  sms.length = 0;
  logs.length = 0;
});

describe('notification.search-alert', () => {
  it('sends by every channel of the event: the e-mail with its unsubscribe headers and the SMS', async () => {
    const u = await known('Asha');
    await searchMatched(searchMatchedPayload(u.userId, [alertCar()], { channels: ['email', 'sms'] }));
    expect(mails.map((m) => m.to)).toEqual([u.email]);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sms).toEqual([{ to: u.phone_number, text: expect.stringMatching(/^CarBazaar: new match for/) }]);
  });

  it('skips an unknown recipient with the usual log line, and an SMS without a mobile number', async () => {
    await searchMatched(searchMatchedPayload(newUser('Ghost').userId, [alertCar()], { channels: ['email'] }));
    expect(logs.map((l) => l.msg)).toContain('recipient unknown to the users projection; message skipped');
    const u = await known('No Phone', { phone: false });
    await searchMatched(searchMatchedPayload(u.userId, [alertCar()], { channels: ['email', 'sms'] }));
    expect(mails).toHaveLength(1);
    expect(sms).toEqual([]);
    expect(logs.map((l) => l.msg)).toContain('recipient has no mobile number; SMS skipped');
  });

  it("leaves out the recipient's own cars and sends nothing when only those matched", async () => {
    const u = await known('Seller Sita');
    await searchMatched(searchMatchedPayload(u.userId, [alertCar(500000, u.userId)], { frequency: 'daily' }));
    expect(mails).toEqual([]);
    const other = alertCar(600000);
    await searchMatched(
      searchMatchedPayload(u.userId, [alertCar(500000, u.userId), other], { frequency: 'daily' }),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('1 new car today for "Diesel in Pune"');
    expect(mails[0]!.text).toContain(other._id);
  });
});

describe('notification.price-drop-alert', () => {
  it('e-mails the drop and ignores an event whose price did not drop', async () => {
    const u = await known('Meera');
    await priceDropped(priceDroppedPayload(u.userId, 550000, alertCar(550000)));
    await priceDropped(priceDroppedPayload(u.userId, 500000, alertCar(550000)));
    expect(mails).toEqual([]);
    expect(logs.filter((l) => l.msg === 'price did not drop; alert ignored')).toHaveLength(2);
    await priceDropped(priceDroppedPayload(u.userId, 600000, alertCar(550000)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('₹50,000 (8.3 %) lower');
  });
});
