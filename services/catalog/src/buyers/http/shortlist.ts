/**
 * The shortlist (issue 24; signed in, each user's own): `GET /api/shortlist` → `{ data: [entries] }`
 * (the car records, newest first, each with `availability` and `shortlistedAt`),
 * `PUT /api/shortlist/{carId}` (404 no such car for sale, 409 beyond 50) and `DELETE /api/shortlist/{carId}`
 * (404 neither listed nor known) → `{ message, data: { carIds } }` (flows in ../use-cases/manage-shortlist.ts).
 */
import type { Db } from '@marketplace/platform';
import type { CatalogHandlers } from '../../handlers';
import { addToShortlist, readShortlist, removeFromShortlist } from '../use-cases/manage-shortlist';

/** The shortlist handlers over the catalog's database `db`. */
export function shortlistHandlers(
  db: Db,
): CatalogHandlers<'getShortlist' | 'addToShortlist' | 'removeFromShortlist'> {
  return {
    async getShortlist(_input, { principal }) {
      return { data: await readShortlist(db, principal.id) };
    },
    async addToShortlist({ params }, { principal }) {
      return {
        message: 'Added to your shortlist.',
        data: await addToShortlist(db, principal.id, params.carId),
      };
    },
    async removeFromShortlist({ params }, { principal }) {
      return {
        message: 'Removed from your shortlist.',
        data: await removeFromShortlist(db, principal.id, params.carId),
      };
    },
  };
}
