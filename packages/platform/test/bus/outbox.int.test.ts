/**
 * At-least-once end to end, on both stacks: PGlite + in-process broker (embedded) and the real
 * PostgreSQL + RabbitMQ servers (distributed). Under CI=true a missing server fails the file.
 *
 * Shows: an event written in a rolled-back transaction is never published; a committed one reaches
 * its consumer with its correlation id; an event delivered twice is handled once; a handler that keeps
 * throwing is retried and then dead-lettered (leaving no inbox row); a message failing its schema is
 * dead-lettered at once; events written while the RabbitMQ connection is down are delivered once it is back.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import { createInProcessBroker } from '../../src/bus/inprocess';
import { createRabbitBroker, type RabbitBroker } from '../../src/bus/rabbitmq';
import { deleteTopology } from '../../src/bus/topology';
import {
  type Broker,
  type Consumer,
  createDatabase,
  createLogger,
  createOutbox,
  createRelay,
  type Database,
  type EventEnvelope,
  messagingTables,
  runWithContext,
  toSubscription,
} from '../../src/index';

const postgresUrl = await requireServer('postgres');
const rabbitUrl = await requireServer('rabbitmq');
const logger = createLogger({ level: 'silent' });
const retry = { maxAttempts: 3, baseDelayMs: 40, maxDelayMs: 200 };

const priceChanged = z.object({
  name: z.literal('test.price.changed'),
  version: z.literal(1),
  id: z.uuid(),
  occurredAt: z.string(),
  correlationId: z.string(),
  payload: z.object({ carId: z.string(), price: z.number().positive() }),
});
type PriceChanged = z.infer<typeof priceChanged>;
/** This test's own event registry (the platform knows no service's events). */
interface TestEvents {
  'test.price.changed': PriceChanged['payload'];
}

/** Drains the consumer's dead-letter queue until `count` letters arrived (or `timeoutMs` passed). */
async function deadLetters(broker: Broker, consumer: string, count: number, timeoutMs: number) {
  let dead: Awaited<ReturnType<Broker['takeDeadLetters']>> = [];
  await expect
    .poll(
      async () => {
        dead = [...dead, ...(await broker.takeDeadLetters(consumer))];
        return dead.length;
      },
      { timeout: timeoutMs },
    )
    .toBe(count);
  return dead;
}

interface Stack {
  database: Database;
  broker: Broker;
  schema: string;
  consumers: string[];
  cleanup(): Promise<void>;
}

const stacks = [
  {
    name: 'PGlite + in-process broker',
    skip: false,
    hasConnection: false,
    async open(): Promise<Stack> {
      const database = await createDatabase();
      const broker = createInProcessBroker({ retry, logger });
      const schema = uniqueName('bus');
      await database.prepareSchema({ schema });
      return {
        database,
        broker,
        schema,
        consumers: [],
        async cleanup() {
          await broker.close();
          await database.close();
        },
      };
    },
  },
  {
    name: 'PostgreSQL + RabbitMQ',
    skip: !postgresUrl || !rabbitUrl,
    hasConnection: true,
    async open(): Promise<Stack> {
      const database = await createDatabase({ url: postgresUrl!, poolSize: 4 });
      const exchange = uniqueName('test.events');
      const queuePrefix = uniqueName('test');
      const broker = await createRabbitBroker({ url: rabbitUrl!, exchange, queuePrefix, retry, logger });
      const schema = uniqueName('bus');
      await database.prepareSchema({ schema });
      const stack: Stack = {
        database,
        broker,
        schema,
        consumers: [],
        async cleanup() {
          await broker.close();
          await deleteTopology(rabbitUrl!, { exchange, queuePrefix, consumers: stack.consumers });
          await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
          await database.close();
        },
      };
      return stack;
    },
  },
];

