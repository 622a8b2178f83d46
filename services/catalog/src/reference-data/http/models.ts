/**
 * Models (spec §7): `GET /api/carModel?brand=&year=&keyword=` → `{ data: [models] }` — `year` keeps the
 * models on sale in that year (launch year ≤ year ≤ last year); Admin-only POST, PUT, DELETE (409 while it
 * has variants or cars; flows in ../use-cases/manage-models.ts).
 */
import { isUuid } from '../../data/schema';
import type { CatalogHandlers } from '../../handlers';
import { modelStore } from '../data/models';
import { doneMessage } from '../domain/messages';
import { toApiModel } from '../domain/serialize';
import type { ReferenceDataDeps } from '../use-cases/deps';
import { createModel, deleteModel, updateModel } from '../use-cases/manage-models';
import { publicCache } from './public-cache';

/** The model handlers. */
export function modelHandlers(
  deps: ReferenceDataDeps,
): CatalogHandlers<'listModels' | 'createModel' | 'updateModel' | 'deleteModel'> {
  return {
    listModels: {
      before: [publicCache],
      async handle({ query }) {
        if (query.brand && !isUuid(query.brand)) return { data: [] };
        const rows = await modelStore.list(deps.db, query);
        return { data: rows.map((r) => toApiModel(r.model, r.brand)) };
      },
    },
    async createModel({ body }) {
      const data = await createModel(deps, body);
      deps.listedBrands.forget();
      return { message: doneMessage('Model', 'created'), data };
    },
    async updateModel({ params, body }) {
      const data = await updateModel(deps, params.id, body);
      deps.listedBrands.forget();
      return { message: doneMessage('Model', 'updated'), data };
    },
    async deleteModel({ params }) {
      const data = await deleteModel(deps, params.id);
      deps.listedBrands.forget();
      return { message: doneMessage('Model', 'deleted'), data };
    },
  };
}
