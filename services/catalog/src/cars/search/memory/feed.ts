/**
 * Keeps the in-memory search index of this catalog process current in distributed mode
 * (docs/adr/0014): a per-process listener on the catalog's own `catalog.car.indexed` and
 * `catalog.car.removed` events (published after the read model's transaction committed), so every
 * replica sees every change. Each event re-reads the car's row from `catalog.car_docs` and indexes what
 * is there now (or removes the car when the row is gone), so redeliveries and out-of-order events
 * converge on the committed state. Each time deliveries (re)start the index is resynced from the whole
 * read model (and the cached cars are dropped), which also fills it at start. Cached search pages are
 * invalidated once a change is in the index.
 */
import { type SubscribedEvent, subscribedTo } from '@marketplace/contracts';
import type { Db, Listener } from '@marketplace/platform';
import type { SearchPageCache } from '../page-cache';
import { isUuid } from '../types';
import type { CachedCarReader } from './documents';
import type { MemorySearch } from './memory';
import { readCarDocument, scanIndexFields } from './scan';

const carEvents = subscribedTo('catalog.car.indexed', 'catalog.car.removed');
type CarEvent = SubscribedEvent<typeof carEvents>;

/** What {@link searchIndexFeed} keeps current: the index, and the caches in front of it. */
export interface SearchIndexParts {
  index: MemorySearch;
  /** Told which car changed (or, on a resync, that any may have). */
  cars: CachedCarReader;
  /** Invalidated after each change reached the index. */
  pages: SearchPageCache;
}

/** The listener that feeds `index` (and invalidates `cars` and `pages`) from the read model in `db`. */
export function searchIndexFeed(db: Db, { index, cars, pages }: SearchIndexParts): Listener<CarEvent> {
  return {
    name: 'catalog.search-index',
    ...carEvents,
    async handle(event) {
      const id = (
        event.name === 'catalog.car.indexed' ? event.payload.car._id : event.payload.carId
      ).toLowerCase();
      if (!isUuid(id)) return; // no car has such an id
      cars.forget(id);
      const doc = await readCarDocument(db, id);
      if (doc) await index.upsert(doc);
      else await index.remove(id);
      await pages.invalidate();
    },
    onStart: () => resyncSearchIndex(db, { index, cars, pages }),
  };
}

/**
 * Makes `index` hold exactly the read model's cars (a replacing load from `db`), dropping the cached cars
 * first and the cached pages after: at each (re)start of the listener, and once the catalog's seeders ran.
 */
export async function resyncSearchIndex(db: Db, { index, cars, pages }: SearchIndexParts): Promise<void> {
  cars.forgetAll();
  await index.loadFrom(scanIndexFields(db), { replace: true });
  await pages.invalidate();
}
