/**
 * The distributed mode under test (distributed*.int.test.ts, issue 13): the launcher behind `npm run
 * start:distributed` starts every service, the gateway and the remotes' static servers as separate
 * processes on the real PostgreSQL, RabbitMQ and Redis (isolated by distributed-support.ts); the reads of
 * their databases, queues and dev outbox the tests check; and the API journeys' steps through the gateway
 * (sign-up with the code the notification process sent, a car listed with a photo).
 */
import { type ConsumerQueueDepth, type DeadLetterAdmin, openDeadLetterAdmin } from '@marketplace/platform';
import pg from 'pg';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import { allConsumerNames } from '../../scripts/distributed/consumers';
import { type DistributedSystem, type ExitInfo, startDistributed } from '../../scripts/distributed/launcher';
import { type ServiceName, serviceNames } from '../../scripts/distributed/settings';
import { login, register, type SignUpPayload, signUpPayload } from '../../test-support/accounts';
import { listingBody, pickReference, uploadImage } from '../../test-support/cars';
import { codeIn, readOutbox } from '../../test-support/dev-outbox';
import { requireServer } from '../../test-support/servers';
import { call } from '../../test-support/system';
import { type DistributedServers, isolatedEnvironment, until } from './distributed-support';

/** A JSON object as the API answers it. */
export type Json = Record<string, unknown>;

/** A signed-up user: session, e-mail and phone. */
export interface Person {
  id: string;
  token: string;
  email: string;
  phone: string;
}

/** The real servers, or undefined (the file skips locally; under CI=true a missing server throws). */
export async function distributedServers(): Promise<DistributedServers | undefined> {
  const postgresUrl = await requireServer('postgres');
  const amqpUrl = await requireServer('rabbitmq');
  const redisUrl = await requireServer('redis');
  return postgresUrl && amqpUrl && redisUrl ? { postgresUrl, amqpUrl, redisUrl } : undefined;
}

/** A tag of this run, in names that must not collide with an earlier run's. */
export const runTag = Date.now().toString(36).slice(-5);

/** The running processes and what the tests read of them (filled in by `beforeAll`). */
export interface DistributedWorld {
  system: DistributedSystem;
  /** The gateway's URL. */
  base: string;
  deadLetters: DeadLetterAdmin;
  /** Processes that exited when nobody stopped them. */
  unexpected: ExitInfo[];
}

/**
 * Registers hooks that start the launcher on `servers` (with `extraEnv`) before the tests of the enclosing
 * `describe` and stop it (dropping databases, queues and files) after them.
 */
