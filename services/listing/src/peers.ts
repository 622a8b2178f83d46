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
  confirmImagesError,
  confirmImagesResponse,
  modelListResponse,
  rtoListResponse,
  stateListResponse,
  variantListResponse,
} from '@marketplace/contracts';
import { badRequest, HttpError, type Peers, unauthorized } from '@marketplace/platform';
import type { Request } from 'express';
import type { ZodType } from 'zod';
import type { ReferenceFacts } from './domain/rules';

const catalogUnavailable = () => new HttpError(503, 'catalog service is unavailable, please try again.');
const storageUnavailable = () => new HttpError(503, 'storage service is unavailable, please try again.');

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
    models: models.data.models.filter((m) => m.carBrand._id === ids.brand),
    variants: variants.data.variants.filter((v) => v.carModel._id === ids.model),
    stateExists: states.data.states.some((s) => s._id === ids.state),
    rtoIds: rtos.data.filter((r) => r.state === ids.state).map((r) => r._id),
  };
}

/**
 * Confirms with storage that the caller uploaded every key as a car image and returns the stored images
 * (`{ key, url, sizes }`) in the order of `keys`. `indexes[i]` is the position of `keys[i]` in the
 * request's `images` list, for the error message.
 * @throws HttpError 400 `images[i].key: …` for a key storage refuses (unknown, someone else's, not an
 *   image); 401 when storage does not accept the credentials; 503 when storage cannot be reached or
 *   answers unexpectedly.
 */
export async function confirmImages(
  peers: Peers,
  req: Request,
  keys: string[],
  indexes: number[] = keys.map((_k, i) => i),
): Promise<CarImage[]> {
  if (keys.length === 0) return [];
  const res = await peers.call('storage', {
    method: 'POST',
    path: '/api/storage/images/confirm',
    body: { type: 'cars', keys },
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
  if (res.status === 401) throw unauthorized();
  if (res.status === 400 || res.status === 403) {
    const refused = confirmImagesError.safeParse(res.body);
    if (refused.success) {
      const at = indexes[refused.data.index] ?? refused.data.index;
      throw badRequest(`images[${at}].key: ${refused.data.message}`);
    }
    const message = (res.body as { message?: unknown } | undefined)?.message;
    throw badRequest(`images: ${typeof message === 'string' ? message : 'the images could not be used'}`);
  }
  throw storageUnavailable();
}
