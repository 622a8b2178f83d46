/**
 * One behavioural suite for both `Broker` adapters. The RabbitMQ variant needs the server from
 * test-support/servers.ts: skipped when it does not answer, failed under CI=true. Each RabbitMQ test uses
 * its own exchange and queue prefix and deletes them afterwards.
 */
import { connect } from 'amqplib';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import { createInProcessBroker } from '../../src/bus/inprocess';
import { BrokerUnavailableError, createRabbitBroker } from '../../src/bus/rabbitmq';
import { deleteTopology, rabbitQueueNames } from '../../src/bus/topology';
import { type Broker, PoisonMessageError, type RetryPolicy, type Subscription } from '../../src/bus/types';
import { makeEvent, names, recorder, waitFor } from './helpers';

const retry: RetryPolicy = { maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 200 };

interface Harness {
  broker: Broker;
  /** Subscribes through the broker and remembers the consumer for cleanup. */
  subscribe(subscription: Subscription): Promise<void>;
  /** Routes a raw body (not necessarily JSON) with `routingKey`, as a foreign producer would. */
  publishRaw(routingKey: string, content: string): Promise<void>;
  cleanup(): Promise<void>;
}

interface Variant {
  kind: 'inprocess' | 'rabbitmq';
  /** Resolves false to skip the variant (never under CI=true: `requireServer` throws instead). */
  available(): Promise<boolean>;
  create(): Promise<Harness>;
}

let amqpUrl: string | undefined;

const inprocess: Variant = {
  kind: 'inprocess',
  available: async () => true,
  async create() {
    const broker = createInProcessBroker({ retry });
    return {
      broker,
      subscribe: (s) => broker.subscribe(s),
      publishRaw: (key, content) => broker.publishRaw(key, content),
      cleanup: () => broker.close(),
    };
  },
};

const rabbitmq: Variant = {
  kind: 'rabbitmq',
  async available() {
    amqpUrl = await requireServer('rabbitmq');
    return amqpUrl !== undefined;
  },
  async create() {
    const url = amqpUrl!;
    const exchange = uniqueName('test_bus_ex');
    const queuePrefix = uniqueName('test_bus');
    const consumers: string[] = [];
    const broker = await createRabbitBroker({ url, exchange, queuePrefix, retry, reconnectDelayMs: 200 });
    return {
      broker,
      async subscribe(s) {
        consumers.push(s.consumer);
        await broker.subscribe(s);
      },
      async publishRaw(key, content) {
        const model = await connect(url);
        try {
          const channel = await model.createConfirmChannel();
          channel.publish(exchange, key, Buffer.from(content), { contentType: 'text/plain' });
          await channel.waitForConfirms();
        } finally {
          await model.close();
        }
      },
      async cleanup() {
        await broker.close();
        await deleteTopology(url, { exchange, queuePrefix, consumers });
      },
      ...{ exchange, queuePrefix },
    };
  },
};