export function useDistributedSystem(servers: DistributedServers, extraEnv: Record<string, string> = {}) {
  const world = { unexpected: [] as ExitInfo[] } as DistributedWorld;
  const logs: string[] = [];
  const pools = new Map<ServiceName, pg.Pool>();
  let cleanUp = async () => {};

  beforeAll(async () => {
    const isolated = await isolatedEnvironment(servers, extraEnv);
    cleanUp = isolated.cleanUp;
    world.system = await startDistributed({
      env: isolated.env,
      color: false,
      output: (line) => {
        logs.push(line);
        if (logs.length > 400) logs.shift();
      },
      onUnexpectedExit: (info) => world.unexpected.push(info),
      readyTimeoutMs: 120_000,
    });
    world.base = world.system.urls.gateway;
    world.deadLetters = await openDeadLetterAdmin(servers.amqpUrl, {
      queuePrefix: world.system.settings.queuePrefix,
    });
    for (const s of serviceNames)
      pools.set(s, new pg.Pool({ connectionString: world.system.settings.databaseUrls[s], max: 2 }));
  }, 180_000);

  afterAll(async () => {
    await world.deadLetters?.close();
    for (const pool of pools.values()) await pool.end();
    await world.system?.stop();
    await cleanUp();
  }, 60_000);

  /** Rows of a query on `service`'s database. */
  const query = async <T extends Json>(service: ServiceName, sql: string, params: unknown[] = []) =>
    (await pools.get(service)!.query(sql, params)).rows as T[];

  /** Unpublished outbox rows per service (0 everywhere = every event reached RabbitMQ). */
  async function unpublished(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const s of serviceNames) {
      const schema = s.replace(/-/g, '_');
      const [row] = await query<{ n: number }>(
        s,
        `SELECT count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NULL`,
      );
      out[s] = row!.n;
    }
    return out;
  }

  /** The dev outbox of the notification process. */
  const sms = () => readOutbox(world.system.outboxDir, 'sms.jsonl');

  /** The newest 6-digit code sent to `phone`, polled from the notification process's SMS outbox. */
  const otpFor = (phone: string) =>
    until(
      `an OTP SMS to ${phone}`,
      () =>
        codeIn(
          sms()
            .filter((m) => m.to === phone)
            .at(-1)?.text ?? '',
        ),
      {
        timeoutMs: 30_000,
      },
    );

  return {
    world,
    query,
    sms,
    mails: () => readOutbox(world.system.outboxDir, 'mail.jsonl'),
    otpFor,

    /** On a failure, the processes' last output lines help more than the assertion alone. */
    dumpLogsOnFailure() {
      onTestFailed(() => {
        console.error(`--- last output of the distributed processes ---\n${logs.slice(-150).join('\n')}`);
      });
    },

    /**
     * Waits until every consumer is attached, its queue and retry queue are empty, no dead letter exists
     * and no outbox row is waiting; resolves to the depths. @throws on the deadline with the last depths.
     */
    async drained(timeoutMs = 45_000): Promise<ConsumerQueueDepth[]> {
      let last: unknown;
      return until(
        'queues to drain',
        async () => {
          const depths = await world.deadLetters.depths(allConsumerNames());
          const waiting = await unpublished();
          last = { depths: depths.filter((d) => d.queue || d.retry || d.dlq || !d.consumers), waiting };
          const busy =
            depths.some((d) => d.queue !== 0 || d.retry !== 0 || d.dlq !== 0 || !d.consumers) ||
            Object.values(waiting).some((n) => n > 0);
          return busy ? undefined : depths;
        },
        { timeoutMs, intervalMs: 250, describe: () => last },
      );
    },

    /** Registers (201) as a client at `ip`; the person's data. */
    async register(label: string, ip: string): Promise<SignUpPayload> {
      const person = signUpPayload(label);
      await register(world.base, person, ip);
      return person;
    },

    /** register → (login refused until verified) → OTP from the dev outbox → verify → login; the session. */
    async signUp(label: string, ip: string): Promise<Person> {
      const person = signUpPayload(label);
      await register(world.base, person, ip);
      const credentials = { email: person.email, password: person.password };
      const early = await call(world.base, 'POST', '/api/auth/login', { body: credentials, ip });
      expect(early.status).toBe(403);
      const otp = await otpFor(person.phone_number);
      const verified = await call(world.base, 'POST', '/api/auth/verifyMobileOtp', {
        body: { phone_number: person.phone_number, otp: Number(otp) },
        ip,
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      const session = await login(world.base, credentials, ip);
      const profile = await call(world.base, 'GET', '/api/auth/profile', { token: session.token, ip });
      expect(profile.status).toBe(200);
      return { ...session, email: person.email, phone: person.phone_number };
    },

    /**
     * Lists a 2019 Maruti Suzuki with one photo for `seller` in `city` (signed upload through storage,
     * created through listing, which asks the catalog and storage), and waits until the catalog has indexed
     * it from listing's event: its id, the search that finds it and the car as found there.
     */
    async listCar(
      seller: Person,
      opts: { price: number; regNumber: string; city: string },
    ): Promise<{ carId: string; search: string; found: Json; key: string }> {
      const ref = await pickReference(world.base);
      const key = await uploadImage(world.base, seller.token);
      const created = await call(world.base, 'POST', '/api/cars', {
        token: seller.token,
        body: listingBody(ref, [key], {
          price: opts.price,
          location: {
            street: '1 Residency Road',
            city: opts.city,
            state: 'Karnataka',
            postal_code: '560025',
          },
          specifications: { regNumber: opts.regNumber, kmDriven: 38000 },
          history: [],
        }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const carId = (created.body.data as Json)._id as string;
      const search = `/api/cars?searchTerm=${encodeURIComponent(`${ref.modelName} ${opts.city}`)}`;
      const found = await until('the car to be searchable', async () => {
        const cars = ((await call(world.base, 'GET', search)).body.data as Json)?.cars as Json[] | undefined;
        return (cars ?? []).find((c) => c._id === carId);
      });
      return { carId, search, found, key };
    },
  };
}
