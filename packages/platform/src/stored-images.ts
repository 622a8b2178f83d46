/**
 * The one synchronous check every service makes before it saves a reference to an uploaded image (listing
 * photos, brand logos, profile photos): storage's `POST /api/storage/images/confirm` `{ type, keys }`,
 * called through the peers port with the user's own credentials, so storage checks that this user uploaded
 * each key as that type and that it is a valid stored image (issue 6).
 *
 * Never call it inside a database transaction: in embedded mode the peer shares the one PGlite connection
 * and would wait for the transaction to end.
 */
import {
  confirmImagesError,
  confirmImagesResponse,
  type StoredImage,
  type UploadType,
} from '@marketplace/contracts';
import type { Request } from 'express';
import { badRequest, HttpError } from './errors';
import type { Peers } from './peers';

const storageUnavailable = () => new HttpError(503, 'storage service is unavailable, please try again.');

/**
 * Has storage confirm `keys` (uploaded by the caller of `req` as `type`) and returns the stored images
 * (`{ key, url, sizes }`, URLs relative to the gateway) in the order of `keys`; `[]` for no keys.
 * `field(i)` names the request field of `keys[i]` in error messages (e.g. `images[2].key`, `logoKey`).
 * @throws HttpError 400 `<field>: <storage's reason>` when storage refuses a key (unknown, someone else's,
 *   another type, not a valid image); 401/403 with storage's message when it refuses the credentials;
 *   503 when storage cannot be reached or answers unexpectedly.
 */
export async function confirmStoredImages(
  peers: Peers,
  req: Request,
  opts: { type: UploadType; keys: string[]; field: (index: number) => string },
): Promise<StoredImage[]> {
  const { type, keys, field } = opts;
  if (keys.length === 0) return [];
  const res = await peers.call('storage', {
    method: 'POST',
    path: '/api/storage/images/confirm',
    body: { type, keys },
    forward: req,
  });
  if (res.status === 200) {
    const parsed = confirmImagesResponse.safeParse(res.body);
    const images = parsed.success ? parsed.data.data.images : [];
    if (images.length !== keys.length || images.some((img, i) => img.key !== keys[i])) {
      throw storageUnavailable();
    }
    return images;
  }
  const message = (res.body as { message?: unknown } | undefined)?.message;
  if (res.status === 400) {
    const refused = confirmImagesError.safeParse(res.body);
    const index = refused.success ? refused.data.index : 0;
    const reason = (typeof message === 'string' ? message : 'this image cannot be used').replace(
      /^keys(\.\d+)?: /,
      '',
    );
    throw badRequest(`${field(index)}: ${reason}`);
  }
  if (res.status === 401 || res.status === 403) {
    throw new HttpError(res.status, typeof message === 'string' ? message : 'Not allowed.');
  }
  throw storageUnavailable();
}
