/**
 * Distributed mode (issue 13), the API journeys: on the processes of the launcher (distributed-world.ts) on
 * the real PostgreSQL, RabbitMQ and Redis, through the gateway: register → OTP from the notification
 * process's dev outbox → login; a car with a photo (signed upload through storage, created through listing)
 * becomes searchable in the catalog; another user books, reschedules and cancels a test drive on it; the
 * Admin creates, changes and deletes a brand and an RTO. Then every consumer queue drains, every dead-letter
 * queue is empty and every outbox is published: the events crossed RabbitMQ between processes.
 *
 * Second test: the notification process is killed (SIGKILL) while sign-ups flow; its queues hold their
 * events while it is down; after a restart it catches up: every code is sent, its user projection has
 * every user, nothing is dead-lettered.
 *
 * Under CI=true a missing server fails the file (requireServer throws); locally the file is skipped.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceName } from '../../scripts/distributed/settings';
import type { SignUpPayload } from '../../test-support/accounts';
import { dayFromToday } from '../../test-support/dates';
import { call } from '../../test-support/system';
import { until } from './distributed-support';
import { distributedServers, type Json, runTag, useDistributedSystem } from './distributed-world';

const servers = await distributedServers();

describe.skipIf(!servers)('distributed mode: the API journeys through the gateway', () => {
  const d = useDistributedSystem(servers!);
  const { world } = d;
  const get = async (p: string) => (await call(world.base, 'GET', p)).body.data as Json & Json[];

  it('runs the API journeys through the gateway; the events cross RabbitMQ and nothing is dead-lettered', async () => {
    d.dumpLogsOnFailure();
    // Register → OTP (sent by the notification process from auth's event) → login.
    const seller = await d.signUp('Seller', '10.13.0.1');
    const buyer = await d.signUp('Buyer', '10.13.0.2');

    // A car with a photo, indexed by the catalog from listing's event, searchable.
    const city = `Distpur${runTag.replace(/[0-9]/g, 'x')}`;
    const { carId, found, key } = await d.listCar(seller, {
      price: 515000,
      regNumber: 'KA-01-MX-1313',
      city,
    });
    expect(found).toMatchObject({ price: 515000, location: { city } });
    expect((found.images as Json[])[0]!.url).toEqual(expect.stringContaining(key));
    const detail = await call(world.base, 'GET', `/api/cars/${carId}`);
    expect(detail.status).toBe(200);

    // The test-drive service knows the car from the catalog's catalog.car.indexed; the buyer books,
    // reschedules and cancels.
    const date = dayFromToday(3);
    await until('the car to be bookable', async () => {
      const slots = await call(world.base, 'GET', `/api/testDrive/slots?car=${carId}&date=${date}`);
      return slots.status === 200;
    });
    const booked = await call(world.base, 'POST', '/api/testDrive', {
      token: buyer.token,
      body: { car: carId, appointmentDate: date, appointmentTime: '11:00' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = (booked.body.data as Json)._id as string;
    const later = dayFromToday(4);
    const moved = await call(world.base, 'PUT', `/api/testDrive/${bookingId}`, {
      token: buyer.token,
      body: { id: bookingId, car: carId, appointmentDate: later, appointmentTime: '12:30' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ appointmentDate: later, appointmentTime: '12:30', status: 'Pending' });
    const sellerView = await call(world.base, 'GET', '/api/testDrive/seller', { token: seller.token });
    expect(sellerView.status).toBe(200);
    expect(JSON.stringify(sellerView.body)).toContain(bookingId);
    const cancelled = await call(world.base, 'DELETE', `/api/testDrive/${bookingId}`, { token: buyer.token });
    expect(cancelled.status).toBe(200);
    const mine = await call(world.base, 'GET', '/api/testDrive', { token: buyer.token });
    expect((mine.body.data as unknown as Json[]).map((b) => b._id)).not.toContain(bookingId);

    // Admin CRUD on reference data: a brand (announced to listing) and an RTO.
    const adminLogin = await call(world.base, 'POST', '/api/auth/login', {
      body: { email: 'ops@marketplace.in', password: 'opsPass123' },
      ip: '10.13.0.3',
    });
    expect(adminLogin.status).toBe(200);
    const adminToken = adminLogin.body.tokenId as string;
    const brandName = `Distributed Motors ${runTag}`;
    const brand = await call(world.base, 'POST', '/api/carbrand', {
      token: adminToken,
      body: { name: brandName, country: 'India', founded: 2001 },
    });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const brandId = (brand.body.data as Json)._id as string;
    expect(
      (
        await call(world.base, 'POST', '/api/carbrand', {
          token: buyer.token,
          body: { name: 'X', country: 'India', founded: 2001 },
        })
      ).status,
    ).toBe(403);
    const renamed = await call(world.base, 'PUT', `/api/carbrand/${brandId}`, {
      token: adminToken,
      body: { name: `${brandName} Ltd`, country: 'India', founded: 2001 },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(
      ((await get(`/api/carbrand?keyword=${encodeURIComponent(brandName)}`)) as unknown as Json[]).map(
        (b) => b.name,
      ),
    ).toEqual([`${brandName} Ltd`]);
    expect((await call(world.base, 'DELETE', `/api/carbrand/${brandId}`, { token: adminToken })).status).toBe(
      200,
    );
    expect(await get(`/api/carbrand?keyword=${encodeURIComponent(brandName)}`)).toEqual([]);

    const karnataka = ((await get('/api/carstate')) as unknown as Json[]).find(
      (s) => s.state === 'Karnataka',
    )!;
    const rtoCode = `KA-${900 + (Number.parseInt(runTag, 36) % 99)}`;
    const newRto = await call(world.base, 'POST', '/api/RTO', {
      token: adminToken,
      body: { state: karnataka._id, city: 'Distpur', code: rtoCode },
    });
    expect(newRto.status, JSON.stringify(newRto.body)).toBe(201);
    const rtoId = (newRto.body.data as Json)._id as string;
    const rtoChanged = await call(world.base, 'PUT', `/api/RTO/${rtoId}`, {
      token: adminToken,
      body: { city: 'Distpur East' },
    });
    expect(rtoChanged.status, JSON.stringify(rtoChanged.body)).toBe(200);
    expect((rtoChanged.body.data as Json).city).toBe('Distpur East');
    expect((await call(world.base, 'DELETE', `/api/RTO/${rtoId}`, { token: adminToken })).status).toBe(200);

    // The events crossed RabbitMQ: every outbox published, every queue drained, no dead letter.
    const depths = await d.drained();
    expect(depths.every((d) => d.dlq === 0 && d.queue === 0 && (d.consumers ?? 0) > 0)).toBe(true);
    // …and their effects are there, in other processes' databases and the notification outbox.
    const [listingNames] = await d.query<{ n: number }>(
      'catalog',
      'SELECT count(*)::int AS n FROM catalog.outbox WHERE name = $1',
      ['catalog.brand.changed'],
    );
    expect(listingNames!.n).toBe(3);
    // A drained queue may still have a delivery in flight (unacked messages are not counted), so the
    // effects are polled too.
    const scalar = async (service: ServiceName, text: string, params: unknown[] = []) =>
      (await d.query<{ n: number }>(service, text, params))[0]!.n;
    await until('test-drive to project the car', async () => {
      const [row] = await d.query<{ status: string }>(
        'test-drive',
        'SELECT status FROM test_drive.cars WHERE id = $1',
        [carId],
      );
      return row?.status === 'used';
    });
    // Nothing of the first start was routed nowhere (the launcher declares every queue before starting
    // anything): test-drive knows the catalog's 300 demo cars, notification the seeded administrator.
    await until(
      'test-drive to know the 300 demo cars and the new one',
      async () => (await scalar('test-drive', 'SELECT count(*)::int AS n FROM test_drive.cars')) === 301,
      { describe: () => scalar('test-drive', 'SELECT count(*)::int AS n FROM test_drive.cars') },
    );
    await until(
      'notification to know the seeded administrator',
      async () =>
        (await scalar('notification', 'SELECT count(*)::int AS n FROM notification.users WHERE email = $1', [
          'ops@marketplace.in',
        ])) === 1,
    );
    await until(
      'listing to have consumed the three brand changes',
      async () =>
        (await scalar(
          'listing',
          "SELECT count(*)::int AS n FROM listing.inbox WHERE consumer = 'listing.reference-names'",
        )) >= 3,
    );
    await until('the booking e-mails', () => {
      const all = d.mails();
      const toSeller = all.filter((m) => m.to === seller.email).length;
      const toBuyer = all.filter((m) => m.to === buyer.email).length;
      // Seller: welcome, car listed, booked, rescheduled, cancelled. Buyer: welcome and the three bookings.
      return toSeller >= 5 && toBuyer >= 4;
    });
    // The consumers' metrics saw the same: messages handled, none dead-lettered.
    const testDriveMetrics = await (
      await fetch(`${world.system.processes['test-drive']!.url}/metrics`)
    ).text();
    expect(testDriveMetrics).toMatch(/consumer_messages_total\{[^}]*outcome="handled"[^}]*\} [1-9]/);
    expect(testDriveMetrics).not.toMatch(/dead_letter_messages\{[^}]*\} [1-9]/);
    expect(world.unexpected).toEqual([]);
  }, 150_000);

  it('keeps the events of a killed consumer process in its queue and catches up after the restart', async () => {
    d.dumpLogsOnFailure();
    await d.drained();
    const notification = world.system.processes.notification!;
    const people: Array<SignUpPayload> = [];
    // Sign-ups flow; the notification process is killed after the second one, without any shutdown.
    for (let i = 0; i < 8; i++) {
      people.push(await d.register('Kill', `10.13.1.${i + 1}`));
      if (i === 1) {
        const exit = await notification.kill('SIGKILL');
        expect(exit?.signal).toBe('SIGKILL');
        expect(notification.running).toBe(false);
      }
    }
    // While it is down its queues hold the events of the six later sign-ups (one OTP each).
    const otpQueue = await until(
      'the OTP queue to hold the events of the sign-ups after the kill',
      async () => {
        const [d] = await world.deadLetters.depths(['notification.otp-sms']);
        return d && d.consumers === 0 && (d.queue ?? 0) >= 6 ? d : undefined;
      },
      { timeoutMs: 20_000, describe: () => world.deadLetters.depths(['notification.otp-sms']) },
    );
    expect(otpQueue.queue).toBeGreaterThanOrEqual(6);
    const [users] = await world.deadLetters.depths(['notification.users']);
    expect(users!.queue).toBeGreaterThanOrEqual(6);

    await notification.start();
    expect(notification.running).toBe(true);
    await d.drained();
    // Every sign-up's code was sent (none lost) and the projection has every user (polled: a drained queue
    // may still have a delivery in flight), and a code still works.
    const unsent = () => {
      const sent = new Set(d.sms().map((m) => m.to));
      return people.filter((p) => !sent.has(p.phone_number)).map((p) => p.phone_number);
    };
    await until('an OTP SMS for every sign-up', () => unsent().length === 0, { describe: unsent });
    const missing = async () => {
      const known = await d.query<{ email: string }>(
        'notification',
        'SELECT email FROM notification.users WHERE email = ANY($1)',
        [people.map((p) => p.email)],
      );
      const emails = new Set(known.map((u) => u.email));
      return people.filter((p) => !emails.has(p.email)).map((p) => p.email);
    };
    await until(
      'the notification projection to have every user',
      async () => (await missing()).length === 0,
      {
        describe: missing,
      },
    );
    const last = people.at(-1)!;
    const verified = await call(world.base, 'POST', '/api/auth/verifyMobileOtp', {
      body: { phone_number: last.phone_number, otp: Number(await d.otpFor(last.phone_number)) },
      ip: '10.13.1.99',
    });
    expect(verified.status).toBe(200);
    expect(world.unexpected).toEqual([]);
  }, 120_000);
});
