/**
 * The sell wizard's calls (spec §7 "Reference data", "Cars", "Image and logo upload"): reference lists,
 * the two-step image upload and the listing itself. Types come from `@marketplace/contracts` only.
 * Reference lists answer `{ data: [...] }`: `data` is the list (spec §7 "data: brands[]", issue 19).
 */
import type { Brand, CarCreateBody, Model, Rto, State, Variant } from '@marketplace/contracts';
import { api, type UploadResult, uploadImage } from '@marketplace/ui';

/** Every brand (`GET /api/carbrand`, answer `{ data: Brand[] }`, issue 19). */
export async function fetchBrands(): Promise<Brand[]> {
  const res = await api.get<{ data: Brand[] }>('/api/carbrand');
  return res.data.data;
}

/**
 * Models of a brand on sale in `year` (`GET /api/carModel?brand=&year=`, answer `{ data: Model[] }`;
 * each model's `carBrand` is the brand id, `brandName` its name; issue 19).
 */
export async function fetchModels(brand: string, year: number): Promise<Model[]> {
  const res = await api.get<{ data: Model[] }>('/api/carModel', { params: { brand, year } });
  return res.data.data;
}

/**
 * Variants of a model with the chosen fuel and transmission (`GET /api/carVariant`, answer
 * `{ data: Variant[] }`, issue 19).
 */
export async function fetchVariants(q: {
  brand: string;
  model: string;
  fuelType: string;
  transmission: string;
}): Promise<Variant[]> {
  const res = await api.get<{ data: Variant[] }>('/api/carVariant', { params: q });
  return res.data.data;
}

/** States and union territories (`GET /api/carstate`, answer `{ data: State[] }`, issue 19). */
export async function fetchStates(): Promise<State[]> {
  const res = await api.get<{ data: State[] }>('/api/carstate');
  return res.data.data;
}

/** RTO offices of a state (`GET /api/RTO?state=`). */
export async function fetchRtos(state: string): Promise<Rto[]> {
  const res = await api.get<{ data: Rto[] }>('/api/RTO', { params: { state } });
  return res.data.data;
}

/**
 * Uploads one car photo (the storage service's two-step flow, `uploadImage('cars', …)`); `onProgress`
 * receives 0–100. Never throws and never toasts: the caller reports failed images together.
 */
export function uploadCarImage(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  return uploadImage('cars', file, { onProgress });
}

/** Creates the listing (`POST /api/cars`); resolves with the server's message. */
export async function createListing(body: CarCreateBody): Promise<string> {
  const res = await api.post<{ message?: string }>('/api/cars', body);
  return res.data.message || 'Car successfully created.';
}
