/**
 * The ops CLI (`npm run ops`, scripts/ops.ts) against the real RabbitMQ and PostgreSQL:
 * - `dlq list | show | replay` on a consumer whose messages are dead-lettered (at once as poison, and after
 *   exhausted retries): counts, the dead letters' event, id, correlation id, attempts and reason, left in
 *   place by `show`; `replay` moves them back with their ids and headers reset, and the consumer handles them;
 * - `catalog reannounce`: a catalog filled without announcements (a bulk fill) is announced in batches, and
 *   test-drive's real car projection catches up; a second run changes nothing (idempotent); `--no-publish`
 *   leaves the events to the catalog's relay.
 * Under CI=true a missing server fails the file; locally it is skipped.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogService,
  dataDir,
  loadSeedData,
  seedDemoInventory,
  seedReferenceData,
} from '@marketplace/catalog-service';
import type { EventPayloads } from '@marketplace/contracts';
import {
  createDatabase,
  createLogger,
  createOutbox,
  createRabbitBroker,
  type Database,
  deleteTopology,
  messagingTables,
  PoisonMessageError,
  queryRows,
  toSubscription,
} from '@marketplace/platform';
import { carProjectionConsumer, testDriveService } from '@marketplace/test-drive-service';
import { connect } from 'amqplib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allConsumerNames } from '../../scripts/distributed/consumers';
import { runOps } from '../../scripts/ops';
import { requireServer, uniqueName } from '../../test-support/servers';
import { until } from './distributed-support';

type RabbitBroker = Awaited<ReturnType<typeof createRabbitBroker>>;

const amqpUrl = await requireServer('rabbitmq');
const postgresUrl = await requireServer('postgres');

/** Runs the CLI in-process; exit code and what it wrote. */
async function ops(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { env, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.skipIf(!amqpUrl)('npm run ops -- dlq … on RabbitMQ', () => {
  const consumer = 'ops-test.events';
  const exchange = uniqueName('ops.ex');
  const queuePrefix = uniqueName('ops');
  const env = { AMQP_URL: amqpUrl!, AMQP_EXCHANGE: exchange, AMQP_QUEUE_PREFIX: queuePrefix };
  let broker: RabbitBroker | undefined;
  let accept = false;
  const handled: string[] = [];

  /** A broker with the test consumer: poison (`payload.kind = poison`) fails at once, `flaky` until accepted. */
  async function subscribe() {
    broker = await createRabbitBroker({
      url: amqpUrl!,
      exchange,
      queuePrefix,
      retry: { maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 100 },
    });
    await broker.subscribe({
      consumer,
      events: ['ops.test.*'],
      async handle({ body }) {
        const event = body as { id: string; payload: { kind: string } };
        if (!accept && event.payload.kind === 'poison') throw new PoisonMessageError('payload is no good');
        if (!accept && event.payload.kind === 'flaky') throw new Error('downstream timed out');
        handled.push(event.id);
      },
    });
  }

  const envelope = (kind: string) => ({
    name: `ops.test.${kind}`,
    version: 1,
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { kind },
  });

  const depth = async () => {
    const res = await ops(['dlq', 'list', consumer, '--json'], env);
    expect(res.code, res.err).toBe(0);
    return (
      JSON.parse(res.out) as Array<{ queue: number; retry: number; dlq: number; consumers: number }>
    )[0]!;
  };

  beforeAll(async () => {
    await subscribe();
  });
  afterAll(async () => {
    await broker?.close();
    await deleteTopology(amqpUrl!, { exchange, queuePrefix, consumers: [consumer] });
  });

  it('lists, shows and replays dead letters, keeping their ids', async () => {
    const poison = [envelope('poison'), envelope('poison')];
    const flaky = envelope('flaky');
    const fine = envelope('fine');
    for (const e of [...poison, flaky, fine]) await broker!.publish(e);
    await until('three dead letters', async () => (await depth()).dlq === 3 || undefined, {
      timeoutMs: 15_000,
    });
    expect(handled).toEqual([fine.id]);

    // list: text table with every known consumer by default; a missing queue shows as '-'.
    const table = await ops(['dlq', 'list', consumer, 'nobody.here'], env);
    expect(table.code).toBe(0);
    expect(table.out.split('\n')[0]).toMatch(/^consumer\s+queue\s+retry\s+dlq\s+consumers$/);
    expect(table.out).toMatch(new RegExp(`${consumer.replace('.', '\\.')}\\s+0\\s+0\\s+3\\s+1`));
    expect(table.out).toMatch(/nobody\.here\s+-\s+-\s+-\s+-/);
    const all = await ops(['dlq', 'list'], env);
    expect(all.out).toContain('test-drive.cars');
    expect(all.out).toContain('notification.otp-sms');

    // show: oldest first, left in place.
    const shown = await ops(['dlq', 'show', consumer, '--json'], env);
    expect(shown.code, shown.err).toBe(0);
    const letters = JSON.parse(shown.out) as Array<Record<string, unknown>>;
    expect(letters.map((l) => l.id)).toEqual([poison[0]!.id, poison[1]!.id, flaky.id]);
    expect(letters[0]).toMatchObject({
      position: 1,
      event: 'ops.test.poison',
      correlationId: poison[0]!.correlationId,
      occurredAt: poison[0]!.occurredAt,
      attempts: 1,
      reason: 'payload is no good',
      replays: 0,
    });
    expect(letters[2]).toMatchObject({
      event: 'ops.test.flaky',
      attempts: 2,
      reason: 'downstream timed out',
    });
    const text = await ops(['dlq', 'show', consumer, '--limit', '1'], env);
    expect(text.out).toContain(poison[0]!.id);
    expect(text.out).toContain('payload is no good');
    expect(text.out).not.toContain(poison[1]!.id);
    expect((await depth()).dlq).toBe(3);

    // replay one while the consumer is away: it is back in the queue as a first delivery, same id.
    await broker!.close();
    const one = await ops(['dlq', 'replay', consumer, '--limit', '1'], env);
    expect(one.code, one.err).toBe(0);
    expect(one.out).toBe(
      `replayed 1 message(s) from ${queuePrefix}.${consumer}.dlq to ${queuePrefix}.${consumer}`,
    );
    const model = await connect(amqpUrl!);
    try {
      const channel = await model.createChannel();
      const message = await channel.get(`${queuePrefix}.${consumer}`, { noAck: false });
      expect(message).not.toBe(false);
      if (message) {
        expect(message.properties.messageId).toBe(poison[0]!.id);
        expect(message.properties.correlationId).toBe(poison[0]!.correlationId);
        expect(message.properties.type).toBe('ops.test.poison');
        expect(message.properties.headers).toMatchObject({ 'x-replays': 1 });
        expect(message.properties.headers?.['x-attempts']).toBeUndefined();
        expect(message.properties.headers?.['x-reason']).toBeUndefined();
        expect(JSON.parse(message.content.toString()).id).toBe(poison[0]!.id);
        channel.nack(message, false, true);
      }
      await channel.close();
    } finally {
      await model.close();
    }

    // The fault is fixed: the consumer comes back, the rest is replayed, everything is handled once.
    accept = true;
    await subscribe();
    const rest = await ops(['dlq', 'replay', consumer], env);
    expect(rest.out).toContain('replayed 2 message(s)');
    await until('the replayed messages to be handled', () => handled.length === 4 || undefined, {
      timeoutMs: 15_000,
    });
    expect([...handled].sort()).toEqual([fine.id, ...poison.map((p) => p.id), flaky.id].sort());
    expect(await depth()).toMatchObject({ queue: 0, retry: 0, dlq: 0, consumers: 1 });
    expect((await ops(['dlq', 'show', consumer], env)).out).toBe(
      `no dead letters in ${queuePrefix}.${consumer}.dlq`,
    );
    expect((await ops(['dlq', 'replay', 'nobody.here'], env)).out).toContain('replayed 0 message(s)');
  });

  it('declares every consumer queue of the system before a first start', async () => {
    const prefix = uniqueName('ops');
    const declareEnv = { ...env, AMQP_QUEUE_PREFIX: prefix };
    try {
      const before = await ops(['dlq', 'list', 'test-drive.cars', '--json'], declareEnv);
      expect(JSON.parse(before.out)[0]).toMatchObject({ queue: null, dlq: null });
      const declared = await ops(['queues', 'declare'], declareEnv);
      expect(declared.code, declared.err).toBe(0);
      expect(declared.out).toBe(
        `declared exchange ${exchange} and the queues of ${allConsumerNames().length} consumers`,
      );
      const after = await ops(['dlq', 'list', '--json'], declareEnv);
      const depths = JSON.parse(after.out) as Array<{ queue: number; retry: number; dlq: number }>;
      expect(depths).toHaveLength(allConsumerNames().length);
      expect(depths.every((d) => d.queue === 0 && d.retry === 0 && d.dlq === 0)).toBe(true);
      // An event published now waits in its consumer's queue although no service runs.
      const publisher = await createRabbitBroker({ url: amqpUrl!, exchange });
      await publisher.publish({ ...envelope('x'), name: 'catalog.car.removed' });
      await publisher.close();
      const held = await ops(['dlq', 'list', 'test-drive.cars', '--json'], declareEnv);
      expect(JSON.parse(held.out)[0]).toMatchObject({ queue: 1, consumers: 0 });
    } finally {
      await deleteTopology(amqpUrl!, { queuePrefix: prefix, consumers: allConsumerNames() });
    }
  });

  it('answers usage errors with exit code 2 and the usage', async () => {
    for (const argv of [
      [],
      ['dlq', 'show'],
      ['dlq', 'replay', consumer, '--limit', 'x'],
      ['nope'],
      ['dlq', 'list', '--bad'],
    ]) {
      const res = await ops(argv, env);
      expect(res.code, argv.join(' ')).toBe(2);
    }
    expect((await ops(['help'], env)).out).toContain('catalog reannounce');
  });
});

describe.skipIf(!amqpUrl || !postgresUrl)(
  'npm run ops -- catalog reannounce on PostgreSQL and RabbitMQ',
  () => {
    const dbName = uniqueName('ops');
    const exchange = uniqueName('ops.ex');
    const queuePrefix = uniqueName('ops');
    let dbUrl: string;
    let database: Database;
    let broker: RabbitBroker;
    let env: Record<string, string>;
    const consumer = carProjectionConsumer();

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${dbName}"`);
      await admin.end();
      const url = new URL(postgresUrl!);
      url.pathname = `/${dbName}`;
      dbUrl = url.toString();
      database = await createDatabase({ url: dbUrl });
      for (const m of [catalogService, testDriveService]) {
        await database.prepareSchema({ schema: m.schema, migrationsFolder: m.migrationsFolder });
      }
      // A bulk fill: 25 cars in the read model and nothing announced (test-drive does not know them).
      await seedReferenceData(database.db, loadSeedData(dataDir));
      await seedDemoInventory(database.db, { count: 25, batchSize: 10 });
      // Test-drive's real car projection, consuming through RabbitMQ with its inbox.
      const logger = createLogger({ level: 'silent' });
      broker = await createRabbitBroker({ url: amqpUrl!, exchange, queuePrefix, logger });
      const tables = messagingTables('test_drive');
      await broker.subscribe(
        toSubscription(consumer, {
          outbox: createOutbox<EventPayloads>({ db: database.db, tables }),
          tables,
          logger,
        }),
      );
      env = {
        CATALOG_DATABASE_URL: dbUrl,
        AMQP_URL: amqpUrl!,
        AMQP_EXCHANGE: exchange,
        AMQP_QUEUE_PREFIX: queuePrefix,
      };
    }, 60_000);

    afterAll(async () => {
      await broker?.close();
      await database?.close();
      await deleteTopology(amqpUrl!, { exchange, queuePrefix, consumers: [consumer.name] });
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    });

    const count = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(database.db, query))[0]!.n;

    it('announces every car in batches; the test-drive projection catches up; a re-run is idempotent', async () => {
      expect(await count(sql`SELECT count(*)::int AS n FROM test_drive.cars`)).toBe(0);
      const first = await ops(['catalog', 'reannounce', '--batch', '10'], env);
      expect(first.code, first.err).toBe(0);
      expect(first.out.split('\n')).toEqual([
        'announced 10 car(s)…',
        'announced 20 car(s)…',
        'announced 25 car(s)…',
        `catalog.car.indexed emitted for 25 car(s); 25 outbox event(s) published to ${exchange}`,
      ]);
      await until(
        'test-drive to know every car',
        async () => (await count(sql`SELECT count(*)::int AS n FROM test_drive.cars`)) === 25 || undefined,
        { timeoutMs: 20_000 },
      );
      const carIds = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id FROM catalog.car_docs ORDER BY id`,
      );
      const known = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id FROM test_drive.cars ORDER BY id`,
      );
      expect(known).toEqual(carIds);

      // Again: 25 more events, the projection unchanged; --no-publish leaves them to the catalog's relay.
      const second = await ops(['catalog', 'reannounce', '--no-publish', '--json'], env);
      expect(second.code, second.err).toBe(0);
      expect(JSON.parse(second.out)).toEqual({ announced: 25, published: null });
      expect(await count(sql`SELECT count(*)::int AS n FROM catalog.outbox WHERE published_at IS NULL`)).toBe(
        25,
      );
      const third = await ops(['catalog', 'reannounce', '--json'], env);
      expect(JSON.parse(third.out)).toEqual({ announced: 25, published: 50 });
      await until(
        'test-drive to handle every announcement',
        async () =>
          (await count(
            sql`SELECT count(*)::int AS n FROM test_drive.inbox WHERE consumer = 'test-drive.cars'`,
          )) === 75 || undefined,
        { timeoutMs: 20_000 },
      );
      expect(await count(sql`SELECT count(*)::int AS n FROM test_drive.cars`)).toBe(25);
      expect(await count(sql`SELECT count(*)::int AS n FROM catalog.outbox WHERE published_at IS NULL`)).toBe(
        0,
      );
      expect(
        await count(sql`SELECT count(*)::int AS n FROM catalog.outbox WHERE name = 'catalog.car.indexed'`),
      ).toBe(75);
    }, 60_000);

    it('fails with exit code 1 and a message when the catalog database is unreachable', async () => {
      const res = await ops(['catalog', 'reannounce'], {
        ...env,
        CATALOG_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      });
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/^ops catalog reannounce failed: /);
    });
  },
);
