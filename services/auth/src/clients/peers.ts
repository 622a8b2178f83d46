/**
 * The auth service's one synchronous call to another service (docs/architecture.md allows them where the user
 * waits on current data): storage's declared operation `confirmImages`, with the user's own credentials,
 * to check a profile photo key before it is saved (issue 10); the answer is read by the contracts'
 * `readConfirmedImages` (the same check listing and catalog make).
 *
 * Never call it inside a database transaction: in embedded mode the peer shares the one PGlite connection
 * and would wait for the transaction to end.
 */
import { readConfirmedImages, type StoredImage } from '@marketplace/contracts';
import { HttpError, type Peers } from '@marketplace/platform';
import type { Request } from 'express';

/** The upload type profile photos are uploaded as (`POST /api/storage/getUrl?type=cars`). */
export const PROFILE_UPLOAD_TYPE = 'cars' as const;

/**
 * Has storage confirm that the caller (the credentials of `req`) uploaded `key` as an image of type
 * {@link PROFILE_UPLOAD_TYPE} and that it is stored and valid; returns the
 * stored image (`{ key, url, sizes }`, URLs relative to the gateway).
 * @throws HttpError 400 `profileKey: <storage's reason>` when storage refuses the key (unknown, someone
 *   else's, another type, not a valid image); 401/403 as storage answers them; 503 when storage cannot be
 *   reached or answers unexpectedly.
 */
export async function confirmProfileImage(peers: Peers, req: Request, key: string): Promise<StoredImage> {
  const keys = [key];
  const answer = await peers.callOperation('confirmImages', {
    body: { type: PROFILE_UPLOAD_TYPE, keys },
    forward: req,
  });
  const confirmed = readConfirmedImages(answer, keys, () => 'profileKey');
  if (!confirmed.ok) throw new HttpError(confirmed.status, confirmed.message);
  return confirmed.images[0]!;
}
