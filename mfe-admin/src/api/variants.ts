/**
 * The admin's variant calls (spec §7 "Reference data"), by operation id through `callOperation`. A
 * variant's `carBrand` is the brand id, `brandName` its name and `carModel` `{ _id, name }` (issue 19).
 * Writes resolve with the server's message, or the spec §8 fallback when it gave none.
 */
import type { Variant } from '@marketplace/contracts';
import { callOperation, type OperationBody } from '@marketplace/ui';
import { fresh, nonEmpty } from './read-options';

/** Variant list filters (spec §2 "Variant"): brand and model ids, fuel type; empty ones are left out. */
export interface VariantFilters {
  brand?: string;
  model?: string;
  fuelType?: string;
}

/** A variant write body (spec §7). */
export type VariantBody = OperationBody<'createVariant'>;

/** `listVariants` (`GET /api/carVariant?brand=&model=&fuelType=`): the matching variants. */
export async function fetchVariants(filters: VariantFilters): Promise<Variant[]> {
  const { data } = await callOperation('listVariants', { query: nonEmpty({ ...filters }) }, fresh);
  return data.data;
}

/** `createVariant` (`POST /api/carVariant`); fallback 'Variant successfully created.' (spec §8). */
export async function createVariant(body: VariantBody): Promise<string> {
  const { data } = await callOperation('createVariant', { body });
  return data.message || 'Variant successfully created.';
}

/** `updateVariant` (`PUT /api/carVariant/{id}`). */
export async function updateVariant(id: string, body: OperationBody<'updateVariant'>): Promise<string> {
  const { data } = await callOperation('updateVariant', { params: { id }, body });
  return data.message || 'Variant successfully updated.';
}

/** `deleteVariant` (`DELETE /api/carVariant/{id}`). */
export async function deleteVariant(id: string): Promise<string> {
  const { data } = await callOperation('deleteVariant', { params: { id } });
  return data.message || 'Variant deleted.';
}
