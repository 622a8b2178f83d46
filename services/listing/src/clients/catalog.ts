/**
 * The listing service's synchronous calls to other services (ARCHITECTURE.md allows them where the user
 * waits on current data), through the platform's peers port:
 * - the catalog's public reference-data routes, for the facts `checkReferences` needs;
 * - storage's `POST /api/storage/images/confirm`, with the user's credentials, for the stored images of
 *   the keys the user uploaded.
 * Never call these inside a database transaction: in embedded mode the peer shares the one PGlite
 * connection and would wait for the transaction to end.
 */
import {
  type CarImage,
  modelListResponse,
  rtoListResponse,
  stateListResponse,
  variantListResponse,
} from '@marketplace/contracts';
import { confirmStoredImages, HttpError, type Peers } from '@marketplace/platform';
import type { Request } from 'express';
import type { ZodType } from 'zod';
import type { ReferenceFacts } from '../domain/rules';

const catalogUnavailable = () => new HttpError(503, 'catalog service is unavailable, please try again.');

/** GETs `path` from the catalog and parses the answer. @throws HttpError 503 on any other answer. */
async function catalogGet<T>(peers: Peers, req: Request, path: string, schema: ZodType<T>): Promise<T> {
  const res = await peers.call('catalog', { path, forward: req });
  const parsed = res.status === 200 ? schema.safeParse(res.body) : undefined;
  if (!parsed?.success) throw catalogUnavailable();
  return parsed.data;
}

/**
 * Asks the catalog, in parallel, for the models of `ids.brand`, the variants of `ids.model`, the states
 * and the RTO offices of `ids.state` (4 calls: the catalog has no lookup by id yet).
 * @throws HttpError 503 when the catalog cannot be reached or answers unexpectedly.
 */
export async function referenceFacts(
  peers: Peers,
  req: Request,
  ids: { brand: string; model: string; state: string },
): Promise<ReferenceFacts> {
  const q = encodeURIComponent;
  const [models, variants, states, rtos] = await Promise.all([
    catalogGet(peers, req, `/api/carModel?brand=${q(ids.brand)}`, modelListResponse),
    catalogGet(peers, req, `/api/carVariant?model=${q(ids.model)}`, variantListResponse),
    catalogGet(peers, req, '/api/carstate', stateListResponse),
    catalogGet(peers, req, `/api/RTO?state=${q(ids.state)}`, rtoListResponse),
  ]);
  return {
    models: models.data.filter((m) => m.carBrand === ids.brand),
    variants: variants.data.filter((v) => v.carModel._id === ids.model),
    stateExists: states.data.some((s) => s._id === ids.state),
    rtoIds: rtos.data.filter((r) => r.state === ids.state).map((r) => r._id),
  };
}

/**
 * Confirms with storage that the caller uploaded every key as a car image and returns the stored images
 * (`{ key, url, sizes }`) in the order of `keys` (platform `confirmStoredImages`). `indexes[i]` is the
 * position of `keys[i]` in the request's `images` list, for the error message.
 * @throws HttpError 400 `images[i].key: …` for a key storage refuses; 401/403 when storage refuses the
 *   credentials; 503 when storage cannot be reached or answers unexpectedly.
 */
export function confirmImages(
  peers: Peers,
  req: Request,
  keys: string[],
  indexes: number[] = keys.map((_k, i) => i),
): Promise<CarImage[]> {
  return confirmStoredImages(peers, req, {
    type: 'cars',
    keys,
    field: (i) => `images[${indexes[i] ?? i}].key`,
  });
}
