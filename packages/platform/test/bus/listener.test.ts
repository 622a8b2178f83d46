/**
 * Per-process listeners (`listenerSubscription`): events reach the handler validated and without an
 * inbox; an invalid one is dead-lettered at once; a failing `onStart` is retried until it succeeds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LISTENER_START_RETRY_MS, type Listener, listenerSubscription } from '../../src/bus/consumer';
import { createInProcessBroker } from '../../src/bus/inprocess';
import { createLogger } from '../../src/logger';
import { makeEvent } from './helpers';

const logger = createLogger({ level: 'silent' });
const envelope = z.object({
  name: z.literal('car.changed'),
  version: z.number(),
  id: z.string(),
  occurredAt: z.string(),
  correlationId: z.string(),
  payload: z.object({ n: z.number() }),
});

describe('listenerSubscription', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is transient, hands valid events to the handler and dead-letters an invalid one without calling it', async () => {
    const broker = createInProcessBroker({ retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    const seen: number[] = [];
    const listener: Listener<z.infer<typeof envelope>> = {
      name: 'svc.index',
      events: ['car.changed'],
      schema: envelope,
      async handle(event) {
        seen.push(event.payload.n);
      },
    };
    const subscription = listenerSubscription(listener, { logger });
    expect(subscription.transient).toBe(true);
    await broker.subscribe(subscription);
    await broker.publish(makeEvent('car.changed', { n: 7 }));
    await broker.publish(makeEvent('car.changed', { n: 'seven' }));
    await vi.waitFor(async () => expect(await broker.deadLetterCount('svc.index')).toBe(1));
    expect(seen).toEqual([7]);
    const [dead] = await broker.takeDeadLetters('svc.index');
    expect(dead?.attempts).toBe(1);
    expect(dead?.reason).toMatch(/payload\.n/);
    await broker.close();
  });

  it('retries a failing onStart every LISTENER_START_RETRY_MS until it succeeds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const onStart = vi.fn(async () => {
      calls++;
      if (calls < 3) throw new Error('database down');
    });
    const subscription = listenerSubscription(
      { name: 'svc.index', events: ['car.changed'], schema: envelope, handle: async () => {}, onStart },
      { logger },
    );
    subscription.onStart!();
    await vi.advanceTimersByTimeAsync(0);
    expect(onStart).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LISTENER_START_RETRY_MS);
    expect(onStart).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LISTENER_START_RETRY_MS);
    expect(onStart).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(LISTENER_START_RETRY_MS * 3);
    expect(onStart).toHaveBeenCalledTimes(3);
  });
});
