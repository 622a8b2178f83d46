/**
 * RTO offices (spec §7): `GET /api/RTO?state=&keyword=` → `{ data: [rtos], message }`; Admin-only
 * `POST /api/RTO`, `PUT /api/RTO/{id}`, `DELETE /api/RTO/{id}` → `{ message, data }` (flows in
 * ../use-cases/manage-rtos.ts).
 */
import { type Db, notFound } from '@marketplace/platform';
import { isUuid } from '../../data/schema';
import type { CatalogHandlers } from '../../handlers';
import { rtoStore } from '../data/rtos';
import { doneMessage, notFoundMessage } from '../domain/messages';
import { toApiRto } from '../domain/serialize';
import { createRto, updateRto } from '../use-cases/manage-rtos';
import { publicCache } from './public-cache';

/** The RTO handlers over the catalog's database `db`. */
export function rtoHandlers(db: Db): CatalogHandlers<'listRtos' | 'createRto' | 'updateRto' | 'deleteRto'> {
  return {
    listRtos: {
      before: [publicCache],
      async handle({ query }) {
        const { state, keyword } = query;
        if (state && !isUuid(state)) return { data: [], message: 'No RTO found' };
        const rows = await rtoStore.list(db, { state, keyword });
        return {
          data: rows.map(toApiRto),
          message: rows.length ? `${rows.length} RTO found` : 'No RTO found',
        };
      },
    },
    async createRto({ body }) {
      return { message: doneMessage('RTO', 'created'), data: await createRto(db, body) };
    },
    async updateRto({ params, body }) {
      return { message: doneMessage('RTO', 'updated'), data: await updateRto(db, params.id, body) };
    },
    async deleteRto({ params }) {
      const row = await rtoStore.remove(db, params.id);
      if (!row) throw notFound(notFoundMessage('RTO'));
      return { message: doneMessage('RTO', 'deleted'), data: toApiRto(row) };
    },
  };
}
