/**
 * `migrateConsumerQueues` on the real RabbitMQ: the classic queues of a deployment from before ADR 23
 * (declared here as the code declared them then) become the declared quorum queues with every message,
 * its properties and headers; a retry waits its delay again and still reaches the queue; events published
 * afterwards reach the new queue; a second run changes nothing; a queue with consumers is refused and left
 * as it was; a run interrupted after the old queue was deleted is completed by the next one.
 * Under CI=true a missing RabbitMQ fails the file.
 */
import { type Channel, type ChannelModel, connect } from 'amqplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import { MIGRATING_SUFFIX, migrateConsumerQueues } from '../../src/bus/queue-migration';
import {
  declareTopology,
  deleteTopology,
  onFreshChannel,
  type RabbitQueueNames,
  rabbitQueueNames,
} from '../../src/bus/topology';
import { waitFor } from './helpers';

const url = await requireServer('rabbitmq');

describe.skipIf(!url)('migrateConsumerQueues', () => {
  const exchange = uniqueName('test_migrate_ex');
  let queuePrefix: string;
  let model: ChannelModel;
  const consumer = { name: 't.orders', events: ['order.placed', 'order.cancelled'] };
  let names: RabbitQueueNames;

  const onChannel = <T>(fn: (c: Channel) => Promise<T>) => onFreshChannel(model, fn);

  /** Ready messages of `queue`, or null when it does not exist. */
  async function depth(queue: string): Promise<number | null> {
    try {
      return (await onChannel((c) => c.checkQueue(queue))).messageCount;
    } catch {
      return null;
    }
  }

  /** Takes every message of `queue` (acked): message id, headers and expiration of each. */
  async function drain(queue: string) {
    return onChannel(async (c) => {
      const out = [];
      for (let m = await c.get(queue, { noAck: true }); m; m = await c.get(queue, { noAck: true })) {
        out.push({
          id: m.properties.messageId,
          headers: m.properties.headers ?? {},
          body: m.content.toString(),
        });
      }
      return out;
    });
  }

  /** The queues as the code before ADR 23 declared them: classic, durable. */
  async function declareClassic(): Promise<void> {
    await onChannel(async (c) => {
      await c.assertExchange(exchange, 'topic', { durable: true });
      await c.assertQueue(names.queue, { durable: true });
      for (const key of consumer.events) await c.bindQueue(names.queue, exchange, key);
      await c.assertQueue(names.retry, {
        durable: true,
        arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.queue },
      });
      await c.assertQueue(names.dlq, { durable: true });
    });
  }

  async function publish(exchangeName: string, key: string, id: string, options: object = {}): Promise<void> {
    const channel = await model.createConfirmChannel();
    channel.publish(exchangeName, key, Buffer.from(JSON.stringify({ id })), {
      persistent: true,
      messageId: id,
      type: 'order.placed',
      contentType: 'application/json',
      ...options,
    });
    await channel.waitForConfirms();
    await channel.close();
  }

  const migrate = () =>
    migrateConsumerQueues(url!, { exchange, queuePrefix, consumers: [consumer], batchSize: 2 });

  beforeAll(async () => {
    model = await connect(url!);
    model.on('error', () => {});
  });

  afterEach(async () => {
    await deleteTopology(url!, {
      queuePrefix,
      consumers: [consumer.name, `${consumer.name}${MIGRATING_SUFFIX}`],
    }).catch(() => {});
    const holding = [names.queue, names.retry, names.dlq].map((q) => `${q}${MIGRATING_SUFFIX}`);
    await onChannel(async (c) => {
      for (const q of holding) await c.deleteQueue(q);
    });
  });

  afterAll(async () => {
    await onChannel((c) => c.deleteExchange(exchange));
    await model?.close().catch(() => {});
  });

  function fresh(): void {
    queuePrefix = uniqueName('test_migrate');
    names = rabbitQueueNames(consumer.name, queuePrefix);
  }

  it('turns classic queues into the declared quorum queues, keeping every message, idempotently', async () => {
    fresh();
    await declareClassic();
    // The refusal an operator sees before migrating.
    await expect(declareTopology(url!, { exchange, queuePrefix, consumers: [consumer] })).rejects.toThrow(
      'queues migrate',
    );
    for (const id of ['e1', 'e2', 'e3'])
      await publish(exchange, 'order.placed', id, { headers: { 'x-custom': id } });
    await publish('', names.retry, 'r1', { expiration: '1500', headers: { 'x-attempt': 2 } });
    for (const id of ['d1', 'd2']) {
      await publish('', names.dlq, id, { headers: { 'x-attempts': 5, 'x-reason': `boom ${id}` } });
    }

    const [report] = await migrate();
    expect(report).toEqual({
      consumer: consumer.name,
      queues: [
        { queue: names.queue, found: 'outdated', moved: 3 },
        { queue: names.retry, found: 'outdated', moved: 1 },
        { queue: names.dlq, found: 'outdated', moved: 2 },
      ],
    });
    // Declared as this version declares them (a mismatch would throw), no holding queue left.
    await declareTopology(url!, { exchange, queuePrefix, consumers: [consumer] });
    for (const q of [names.queue, names.retry, names.dlq])
      expect(await depth(`${q}${MIGRATING_SUFFIX}`)).toBeNull();

    // The retry waits its delay again in the new retry queue, then comes back to the queue.
    expect(await depth(names.retry)).toBe(1);
    await waitFor('the retry back in the queue', async () => (await depth(names.queue)) === 4, {
      timeoutMs: 10_000,
    });
    const queued = await drain(names.queue);
    expect(queued.map((m) => m.id)).toEqual(['e1', 'e2', 'e3', 'r1']);
    expect(queued[0]!.headers['x-custom']).toBe('e1');
    expect(queued[3]!.headers['x-attempt']).toBe(2);
    expect(queued[3]!.headers).not.toHaveProperty('x-migrating-expiration');
    const dead = await drain(names.dlq);
    expect(dead.map((m) => [m.id, m.headers['x-reason']])).toEqual([
      ['d1', 'boom d1'],
      ['d2', 'boom d2'],
    ]);

    // Events now reach the new queue through its bindings.
    await publish(exchange, 'order.cancelled', 'e4');
    await waitFor('e4 in the new queue', async () => (await depth(names.queue)) === 1);

    const [again] = await migrate();
    expect(again!.queues.map((q) => [q.found, q.moved])).toEqual([
      ['current', 0],
      ['current', 0],
      ['current', 0],
    ]);
    expect(await depth(names.queue)).toBe(1);
  });

  it('refuses a classic queue that still has consumers and leaves it as it was', async () => {
    fresh();
    await declareClassic();
    await publish(exchange, 'order.placed', 'e1');
    const listener = await model.createChannel();
    await listener.prefetch(0);
    await listener.consume(names.queue, () => {}, { noAck: false });
    try {
      await expect(migrate()).rejects.toThrow(`queue ${names.queue} has 1 consumer(s): stop the service`);
      expect(await depth(`${names.queue}${MIGRATING_SUFFIX}`)).toBeNull();
      // Still the classic queue: the quorum declaration is still refused.
      await expect(declareTopology(url!, { exchange, queuePrefix, consumers: [consumer] })).rejects.toThrow(
        names.queue,
      );
    } finally {
      await listener.close();
    }
    // Its bindings were kept: events still reach it.
    await publish(exchange, 'order.placed', 'e2');
    await waitFor('both events in the old queue', async () => (await depth(names.queue)) === 2);
  });

  it('completes a run interrupted after the old queue was deleted', async () => {
    fresh();
    const holding = `${names.queue}${MIGRATING_SUFFIX}`;
    await onChannel(async (c) => {
      await c.assertExchange(exchange, 'topic', { durable: true });
      await c.assertQueue(holding, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await c.bindQueue(holding, exchange, 'order.placed');
    });
    await publish(exchange, 'order.placed', 'e1');
    await publish(exchange, 'order.placed', 'e2');

    const [report] = await migrate();
    expect(report!.queues[0]).toEqual({ queue: names.queue, found: 'missing', moved: 2 });
    expect(await depth(holding)).toBeNull();
    expect((await drain(names.queue)).map((m) => m.id)).toEqual(['e1', 'e2']);
    await publish(exchange, 'order.placed', 'e3');
    await waitFor('e3 in the queue', async () => (await depth(names.queue)) === 1);
  });
});
