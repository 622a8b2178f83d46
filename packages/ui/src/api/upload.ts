/** Uploads to signed storage URLs (the second step of the storage service's upload flow). */
import { callOperation } from './call-operation';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE, isApiError } from './client';
import type { OperationResult } from './operation-types';

/**
 * Uploads a file to a signed upload URL (the storage service's two-step flow: `POST /api/storage/getUrl`
 * gives `uploadUrl` and `key`, this PUTs the bytes there). XMLHttpRequest rather than fetch: only it
 * reports upload progress over HTTP/1.1 (fetch needs a streamed body, which Chromium allows only over
 * HTTP/2). No cookies go along: the URL carries its own signature.
 *
 * Resolves with the HTTP status (2xx) once stored; rejects with an {@link ApiError} carrying the status and
 * the storage service's JSON answer (its `message` says why, e.g. not an image) for any other status, with
 * an ApiError without status when the network fails, and with an `AbortError` when `signal` aborts.
 * `onProgress` gets whole percentages 0–100.
 */
export function putFile(
  url: string,
  file: Blob,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'image/jpeg');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.status);
      let data: unknown = xhr.responseText || undefined;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON: keep the text.
      }
      reject(
        new ApiError(`PUT upload answered ${xhr.status}`, { status: xhr.status, data, method: 'PUT', url }),
      );
    };
    xhr.onerror = () => reject(new ApiError('network error', { method: 'PUT', url }));
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** What {@link uploadImage} returns (spec §7: upload helpers return success plus message). */
export type UploadResult = { success: true; key: string } | { success: false; message: string };

/**
 * `getUploadUrl`'s answer (`POST /api/storage/getUrl`) as this client reads it: the declared
 * `{ uploadUrl, key, data: { key }, message }` with every field checked, because the spec's client also
 * takes a key only under `data` (older answers) and reports a missing URL with the server's message.
 */
type SignedUpload = Partial<Omit<OperationResult<'getUploadUrl'>, 'data'>> & { data?: { key?: string } };

/**
 * The storage service's two-step image upload (spec §7 "Image and logo upload"): a signed URL from
 * `POST /api/storage/getUrl?type=<type>` (`cars` for car and profile photos, `logo` for brand logos), then
 * {@link putFile}. The storage service confirms the content later, when the key is used.
 *
 * Never throws and never toasts: the caller reports the result. Messages (spec §8): 'Failed to get upload
 * URL' (or the server's reason), 'Failed to upload <what>' plus the storage service's reason when it gave
 * one (`what` defaults to 'image'). `onProgress` gets whole percentages 0–100.
 */
export async function uploadImage(
  type: 'cars' | 'logo',
  file: File,
  options: { what?: string; onProgress?: (percent: number) => void } = {},
): Promise<UploadResult> {
  const failed = `Failed to upload ${options.what ?? 'image'}`;
  let signed: SignedUpload;
  try {
    const res = await callOperation('getUploadUrl', { query: { type } }, { quiet: true, background: true });
    signed = (res.data as SignedUpload | undefined) ?? {};
  } catch (error) {
    return { success: false, message: serverReason(error) ?? 'Failed to get upload URL' };
  }
  const key = signed.key ?? signed.data?.key;
  if (!signed.uploadUrl || !key)
    return { success: false, message: signed.message || 'Failed to get upload URL' };
  try {
    await putFile(signed.uploadUrl, file, options.onProgress ? { onProgress: options.onProgress } : {});
  } catch (error) {
    const reason = serverReason(error);
    return { success: false, message: reason ? `${failed}: ${reason}` : failed };
  }
  options.onProgress?.(100);
  return { success: true, key };
}

/** The server's `message` of a failed call, when it gave one. */
function serverReason(error: unknown): string | undefined {
  const message = errorMessage(error);
  return isApiError(error) && message !== GENERIC_ERROR_MESSAGE ? message : undefined;
}
