/**
 * Delivery over real SMTP (issue 7): the notification consumers, run by the platform's consumer runtime on an
 * in-memory PGlite with the service's migrations, send through nodemailer to a local `smtp-server`. Each
 * message kind arrives with text and HTML parts; a redelivered event sends once; a failing send throws (the
 * inbox row rolls back) and the bus's retry then sends it once; unknown recipients are skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventPayloads, makeEvent } from '@marketplace/contracts';
import {
  combineNotifier,
  createDatabase,
  createDevOutboxNotifier,
  createInProcessBroker,
  createLogger,
  createOutbox,
  createSmtpMailer,
  type Database,
  type Notifier,
  queryRows,
  type Subscription,
  toSubscription,
} from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDirOf, readOutbox } from '../../../test-support/dev-outbox';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/smtp';
import { tables } from '../src/data/store';
import { notificationConsumers } from '../src/events/consumers';
import {
  booking,
  carCreated,
  newUser,
  otpRequested,
  SEAL_SECRET,
  type TestUser,
  testDriveEvents,
  userRegistered,
  userVerified,
} from './support/fixtures';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const logger = createLogger({ level: 'silent' });
const PUBLIC_URL = 'https://cars.example.in';

let database: Database;
let smtp: TestSmtpServer;
let dataDir: string;
let notifier: Notifier;
const subs = new Map<string, Subscription>();

beforeAll(async () => {
  database = await createDatabase();
  await database.prepareSchema({ schema: 'notification', migrationsFolder });
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notification-'));
  notifier = combineNotifier(
    createSmtpMailer({ url: smtp.url, from: 'CarBazaar <no-reply@example.in>', logger }),
    createDevOutboxNotifier({ dataDir, logger }),
  );
  const outbox = createOutbox<EventPayloads>({ db: database.db, tables });
  for (const consumer of notificationConsumers({
    notifier,
    publicUrl: PUBLIC_URL,
    sealSecret: SEAL_SECRET,
  })) {
    subs.set(consumer.name, toSubscription(consumer, { outbox, tables, logger }));
  }
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Delivers `event` to every consumer subscribed to its name, as the broker would. */
async function deliver(event: { name: string }, attempt = 1) {
  for (const sub of subs.values()) {
    if (sub.events.includes(event.name)) await sub.handle({ body: event, attempt });
  }
}

/** A user the projection knows. */
async function knownUser(name: string): Promise<TestUser> {
  const u = newUser(name);
  await deliver(userRegistered(u));
  return u;
}

async function inboxRows(eventId: string) {
  return queryRows<{ consumer: string }>(
    database.db,
    sql`SELECT consumer FROM notification.inbox WHERE event_id = ${eventId} ORDER BY consumer`,
  );
}

