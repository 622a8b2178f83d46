/**
 * What the listing service publishes, through its outbox in the transaction of the change
 * (docs/architecture.md "Events"; issue 6):
 * - `listing.car.created` / `listing.car.updated` `{ car, names }`: the whole stored listing (`CarListing`)
 *   and its brand, model and variant names;
 * - `listing.car.deleted` `{ carId, seller, deletedBy }`.
 */
import type { EventPayload, EventPayloads } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';
import type { CarRow } from '../data/store';
import { toCarListing } from '../domain/serialize';

/**
 * Emits `listing.car.created` or `listing.car.updated` with the whole listing (`CarListing`) and the brand,
 * model and variant names stored with it (`names`, for messages such as the seller's e-mail; ADR 6).
 */
export function emitCarSaved(
  emit: Emit<EventPayloads>,
  name: 'listing.car.created' | 'listing.car.updated',
  row: CarRow,
): Promise<unknown> {
  const payload: EventPayload<typeof name> = {
    car: toCarListing(row),
    names: { brand: row.brandName, model: row.modelName, variant: row.variantName },
  };
  return emit(name, payload);
}

/** Emits `listing.car.deleted`. */
export function emitCarDeleted(
  emit: Emit<EventPayloads>,
  car: { _id: string; seller: string },
  deletedBy: string,
) {
  return emit('listing.car.deleted', { carId: car._id, seller: car.seller, deletedBy });
}
