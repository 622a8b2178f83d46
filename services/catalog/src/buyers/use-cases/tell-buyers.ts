/**
 * The alerts' producer (issue 24), run by the consumer `catalog.buyer-alerts` in the inbox's transaction for
 * each `catalog.car.indexed` / `catalog.car.removed` (never in the request that listed the car):
 *
 * - indexed: the car is read in full from the read model (a car gone meanwhile is skipped: its removal
 *   follows). Its shortlist entries take its record, availability and price; when the price fell below the
 *   one an entry last saw, that watcher (price alerts on, not the car's seller, car still for sale) gets
 *   `catalog.alert.price_dropped` once per new price. A car for sale is then matched against every saved
 *   search with alerts on (not the seller's own; `domain/matches-search.ts`): an instant search gets
 *   `catalog.alert.search_matched` with that car, a daily one keeps it for the next digest. Each alert is
 *   recorded in `alerts_sent` first and emitted only when that insert was new, so a redelivered or re-announced
 *   event tells nothing twice.
 * - removed: the shortlist entries are marked removed (their last copy stays) and pending digests drop it.
 *
 * Every saved search with alerts on is read per indexed car: fine for thousands of searches; an index by
 * filter would be the next step past that.
 */
import { type Car, carSearchQuery, type EventPayloads } from '@marketplace/contracts';
import type { Db, Emit } from '@marketplace/platform';
import type { CarDocRow } from '../../cars/data/tables';
import { DEMO_SELLER_ID } from '../../cars/demo/generate';
import { toCarSummary } from '../../cars/domain/summary';
import { alertStore } from '../data/alerts';
import { carOf, carRow } from '../data/cars';
import { savedSearchStore } from '../data/saved-searches';
import { shortlistStore } from '../data/shortlist';
import type { SavedSearchRow } from '../data/tables';
import { matchesSearch, type SearchFilters } from '../domain/matches-search';
import { availabilityOf } from '../domain/shortlist-entry';
import { signUnsubscribeToken } from '../domain/unsubscribe-token';
import { emitPriceDropped, emitSearchMatched } from '../events/publish';

/** The seller of `car` (the demo cars carry none on the read shape). */
const sellerOf = (car: Car): string => car.seller ?? DEMO_SELLER_ID;

/** The filters of a saved search's canonical query string; undefined when it no longer parses. */
export function filtersOf(query: string): SearchFilters | undefined {
  const parsed = carSearchQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
  return parsed.success ? parsed.data : undefined;
}

/** Tells the price drop of `row`'s car to its watchers, then records what they saw (see the module comment). */
async function tellPriceDrops(
  tx: Db,
  emit: Emit<EventPayloads>,
  secret: string,
  row: CarDocRow,
): Promise<void> {
  const car = carOf(row);
  const entries = await shortlistStore.lockByCar(tx, car._id);
  if (entries.length === 0) return;
  const seller = sellerOf(car);
  for (const entry of entries) {
    const dropped = car.price < entry.seenPrice && row.status === 'used';
    if (!dropped || !entry.priceAlerts || entry.userId === seller) continue;
    const alert = {
      userId: entry.userId,
      carId: car._id,
      kind: 'price_dropped',
      key: String(car.price),
    } as const;
    if (!(await alertStore.record(tx, alert))) continue;
    await emitPriceDropped(emit, {
      userId: entry.userId,
      car: toCarSummary(car, seller),
      previousPrice: entry.seenPrice,
      unsubscribeToken: signUnsubscribeToken(secret, { k: 'price', u: entry.userId, c: car._id }),
    });
  }
  await shortlistStore.recordSeen(tx, car, availabilityOf(car));
}

/** Tells saved search `search` of `car` (instant), or keeps it for its digest (daily). */
async function tellMatch(
  tx: Db,
  emit: Emit<EventPayloads>,
  secret: string,
  search: SavedSearchRow,
  car: Car,
): Promise<void> {
  const alert = { userId: search.userId, carId: car._id, kind: 'search_matched', key: search.id } as const;
  if (search.frequency === 'daily') {
    if (!(await alertStore.wasSent(tx, alert))) await alertStore.addPending(tx, search.id, car._id);
    return;
  }
  if (!(await alertStore.record(tx, alert))) return;
  await emitSearchMatched(emit, {
    userId: search.userId,
    savedSearch: { _id: search.id, name: search.name, query: search.query },
    channels: search.channels as EventPayloads['catalog.alert.search_matched']['channels'],
    frequency: 'instant',
    cars: [toCarSummary(car, sellerOf(car))],
    unsubscribeToken: signUnsubscribeToken(secret, { k: 'search', id: search.id }),
  });
}

/**
 * Handles `catalog.car.indexed` of car `carId` in `tx`, emitting with `emit`; `secret` signs the
 * unsubscribe tokens (see the module comment).
 */
export async function tellBuyersOfIndexedCar(
  tx: Db,
  emit: Emit<EventPayloads>,
  secret: string,
  carId: string,
): Promise<void> {
  const row = await carRow(tx, carId);
  if (!row) return;
  await tellPriceDrops(tx, emit, secret, row);
  if (row.status !== 'used') return;
  const car = carOf(row);
  for (const search of await savedSearchStore.alerting(tx, sellerOf(car))) {
    const filters = filtersOf(search.query);
    if (filters && matchesSearch(filters, row)) await tellMatch(tx, emit, secret, search, car);
  }
}

/** Handles `catalog.car.removed` of car `carId` in `tx`: shortlist entries marked removed, digests drop it. */
export async function forgetRemovedCar(tx: Db, carId: string): Promise<void> {
  await shortlistStore.markRemoved(tx, carId);
  await alertStore.dropPendingCar(tx, carId);
}
