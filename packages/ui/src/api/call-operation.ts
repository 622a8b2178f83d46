/**
 * Calling a declared API operation by its id (ADR 16): `callOperation('getCar', { params: { carId } })`.
 * The method and path come from {@link operationRoutes}; the request and answer types from the contracts'
 * declarations (types only, {@link OperationRequest} and {@link OperationResult}), so a front end never
 * writes a URL or a response type by hand and no schema code reaches a bundle.
 */
import { type ApiResponse, type QueryParams, type RequestConfig, request } from './client';
import { operationRoutes } from './operation-routes';
import type { OperationId, OperationRequest, OperationResult } from './operation-types';

/** Options of an operation call: those of the API client, without `params` (the query is part of the input). */
export type CallConfig = Omit<RequestConfig, 'params'>;

/** The arguments after the id: the input (optional when nothing in it is required) and the options. */
export type CallArgs<K extends OperationId> =
  object extends OperationRequest<K>
    ? [input?: OperationRequest<K>, config?: CallConfig]
    : [input: OperationRequest<K>, config?: CallConfig];

/**
 * The declared path of an operation with its `{name}` parameters filled in, each URI-encoded:
 * `/api/cars/{carId}` with `{ carId: 'a b' }` → `/api/cars/a%20b`.
 * @throws TypeError when a parameter of the path has no value.
 */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls the operation `id` with its path parameters, query (`undefined`/`null` values left out) and JSON
 * body, through the shared API client (toasts, loading store, server-side base URL: see `api`).
 * Resolves with `{ data, status }`, `data` typed as the operation's declared success answer; rejects with
 * an `ApiError` (the status and the server's `{ message }`), or an `AbortError` when `config.signal` aborts.
 * @throws TypeError (as a rejection) when a path parameter is missing.
 */
export async function callOperation<K extends OperationId>(
  id: K,
  ...[input, config]: CallArgs<K>
): Promise<ApiResponse<OperationResult<K>>> {
  const [method, path] = operationRoutes[id].split(' ') as [string, string];
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  };
  return request<OperationResult<K>>(method, fillPath(path, params), body, {
    ...config,
    ...(query ? { params: query } : {}),
  });
}
