/**
 * The car projection's flows (ADR 6, issue 6): a listing event applied to the read model `car_docs` in
 * the inbox's transaction, announced in the same transaction, then to the secondary indexes
 * (Elasticsearch or the in-memory one; their writes are idempotent upserts, so a redelivery after a
 * failure repeats them harmlessly). `catalog.car_versions` keeps the newest applied `updatedAt` per car
 * and whether it was deleted; an older created/updated event, or any after the deletion, is ignored.
 */
import type { CarListing, EventPayloads } from '@marketplace/contracts';
import type { Db, Emit } from '@marketplace/platform';
import { brandStore } from '../../reference-data/data/brands';
import { modelStore } from '../../reference-data/data/models';
import { variantStore } from '../../reference-data/data/variants';
import { carVersionStore } from '../data/versions';
import { toCarDocument } from '../domain/car-document';
import { toCarSummary } from '../domain/summary';
import { isStale } from '../domain/versions';
import { emitCarIndexed, emitCarRemoved } from '../events/publish';
import { createPostgresSearch } from '../search/postgres/postgres';
import type { CarSearch } from '../search/types';

/**
 * Indexes `listing` unless it is stale: records its version, upserts its document, emits
 * `catalog.car.indexed` and feeds `secondaries`. Resolves to false when the event was ignored (nothing
 * written, nothing emitted).
 * @throws Error when its brand, model or variant is unknown here, so the bus retries it and finally
 *   dead-letters it for an operator instead of indexing a half-named car.
 */
export async function indexListing(
  tx: Db,
  emit: Emit<EventPayloads>,
  listing: CarListing,
  secondaries: CarSearch[],
): Promise<boolean> {
  const updatedAt = new Date(listing.updatedAt);
  if (isStale(await carVersionStore.lock(tx, listing._id), updatedAt)) return false;
  await carVersionStore.record(tx, listing._id, updatedAt);
  const brand = await brandStore.byId(tx, listing.brand);
  const model = await modelStore.byId(tx, listing.model);
  const variant = await variantStore.byId(tx, listing.variant);
  if (!brand || !model || !variant) {
    throw new Error(`listing ${listing._id} refers to reference data the catalog does not have`);
  }
  const doc = toCarDocument(listing, { brand, model, variant });
  await createPostgresSearch(tx).upsert(doc);
  await emitCarIndexed(emit, toCarSummary(doc.car, listing.seller));
  for (const index of secondaries) await index.upsert(doc);
  return true;
}

/**
 * Removes car `carId` (deleted at `deletedAt`, the event's time): records the deletion, removes its
 * document, emits `catalog.car.removed` and removes it from `secondaries`.
 */
export async function removeListing(
  tx: Db,
  emit: Emit<EventPayloads>,
  carId: string,
  deletedAt: Date,
  secondaries: CarSearch[],
): Promise<void> {
  await carVersionStore.markDeleted(tx, carId, deletedAt);
  await createPostgresSearch(tx).remove(carId);
  await emitCarRemoved(emit, carId);
  for (const index of secondaries) await index.remove(carId);
}
