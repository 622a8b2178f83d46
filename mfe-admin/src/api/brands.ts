/**
 * The admin's brand calls (spec §7 "Reference data", "Image and logo upload"), by operation id through
 * `callOperation`. Failed calls toast the server's message through the shared client (spec §8) unless
 * marked `quiet`. Lists answer `{ data: [...] }`; deletes `{ message, data }` with the deleted record.
 */
import type { Brand } from '@marketplace/contracts';
import {
  callOperation,
  isApiError,
  type OperationBody,
  type UploadResult,
  uploadImage,
} from '@marketplace/ui';
import { fresh } from './read-options';

/** A brand write body (spec §7); `logoKey` only with a newly uploaded logo. */
export type BrandBody = OperationBody<'createBrand'>;

/** `listBrands` (`GET /api/carbrand`): every brand with its models. */
export async function fetchBrands(): Promise<Brand[]> {
  const { data } = await callOperation('listBrands', {}, fresh);
  return data.data;
}

/** `createBrand` (`POST /api/carbrand`); quiet, the caller shows the helper's message (spec §8). */
export async function createBrand(body: BrandBody): Promise<string> {
  const { data } = await callOperation('createBrand', { body }, { quiet: true });
  return data.message;
}

/** `updateBrand` (`PUT /api/carbrand/{id}`). */
export async function updateBrand(id: string, body: OperationBody<'updateBrand'>): Promise<string> {
  const { data } = await callOperation('updateBrand', { params: { id }, body });
  return data.message;
}

/** `deleteBrand` (`DELETE /api/carbrand/{id}`; refused while the brand has models or cars, the message says so). */
export async function deleteBrand(id: string): Promise<string> {
  const { data } = await callOperation('deleteBrand', { params: { id } });
  return data.message;
}

/** The server's `message` of a failed call, if it gave one. */
function serverMessage(error: unknown): string | undefined {
  const data = isApiError(error) ? (error.data as { message?: unknown } | undefined) : undefined;
  return typeof data?.message === 'string' && data.message ? data.message : undefined;
}

/**
 * The two-step logo upload (spec §7 "Image and logo upload": a signed URL from
 * `POST /api/storage/getUrl?type=logo`, then the `PUT`), through the shared `uploadImage`. Fallback
 * messages of spec §8: 'Failed to get upload URL', 'Failed to upload logo' (with the storage service's
 * reason when it gave one).
 */
export function uploadLogo(file: File): Promise<UploadResult> {
  return uploadImage('logo', file, { what: 'logo' });
}

/**
 * Creates a brand, uploading its logo first when one was chosen (spec §8: the helper's message when the
 * signed URL, the upload or the save fails; 'Failed to create brand' when the server says nothing).
 */
export async function createBrandWithLogo(
  body: Omit<BrandBody, 'logoKey'>,
  logo: File | null,
): Promise<{ success: boolean; message: string }> {
  let logoKey: string | undefined;
  if (logo) {
    const upload = await uploadLogo(logo);
    if (!upload.success) return upload;
    logoKey = upload.key;
  }
  try {
    const message = await createBrand(logoKey ? { ...body, logoKey } : body);
    return { success: true, message };
  } catch (error) {
    console.error('brand create failed', error);
    return { success: false, message: serverMessage(error) ?? 'Failed to create brand' };
  }
}
