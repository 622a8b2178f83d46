/** Removing a listing (spec §7 `DELETE /api/cars/{carId}`; issue 6). */
import { notFound, type Principal } from '@marketplace/platform';
import { carStore } from '../data/store';
import { messages } from '../domain/rules';
import { toCarListing } from '../domain/serialize';
import { emitCarDeleted } from '../events/publish';
import { changeableListing } from './changeable';
import type { ListingDeps } from './deps';

/**
 * Deletes listing `carId` of `caller` (or any, for an Admin) and emits `listing.car.deleted`.
 * @throws HttpError 404 unknown, 403 someone else's.
 */
export async function deleteListing(deps: ListingDeps, caller: Principal, carId: string): Promise<void> {
  const current = await changeableListing(deps.db, carId, caller);
  await deps.outbox.transaction(async (tx, emit) => {
    const row = await carStore.remove(tx, current.id);
    if (!row) throw notFound(messages.notFound);
    await emitCarDeleted(emit, toCarListing(row), caller.id);
  });
}
