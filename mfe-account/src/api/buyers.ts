/**
 * The buyer's calls of the account remote (issue 24), by operation id through `callOperation`: the
 * shortlist with each car's availability, saved searches (list, delete), brand names for their summaries,
 * and the one-click unsubscribe of alerts. Failures toast the server's message unless said otherwise.
 */
import type { SavedSearch, ShortlistEntry } from '@marketplace/contracts';
import { callOperation } from '@marketplace/ui';

/** `getShortlist` (`GET /api/shortlist`): the signed-in user's shortlisted cars, newest first. */
export async function fetchShortlist(): Promise<ShortlistEntry[]> {
  const { data } = await callOperation('getShortlist', {}, { background: true });
  return data.data;
}

/** `getSavedSearches` (`GET /api/saved-searches`): the signed-in user's saved searches, newest first. */
export async function fetchSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await callOperation('getSavedSearches', {}, { background: true });
  return data.data;
}

/** `deleteSavedSearch` (`DELETE /api/saved-searches/{id}`): resolves with the server's message. */
export async function deleteSavedSearch(id: string): Promise<string> {
  const { data } = await callOperation('deleteSavedSearch', { params: { id } });
  return data.message;
}

/** `listBrands` (`GET /api/carbrand`), quietly: brand names by id ({} when the call fails). */
export async function fetchBrandNames(): Promise<Record<string, string>> {
  try {
    const { data } = await callOperation('listBrands', {}, { quiet: true, background: true });
    return Object.fromEntries(data.data.map((b) => [b._id, b.name]));
  } catch {
    return {};
  }
}

/**
 * `unsubscribeAlerts` (`POST /api/alerts/unsubscribe?token=`), quietly (the page shows the outcome):
 * resolves with the server's message. @throws the API client's error when the server refuses the token.
 */
export async function unsubscribeAlerts(token: string): Promise<string> {
  const { data } = await callOperation('unsubscribeAlerts', { query: { token } }, { quiet: true });
  return data.message;
}
