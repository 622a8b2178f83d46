/**
 * What the listing service consumes (docs/architecture.md "Events"; issue 6):
 * - `auth.user.deleted` → the user's listings are deleted, each with `listing.car.deleted` (deletedBy:
 *   the admin who deleted the user), so the catalog drops them from search and nobody books a test drive
 *   for a car whose seller no longer exists;
 * - `catalog.brand|model|variant.changed` (updated) → the names kept on listings for the seller's list
 *   follow a rename (no event: listing events carry ids, and the catalog names cars itself).
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer } from '@marketplace/platform';
import { carStore } from '../data/store';
import { toCarListing } from '../domain/serialize';
import { emitCarDeleted } from './publish';

/** The service's consumers, by name and events (the module's `consumes`; each factory below spreads one). */
export const consumes = {
  userDeleted: { name: 'listing.user-deleted', ...subscribedTo('auth.user.deleted') },
  referenceNames: {
    name: 'listing.reference-names',
    ...subscribedTo('catalog.brand.changed', 'catalog.model.changed', 'catalog.variant.changed'),
  },
};

/** Deletes the listings of a deleted user (see the module comment). */
export function userDeletedConsumer(): Consumer<SubscribedEvent<typeof consumes.userDeleted>, EventPayloads> {
  return {
    ...consumes.userDeleted,
    async handle(event, { tx, emit, logger }) {
      const { userId, deletedBy } = event.payload;
      const removed = await carStore.removeBySeller(tx, userId);
      for (const row of removed) {
        await emitCarDeleted(emit, toCarListing(row), deletedBy ?? userId);
      }
      if (removed.length > 0)
        logger.info({ userId, cars: removed.length }, "deleted user's listings removed");
    },
  };
}

type ReferenceChanged = SubscribedEvent<typeof consumes.referenceNames>;

/** Keeps the brand, model and variant names on listings current (see the module comment). */
export function referenceNamesConsumer(): Consumer<ReferenceChanged, EventPayloads> {
  return {
    ...consumes.referenceNames,
    async handle(event, { tx }) {
      if (event.payload.action !== 'updated') return;
      if (event.name === 'catalog.brand.changed') {
        await carStore.rename(tx, 'brand', event.payload.brand._id, event.payload.brand.name);
      } else if (event.name === 'catalog.model.changed') {
        await carStore.rename(tx, 'model', event.payload.model._id, event.payload.model.name);
      } else {
        await carStore.rename(tx, 'variant', event.payload.variant._id, event.payload.variant.name);
      }
    },
  };
}
