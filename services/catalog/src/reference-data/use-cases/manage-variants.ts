/**
 * Creating, changing and deleting variants (spec §7 `/api/carVariant`; Admin only), each change with its
 * `catalog.variant.changed` in the same transaction. A variant stays with its model and brand; its fuel
 * and gearbox are among its model's; features are stored trimmed, blanks dropped; a name is unique per
 * model, fuel and gearbox (409); a variant of listed cars is kept (409).
 */
import type { Variant, variantCreateBody, variantUpdateBody } from '@marketplace/contracts';
import { badRequest, conflict, type Db, notFound, onUniqueViolation } from '@marketplace/platform';
import type { z } from 'zod';
import { type ModelWithBrand, modelStore } from '../data/models';
import { isReferenced, referrers } from '../data/references';
import type { VariantRow } from '../data/tables';
import { variantStore } from '../data/variants';
import { notFoundMessage } from '../domain/messages';
import { assertOfModel, cleanFeatures } from '../domain/rules';
import { toApiVariant } from '../domain/serialize';
import { emitVariantChanged } from '../events/publish';
import type { ReferenceDataDeps } from './deps';

/** The model and brand of a variant. @throws HttpError 400 when missing or when the model is not the brand's. */
async function parentsOf(db: Db, modelId: string, brandId: string): Promise<ModelWithBrand> {
  const row = await modelStore.withBrand(db, modelId);
  if (!row) throw badRequest('carModel: no such model');
  if (row.brand.id !== brandId) throw badRequest('carModel: the model does not belong to carBrand');
  return row;
}

/** Variant `id`. @throws HttpError 404 when unknown. */
async function currentVariant(db: Db, id: string): Promise<VariantRow> {
  const row = await variantStore.byId(db, id);
  if (!row) throw notFound(notFoundMessage('Variant'));
  return row;
}

/** Runs `fn`, turning a duplicate name into the 409 naming it. */
const uniqueName = <T>(name: string, fn: () => Promise<T>) =>
  onUniqueViolation(fn, () =>
    conflict(`name: this model already has a variant named ${name} with that fuel and transmission`),
  );

/**
 * Creates a variant of model `carModel` (of brand `carBrand`). @throws HttpError 400 unknown or mismatched
 * parents, a fuel or gearbox the model has not; 409 a name it has.
 */
export async function createVariant(
  deps: ReferenceDataDeps,
  body: z.output<typeof variantCreateBody>,
): Promise<Variant> {
  const { model, brand } = await parentsOf(deps.db, body.carModel, body.carBrand);
  assertOfModel(body.fuelType, body.transmission, model);
  const row = await uniqueName(body.name, () =>
    deps.outbox.transaction(async (tx, emit) => {
      const created = await variantStore.insert(tx, {
        modelId: model.id,
        brandId: brand.id,
        name: body.name,
        fuelType: body.fuelType,
        transmission: body.transmission,
        features: cleanFeatures(body.features),
        description: body.description ?? null,
      });
      await emitVariantChanged(emit, 'created', created, model, brand);
      return created;
    }),
  );
  return toApiVariant(row, model, brand);
}

/**
 * Changes variant `id` (absent fields keep their value). @throws HttpError 404 unknown variant; 400
 * another model or brand, a fuel or gearbox its model has not; 409 a name its model has.
 */
export async function updateVariant(
  deps: ReferenceDataDeps,
  id: string,
  body: z.output<typeof variantUpdateBody>,
): Promise<Variant> {
  const current = await currentVariant(deps.db, id);
  if (body.carModel && body.carModel !== current.modelId)
    throw badRequest('carModel: a variant cannot move to another model');
  if (body.carBrand && body.carBrand !== current.brandId)
    throw badRequest('carBrand: a variant cannot move to another brand');
  const { model, brand } = await parentsOf(deps.db, current.modelId, current.brandId);
  const fuelType = body.fuelType ?? current.fuelType;
  const transmission = body.transmission ?? current.transmission;
  assertOfModel(fuelType, transmission, model);
  const row = await uniqueName(body.name ?? current.name, () =>
    deps.outbox.transaction(async (tx, emit) => {
      const updated = await variantStore.update(tx, id, {
        name: body.name ?? current.name,
        fuelType,
        transmission,
        features: body.features ? cleanFeatures(body.features) : current.features,
        description: body.description ?? current.description,
      });
      await emitVariantChanged(emit, 'updated', updated, model, brand);
      return updated;
    }),
  );
  return toApiVariant(row, model, brand);
}

/** Deletes variant `id` and answers it. @throws HttpError 404 unknown variant; 409 while cars use it. */
export async function deleteVariant(deps: ReferenceDataDeps, id: string): Promise<Variant> {
  const current = await currentVariant(deps.db, id);
  const { model, brand } = await parentsOf(deps.db, current.modelId, current.brandId);
  await deps.outbox.transaction(async (tx, emit) => {
    if (await isReferenced(tx, referrers.carsOfVariant, id))
      throw conflict('Cars of this variant are listed, so it cannot be deleted.');
    await variantStore.remove(tx, id);
    await emitVariantChanged(emit, 'deleted', current, model, brand);
  });
  return toApiVariant(current, model, brand);
}
