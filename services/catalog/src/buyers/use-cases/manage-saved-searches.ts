/**
 * The saved searches' flows (issue 24; signed-in users, each seeing only their own): list them (newest
 * first), save one (its `query` already validated and made canonical by the contract; at most
 * {@link SAVED_SEARCHES_MAX}) and delete one (its pending digest goes with it).
 */
import { SAVED_SEARCHES_MAX, type SavedSearch, type savedSearchBody } from '@marketplace/contracts';
import { conflict, type Db, notFound } from '@marketplace/platform';
import type { z } from 'zod';
import { isUuid } from '../../data/schema';
import { savedSearchStore } from '../data/saved-searches';
import type { SavedSearchRow } from '../data/tables';

/** The API shape of a saved search row (contracts `savedSearch`). */
export function toApiSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    query: row.query,
    channels: row.channels as SavedSearch['channels'],
    frequency: row.frequency,
    alerts: row.alerts,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `userId`'s saved searches, newest first. */
export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  return (await savedSearchStore.list(db, userId)).map(toApiSavedSearch);
}

/**
 * Saves `body` as a search of `userId`, alerts on. @throws HttpError 409 when the user already has
 * {@link SAVED_SEARCHES_MAX} searches.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  body: z.output<typeof savedSearchBody>,
): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    await savedSearchStore.lockUser(tx, userId);
    if ((await savedSearchStore.count(tx, userId)) >= SAVED_SEARCHES_MAX) {
      throw conflict(`You already have ${SAVED_SEARCHES_MAX} saved searches; delete one first.`);
    }
    const row = await savedSearchStore.insert(tx, {
      userId,
      name: body.name,
      query: body.query,
      channels: body.channels,
      frequency: body.frequency,
    });
    return toApiSavedSearch(row);
  });
}

/** Deletes `userId`'s search `id`; resolves to it as it was. @throws HttpError 404 when the user has no such search. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearch> {
  const row = isUuid(id) ? await savedSearchStore.remove(db, userId, id) : undefined;
  if (!row) throw notFound('Saved search not found.');
  return toApiSavedSearch(row);
}
