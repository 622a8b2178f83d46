/**
 * The catalog's one synchronous call to another service (docs/architecture.md allows them where the user
 * waits on current data): storage's declared operation `confirmImages`, with the Admin's own credentials,
 * so storage checks that an uploaded brand logo exists, is a valid image and was uploaded as type `logo`
 * (issue 6). The answer is read by the contracts' `readConfirmedImages`.
 *
 * Never call it inside a database transaction: in embedded mode the peer shares the one PGlite connection
 * and would wait for the transaction to end.
 */
import { readConfirmedImages, type StoredImage } from '@marketplace/contracts';
import { HttpError, type Peers } from '@marketplace/platform';
import type { Request } from 'express';

/**
 * Has storage confirm that the caller of `req` uploaded `logoKey` as a logo; returns the stored image
 * (`{ key, url, sizes }`, URLs relative to the gateway).
 * @throws HttpError 400 `logoKey: <storage's reason>` when storage refuses the key; 401/403 as storage
 *   answers them; 503 when storage cannot be reached or answers unexpectedly.
 */
export async function confirmLogo(peers: Peers, req: Request, logoKey: string): Promise<StoredImage> {
  const keys = [logoKey];
  const answer = await peers.callOperation('confirmImages', { body: { type: 'logo', keys }, forward: req });
  const confirmed = readConfirmedImages(answer, keys, () => 'logoKey');
  if (!confirmed.ok) throw new HttpError(confirmed.status, confirmed.message);
  return confirmed.images[0]!;
}
