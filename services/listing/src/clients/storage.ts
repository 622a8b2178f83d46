/**
 * The listing service's call to storage (docs/architecture.md allows synchronous calls where the user waits on
 * current data): its declared operation `confirmImages`, with the seller's own credentials, so storage
 * checks that the seller uploaded every key as a car image (issue 6). The answer is read by the contracts'
 * `readConfirmedImages`.
 *
 * Never call it inside a database transaction: in embedded mode the peer shares the one PGlite connection
 * and would wait for the transaction to end.
 */
import { type CarImage, readConfirmedImages } from '@marketplace/contracts';
import { HttpError, type Peers } from '@marketplace/platform';
import type { Request } from 'express';

/**
 * Confirms with storage that the caller uploaded every key as a car image (type `cars`) and returns the
 * stored images (`{ key, url, sizes }`, URLs relative to the gateway) in the order of `keys`; `[]` for no
 * keys. `indexes[i]` is the position of `keys[i]` in the request's `images` list, for the error message.
 * @throws HttpError 400 `images[i].key: …` for a key storage refuses; 401/403 when storage refuses the
 *   credentials; 503 when storage cannot be reached or answers unexpectedly.
 */
export async function confirmImages(
  peers: Peers,
  req: Request,
  keys: string[],
  indexes: number[] = keys.map((_k, i) => i),
): Promise<CarImage[]> {
  if (keys.length === 0) return [];
  const answer = await peers.callOperation('confirmImages', { body: { type: 'cars', keys }, forward: req });
  const confirmed = readConfirmedImages(answer, keys, (i) => `images[${indexes[i] ?? i}].key`);
  if (!confirmed.ok) throw new HttpError(confirmed.status, confirmed.message);
  return confirmed.images;
}
