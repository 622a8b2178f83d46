/**
 * What the car read model publishes, through the catalog's outbox in the transaction of the change (ADR
 * 6): `catalog.car.indexed` `{ car: CarSummary }` whenever a car is indexed (by the projection, the demo
 * seeding or a re-announcement) and `catalog.car.removed` `{ carId }` when a listing is deleted.
 */
import { type CarSummary, type EventPayloads, events } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';

/**
 * Writes `catalog.car.indexed` `{ car: summary }` with `emit` (the outbox of the current transaction).
 * @throws ZodError when the summary does not match the contract (a bug; the transaction rolls back).
 */
export function emitCarIndexed(emit: Emit<EventPayloads>, summary: CarSummary) {
  return emit('catalog.car.indexed', events['catalog.car.indexed'].payload.parse({ car: summary }));
}

/** Writes `catalog.car.removed` `{ carId }` with `emit` (the outbox of the current transaction). */
export function emitCarRemoved(emit: Emit<EventPayloads>, carId: string) {
  return emit('catalog.car.removed', events['catalog.car.removed'].payload.parse({ carId }));
}
