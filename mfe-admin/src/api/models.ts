/**
 * The admin's model calls (spec §7 "Reference data"), by operation id through `callOperation`. A model's
 * `carBrand` is the brand id and `brandName` the brand's name (issue 19). Writes resolve with the server's
 * message, or the spec §8 fallback when it gave none.
 */
import type { Model } from '@marketplace/contracts';
import { callOperation, type OperationBody } from '@marketplace/ui';
import { fresh, nonEmpty } from './read-options';

/** A model write body (spec §7): name, year, fuel types, transmissions and the brand id. */
export type ModelBody = OperationBody<'createModel'>;

/** `listModels` (`GET /api/carModel?brand=`): models, optionally of one brand. */
export async function fetchModels(brand?: string): Promise<Model[]> {
  const { data } = await callOperation('listModels', { query: nonEmpty({ brand }) }, fresh);
  return data.data;
}

/** `createModel` (`POST /api/carModel`); fallback 'Model successfully created.' (spec §8). */
export async function createModel(body: ModelBody): Promise<string> {
  const { data } = await callOperation('createModel', { body });
  return data.message || 'Model successfully created.';
}

/** `updateModel` (`PUT /api/carModel/{id}`). */
export async function updateModel(id: string, body: OperationBody<'updateModel'>): Promise<string> {
  const { data } = await callOperation('updateModel', { params: { id }, body });
  return data.message || 'Model successfully updated.';
}

/** `deleteModel` (`DELETE /api/carModel/{id}`). */
export async function deleteModel(id: string): Promise<string> {
  const { data } = await callOperation('deleteModel', { params: { id } });
  return data.message || 'Model deleted.';
}