describe.each(stacks)('outbox, relay and inbox on $name', ({ open, skip, hasConnection }) => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.cleanup();
    stack = undefined;
  });

  /** A consumer that records each handled event; `fail(n)` makes delivery n throw. */
  async function setup(fail: (attempt: number) => boolean = () => false) {
    stack = await open();
    const tables = messagingTables(stack.schema);
    const relay = createRelay({ db: stack.database.db, tables, broker: stack.broker, logger, pollMs: 100 });
    const outbox = createOutbox<TestEvents>({ db: stack.database.db, tables, onCommit: () => relay.wake() });
    const handled: PriceChanged[] = [];
    /** After-commit tasks that ran: the delivery that registered each, and whether its inbox row was committed. */
    const afterCommits: Array<{ carId: string; attempt: number; inboxCommitted: boolean }> = [];
    let deliveries = 0;
    const consumer: Consumer<PriceChanged, TestEvents> = {
      name: uniqueName('test.prices'),
      events: ['test.price.*'],
      schema: priceChanged,
      async handle(event, { attempt, afterCommit }) {
        deliveries++;
        afterCommit(async () => {
          const committed = (await inboxRows()).some((r) => r.eventId === event.id);
          afterCommits.push({ carId: event.payload.carId, attempt, inboxCommitted: committed });
        });
        if (fail(attempt)) throw new Error(`handler failed on attempt ${attempt}`);
        handled.push(event);
      },
    };
    stack.consumers.push(consumer.name);
    await stack.broker.subscribe(toSubscription(consumer, { outbox, tables, logger }));
    const inboxRows = async () =>
      (await stack!.database.db.select().from(tables.inbox)).filter((r) => r.consumer === consumer.name);
    return {
      ...stack,
      tables,
      relay,
      outbox,
      consumer,
      handled,
      afterCommits,
      inboxRows,
      deliveries: () => deliveries,
    };
  }

  it.skipIf(skip)('never publishes an event whose transaction rolled back', async () => {
    const s = await setup();
    await expect(
      s.outbox.transaction(async (_tx, emit) => {
        await emit('test.price.changed', { carId: 'rolled-back', price: 100 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await s.outbox.transaction(async (_tx, emit) => {
      await emit('test.price.changed', { carId: 'committed', price: 200 });
    });
    expect(await s.relay.drain()).toBe(1);
    await expect.poll(() => s.handled.length, { timeout: 5_000 }).toBe(1);
    expect(s.handled.map((e) => e.payload.carId)).toEqual(['committed']);
    expect((await s.database.db.select().from(s.tables.outbox)).map((r) => r.name)).toEqual([
      'test.price.changed',
    ]);
    expect(await s.relay.lag()).toEqual({ unpublished: 0, oldestAgeMs: 0 });
  });

  it.skipIf(skip)('carries the correlation id of the request that caused the event', async () => {
    const s = await setup();
    await runWithContext({ requestId: 'r-1', correlationId: 'corr-42' }, () =>
      s.outbox.transaction(async (_tx, emit) => emit('test.price.changed', { carId: 'c1', price: 5 })),
    );
    await s.relay.drain();
    await expect.poll(() => s.handled[0]?.correlationId, { timeout: 5_000 }).toBe('corr-42');
  });

  it.skipIf(skip)(
    'runs after-commit tasks once the delivery committed, never for a delivery that failed',
    async () => {
      const s = await setup((attempt) => attempt === 1);
      await s.outbox.transaction((_tx, emit) => emit('test.price.changed', { carId: 'after', price: 7 }));
      await s.relay.drain();
      await expect.poll(() => s.afterCommits.length, { timeout: 10_000 }).toBe(1);
      expect(s.afterCommits).toEqual([{ carId: 'after', attempt: 2, inboxCommitted: true }]);
    },
  );

  it.skipIf(skip)('handles an event delivered twice only once', async () => {
    const s = await setup();
    const event: EventEnvelope = await s.outbox.transaction((_tx, emit) =>
      emit('test.price.changed', { carId: 'twice', price: 300 }),
    );
    await s.relay.drain();
    await s.broker.publish(event); // the broker redelivers the same event id
    await expect.poll(() => s.deliveries(), { timeout: 5_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.handled).toHaveLength(1);
    expect(await s.inboxRows()).toHaveLength(1);
  });

  it.skipIf(skip)('retries a handler that keeps throwing, then dead-letters the event', async () => {
    const s = await setup(() => true);
    const event = await s.outbox.transaction((_tx, emit) =>
      emit('test.price.changed', { carId: 'doomed', price: 1 }),
    );
    await s.relay.drain();
    await expect.poll(() => s.deliveries(), { timeout: 10_000 }).toBe(retry.maxAttempts);
    const dead = await deadLetters(s.broker, s.consumer.name, 1, 10_000);
    expect(dead[0]).toMatchObject({
      attempts: retry.maxAttempts,
      reason: expect.stringContaining('handler failed'),
    });
    expect((dead[0]!.body as EventEnvelope).id).toBe(event.id);
    expect(s.deliveries()).toBe(retry.maxAttempts);
    expect(await s.inboxRows()).toHaveLength(0);
  });

  it.skipIf(skip)('dead-letters a message that fails its schema without calling the handler', async () => {
    const s = await setup();
    await s.broker.publish({
      name: 'test.price.changed',
      version: 1,
      id: crypto.randomUUID(),
      occurredAt: new Date().toISOString(),
      correlationId: 'c',
      payload: { carId: 'bad', price: -5 },
    });
    const dead = await deadLetters(s.broker, s.consumer.name, 1, 5_000);
    expect(dead[0]).toMatchObject({ attempts: 1, reason: expect.stringContaining('payload.price') });
    expect(s.deliveries()).toBe(0);
  });

  if (hasConnection)
    it.skipIf(skip)(
      'delivers events written while the broker connection was down once it is back',
      async () => {
        const s = await setup();
        s.relay.start();
        (s.broker as RabbitBroker)._dropConnectionForTest();
        await expect.poll(() => s.broker.isReady(), { timeout: 5_000, interval: 5 }).toBe(false);
        for (const carId of ['down-1', 'down-2', 'down-3']) {
          await s.outbox.transaction((_tx, emit) => emit('test.price.changed', { carId, price: 10 }));
        }
        expect((await s.relay.lag()).unpublished).toBeGreaterThan(0);
        await expect.poll(() => s.broker.isReady(), { timeout: 15_000 }).toBe(true);
        await expect.poll(() => s.handled.length, { timeout: 15_000 }).toBe(3);
        expect(s.handled.map((e) => e.payload.carId).sort()).toEqual(['down-1', 'down-2', 'down-3']);
        expect((await s.relay.lag()).unpublished).toBe(0);
        await s.relay.stop();
      },
    );
});
