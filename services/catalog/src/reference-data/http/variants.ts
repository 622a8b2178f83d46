/**
 * Variants (spec §7): `GET /api/carVariant?brand=&fuelType=&model=&transmission=&keyword=` →
 * `{ data: [variants] }`; Admin-only POST, PUT and `DELETE /api/carVariant/{id}` (409 while cars use it;
 * flows in ../use-cases/manage-variants.ts).
 */
import { isUuid } from '../../data/schema';
import type { CatalogHandlers } from '../../handlers';
import { variantStore } from '../data/variants';
import { doneMessage } from '../domain/messages';
import { toApiVariant } from '../domain/serialize';
import type { ReferenceDataDeps } from '../use-cases/deps';
import { createVariant, deleteVariant, updateVariant } from '../use-cases/manage-variants';
import { publicCache } from './public-cache';

/** The variant handlers. */
export function variantHandlers(
  deps: ReferenceDataDeps,
): CatalogHandlers<'listVariants' | 'createVariant' | 'updateVariant' | 'deleteVariant'> {
  return {
    listVariants: {
      before: [publicCache],
      async handle({ query }) {
        if ((query.brand && !isUuid(query.brand)) || (query.model && !isUuid(query.model)))
          return { data: [] };
        const rows = await variantStore.list(deps.db, query);
        return { data: rows.map((r) => toApiVariant(r.variant, r.model, r.brand)) };
      },
    },
    async createVariant({ body }) {
      return { message: doneMessage('Variant', 'created'), data: await createVariant(deps, body) };
    },
    async updateVariant({ params, body }) {
      return { message: doneMessage('Variant', 'updated'), data: await updateVariant(deps, params.id, body) };
    },
    async deleteVariant({ params }) {
      return { message: doneMessage('Variant', 'deleted'), data: await deleteVariant(deps, params.id) };
    },
  };
}
