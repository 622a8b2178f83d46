/**
 * The sell wizard's reference lists (spec §7 "Reference data"), by operation id through `callOperation`.
 * Each answers `{ data: [...] }`: `data` is the list (spec §7 "data: brands[]", issue 19).
 */
import type { Brand, Model, Rto, State, Variant } from '@marketplace/contracts';
import { callOperation, type OperationQuery } from '@marketplace/ui';

/** Every brand (`listBrands`, `GET /api/carbrand`). */
export async function fetchBrands(): Promise<Brand[]> {
  const res = await callOperation('listBrands');
  return res.data.data;
}

/**
 * Models of a brand on sale in `year` (`listModels`, `GET /api/carModel?brand=&year=`; each model's
 * `carBrand` is the brand id, `brandName` its name; issue 19).
 */
export async function fetchModels(brand: string, year: number): Promise<Model[]> {
  const res = await callOperation('listModels', { query: { brand, year } });
  return res.data.data;
}

/** Variants of a model with the chosen fuel and transmission (`listVariants`, `GET /api/carVariant`). */
export async function fetchVariants(query: OperationQuery<'listVariants'>): Promise<Variant[]> {
  const res = await callOperation('listVariants', { query });
  return res.data.data;
}

/** States and union territories (`listStates`, `GET /api/carstate`). */
export async function fetchStates(): Promise<State[]> {
  const res = await callOperation('listStates');
  return res.data.data;
}

/** RTO offices of a state (`listRtos`, `GET /api/RTO?state=`). */
export async function fetchRtos(state: string): Promise<Rto[]> {
  const res = await callOperation('listRtos', { query: { state } });
  return res.data.data;
}
