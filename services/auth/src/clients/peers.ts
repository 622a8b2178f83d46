/**
 * The auth service's one synchronous call to another service (ARCHITECTURE.md allows them where the user
 * waits on current data): storage's `POST /api/storage/images/confirm`, with the user's own credentials,
 * to check a profile photo key before it is saved (issue 10), through the platform's `confirmStoredImages`
 * (the same check listing and catalog make).
 *
 * Never call it inside a database transaction: in embedded mode the peer shares the one PGlite connection
 * and would wait for the transaction to end.
 */
import type { StoredImage } from '@marketplace/contracts';
import { confirmStoredImages, type Peers } from '@marketplace/platform';
import type { Request } from 'express';

/** The upload type profile photos are uploaded as (`POST /api/storage/getUrl?type=cars`). */
export const PROFILE_UPLOAD_TYPE = 'cars' as const;

/**
 * Has storage confirm that the caller (the credentials of `req`) uploaded `key` as an image of type
 * {@link PROFILE_UPLOAD_TYPE} and that it is stored and valid (platform `confirmStoredImages`); returns the
 * stored image (`{ key, url, sizes }`, URLs relative to the gateway).
 * @throws HttpError 400 `profileKey: <storage's reason>` when storage refuses the key (unknown, someone
 *   else's, another type, not a valid image); 401/403 as storage answers them; 503 when storage cannot be
 *   reached or answers unexpectedly.
 */
export async function confirmProfileImage(peers: Peers, req: Request, key: string): Promise<StoredImage> {
  const [image] = await confirmStoredImages(peers, req, {
    type: PROFILE_UPLOAD_TYPE,
    keys: [key],
    field: () => 'profileKey',
  });
  return image!;
}