describe.each([inprocess, rabbitmq])('Broker ($kind)', (variant) => {
  let available = false;
  let h: Harness;

  beforeAll(async () => {
    available = await variant.available();
  });

  beforeEach(async (ctx) => {
    if (!available) ctx.skip();
    h = await variant.create();
  });

  afterEach(async () => {
    if (available) await h.cleanup();
  });

  it('routes an event to every subscriber with a matching binding (wildcards) and no other', async () => {
    const star = recorder('t.star', ['listing.*']);
    const hash = recorder('t.hash', ['listing.#']);
    const exact = recorder('t.exact', ['listing.created']);
    const twice = recorder('t.twice', ['listing.created', 'listing.*']);
    const other = recorder('t.other', ['auth.otp.requested']);
    for (const s of [star, hash, exact, twice, other]) await h.subscribe(s);

    const created = makeEvent('listing.created', { listingId: 'l1', nested: { a: [1, 2] } });
    const deep = makeEvent('listing.photo.added');
    await h.broker.publish(created);
    await h.broker.publish(deep);
    // Sentinels published last: per-queue FIFO means anything routed earlier arrived before them, so the
    // absence of an earlier event once its sentinel arrived proves it was not routed there.
    await h.broker.publish(makeEvent('listing.sentinel'));
    await h.broker.publish(makeEvent('auth.otp.requested'));

    await waitFor('star sentinel', () => names(star.received).includes('listing.sentinel'));
    await waitFor('hash sentinel', () => names(hash.received).includes('listing.sentinel'));
    await waitFor('exact event', () => exact.received.length >= 1);
    await waitFor('twice sentinel', () => names(twice.received).includes('listing.sentinel'));
    await waitFor('other sentinel', () => names(other.received).includes('auth.otp.requested'));

    expect(names(star.received)).toEqual(['listing.created', 'listing.sentinel']);
    expect(names(hash.received)).toEqual(['listing.created', 'listing.photo.added', 'listing.sentinel']);
    expect(names(twice.received)).toEqual(['listing.created', 'listing.sentinel']);
    expect(names(other.received)).toEqual(['auth.otp.requested']);
    expect(exact.received).toHaveLength(1);
    expect(exact.received[0]).toMatchObject({ body: created, attempt: 1 });
  });

  it('hands each handler its own deep copy of the body', async () => {
    const mutate = recorder('t.mutate', ['listing.created'], (d) => {
      (d.body as { payload: { n: number } }).payload.n = 99;
    });
    const look = recorder('t.look', ['listing.created']);
    await h.subscribe(mutate);
    await h.subscribe(look);
    const event = makeEvent('listing.created', { n: 1 });
    await h.broker.publish(event);
    await waitFor('both deliveries', () => mutate.received.length === 1 && look.received.length === 1);
    expect(event.payload).toEqual({ n: 1 });
    expect((look.received[0]!.body as { payload: unknown }).payload).toEqual({ n: 1 });
  });

  it('resolves publish without running handlers inside the publish call', async () => {
    const sub = recorder('t.async', ['listing.created']);
    await h.subscribe(sub);
    const pending = h.broker.publish(makeEvent('listing.created'));
    expect(sub.received).toHaveLength(0);
    await expect(pending).resolves.toBeUndefined();
    await waitFor('delivery', () => sub.received.length === 1);
    expect(h.broker.isReady()).toBe(true);
  });

  it('retries a handler that throws twice and acks on the third delivery', async () => {
    const sub = recorder('t.flaky', ['listing.created'], (_d, calls) => {
      if (calls <= 2) throw new Error(`transient ${calls}`);
    });
    await h.subscribe(sub);
    const event = makeEvent('listing.created');
    await h.broker.publish(event);

    await waitFor('third delivery', () => sub.received.length === 3);
    expect(sub.received.map((r) => r.attempt)).toEqual([1, 2, 3]);
    for (const r of sub.received) expect(r.body).toEqual(event);
    // Back-off: the second try comes at least baseDelayMs after the first, the third 2× later.
    expect(sub.received[1]!.at - sub.received[0]!.at).toBeGreaterThanOrEqual(retry.baseDelayMs - 10);
    expect(sub.received[2]!.at - sub.received[1]!.at).toBeGreaterThanOrEqual(2 * retry.baseDelayMs - 10);
    // Acked: a later event is the next delivery, and nothing was dead-lettered.
    await h.broker.publish(makeEvent('listing.created'));
    await waitFor('next event', () => sub.received.length === 4);
    expect(sub.received[3]!.attempt).toBe(1);
    expect(await h.broker.takeDeadLetters('t.flaky')).toEqual([]);
  });

  it('dead-letters a handler that always throws after exactly maxAttempts deliveries', async () => {
    const sub = recorder('t.broken', ['listing.created'], () => {
      throw new Error('always broken');
    });
    await h.subscribe(sub);
    const event = makeEvent('listing.created');
    await h.broker.publish(event);

    const dead = await waitFor('dead letter', async () => {
      const taken = await h.broker.takeDeadLetters('t.broken');
      return taken.length > 0 ? taken : undefined;
    });
    expect(dead).toEqual([{ consumer: 't.broken', body: event, attempts: 3, reason: 'always broken' }]);
    expect(sub.received.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // Not requeued after dead-lettering: a later event is the 4th delivery, as its own first attempt.
    await h.broker.publish(makeEvent('listing.created'));
    await waitFor('next event', () => sub.received.length >= 4);
    expect(sub.received[3]!.attempt).toBe(1);
    expect((sub.received[3]!.body as { id: string }).id).not.toBe(event.id);
    // Drained: taking again returns nothing more than what may have arrived since.
    expect(await h.broker.takeDeadLetters('t.broken', 0)).toEqual([]);
  });

  it('dead-letters a PoisonMessageError at once, after one delivery', async () => {
    const sub = recorder('t.poison', ['listing.created'], () => {
      throw new PoisonMessageError('invalid event: payload.price Required');
    });
    await h.subscribe(sub);
    const event = makeEvent('listing.created');
    await h.broker.publish(event);

    const dead = await waitFor('dead letter', async () => {
      const taken = await h.broker.takeDeadLetters('t.poison');
      return taken.length > 0 ? taken : undefined;
    });
    expect(dead).toEqual([
      { consumer: 't.poison', body: event, attempts: 1, reason: 'invalid event: payload.price Required' },
    ]);
    expect(sub.received).toHaveLength(1);
  });

  it('dead-letters a non-JSON body at once without calling the handler', async () => {
    const sub = recorder('t.garbage', ['listing.created']);
    await h.subscribe(sub);
    await h.publishRaw('listing.created', 'not json {');
    // A valid event afterwards is still handled (the consumer is not stuck on the bad one).
    await h.broker.publish(makeEvent('listing.created'));

    const dead = await waitFor('dead letter', async () => {
      const taken = await h.broker.takeDeadLetters('t.garbage');
      return taken.length > 0 ? taken : undefined;
    });
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ consumer: 't.garbage', body: 'not json {', attempts: 1 });
    expect(dead[0]!.reason).toMatch(/not JSON/);
    await waitFor('valid event', () => sub.received.length === 1);
    expect(sub.received[0]!.attempt).toBe(1);
  });

  it('returns no dead letters for an unknown consumer', async () => {
    expect(await h.broker.takeDeadLetters('t.nobody')).toEqual([]);
  });

  it('rejects a second subscription with the same consumer name', async () => {
    await h.subscribe(recorder('t.dup', ['listing.created']));
    await expect(h.broker.subscribe(recorder('t.dup', ['listing.updated']))).rejects.toThrow(/already/);
  });

  it('waits for handlers in flight on close and then refuses publishes', async () => {
    let finished = false;
    const sub = recorder('t.slow', ['listing.created'], async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    await h.subscribe(sub);
    await h.broker.publish(makeEvent('listing.created'));
    await waitFor('delivery started', () => sub.received.length === 1);
    await h.broker.close();
    expect(finished).toBe(true);
    expect(h.broker.isReady()).toBe(false);
    await expect(h.broker.publish(makeEvent('listing.created'))).rejects.toThrow();
  });

  if (variant.kind === 'rabbitmq') {
    it('resolves publish only once the message is confirmed and stored, with its AMQP properties', async () => {
      const r = h as Harness & { exchange: string; queuePrefix: string };
      // Declare the consumer's queue, then stop consuming so published messages stay in it.
      const sub = recorder('t.stored', ['listing.created']);
      await h.subscribe(sub);
      await h.broker.close();
      const publisher = await createRabbitBroker({
        url: amqpUrl!,
        exchange: r.exchange,
        queuePrefix: r.queuePrefix,
      });
      const events = Array.from({ length: 20 }, () => makeEvent('listing.created'));
      try {
        for (const e of events) await publisher.publish(e);
      } finally {
        await publisher.close();
      }
      const model = await connect(amqpUrl!);
      try {
        const channel = await model.createChannel();
        const { queue } = rabbitQueueNames('t.stored', r.queuePrefix);
        expect((await channel.checkQueue(queue)).messageCount).toBe(20);
        const first = await channel.get(queue, { noAck: true });
        expect(first).not.toBe(false);
        if (first === false) return;
        expect(JSON.parse(first.content.toString())).toEqual(events[0]);
        expect(first.properties).toMatchObject({
          deliveryMode: 2,
          contentType: 'application/json',
          messageId: events[0]!.id,
          type: 'listing.created',
          correlationId: events[0]!.correlationId,
        });
      } finally {
        await model.close();
      }
    });

    it('gives every process its own copy of a transient subscription, starts it after binding and again after a reconnection, and drops its queues with the connection', async () => {
      const r = h as Harness & { exchange: string; queuePrefix: string };
      const broker = h.broker as Awaited<ReturnType<typeof createRabbitBroker>>;
      const other = await createRabbitBroker({
        url: amqpUrl!,
        exchange: r.exchange,
        queuePrefix: r.queuePrefix,
      });
      const starts = { here: 0, there: 0 };
      const here = {
        ...recorder('t.replica', ['listing.created']),
        transient: true,
        onStart: () => starts.here++,
      };
      const there = {
        ...recorder('t.replica', ['listing.created']),
        transient: true,
        onStart: () => starts.there++,
      };
      try {
        await h.subscribe(here);
        await other.subscribe(there);
        expect(starts).toEqual({ here: 1, there: 1 });
        const event = makeEvent('listing.created');
        await broker.publish(event);
        await waitFor('both copies', () => here.received.length === 1 && there.received.length === 1);
        expect(here.received[0]!.body).toEqual(event);
        // No durable queue under the shared name: each process has its own, gone when it disconnects.
        const model = await connect(amqpUrl!);
        try {
          const channel = await model.createChannel();
          channel.on('error', () => {});
          await expect(
            channel.checkQueue(rabbitQueueNames('t.replica', r.queuePrefix).queue),
          ).rejects.toThrow();
        } finally {
          await model.close().catch(() => {});
        }
        broker._dropConnectionForTest();
        await waitFor('restarted after the reconnection', () => starts.here === 2 && broker.isReady(), {
          timeoutMs: 10_000,
        });
        await other.publish(makeEvent('listing.created'));
        await waitFor('delivered again', () => here.received.length === 2 && there.received.length === 2);
      } finally {
        await other.close();
      }
    });

    it('rejects publishes while the connection is down, reconnects by itself and resubscribes', async () => {
      const broker = h.broker as Awaited<ReturnType<typeof createRabbitBroker>>;
      const sub = recorder('t.reconnect', ['listing.created']);
      await h.subscribe(sub);
      await broker.publish(makeEvent('listing.created'));
      await waitFor('first delivery', () => sub.received.length === 1);

      // A publish awaiting its confirm when the socket dies rejects promptly instead of hanging.
      const inFlight = broker.publish(makeEvent('listing.created'));
      const dropAt = Date.now();
      broker._dropConnectionForTest();
      await expect(inFlight).rejects.toThrow();
      expect(Date.now() - dropAt).toBeLessThan(2_000);

      await waitFor('not ready', () => !broker.isReady(), { timeoutMs: 2_000, intervalMs: 5 });
      const rejectedAt = Date.now();
      await expect(broker.publish(makeEvent('listing.created'))).rejects.toBeInstanceOf(
        BrokerUnavailableError,
      );
      expect(Date.now() - rejectedAt).toBeLessThan(100);

      await waitFor('reconnected', () => broker.isReady(), { timeoutMs: 10_000 });
      const after = makeEvent('listing.created', { after: 'reconnect' });
      await broker.publish(after);
      await waitFor(
        'delivery after reconnection',
        () => sub.received.some((r) => r.body && (r.body as { id: string }).id === after.id),
        {
          timeoutMs: 10_000,
        },
      );
    });
  }
});
