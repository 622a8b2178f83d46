/**
 * What the catalog consumes: `listing.car.created|updated|deleted` (issue 6) → the car read model and its
 * search indexes, each change announced with `catalog.car.indexed` / `catalog.car.removed` in the same
 * transaction (ADR 6; an ignored, stale event announces nothing). The flows are in
 * ../use-cases/project-listing.ts. Once a change has committed, the cached search pages are invalidated
 * (issue 22).
 */
import { type EventPayloads, type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Consumer } from '@marketplace/platform';
import { noSearchPageCache, type SearchPageCache } from '../search/page-cache';
import type { CarSearch } from '../search/types';
import { indexListing, removeListing } from '../use-cases/project-listing';

/** The catalog's one consumer, by name and events (the module's `consumes`; {@link carProjection} spreads it). */
export const carProjectionConsumes = {
  name: 'catalog.car-projection',
  ...subscribedTo('listing.car.created', 'listing.car.updated', 'listing.car.deleted'),
};
type ListingEvent = SubscribedEvent<typeof carProjectionConsumes>;

/**
 * The car projection: keeps the PostgreSQL read model in step with the listing service, in the inbox's
 * transaction, then the `secondaries` (Elasticsearch or the in-memory index); invalidates `pages` after
 * each committed change.
 */
export function carProjection(
  secondaries: CarSearch[] = [],
  pages: SearchPageCache = noSearchPageCache,
): Consumer<ListingEvent, EventPayloads> {
  return {
    ...carProjectionConsumes,
    async handle(event, { tx, emit, afterCommit }) {
      if (event.name === 'listing.car.deleted') {
        await removeListing(tx, emit, event.payload.carId, new Date(event.occurredAt), secondaries);
        afterCommit(pages.invalidate);
        return;
      }
      if (await indexListing(tx, emit, event.payload.car, secondaries)) afterCommit(pages.invalidate);
    },
  };
}
