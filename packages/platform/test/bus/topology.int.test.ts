/**
 * The queues `declareTopology` declares, read back from the real RabbitMQ (ADR 23), and what their
 * arguments do there: the delivery limit dead-letters to the dlq instead of dropping, the dlq survives
 * being peeked more often than RabbitMQ 4's default limit, a classic queue left from before is refused
 * with an error that says what to do.
 *
 * How the arguments are read back: RabbitMQ 3.10 without the management plugin has no client call that
 * returns a queue's arguments (a passive `checkQueue` answers only counts) and `rabbitmqctl list_queues`
 * needs a shell on the broker's host, which CI does not have. A redeclaration does the comparison instead:
 * RabbitMQ compares its durability, type and `x-` arguments with the existing queue's and refuses any
 * difference with 406 PRECONDITION_FAILED — an argument the queue has and the redeclaration lacks too.
 * So each queue is redeclared with the arguments this test expects, written out here rather than taken
 * from topology.ts (which would only compare the code with itself). That alone could pass vacuously for
 * an argument RabbitMQ does not compare, so each argument is then changed and removed in turn, and the
 * redeclaration must be refused naming it: the test fails when any of them is wrong.
 * Under CI=true a missing RabbitMQ fails the file.
 */
import { type Channel, type ChannelModel, connect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import { openDeadLetterAdmin } from '../../src/bus/dead-letters';
import {
  DEAD_LETTER_DELIVERY_LIMIT,
  DELIVERY_LIMIT,
  declareConsumerQueues,
  declareTopology,
  deleteTopology,
  onFreshChannel,
  QueueArgumentsError,
  rabbitQueueNames,
} from '../../src/bus/topology';
import { waitFor } from './helpers';

const url = await requireServer('rabbitmq');
type Args = Record<string, unknown>;

describe.skipIf(!url)('consumer queues on RabbitMQ', () => {
  const exchange = uniqueName('test_topo_ex');
  const queuePrefix = uniqueName('test_topo');
  const consumers = [
    { name: 't.orders', events: ['order.placed', 'order.cancelled'] },
    { name: 't.mail', events: ['user.created'] },
  ];
  let model: ChannelModel;

  const onChannel = <T>(fn: (c: Channel) => Promise<T>) => onFreshChannel(model, fn);

  /** `'ok'` when RabbitMQ accepts the redeclaration, else its refusal. */
  async function redeclare(queue: string, args: Args, flags = { durable: true }): Promise<string> {
    try {
      await onChannel((c) => c.assertQueue(queue, { ...flags, arguments: args }));
      return 'ok';
    } catch (err) {
      return (err as Error).message;
    }
  }

  /** A valid value other than `value` for argument `key`. */
  function otherValue(key: string, value: unknown): unknown {
    const valid: Args = {
      'x-queue-type': 'classic',
      'x-overflow': 'drop-head',
      'x-dead-letter-strategy': 'at-most-once',
      'x-dead-letter-exchange': 'amq.direct',
    };
    if (key in valid) return valid[key];
    return typeof value === 'number' ? value + 1 : `${String(value)}.other`;
  }

  beforeAll(async () => {
    model = await connect(url!);
    model.on('error', () => {});
    await declareTopology(url!, { exchange, queuePrefix, consumers });
  });

  afterAll(async () => {
    await model?.close().catch(() => {});
    await deleteTopology(url!, { exchange, queuePrefix, consumers: consumers.map((c) => c.name) });
  });

  it('declares each durable queue a quorum queue with exactly the expected arguments', async () => {
    expect(DELIVERY_LIMIT).toBe(20);
    for (const consumer of consumers) {
      const q = `${queuePrefix}.${consumer.name}`;
      const expected: Record<string, Args> = {
        [q]: {
          'x-queue-type': 'quorum',
          'x-delivery-limit': 20,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': `${q}.dlq`,
          'x-dead-letter-strategy': 'at-least-once',
          'x-overflow': 'reject-publish',
        },
        [`${q}.retry`]: {
          'x-queue-type': 'quorum',
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': q,
          'x-dead-letter-strategy': 'at-least-once',
          'x-overflow': 'reject-publish',
        },
        [`${q}.dlq`]: { 'x-queue-type': 'quorum', 'x-delivery-limit': 1_000_000 },
      };
      for (const [queue, args] of Object.entries(expected)) {
        expect(await redeclare(queue, args), queue).toBe('ok');
        expect(await redeclare(queue, args, { durable: false }), queue).toMatch(/inequivalent arg 'durable'/);
        for (const [key, value] of Object.entries(args)) {
          const changed = { ...args, [key]: otherValue(key, value) };
          const { [key]: _removed, ...without } = args;
          const refusal = new RegExp(`PRECONDITION_FAILED - inequivalent arg '${key}'`);
          expect(await redeclare(queue, changed), `${queue} ${key} changed`).toMatch(refusal);
          expect(await redeclare(queue, without), `${queue} ${key} removed`).toMatch(refusal);
        }
        // An argument the queue does not have is refused too, so no unexpected one can hide.
        expect(await redeclare(queue, { ...args, 'x-max-length': 1000 })).toMatch(
          /inequivalent arg 'x-max-length'/,
        );
      }
    }
  });

  it('declares a transient consumer classic, exclusive and not durable', async () => {
    const names = rabbitQueueNames(`t.listener.${uniqueName('p')}`, queuePrefix);
    const own = await model.createChannel();
    await declareConsumerQueues(own, exchange, names, ['order.placed'], true);
    const flags = { durable: false, exclusive: true };
    const classic = { 'x-queue-type': 'classic' };
    expect(
      await onChannel(
        async (c) => (await c.assertQueue(names.queue, { ...flags, arguments: classic })).queue,
      ),
    ).toBe(names.queue);
    const retryArgs = { ...classic, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.queue };
    expect(await redeclare(names.retry, retryArgs, flags)).toBe('ok');
    expect(await redeclare(names.dlq, classic, flags)).toBe('ok');
    expect(await redeclare(names.queue, { 'x-queue-type': 'quorum' }, flags)).toMatch(
      /inequivalent arg 'x-queue-type'/,
    );
    // Exclusive: another connection may not even look at it; it goes with its connection.
    const other = await connect(url!);
    other.on('error', () => {});
    const probe = await other.createChannel();
    probe.on('error', () => {});
    await expect(probe.checkQueue(names.queue)).rejects.toMatchObject({ code: 405 });
    await other.close().catch(() => {});
    await own.close();
  });

  it('dead-letters a message returned more than the delivery limit to the dlq, where peeks keep it', async () => {
    const names = rabbitQueueNames('t.orders', queuePrefix);
    const publisher = await model.createConfirmChannel();
    publisher.sendToQueue(names.queue, Buffer.from('{"name":"order.placed"}'), {
      persistent: true,
      messageId: 'evt-crash',
      type: 'order.placed',
    });
    await publisher.waitForConfirms();
    await publisher.close();
    // Each delivery is left unacked and its channel closed, as when a consumer crashes mid-handling.
    let deliveries = 0;
    for (;;) {
      const delivered = await onChannel((c) => c.get(names.queue, { noAck: false }));
      if (!delivered) break;
      deliveries += 1;
      expect(deliveries).toBeLessThanOrEqual(DELIVERY_LIMIT + 1);
    }
    expect(deliveries).toBe(DELIVERY_LIMIT + 1);

    const admin = await openDeadLetterAdmin(url!, { queuePrefix });
    try {
      await waitFor('the dead letter', async () => (await admin.depths(['t.orders']))[0]!.dlq === 1);
      // More peeks than RabbitMQ 4.0's default delivery limit (20): the dlq's own limit keeps it there.
      for (let i = 0; i < 25; i++) expect(await admin.peek('t.orders')).toHaveLength(1);
      const [letter] = await admin.peek('t.orders');
      expect(letter).toMatchObject({
        position: 1,
        id: 'evt-crash',
        event: 'order.placed',
        reason: `RabbitMQ dead-lettered it from ${names.queue}: delivery_limit`,
      });
      expect(DEAD_LETTER_DELIVERY_LIMIT).toBeGreaterThan(25);

      expect(await admin.replay('t.orders')).toBe(1);
      const replayed = await onChannel((c) => c.get(names.queue, { noAck: true }));
      if (!replayed) throw new Error('the replayed message is not in the queue');
      expect(replayed.properties.messageId).toBe('evt-crash');
      const headers = replayed.properties.headers ?? {};
      expect(headers['x-replays']).toBe(1);
      expect(Object.keys(headers).filter((k) => k.includes('death'))).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it('shows dead letters oldest first however often and however far they are peeked', async () => {
    const names = rabbitQueueNames('t.mail', queuePrefix);
    const publisher = await model.createConfirmChannel();
    for (const id of ['d1', 'd2', 'd3']) {
      publisher.sendToQueue(names.dlq, Buffer.from('{}'), {
        persistent: true,
        messageId: id,
        headers: { 'x-reason': id },
      });
    }
    await publisher.waitForConfirms();
    await publisher.close();
    const admin = await openDeadLetterAdmin(url!, { queuePrefix });
    try {
      const ids = async (limit?: number) => (await admin.peek('t.mail', limit)).map((l) => l.id);
      expect(await ids()).toEqual(['d1', 'd2', 'd3']);
      for (let i = 0; i < 3; i++) expect(await ids(1)).toEqual(['d1']);
      expect(await ids(2)).toEqual(['d1', 'd2']);
      expect(await ids()).toEqual(['d1', 'd2', 'd3']);
      expect(await admin.replay('t.mail', 1)).toBe(1);
      expect(await ids()).toEqual(['d2', 'd3']);
    } finally {
      await admin.close();
    }
  });

  it('refuses a classic queue left from before with an error that says to run queues migrate', async () => {
    const consumer = { name: 't.legacy', events: ['order.placed'] };
    const names = rabbitQueueNames(consumer.name, queuePrefix);
    await onChannel((c) => c.assertQueue(names.queue, { durable: true }));
    try {
      const declared = declareTopology(url!, { exchange, queuePrefix, consumers: [consumer] });
      await expect(declared).rejects.toBeInstanceOf(QueueArgumentsError);
      await expect(declared).rejects.toThrow(
        `queue ${names.queue} exists with other arguments than this version declares (a classic queue`,
      );
      await expect(declared).rejects.toThrow('then run `npm run ops -- queues migrate`');
    } finally {
      await deleteTopology(url!, { queuePrefix, consumers: [consumer.name] });
    }
  });
});
