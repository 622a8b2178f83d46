/**
 * Notification worker through the whole system (issue 7), on the embedded adapters and on the real
 * PostgreSQL, RabbitMQ and Redis, with e-mail going to a real local SMTP server (`smtp-server`) and SMS to the
 * dev outbox: register → auth.otp.requested → notification → outbox, the welcome e-mail after verification,
 * the seller's e-mail for a new listing, buyer and seller e-mails for each test-drive event (emitted through
 * an outbox here, as the test-drive service would), a redelivery that sends nothing again, and the Contact
 * form. RabbitMQ delivers asynchronously, so every check polls with a deadline.
 */
import { randomUUID } from 'node:crypto';
import type { EventPayloads } from '@marketplace/contracts';
import { createOutbox, messagingTables } from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signUpPayload, uniqueNumber, verifyPhone } from '../../../test-support/accounts';
import { smsTo as smsToPhone } from '../../../test-support/dev-outbox';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/smtp';
import { call, startTestSystem, systemVariants, type TestSystem } from '../../../test-support/system';
import { booking, carCreatedPayload, testDriveEvents } from './support/fixtures';

const variants = await systemVariants();
const SUPPORT = 'help@cars.example.in';
const DEADLINE = { timeout: 15_000, interval: 50 };

describe.each(variants)('notification worker on $name', ({ servers, skip }) => {
  let t: TestSystem;
  let smtp: TestSmtpServer;
  /** Mails to `email` other than the e-mail verification link every sign-up gets (issue 20, point 3). */
  const mailsTo = (email: string) =>
    smtp.to(email).filter((m) => !m.subject.startsWith('Verify your e-mail'));

  beforeAll(async () => {
    if (skip) return;
    smtp = await startSmtpServer();
    t = await startTestSystem(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'CarBazaar <no-reply@cars.example.in>',
        SUPPORT_EMAIL: SUPPORT,
        PUBLIC_URL: 'https://cars.example.in',
        BUS_RETRY_BASE_MS: '50',
        BUS_RETRY_MAX_MS: '200',
      },
      servers,
    );
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.close();
  });

  /** Registers through the API, reads the code the worker wrote to the dev outbox and verifies. */
  async function signUp(name: string, ip: string) {
    const u = signUpPayload(name);
    await register(t.url, u, ip);
    await t.system.drainOutboxes();
    const smsTo = (phone: string) => smsToPhone(t.outbox.outboxDir, phone);
    // Exactly one SMS: the worker's (auth no longer writes to the dev outbox itself).
    await expect.poll(() => smsTo(u.phone_number).length, DEADLINE).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    const [sms, ...more] = smsTo(u.phone_number);
    expect(more).toEqual([]);
    expect(sms!.text).toMatch(/^\d{6} is your CarBazaar verification code\. It expires in 10 minutes/);
    const otp = sms!.text.slice(0, 6);
    const verified = await verifyPhone(t.url, u.phone_number, otp, ip);
    const user = verified.body.user as { _id: string };
    await t.system.drainOutboxes();
    return { ...u, id: user._id };
  }

  it.skipIf(skip)(
    'register → auth.otp.requested → notification → dev outbox (once), then the welcome e-mail over SMTP',
    async () => {
      const u = await signUp('Asha <Rao>', '10.7.0.1');
      await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(1);
      const [welcome] = mailsTo(u.email);
      expect(welcome).toMatchObject({
        from: 'no-reply@cars.example.in',
        subject: 'Welcome to CarBazaar',
      });
      expect(welcome!.text).toContain('Hello Asha <Rao>,');
      expect(welcome!.text).toContain('https://cars.example.in/buy-a-car');
      expect(welcome!.html).toContain('Hello Asha &lt;Rao&gt;,');
      // Issue 20, point 3: one e-mail verification link, pointing at the profile page.
      const links = smtp.to(u.email).filter((m) => m.subject.startsWith('Verify your e-mail'));
      expect(links).toHaveLength(1);
      expect(links[0]!.text).toMatch(/https:\/\/cars\.example\.in\/profile\?verifyEmail=[\w-]{43}/);
    },
  );

  it.skipIf(skip)('e-mails a security notice, once, when the password is changed', async () => {
    const u = await signUp('Pavan Kumar', '10.7.0.9');
    await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(1); // welcome
    const login = await call(t.url, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
      ip: '10.7.0.9',
    });
    const changed = await call(t.url, 'POST', '/api/auth/password', {
      token: login.body.tokenId as string,
      body: { currentPassword: u.password, newPassword: 'newRide2027', confirmPassword: 'newRide2027' },
      ip: '10.7.0.9',
    });
    expect(changed.status).toBe(200);
    await t.system.drainOutboxes();
    await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(2);
    const notice = smtp.to(u.email).find((m) => m.subject === 'Your CarBazaar password was changed');
    expect(notice?.text).toContain('Hello Pavan Kumar,');
    expect(notice?.text).toMatch(/write to \S+@\S+ at once/);
    expect(notice?.text).not.toContain('newRide2027');
    // A refused change sends nothing.
    const refused = await call(t.url, 'POST', '/api/auth/password', {
      token: changed.body.tokenId as string, // issue 20: the change renewed this session's token
      body: { currentPassword: 'wrongRide1', newPassword: 'otherRide3', confirmPassword: 'otherRide3' },
      ip: '10.7.0.9',
    });
    expect(refused.status).toBe(400);
    await t.system.drainOutboxes();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(u.email)).toHaveLength(2);
  });

  it.skipIf(skip)(
    'e-mails the seller about a new listing and buyer and seller about every test-drive event, once',
    async () => {
      const buyer = await signUp('Buyer Bala', '10.7.0.2');
      const seller = await signUp('Seller Sita', '10.7.0.3');
      await expect.poll(() => mailsTo(seller.email).length, DEADLINE).toBe(1); // welcome

      const db = t.system.infra.database.db;
      const listingOutbox = createOutbox<EventPayloads>({ db, tables: messagingTables('listing') });
      const created = carCreatedPayload(seller.id, { brand: 'Hyundai', model: 'Creta', variant: 'SX' });
      await listingOutbox.transaction((_tx, emit) => emit('listing.car.created', created));
      const testDriveOutbox = createOutbox<EventPayloads>({ db, tables: messagingTables('test_drive') });
      const all = testDriveEvents(booking(buyer.id, seller.id));
      const sent = [];
      for (const event of [all.booked, all.rescheduled, all.status_changed, all.cancelled]) {
        sent.push(await testDriveOutbox.transaction((_tx, emit) => emit(event.name, event.payload)));
      }
      await t.system.drainOutboxes();

      await expect.poll(() => mailsTo(buyer.email).length, DEADLINE).toBe(5);
      await expect.poll(() => mailsTo(seller.email).length, DEADLINE).toBe(6);
      const subjects = (to: string) =>
        mailsTo(to)
          .map((m) => m.subject)
          .sort();
      expect(subjects(buyer.email)).toEqual(
        [
          'Welcome to CarBazaar',
          'Test drive booked: Hyundai Creta on Saturday, 14 March 2026, 6:30 PM',
          'Test drive rescheduled: Hyundai Creta on Sunday, 15 March 2026, 10:00 AM',
          'Test drive confirmed: Hyundai Creta',
          'Test drive cancelled: Hyundai Creta',
        ].sort(),
      );
      expect(subjects(seller.email)).toEqual(
        [
          'Welcome to CarBazaar',
          'Your Hyundai Creta SX is now listed',
          'New test-drive booking for your Hyundai Creta',
          'Test drive of your Hyundai Creta rescheduled to Sunday, 15 March 2026, 10:00 AM',
          'Test drive confirmed: Hyundai Creta',
          'Test drive cancelled: Hyundai Creta',
        ].sort(),
      );
      for (const mail of mailsTo(seller.email).filter((m) => m.subject.includes('Creta'))) {
        expect(mail.text).toMatch(/Car: Hyundai Creta/);
        expect(mail.html).toMatch(/<td style="padding:4px 0">Hyundai Creta( SX)?<\/td>/);
      }

      // A redelivery of an event already handled sends nothing; a later event proves the queue moved on.
      const booked = sent[0]!;
      await t.system.infra.broker.publish(booked);
      const marker = testDriveEvents(booking(buyer.id, seller.id)).booked;
      await testDriveOutbox.transaction((_tx, emit) => emit(marker.name, marker.payload));
      await t.system.drainOutboxes();
      await expect.poll(() => mailsTo(buyer.email).length, DEADLINE).toBe(6);
      await expect.poll(() => mailsTo(seller.email).length, DEADLINE).toBe(7);
      await new Promise((r) => setTimeout(r, 300));
      expect(mailsTo(buyer.email)).toHaveLength(6);
      expect(mailsTo(seller.email)).toHaveLength(7);
    },
  );

  it.skipIf(skip)('retries an e-mail the SMTP server refused and delivers it once', async () => {
    const u = await signUp('Retry Ravi', '10.7.0.4');
    // The welcome e-mail of a second sign-up is refused once, then accepted on the bus's retry.
    await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(1);
    const rejectedBefore = smtp.rejected();
    smtp.failNext(1);
    const db = t.system.infra.database.db;
    const authOutbox = createOutbox<EventPayloads>({ db, tables: messagingTables('auth') });
    await authOutbox.transaction((_tx, emit) =>
      emit('auth.user.verified', { userId: u.id, name: 'Retry Ravi', email: u.email }),
    );
    await t.system.drainOutboxes();
    await expect.poll(() => mailsTo(u.email).length, DEADLINE).toBe(2);
    expect(smtp.rejected()).toBe(rejectedBefore + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(u.email)).toHaveLength(2);
  });

  it.skipIf(skip)('sends the Contact form to SUPPORT_EMAIL, validated and rate-limited per IP', async () => {
    const octet = Number(uniqueNumber()) % 250;
    const ip = `10.8.${octet}.9`;
    const body = {
      name: 'Meera <b>Iyer</b>',
      email: `meera.${randomUUID().slice(0, 8)}@example.in`,
      phone_number: '+91 98450 12345',
      message: 'Is the Creta still available?\nI can come on Saturday.',
    };
    const sent = await call(t.url, 'POST', '/api/contact', { body, ip });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: expect.stringMatching(/thank you/i) });
    const mail = mailsTo(SUPPORT).find((m) => m.headers['reply-to'] === body.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Contact form: message from Meera <b>Iyer</b>');
    expect(mail!.text).toContain('Phone: +91 98450 12345');
    expect(mail!.text).toContain('Message: Is the Creta still available?\n  I can come on Saturday.');
    expect(mail!.html).toContain('Meera &lt;b&gt;Iyer&lt;/b&gt;');
    expect(mail!.html).toContain('Is the Creta still available?<br>\nI can come on Saturday.');

    const invalid = await call(t.url, 'POST', '/api/contact', { body: { ...body, email: 'nope' }, ip });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/email/);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await call(t.url, 'POST', '/api/contact', { body, ip })).status);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses[9]).toBe(429);
    const other = await call(t.url, 'POST', '/api/contact', { body, ip: `10.9.${octet}.9` });
    expect(other.status).toBe(200);

    const rejectedBefore = smtp.rejected();
    smtp.failNext(1);
    const down = await call(t.url, 'POST', '/api/contact', { body, ip: `10.10.${octet}.9` });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/could not be sent/);
    expect(smtp.rejected()).toBe(rejectedBefore + 1);
  });
});
