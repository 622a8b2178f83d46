/** Uploads to signed storage URLs (the second step of the storage service's upload flow). */
import { ApiError } from './client';

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
