/**
 * Re-announcing the car read model (ADR 6; operators: `npm run ops -- catalog reannounce`).
 *
 * A consumer added after cars were indexed (e.g. a new service's car projection, or one whose projection
 * was lost) never saw their `catalog.car.indexed`. `reannounceCars` walks `catalog.car_docs` by id and, in
 * one outbox transaction per batch, emits `catalog.car.indexed` `{ car: CarSummary }` for every car (sold
 * ones too), exactly as indexing does; the relay then publishes them. Consumers must treat it as they
 * treat any indexing: idempotent upserts, newest `occurredAt` wins.
 *
 * Consistency with live indexing: each batch reads its rows `FOR SHARE`, so a concurrent indexing or
 * removal of one of them waits for the batch's commit and is stamped later; a re-announcement therefore
 * never carries an older state with a newer `occurredAt` than a live event. A car removed before its batch
 * is simply not in the table (its `catalog.car.removed` stays the last word).
 */

import type { EventPayloads } from '@marketplace/contracts';
import type { Outbox } from '@marketplace/platform';
import { carDocStore } from '../data/car-docs';
import { DEMO_SELLER_ID } from '../demo/generate';
import { toCarSummary } from '../domain/summary';
import { emitCarIndexed } from './publish';

/** Options of {@link reannounceCars}. */
export interface ReannounceOptions {
  /** Cars per transaction (and per batch of events), default 500; at least 1. */
  batchSize?: number;
  /** Called after each committed batch with the number of cars announced so far. */
  onBatch?: (announced: number) => void;
}

/** Default cars per transaction of {@link reannounceCars}. */
export const REANNOUNCE_BATCH = 500;

/**
 * Emits `catalog.car.indexed` for every car of the read model through `outbox` (the catalog schema's), in
 * batches of `opts.batchSize` cars per transaction, ordered by car id; resolves to the number of cars
 * announced. Demo cars carry the demo seller id, as when they were seeded.
 * @throws the database error of a failed batch; batches committed before it stay announced, so a re-run
 *   announces everything again (harmless: consumers are idempotent).
 */
export async function reannounceCars(
  outbox: Outbox<EventPayloads>,
  opts: ReannounceOptions = {},
): Promise<number> {
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? REANNOUNCE_BATCH));
  let after: string | undefined;
  let announced = 0;
  for (;;) {
    const count = await outbox.transaction(async (tx, emit) => {
      const rows = await carDocStore.batchForShare(tx, after, batchSize);
      for (const { car } of rows) await emitCarIndexed(emit, toCarSummary(car, car.seller ?? DEMO_SELLER_ID));
      after = rows.at(-1)?.id ?? after;
      return rows.length;
    });
    announced += count;
    if (count > 0) opts.onBatch?.(announced);
    if (count < batchSize) return announced;
  }
}
