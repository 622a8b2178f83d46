/**
 * The sell wizard's calls (spec §7 "Reference data", "Cars", "Image and logo upload"): reference lists,
 * the two-step image upload and the listing itself. Types come from `@marketplace/contracts` only.
 */
import type {
  Brand,
  CarCreateBody,
  Model,
  Rto,
  State,
  UploadUrlResponse,
  Variant,
} from '@marketplace/contracts';
import { api, errorMessage, putFile } from '@marketplace/ui';

/** Brands matching `keyword` (`GET /api/carbrand`). */
export async function fetchBrands(): Promise<Brand[]> {
  const res = await api.get<{ data: { brands: Brand[] } }>('/api/carbrand');
  return res.data.data.brands;
}

/** Models of a brand on sale in `year` (`GET /api/carModel?brand=&year=`). */
export async function fetchModels(brand: string, year: number): Promise<Model[]> {
  const res = await api.get<{ data: { models: Model[] } }>('/api/carModel', { params: { brand, year } });
  return res.data.data.models;
}

/** Variants of a model with the chosen fuel and transmission (`GET /api/carVariant`). */
export async function fetchVariants(q: {
  brand: string;
  model: string;
  fuelType: string;
  transmission: string;
}): Promise<Variant[]> {
  const res = await api.get<{ data: { variants: Variant[] } }>('/api/carVariant', { params: q });
  return res.data.data.variants;
}

/** States and union territories (`GET /api/carstate`). */
export async function fetchStates(): Promise<State[]> {
  const res = await api.get<{ data: { states: State[] } }>('/api/carstate');
  return res.data.data.states;
}

/** RTO offices of a state (`GET /api/RTO?state=`). */
export async function fetchRtos(state: string): Promise<Rto[]> {
  const res = await api.get<{ data: Rto[] }>('/api/RTO', { params: { state } });
  return res.data.data;
}

/** Result of one image upload (spec §7: upload helpers return success plus message). */
export type UploadResult = { success: true; key: string } | { success: false; message: string };

/**
 * Uploads one car photo in two steps: a signed URL from `POST /api/storage/getUrl?type=cars`, then a `PUT`
 * of the bytes without credentials. `onProgress` receives 0–100. Never throws and never toasts: the
 * caller reports failed images together.
 */
export async function uploadCarImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  let signed: UploadUrlResponse;
  try {
    const res = await api.post<UploadUrlResponse>('/api/storage/getUrl', null, {
      params: { type: 'cars' },
      quiet: true,
      background: true,
    });
    signed = res.data;
  } catch (error) {
    return { success: false, message: errorMessage(error) || 'Failed to get upload URL' };
  }
  const key = signed.key ?? signed.data?.key;
  if (!signed.uploadUrl || !key)
    return { success: false, message: signed.message || 'Failed to get upload URL' };
  try {
    const status = await putFile(signed.uploadUrl, file, { onProgress });
    if (status !== 200) return { success: false, message: 'Failed to upload image' };
  } catch (error) {
    const message = errorMessage(error);
    return {
      success: false,
      message: message === 'Failed to upload image' ? message : `Failed to upload image: ${message}`,
    };
  }
  onProgress(100);
  return { success: true, key };
}

/** Creates the listing (`POST /api/cars`); resolves with the server's message. */
export async function createListing(body: CarCreateBody): Promise<string> {
  const res = await api.post<{ message?: string }>('/api/cars', body);
  return res.data.message || 'Car successfully created.';
}
