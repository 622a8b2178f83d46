/**
 * Creating, changing and deleting models (spec §7 `/api/carModel`; Admin only), each change with its
 * `catalog.model.changed` in the same transaction. A model stays with its brand; its last year is not
 * before its launch year; names are unique per brand (409); a model with variants or listed cars is kept
 * (409).
 */
import type { Model, modelCreateBody, modelUpdateBody } from '@marketplace/contracts';
import { badRequest, conflict, type Db, notFound, onUniqueViolation } from '@marketplace/platform';
import type { z } from 'zod';
import { brandStore } from '../data/brands';
import { modelStore } from '../data/models';
import { isReferenced, referrers } from '../data/references';
import type { ModelRow } from '../data/tables';
import { notFoundMessage } from '../domain/messages';
import { assertYears } from '../domain/rules';
import { toApiModel } from '../domain/serialize';
import { emitModelChanged } from '../events/publish';
import type { ReferenceDataDeps } from './deps';

/** Brand `id`'s id and name. @throws HttpError 400 `carBrand: no such brand`. */
async function brandOf(db: Db, id: string) {
  const row = await brandStore.byId(db, id);
  if (!row) throw badRequest('carBrand: no such brand');
  return { id: row.id, name: row.name };
}

/** Model `id`. @throws HttpError 404 when unknown. */
async function currentModel(db: Db, id: string): Promise<ModelRow> {
  const row = await modelStore.byId(db, id);
  if (!row) throw notFound(notFoundMessage('Model'));
  return row;
}

/** Runs `fn`, turning a duplicate name into the 409 naming it. */
const uniqueName = <T>(name: string, fn: () => Promise<T>) =>
  onUniqueViolation(fn, () => conflict(`name: this brand already has a model named ${name}`));

/** Creates a model of brand `carBrand`. @throws HttpError 400 unknown brand or years; 409 a name it has. */
export async function createModel(
  deps: ReferenceDataDeps,
  body: z.output<typeof modelCreateBody>,
): Promise<Model> {
  assertYears(body.year, body.yearTo);
  const brand = await brandOf(deps.db, body.carBrand);
  const row = await uniqueName(body.name, () =>
    deps.outbox.transaction(async (tx, emit) => {
      const created = await modelStore.insert(tx, {
        brandId: brand.id,
        name: body.name,
        year: body.year,
        yearTo: body.yearTo ?? null,
        bodyType: body.bodyType ?? null,
        fuelTypes: body.fuelType,
        transmissions: body.transmission,
      });
      await emitModelChanged(emit, 'created', created, brand);
      return created;
    }),
  );
  return toApiModel(row, brand);
}

/**
 * Changes model `id` (absent fields keep their value). @throws HttpError 404 unknown model; 400 another
 * brand or years out of order; 409 a name its brand has.
 */
export async function updateModel(
  deps: ReferenceDataDeps,
  id: string,
  body: z.output<typeof modelUpdateBody>,
): Promise<Model> {
  const current = await currentModel(deps.db, id);
  if (body.carBrand && body.carBrand !== current.brandId)
    throw badRequest('carBrand: a model cannot move to another brand');
  const year = body.year ?? current.year;
  const yearTo = body.yearTo ?? current.yearTo;
  assertYears(year, yearTo);
  const brand = await brandOf(deps.db, current.brandId);
  const row = await uniqueName(body.name ?? current.name, () =>
    deps.outbox.transaction(async (tx, emit) => {
      const updated = await modelStore.update(tx, id, {
        name: body.name ?? current.name,
        year,
        yearTo,
        bodyType: body.bodyType ?? current.bodyType,
        fuelTypes: body.fuelType ?? current.fuelTypes,
        transmissions: body.transmission ?? current.transmissions,
      });
      await emitModelChanged(emit, 'updated', updated, brand);
      return updated;
    }),
  );
  return toApiModel(row, brand);
}

/** Deletes model `id` and answers it. @throws HttpError 404 unknown model; 409 while it has variants or cars. */
export async function deleteModel(deps: ReferenceDataDeps, id: string): Promise<Model> {
  const current = await currentModel(deps.db, id);
  const brand = await brandOf(deps.db, current.brandId);
  await deps.outbox.transaction(async (tx, emit) => {
    if (await isReferenced(tx, referrers.variantsOfModel, id))
      throw conflict('This model still has variants. Delete its variants first.');
    if (await isReferenced(tx, referrers.carsOfModel, id))
      throw conflict('Cars of this model are listed, so it cannot be deleted.');
    await modelStore.remove(tx, id);
    await emitModelChanged(emit, 'deleted', current, brand);
  });
  return toApiModel(current, brand);
}
