/**
 * The auth service's one synchronous call to another service (ARCHITECTURE.md allows them where the user
 * waits on current data): storage's `POST /api/storage/images/confirm`, with the user's own credentials,
 * to check a profile photo key before it is saved (issue 10). The same check as the listing service's
 * `confirmImages` and the catalog's `checkLogoKey`; those live in their services, so this is the auth
 * service's copy of the few lines that call it.
 *
 * Never call it inside a database transaction: in embedded mode the peer shares the one PGlite connection
 * and would wait for the transaction to end.
 */
import { confirmImagesError, confirmImagesResponse, type StoredImage } from '@marketplace/contracts';
import { badRequest, HttpError, type Peers } from '@marketplace/platform';
import type { Request } from 'express';

/** The upload type profile photos are uploaded as (`POST /api/storage/getUrl?type=cars`). */
export const PROFILE_UPLOAD_TYPE = 'cars';

const storageUnavailable = () => new HttpError(503, 'storage service is unavailable, please try again.');

/**
 * Has storage confirm that the caller (the credentials of `req`) uploaded `key` as an image of type
 * {@link PROFILE_UPLOAD_TYPE} and that it is stored and valid; returns the stored image
 * (`{ key, url, sizes }`, URLs relative to the gateway).
 * @throws HttpError 400 `profileKey: <storage's reason>` when storage refuses the key (unknown, someone
 *   else's, another type, not a valid image); 401/403 as storage answers them; 503 when storage cannot be
 *   reached or answers unexpectedly.
 */
export async function confirmProfileImage(peers: Peers, req: Request, key: string): Promise<StoredImage> {
  const res = await peers.call('storage', {
    method: 'POST',
    path: '/api/storage/images/confirm',
    body: { type: PROFILE_UPLOAD_TYPE, keys: [key] },
    forward: req,
  });
  if (res.status === 200) {
    const parsed = confirmImagesResponse.safeParse(res.body);
    const image = parsed.success ? parsed.data.data.images[0] : undefined;
    if (!image || image.key !== key) throw storageUnavailable();
    return image;
  }
  if (res.status === 400) {
    const refused = confirmImagesError.safeParse(res.body);
    const reason = refused.success
      ? refused.data.message.replace(/^keys(\.\d+)?: /, '')
      : 'this image cannot be used';
    throw badRequest(`profileKey: ${reason}`);
  }
  if (res.status === 401 || res.status === 403) {
    const message = (res.body as { message?: unknown } | undefined)?.message;
    throw new HttpError(res.status, typeof message === 'string' ? message : 'Not allowed.');
  }
  throw storageUnavailable();
}