describe('notification over SMTP', () => {
  it('sends the welcome e-mail on auth.user.verified, text and HTML, from MAIL_FROM', async () => {
    const u = newUser('Asha <Rao>');
    await deliver(userVerified(u));
    const [mail, ...more] = smtp.to(u.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ from: 'no-reply@example.in', subject: 'Welcome to CarBazaar' });
    expect(mail!.headers.from).toBe('CarBazaar <no-reply@example.in>');
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail!.text).toContain('Hello Asha <Rao>,');
    expect(mail!.text).toContain(`${PUBLIC_URL}/buy-a-car`);
    expect(mail!.html).toContain('Hello Asha &lt;Rao&gt;,');
    expect(mail!.html).not.toContain('<Rao>');
  });

  it('e-mails the seller on listing.car.created with the car name, year, price and city', async () => {
    const seller = await knownUser('Ravi Kumar');
    const event = carCreated(seller.userId);
    await deliver(event);
    const [mail] = smtp.to(seller.email);
    expect(mail?.subject).toBe('Your Tata Nexon XZ+ is now listed');
    expect(mail?.text).toContain('Hello Ravi Kumar,');
    expect(mail?.text).toContain('Price: ₹8,75,000');
    expect(mail?.text).toContain(`${PUBLIC_URL}/car-details/${event.payload.car._id}`);
    expect(mail?.html).toContain('<td style="padding:4px 0">₹8,75,000</td>');
    const unnamed = await knownUser('Old Event');
    await deliver(carCreated(unnamed.userId, null));
    expect(smtp.to(unnamed.email).map((m) => m.subject)).toEqual(['Your car is now listed']);
  });

  it('sends nothing to an account whose unverified address was released to its owner (issue 20, point 3)', async () => {
    const seller = await knownUser('Released Claim');
    const released = `unverified-${seller.userId}@released.invalid`;
    await deliver(
      makeEvent(
        'auth.user.updated',
        {
          userId: seller.userId,
          name: seller.name,
          email: released,
          profile: null,
          changed: ['email'],
        },
        { correlationId: 'released' },
      ),
    );
    const before = smtp.messages.length;
    await deliver(carCreated(seller.userId));
    expect(smtp.messages.length).toBe(before);
    expect(smtp.to(released)).toHaveLength(0);
  });

  it('e-mails buyer and seller about each test-drive event with car, readable date and 12-hour time', async () => {
    const buyer = await knownUser('Asha');
    const seller = await knownUser('Ravi');
    const all = testDriveEvents(booking(buyer.userId, seller.userId));
    for (const event of Object.values(all)) await deliver(event);

    const toBuyer = smtp.to(buyer.email);
    const toSeller = smtp.to(seller.email);
    expect(toBuyer.map((m) => m.subject)).toEqual([
      'Test drive booked: Hyundai Creta on Saturday, 14 March 2026, 6:30 PM',
      'Test drive rescheduled: Hyundai Creta on Sunday, 15 March 2026, 10:00 AM',
      'Test drive confirmed: Hyundai Creta',
      'Test drive cancelled: Hyundai Creta',
    ]);
    expect(toSeller.map((m) => m.subject)).toEqual([
      'New test-drive booking for your Hyundai Creta',
      'Test drive of your Hyundai Creta rescheduled to Sunday, 15 March 2026, 10:00 AM',
      'Test drive confirmed: Hyundai Creta',
      'Test drive cancelled: Hyundai Creta',
    ]);
    for (const mail of [...toBuyer, ...toSeller]) {
      expect(mail.text).toContain('Car: Hyundai Creta');
      expect(mail.html).toContain('<td style="padding:4px 0">Hyundai Creta</td>');
      expect(mail.html).toMatch(/<td style="padding:4px 0">(Saturday, 14|Sunday, 15) March 2026<\/td>/);
    }
    expect(toBuyer[0]!.text).toContain('Time: 6:30 PM');
    expect(toSeller[0]!.text).toContain('Asha booked a test drive of your Hyundai Creta');
    expect(toSeller[1]!.text).toContain('Previously: Saturday, 14 March 2026, 6:30 PM');
    expect(toBuyer[2]!.text).toContain('is confirmed by the seller');
    expect(toSeller[2]!.text).toContain('is confirmed by you');
    expect(toSeller[3]!.text).toContain('was cancelled by the buyer');
    expect(toBuyer[3]!.text).toContain('was cancelled by you');
  });

  it('sends nothing twice for a redelivered event', async () => {
    const buyer = await knownUser('Redelivered Buyer');
    const seller = await knownUser('Redelivered Seller');
    const { booked } = testDriveEvents(booking(buyer.userId, seller.userId));
    await deliver(booked);
    await deliver(booked, 2);
    await deliver(booked, 3);
    expect(smtp.to(buyer.email)).toHaveLength(1);
    expect(smtp.to(seller.email)).toHaveLength(1);
    expect((await inboxRows(booked.id)).map((r) => r.consumer)).toEqual([
      'notification.testdrive-buyer-mail',
      'notification.testdrive-seller-mail',
    ]);
  });

  it('throws when the SMTP server refuses, leaving no inbox row, so the retry sends exactly once', async () => {
    const u = newUser('Retry Me');
    const event = userVerified(u);
    const welcome = subs.get('notification.welcome-mail')!;
    smtp.failNext(1);
    await expect(welcome.handle({ body: event, attempt: 1 })).rejects.toThrow(/451|Temporary/);
    expect(await inboxRows(event.id)).toEqual([]);
    expect(smtp.to(u.email)).toHaveLength(0);
    await welcome.handle({ body: event, attempt: 2 });
    await welcome.handle({ body: event, attempt: 3 });
    expect(smtp.to(u.email)).toHaveLength(1);
  });

  it('is retried by the bus after a failed send and then delivered once', async () => {
    const broker = createInProcessBroker({
      retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 50 },
      logger,
    });
    try {
      await broker.subscribe(subs.get('notification.welcome-mail')!);
      const u = newUser('Bus Retry');
      smtp.failNext(1);
      await broker.publish(userVerified(u));
      await expect.poll(() => smtp.to(u.email).length, { timeout: 5_000 }).toBe(1);
      expect(await broker.takeDeadLetters('notification.welcome-mail')).toEqual([]);
    } finally {
      await broker.close();
    }
  });

  it('dead-letters after the last attempt when the server keeps refusing', async () => {
    const broker = createInProcessBroker({
      retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
      logger,
    });
    try {
      await broker.subscribe(subs.get('notification.welcome-mail')!);
      const u = newUser('Dead Letter');
      smtp.failNext(2);
      await broker.publish(userVerified(u));
      let dead: Awaited<ReturnType<typeof broker.takeDeadLetters>> = [];
      await expect
        .poll(
          async () => {
            dead = [...dead, ...(await broker.takeDeadLetters('notification.welcome-mail'))];
            return dead.length;
          },
          { timeout: 5_000 },
        )
        .toBe(1);
      expect(dead[0]).toMatchObject({ attempts: 2 });
      expect(smtp.to(u.email)).toHaveLength(0);
    } finally {
      smtp.failNext(0);
      await broker.close();
    }
  });

  it('skips a message to a user it does not know (e.g. the demo seller) without failing', async () => {
    const buyer = await knownUser('Demo Buyer');
    const demoSeller = 'de30de30-0000-4000-8000-000000000001';
    const { booked } = testDriveEvents(booking(buyer.userId, demoSeller));
    const before = smtp.messages.length;
    await deliver(booked);
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.to(buyer.email)).toHaveLength(1);
    expect((await inboxRows(booked.id)).map((r) => r.consumer)).toContain(
      'notification.testdrive-seller-mail',
    );
    await deliver(carCreated(demoSeller));
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('writes the OTP SMS to the dev outbox when no SMS gateway is configured', async () => {
    const u = newUser('Otp');
    await deliver(otpRequested(u, '004711'));
    const sms = readOutbox(outboxDirOf(dataDir), 'sms.jsonl');
    expect(sms.filter((m) => m.to === u.phone_number).map((m) => m.text)).toEqual([
      expect.stringMatching(/^004711 is your CarBazaar verification code/),
    ]);
  });

  it('opens only a code sealed for the event’s phone number with the shared secret (issue 20, point 13)', async () => {
    const u = newUser('Sealed');
    const event = otpRequested(u, '007007');
    expect(JSON.stringify(event)).not.toContain('007007');
    const other = newUser('Other');
    const moved = { ...event, payload: { ...event.payload, phone_number: other.phone_number } };
    const consumer = notificationConsumers({ notifier, sealSecret: SEAL_SECRET }).find(
      (c) => c.name === 'notification.otp-sms',
    )!;
    await expect(consumer.handle(moved as never, {} as never)).rejects.toThrow(/cannot be opened/);
    const wrongKey = notificationConsumers({
      notifier,
      sealSecret: 'another-secret-of-32-bytes-or-more',
    }).find((c) => c.name === 'notification.otp-sms')!;
    await expect(wrongKey.handle(event as never, {} as never)).rejects.toThrow(/cannot be opened/);
    const file = path.join(dataDir, 'outbox', 'sms.jsonl');
    const texts = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    expect(texts).not.toContain('007007');
  });
});
