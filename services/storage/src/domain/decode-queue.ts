/**
 * A bound on image decoding per process (issue 20, point 10): image work (sharp) runs on libuv's thread
 * pool, 4 threads by default, which password hashing (argon2), file reads and DNS share; a dozen parallel
 * decodes of large images would leave a login waiting seconds. So at most `concurrency` decodes run at
 * once, at most `maxWaiting` more wait in line (first come, first served), and an upload that finds the line
 * full is refused at once with 503 and `Retry-After` — before its body is read — instead of queueing
 * without end. `/readyz` reports the process not ready while the line is full (see `storageReadiness`).
 *
 * A request takes a {@link DecodeTicket} with {@link DecodeQueue.enter} when it arrives (its place in the
 * line, held while its body is read), runs its decode with {@link DecodeTicket.run} and gives the place
 * back with {@link DecodeTicket.release} (idempotent; the route does it when the response closes).
 */
import { availableParallelism } from 'node:os';

/** Decodes running at once per process: 2 (at most half of libuv's default pool of 4), 1 on one core. */
export const IMAGE_DECODE_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Uploads that may wait for a decode slot per process, beyond those running. */
export const IMAGE_DECODE_MAX_WAITING = 8;
/** Seconds a refused upload is asked to wait before retrying (`Retry-After`). */
export const IMAGE_QUEUE_RETRY_AFTER_SECONDS = 5;

/** The 503 message of a full line. */
export const queueFullMessage = 'The server is busy processing images. Please retry in a few seconds.';

/** One request's place in the line. */
export interface DecodeTicket {
  /**
   * Runs `work` once a decode slot is free (at once when one is), and frees the slot when it settles.
   * @returns what `work` resolves to; rejects with its error.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place in the line back; later calls do nothing. */
  release(): void;
}

/** Counts of a {@link DecodeQueue}, for readiness and metrics. */
export interface DecodeQueueStats {
  /** Places taken (running + waiting + reading their body). */
  held: number;
  /** Decodes running now. */
  running: number;
  /** Decodes waiting for a slot. */
  waiting: number;
  /** Most places: concurrency + maxWaiting. */
  capacity: number;
}

/** A per-process bound on concurrent image decodes; see the module comment. */
export interface DecodeQueue {
  /** A place in the line, or undefined when every place is taken (→ 503 with Retry-After). */
  enter(): DecodeTicket | undefined;
  /** True while every place is taken (readiness reports false). */
  full(): boolean;
  stats(): DecodeQueueStats;
}

/**
 * A decode queue.
 * @param opts.concurrency decodes at once (≥ 1; default {@link IMAGE_DECODE_CONCURRENCY}).
 * @param opts.maxWaiting places beyond the running ones (≥ 0; default {@link IMAGE_DECODE_MAX_WAITING}).
 */
export function createDecodeQueue(opts: { concurrency?: number; maxWaiting?: number } = {}): DecodeQueue {
  const concurrency = Math.max(1, opts.concurrency ?? IMAGE_DECODE_CONCURRENCY);
  const capacity = concurrency + Math.max(0, opts.maxWaiting ?? IMAGE_DECODE_MAX_WAITING);
  let held = 0;
  let running = 0;
  const line: Array<() => void> = [];

  /** Waits for a slot; a freed slot passes straight to the first in line. */
  async function acquire(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => line.push(resolve));
  }
  function releaseSlot(): void {
    const next = line.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    enter() {
      if (held >= capacity) return undefined;
      held += 1;
      let released = false;
      return {
        async run(work) {
          await acquire();
          try {
            return await work();
          } finally {
            releaseSlot();
          }
        },
        release() {
          if (released) return;
          released = true;
          held -= 1;
        },
      };
    },
    full: () => held >= capacity,
    stats: () => ({ held, running, waiting: line.length, capacity }),
  };
}

/** This process's queue: every upload and S3 confirm of the storage service decodes through it. */
export const processDecodeQueue: DecodeQueue = createDecodeQueue();
