/**
 * The listing service's calls to the catalog (docs/architecture.md allows synchronous calls where the user
 * waits on current data): its public reference-data operations (`listModels`, `listVariants`,
 * `listStates`, `listRtos`), by declared operation through the platform's peers port, for the facts
 * `checkReferences` needs.
 * Never call these inside a database transaction: in embedded mode the peer shares the one PGlite
 * connection and would wait for the transaction to end.
 */
import {
  modelListResponse,
  type OperationId,
  rtoListResponse,
  stateListResponse,
  variantListResponse,
} from '@marketplace/contracts';
import { HttpError, type Peers } from '@marketplace/platform';
import type { Request } from 'express';
import type { ZodType } from 'zod';
import type { ReferenceFacts } from '../domain/rules';

const catalogUnavailable = () => new HttpError(503, 'catalog service is unavailable, please try again.');

/** The catalog's reference-data lists this client reads, each by one query parameter at most. */
type ListOperation = Extract<OperationId, 'listModels' | 'listVariants' | 'listStates' | 'listRtos'>;

/**
 * Calls the catalog's list operation `operationId` with `query` and parses the answer with `schema`.
 * @throws HttpError 503 on any answer but a 200 that `schema` accepts.
 */
async function catalogList<T>(
  peers: Peers,
  req: Request,
  operationId: ListOperation,
  query: Record<string, string>,
  schema: ZodType<T>,
): Promise<T> {
  const res = await peers.callOperation(operationId, { query, forward: req });
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
  const [models, variants, states, rtos] = await Promise.all([
    catalogList(peers, req, 'listModels', { brand: ids.brand }, modelListResponse),
    catalogList(peers, req, 'listVariants', { model: ids.model }, variantListResponse),
    catalogList(peers, req, 'listStates', {}, stateListResponse),
    catalogList(peers, req, 'listRtos', { state: ids.state }, rtoListResponse),
  ]);
  return {
    models: models.data.filter((m) => m.carBrand === ids.brand),
    variants: variants.data.filter((v) => v.carModel._id === ids.model),
    stateExists: states.data.some((s) => s._id === ids.state),
    rtoIds: rtos.data.filter((r) => r.state === ids.state).map((r) => r._id),
  };
}
