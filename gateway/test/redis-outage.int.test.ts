/**
 * Issue 20, point 9, through the whole system on the real PostgreSQL and RabbitMQ with a Redis this file
 * starts itself: while that Redis is stalled (SIGSTOP) and then dead (SIGKILL), public reads, a signed-in
 * user's reads and a password login keep answering within a second, and the user stays signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignUpPayload, signUp } from '../../test-support/accounts';
import { type PrivateRedis, startPrivateRedis } from '../../test-support/private-redis';
import { requireServer } from '../../test-support/servers';
import { call, startTestSystem, type TestSystem } from '../../test-support/system';

const postgresUrl = await requireServer('postgres');
const amqpUrl = await requireServer('rabbitmq');
const skip = !postgresUrl || !amqpUrl;

/** Upper bound of one request while Redis is unavailable, in ms (a hang would be the test timeout). */
const BOUND_MS = 1_500;

describe.skipIf(skip)('the system while its Redis stalls, then dies', () => {
  let redis: PrivateRedis;
  let t: TestSystem;
  let token: string;
  let user: SignUpPayload;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await startTestSystem({}, { postgresUrl: postgresUrl!, amqpUrl, redisUrl: redis.url });
    ({ u: user, token } = await signUp(t.url, t.outbox, { ip: '10.30.0.1', name: 'Neha Kapoor' }));
  });
  afterAll(async () => {
    redis?.resume();
    await t?.stop();
    await redis?.kill();
  });

  /** The status of a call and how long it took. */
  async function timedCall(...args: Parameters<typeof call>) {
    const start = Date.now();
    const res = await call(...args);
    return { status: res.status, ms: Date.now() - start };
  }

  async function expectServing(label: string) {
    for (const [what, args] of [
      ['public car search', [t.url, 'GET', '/api/cars?page=1', { ip: '10.30.1.1' }]],
      ['public reference data', [t.url, 'GET', '/api/carstate', { ip: '10.30.1.1' }]],
      ['signed-in profile', [t.url, 'GET', '/api/auth/profile', { token, ip: '10.30.1.2' }]],
      ['signed-in bookings', [t.url, 'GET', '/api/testDrive', { token, ip: '10.30.1.2' }]],
      [
        'password login',
        [
          t.url,
          'POST',
          '/api/auth/login',
          { body: { email: user.email, password: user.password }, ip: '10.30.1.3' },
        ],
      ],
    ] as Array<[string, Parameters<typeof call>]>) {
      const r = await timedCall(...args);
      expect(r.status, `${label}: ${what}`).toBe(200);
      expect(r.ms, `${label}: ${what} took ${r.ms} ms`).toBeLessThan(BOUND_MS);
    }
  }

  it('serves reads and keeps the user signed in while Redis is stalled and after it died', async () => {
    await expectServing('Redis up');
    redis.stall();
    await expectServing('Redis stalled');
    redis.resume();
    await redis.kill();
    await expectServing('Redis dead');
  });
});
