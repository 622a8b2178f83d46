/**
 * Bus metrics on both brokers (in-process and the real RabbitMQ): a handler that keeps throwing moves
 * `consumer_failures_total`, `consumer_messages_total{outcome="retried"|"dead_lettered"}` and the
 * `dead_letter_messages` gauge (read from the broker's dead-letter queue at scrape time); a handler that
 * succeeds counts `handled`. Outbox gauges on PGlite and the real PostgreSQL: `outbox_pending_events` and
 * `outbox_oldest_event_age_seconds` follow the unpublished rows and drop to 0 once the relay published them.
 * Under CI=true a missing server fails the file.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import { createInProcessBroker } from '../../src/bus/inprocess';
import { createRabbitBroker } from '../../src/bus/rabbitmq';
import { deleteTopology } from '../../src/bus/topology';
import {
  type Broker,
  type BusObserver,
  createDatabase,
  createLogger,
  createMetrics,
  createOutbox,
  createRelay,
  messagingTables,
  type RetryPolicy,
} from '../../src/index';
import { sample } from '../metrics-text';
import { makeEvent, recorder, waitFor } from './helpers';

/** This test's own event registry: the platform knows no service's events. */
interface TestEvents {
  'listing.created': { carId: string };
  'listing.updated': { carId: string };
  'listing.deleted': { carId: string };
}

const postgresUrl = await requireServer('postgres');
const rabbitUrl = await requireServer('rabbitmq');
const logger = createLogger({ level: 'silent' });
const retry: RetryPolicy = { maxAttempts: 3, baseDelayMs: 30, maxDelayMs: 100 };

interface BrokerHarness {
  broker: Broker;
  consumers: string[];
  cleanup(): Promise<void>;
}

const brokers = [
  {
    name: 'in-process',
    skip: false,
    async open(observer: BusObserver): Promise<BrokerHarness> {
      const broker = createInProcessBroker({ retry, logger, observer });
      return { broker, consumers: [], cleanup: () => broker.close() };
    },
  },
  {
    name: 'RabbitMQ',
    skip: !rabbitUrl,
    async open(observer: BusObserver): Promise<BrokerHarness> {
      const exchange = uniqueName('test_metrics_ex');
      const queuePrefix = uniqueName('test_metrics');
      const broker = await createRabbitBroker({
        url: rabbitUrl!,
        exchange,
        queuePrefix,
        retry,
        logger,
        observer,
      });
      const harness: BrokerHarness = {
        broker,
        consumers: [],
        async cleanup() {
          await broker.close();
          await deleteTopology(rabbitUrl!, { exchange, queuePrefix, consumers: harness.consumers });
        },
      };
      return harness;
    },
  },
];

describe.each(brokers)('consumer and dead-letter metrics on the $name broker', ({ open, skip }) => {
  let harness: BrokerHarness | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    harness = undefined;
  });

  it.skipIf(skip)('counts failures, retries, dead letters and handled deliveries', async () => {
    const metrics = createMetrics({ service: 'notification', defaultMetrics: false });
    harness = await open(metrics.bus);
    const { broker } = harness;
    metrics.watchDeadLetters(broker);
    const broken = recorder('t.metrics.broken', ['test.metrics.*'], () => {
      throw new Error('always broken');
    });
    const fine = recorder('t.metrics.fine', ['test.metrics.*']);
    for (const s of [broken, fine]) {
      harness.consumers.push(s.consumer);
      await broker.subscribe(s);
    }
    const scrape = async (name: string, labels: Record<string, string>) =>
      sample(await metrics.text(), name, { service: 'notification', ...labels }) ?? 0;

    expect(await scrape('dead_letter_messages', { consumer: 't.metrics.broken' })).toBe(0);
    await broker.publish(makeEvent('test.metrics.one'));
    await broker.publish(makeEvent('test.metrics.two'));

    await expect
      .poll(() => scrape('dead_letter_messages', { consumer: 't.metrics.broken' }), { timeout: 10_000 })
      .toBe(2);
    await waitFor('fine deliveries', () => fine.received.length === 2);
    await expect
      .poll(() => scrape('consumer_messages_total', { consumer: 't.metrics.fine', outcome: 'handled' }))
      .toBe(2);
    const text = await metrics.text();
    const of = (name: string, labels: Record<string, string>) => sample(text, name, labels) ?? 0;
    // Two events × maxAttempts (3) deliveries, each threw.
    expect(of('consumer_failures_total', { consumer: 't.metrics.broken' })).toBe(6);
    expect(of('consumer_messages_total', { consumer: 't.metrics.broken', outcome: 'retried' })).toBe(4);
    expect(of('consumer_messages_total', { consumer: 't.metrics.broken', outcome: 'dead_lettered' })).toBe(2);
    expect(of('consumer_messages_total', { consumer: 't.metrics.broken', outcome: 'handled' })).toBe(0);
    expect(of('consumer_failures_total', { consumer: 't.metrics.fine' })).toBe(0);
    expect(of('dead_letter_messages', { consumer: 't.metrics.fine' })).toBe(0);

    // Taking the dead letters out (an operator's replay) empties the gauge.
    expect(await broker.takeDeadLetters('t.metrics.broken')).toHaveLength(2);
    await expect.poll(() => scrape('dead_letter_messages', { consumer: 't.metrics.broken' })).toBe(0);
  });
});

const databases = [
  { name: 'PGlite', skip: false, url: undefined },
  { name: 'PostgreSQL', skip: !postgresUrl, url: postgresUrl },
];

describe.each(databases)('outbox metrics on $name', ({ skip, url }) => {
  it.skipIf(skip)(
    'reports pending rows and the oldest age until the relay publishes them',
    async () => {
      const database = await createDatabase(url ? { url, poolSize: 2 } : undefined);
      const schema = uniqueName('metrics');
      const broker = createInProcessBroker({ logger });
      try {
        await database.prepareSchema({ schema });
        const tables = messagingTables(schema);
        const relay = createRelay({ db: database.db, tables, broker, logger });
        const outbox = createOutbox<TestEvents>({ db: database.db, tables });
        const metrics = createMetrics({ service: 'listing', defaultMetrics: false });
        metrics.addOutbox('listing', relay);
        const scrape = async (name: string) => sample(await metrics.text(), name, { outbox: 'listing' });

        expect(await scrape('outbox_pending_events')).toBe(0);
        expect(await scrape('outbox_oldest_event_age_seconds')).toBe(0);
        await outbox.transaction(async (_tx, emit) => {
          await emit('listing.created', { carId: 'c1' });
          await emit('listing.updated', { carId: 'c1' });
        });
        await outbox.transaction(async (_tx, emit) => {
          await emit('listing.deleted', { carId: 'c2' });
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(await scrape('outbox_pending_events')).toBe(3);
        const age = (await scrape('outbox_oldest_event_age_seconds'))!;
        expect(age).toBeGreaterThanOrEqual(0.35);
        expect(age).toBeLessThan(30);

        expect(await relay.drain()).toBe(3);
        expect(await scrape('outbox_pending_events')).toBe(0);
        expect(await scrape('outbox_oldest_event_age_seconds')).toBe(0);
      } finally {
        await broker.close();
        if (url) await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
        await database.close();
      }
    },
    120_000,
  ); // PGlite takes tens of seconds to open on a loaded machine.
});
