/**
 * Saved searches (issue 24; signed in, each user's own): `GET /api/saved-searches` → `{ data: [searches] }`
 * newest first, `POST /api/saved-searches` `{ name, query, channels, frequency }` → 201 `{ message, data }`
 * (a bad `query` → 400 naming its parameter; 409 beyond 20), `DELETE /api/saved-searches/{id}` →
 * `{ message, data }` (404 when not the user's). Flows in ../use-cases/manage-saved-searches.ts.
 */
import type { Db } from '@marketplace/platform';
import type { CatalogHandlers } from '../../handlers';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from '../use-cases/manage-saved-searches';

/** The saved-search handlers over the catalog's database `db`. */
export function savedSearchHandlers(
  db: Db,
): CatalogHandlers<'getSavedSearches' | 'createSavedSearch' | 'deleteSavedSearch'> {
  return {
    async getSavedSearches(_input, { principal }) {
      return { data: await listSavedSearches(db, principal.id) };
    },
    async createSavedSearch({ body }, { principal }) {
      return { message: 'Search saved.', data: await createSavedSearch(db, principal.id, body) };
    },
    async deleteSavedSearch({ params }, { principal }) {
      return { message: 'Saved search deleted.', data: await deleteSavedSearch(db, principal.id, params.id) };
    },
  };
}
