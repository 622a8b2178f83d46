/**
 * The shortlist's flows (issue 24; signed-in users, each seeing only their own list): read it (newest
 * first, a sold or removed car marked so), add a car (idempotent; only a car of the read model that is for
 * sale; at most {@link SHORTLIST_MAX} cars) and remove one (idempotent).
 */
import { type Car, SHORTLIST_MAX, type ShortlistEntry } from '@marketplace/contracts';
import { conflict, type Db, notFound } from '@marketplace/platform';
import { isUuid } from '../../data/schema';
import { carOf, carRow } from '../data/cars';
import { shortlistStore } from '../data/shortlist';
import { toShortlistEntry } from '../domain/shortlist-entry';

/** The answer of a change: the car ids now shortlisted, newest first. */
export interface ShortlistIds {
  carIds: string[];
}

/** `userId`'s shortlisted cars, newest first (contracts `shortlistEntry`). */
export async function readShortlist(db: Db, userId: string): Promise<ShortlistEntry[]> {
  const rows = await shortlistStore.list(db, userId);
  return rows.map(({ row, current }) => toShortlistEntry(current, row.snapshot as Car, row.shortlistedAt));
}

/**
 * Shortlists car `carId` for `userId` at its current price (rupees; the base of its price-drop alerts); a
 * car already in the list stays as it is.
 * @throws HttpError 404 when the read model holds no such car or it is sold; 409 when the list already
 *   holds {@link SHORTLIST_MAX} other cars.
 */
export async function addToShortlist(db: Db, userId: string, carId: string): Promise<ShortlistIds> {
  return db.transaction(async (tx) => {
    const row = await carRow(tx, carId);
    if (row?.status !== 'used') throw notFound('Car not found.');
    await shortlistStore.lockUser(tx, userId);
    if (!(await shortlistStore.has(tx, userId, carId))) {
      if ((await shortlistStore.count(tx, userId)) >= SHORTLIST_MAX) {
        throw conflict(`Your shortlist already holds ${SHORTLIST_MAX} cars; remove one first.`);
      }
      await shortlistStore.insert(tx, userId, carOf(row));
    }
    return { carIds: await shortlistStore.carIds(tx, userId) };
  });
}

/**
 * Removes car `carId` from `userId`'s list; removing a car that is not there changes nothing.
 * @throws HttpError 404 when the car is neither in the list nor in the read model.
 */
export async function removeFromShortlist(db: Db, userId: string, carId: string): Promise<ShortlistIds> {
  if (!isUuid(carId)) throw notFound('Car not found.');
  return db.transaction(async (tx) => {
    const removed = await shortlistStore.remove(tx, userId, carId);
    if (!removed && !(await carRow(tx, carId))) throw notFound('Car not found.');
    return { carIds: await shortlistStore.carIds(tx, userId) };
  });
}
