/**
 * Issue 20, point 10 (unit): the per-process decode line — at most `concurrency` decodes at once, first
 * come first served, at most `maxWaiting` more in line, refusal (undefined) beyond, places given back.
 */
import { describe, expect, it } from 'vitest';
import { createDecodeQueue } from '../src/domain/decode-queue';

/** A promise with its resolve, to hold a decode open. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createDecodeQueue', () => {
  it('runs at most `concurrency` decodes at once, in arrival order, and refuses beyond capacity', async () => {
    const queue = createDecodeQueue({ concurrency: 2, maxWaiting: 3 });
    const tickets = Array.from({ length: 5 }, () => queue.enter());
    expect(tickets.every(Boolean)).toBe(true);
    expect(queue.enter()).toBeUndefined();
    expect(queue.full()).toBe(true);

    const gates = tickets.map(() => deferred());
    const started: number[] = [];
    let active = 0;
    let maxActive = 0;
    const runs = tickets.map((ticket, i) =>
      ticket!.run(async () => {
        started.push(i);
        active += 1;
        maxActive = Math.max(maxActive, active);
        await gates[i]!.promise;
        active -= 1;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toEqual({ held: 5, running: 2, waiting: 3, capacity: 5 });

    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 10, 20, 30, 40]);
    expect(maxActive).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);

    // Places come back only on release (the route releases when the response closes), once each.
    expect(queue.enter()).toBeUndefined();
    tickets[0]!.release();
    tickets[0]!.release();
    expect(queue.full()).toBe(false);
    expect(queue.stats()).toMatchObject({ held: 4, running: 0, waiting: 0 });
    expect(queue.enter()).toBeDefined();
    expect(queue.enter()).toBeUndefined();
  });

  it('frees the slot when a decode fails', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 1 });
    const a = queue.enter()!;
    const b = queue.enter()!;
    const failing = a.run(async () => {
      throw new Error('corrupt');
    });
    await expect(failing).rejects.toThrow('corrupt');
    expect(await b.run(async () => 'next')).toBe('next');
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
