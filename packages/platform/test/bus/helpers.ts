/** Test helpers for the broker suites. */
import { randomUUID } from 'node:crypto';
import type { Delivery, EventEnvelope, Subscription } from '../../src/bus/types';

/**
 * Polls `probe` every `intervalMs` ms until it returns a truthy value, and returns that value.
 * @throws Error naming `what` when `timeoutMs` ms (default 5000) pass first.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeoutMs = 5_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A minimal valid envelope named `name`. */
export function makeEvent(name: string, payload: unknown = { n: 1 }): EventEnvelope {
  return {
    name,
    version: 1,
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload,
  };
}

/** One handler call as seen by a recording subscription. */
export interface Received extends Delivery {
  /** Date.now() at the call, ms. */
  at: number;
}

/**
 * A subscription that records every delivery, then runs `behaviour` (default: succeed).
 * `received` is in call order.
 */
export function recorder(
  consumer: string,
  events: string[],
  behaviour: (delivery: Delivery, calls: number) => Promise<void> | void = () => {},
): Subscription & { received: Received[] } {
  const received: Received[] = [];
  return {
    consumer,
    events,
    received,
    async handle(delivery) {
      received.push({ ...delivery, at: Date.now() });
      await behaviour(delivery, received.length);
    },
  };
}

/** Body `name` fields of the deliveries, for routing assertions. */
export function names(received: Received[]): string[] {
  return received.map((r) => (r.body as EventEnvelope).name);
}
