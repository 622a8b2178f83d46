/**
 * What the reference data publishes, through the catalog's outbox in the transaction of the change (ADR
 * 6; packages/contracts `events.ts`): `catalog.brand.changed`, `catalog.model.changed` and
 * `catalog.variant.changed` `{ action: created | updated | deleted, … }` with the row after the change (its
 * last state for `deleted`). Other services keep names from them (listing: the names on its listings).
 */
import type { EventPayloads } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';
import type { BrandRow, ModelRow, VariantRow } from '../data/tables';
import { toApiBrandCore, toApiModel, toApiVariant } from '../domain/serialize';

/** What happened to the row. */
export type ChangeAction = 'created' | 'updated' | 'deleted';

type Ref = { id: string; name: string };

/** Emits `catalog.brand.changed` with the brand without its models. */
export function emitBrandChanged(emit: Emit<EventPayloads>, action: ChangeAction, brand: BrandRow) {
  return emit('catalog.brand.changed', { action, brand: toApiBrandCore(brand) });
}

/** Emits `catalog.model.changed` (v1: `carBrand` as the brand's id, no `brandName`). */
export function emitModelChanged(emit: Emit<EventPayloads>, action: ChangeAction, m: ModelRow, brand: Ref) {
  const { brandName: _, ...model } = toApiModel(m, brand);
  return emit('catalog.model.changed', { action, model });
}

/** Emits `catalog.variant.changed` (v1: `carModel` and `carBrand` as ids, no `brandName`). */
export function emitVariantChanged(
  emit: Emit<EventPayloads>,
  action: ChangeAction,
  v: VariantRow,
  model: Ref,
  brand: Ref,
) {
  const { brandName: _, ...variant } = toApiVariant(v, model, brand);
  return emit('catalog.variant.changed', { action, variant: { ...variant, carModel: model.id } });
}
