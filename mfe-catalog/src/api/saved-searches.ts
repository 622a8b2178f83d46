/** The catalog's saved-search call (issue 24), by operation id through `callOperation`. */
import { callOperation, type OperationBody, type OperationResult } from '@marketplace/ui';

/** What `createSavedSearch` sends: name, the listing's query string, channels and frequency. */
export type SavedSearchBody = OperationBody<'createSavedSearch'>;

/**
 * `createSavedSearch` (`POST /api/saved-searches`): resolves with the server's message and the saved search.
 * A refusal (400 bad query, 409 too many) is toasted with the server's message by the API client and rejects.
 */
export async function createSavedSearch(
  body: SavedSearchBody,
): Promise<OperationResult<'createSavedSearch'>> {
  const { data } = await callOperation('createSavedSearch', { body });
  return data;
}
