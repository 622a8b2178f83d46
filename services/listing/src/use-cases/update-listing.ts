/** Changing a listing (spec §7 `PUT /api/cars/{carId}`; issues 6 and 20). */
import type { CarListing, carUpdateBody } from '@marketplace/contracts';
import { notFound, type Principal } from '@marketplace/platform';
import type { Request } from 'express';
import type { z } from 'zod';
import { confirmImages } from '../clients/peers';
import { type CarChanges, type CarRow, carStore } from '../data/store';
import { assembleImages, imageKeysToConfirm, messages } from '../domain/rules';
import { toCarListing } from '../domain/serialize';
import { emitCarSaved } from '../events/publish';
import { changeableListing } from './changeable';
import type { ListingDeps } from './deps';
import { assertNoDuplicateImages } from './images';
import { assertRegNumberFree, onRegNumberTaken } from './registration-number';

/**
 * Applies `body` (price, description, status, km driven, images) to listing `carId` of `caller` (or any,
 * for an Admin) and emits `listing.car.updated`. New image keys are confirmed with storage first, with
 * `forward`'s credentials.
 * @throws HttpError 404 unknown; 403 someone else's; 400 naming a repeated or refused image; 409 back on
 *   sale with a registration number on another seller's active listing; 503 storage cannot be asked.
 */
export async function updateListing(
  deps: ListingDeps,
  caller: Principal,
  forward: Request,
  carId: string,
  body: z.output<typeof carUpdateBody>,
): Promise<CarListing> {
  const current = await changeableListing(deps.db, carId, caller);
  const changes: CarChanges = {};
  if (body.price !== undefined) changes.price = body.price;
  if (body.description !== undefined) changes.description = body.description;
  if (body.status !== undefined) changes.status = body.status;
  if (body.specifications) {
    changes.specifications = { ...current.specifications, kmDriven: body.specifications.kmDriven };
  }
  if (body.images) {
    assertNoDuplicateImages(body.images);
    const fresh = imageKeysToConfirm(current.images, body.images);
    const confirmed = await confirmImages(
      deps.peers,
      forward,
      fresh.map((f) => f.key),
      fresh.map((f) => f.index),
    );
    changes.images = assembleImages(body.images, current.images, confirmed);
  }
  return onRegNumberTaken(() =>
    deps.outbox.transaction(async (tx, emit) => {
      // Back on sale (sold → used): the number must not be on another seller's active listing (issue 20).
      if (changes.status === 'used' && current.status !== 'used') {
        await assertRegNumberFree(tx, current.specifications.regNumber, current.sellerId, current.id);
      }
      const row: CarRow | undefined = await carStore.update(tx, current.id, changes);
      if (!row) throw notFound(messages.notFound);
      await emitCarSaved(emit, 'listing.car.updated', row);
      return toCarListing(row);
    }),
  );
}
