/**
 * The one API client of the front ends (spec §8), on ky (fetch): same origin with credentials, so the
 * `auth-token` cookie goes along. A failed call shows an error toast with the server's `message` for 5 s
 * and is logged; callers that must stay quiet (spec §8: profile and user-list loads) pass `quiet: true`.
 * Every call counts on the loading store while it runs unless it passes `background: true`.
 *
 * Calls resolve with `{ data, status }` (`data` is the parsed JSON body, `undefined` when there is none)
 * and reject with an {@link ApiError} (`status` and the server's JSON body in `data`; no `status` when the
 * network failed). ky rather than axios: the same job for ≈4 KB gzip instead of ≈20 KB, on the path of
 * every first page (docs/adr/0007-front-end-federation.md). No retries: a failed call is reported at once.
 */
import ky, { HTTPError, type Options } from 'ky';
import { TOAST_AUTO_CLOSE_MS } from '../constants';
import { useLoadingStore } from '../stores';
import { toast } from '../toast/toast';

/** Query parameters: `undefined` and `null` values are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/** Options of one call. */
export interface RequestConfig {
  /** Query string parameters. */
  params?: QueryParams;
  /** Extra request headers (`Content-Type` of a raw body, `Cache-Control: no-cache`, …). */
  headers?: Record<string, string>;
  /** No error toast for this call (it is still logged, except a quiet 401: simply signed out). */
  quiet?: boolean;
  /** Do not count this call on the global loading indicator. */
  background?: boolean;
  /** Send cookies (default `true`); `false` for calls to other origins, such as signed upload URLs. */
  withCredentials?: boolean;
  /** Aborts the call (its rejection is then an `AbortError`, never toasted). */
  signal?: AbortSignal;
}

/** A resolved call: the parsed JSON body and the HTTP status. */
export interface ApiResponse<T> {
  data: T;
  status: number;
}

/** A failed call: the HTTP status (none when the network failed) and the server's JSON body, if any. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  readonly method: string;
  readonly url: string;

  constructor(message: string, init: { status?: number; data?: unknown; method: string; url: string }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.data = init.data;
    this.method = init.method;
    this.url = init.url;
  }
}

/** True for a rejection of {@link api}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Text shown when the server gave no `message` (network down, HTML error page, …). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** The user-facing message of a failed call: the server's `message` field when there is one. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data === 'object' && typeof data.message === 'string' && data.message)
      return data.message;
    return GENERIC_ERROR_MESSAGE;
  }
  return error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
}

const http = ky.create({ retry: 0, timeout: false, headers: { Accept: 'application/json' } });

/** Where a server-side render sends site-relative calls, and the headers it adds (issue 21). */
export interface ServerApiOptions {
  /** Absolute origin of the API as the rendering process reaches it (`http://127.0.0.1:8080`). */
  baseUrl: string;
  /** Extra headers of every call (the gateway's peer-call header, so renders are not rate limited twice). */
  headers?: Record<string, string>;
}

let serverApi: ServerApiOptions | undefined;

/**
 * Server-side rendering only: site-relative URLs (`/api/cars`) go to `options.baseUrl`, no toasts are queued
 * and no cookies are sent (pages are rendered for an anonymous visitor). Called once by the renderer.
 */
export function configureServerApi(options: ServerApiOptions): void {
  serverApi = options;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function searchParams(params: QueryParams | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value != null) out[key] = String(value);
  return out;
}

function bodyOptions(body: unknown): Pick<Options, 'json' | 'body'> {
  if (body === undefined || body === null) return {};
  if (body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams) return { body };
  return { json: body };
}

/**
 * One call: `method` (upper case) to `url`, with a JSON `body` (a Blob, FormData or URLSearchParams as is;
 * none when `undefined` or `null`). What {@link api} and `callOperation` send through. Resolves with the
 * parsed body and status; rejects with an {@link ApiError} (toasted unless `quiet`) or an `AbortError`.
 */
export async function request<T>(
  method: string,
  url: string,
  body: unknown,
  config: RequestConfig = {},
): Promise<ApiResponse<T>> {
  const counted = !config.background;
  if (counted) useLoadingStore.getState().start();
  try {
    const onServer = serverApi !== undefined && url.startsWith('/');
    const response = await http(onServer ? `${serverApi!.baseUrl}${url}` : url, {
      method,
      ...bodyOptions(body),
      searchParams: searchParams(config.params),
      headers: onServer ? { ...serverApi!.headers, ...config.headers } : config.headers,
      credentials: config.withCredentials === false || onServer ? 'omit' : 'include',
      signal: config.signal,
    });
    return { data: (await readBody(response)) as T, status: response.status };
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    const error =
      cause instanceof HTTPError
        ? new ApiError(`${method} ${url} answered ${cause.response.status}`, {
            status: cause.response.status,
            data: await readBody(cause.response).catch(() => undefined),
            method,
            url,
          })
        : new ApiError(cause instanceof Error ? cause.message : String(cause), { method, url });
    const signedOut = error.status === 401 && config.quiet;
    // On the server the renderer reports what it could not render (its logger); no console lines there.
    if (!signedOut && !serverApi) {
      console.error('API call failed', method, url, error.status ?? 'no answer', error.data);
    }
    if (!config.quiet && !serverApi) toast.error(errorMessage(error), { duration: TOAST_AUTO_CLOSE_MS });
    throw error;
  } finally {
    if (counted) useLoadingStore.getState().stop();
  }
}

/** The client: `api.get<T>(url, config)`, `api.post<T>(url, body, config)`, … (JSON bodies; a Blob as is). */
export const api = {
  get: <T = unknown>(url: string, config?: RequestConfig) => request<T>('GET', url, undefined, config),
  delete: <T = unknown>(url: string, config?: RequestConfig) => request<T>('DELETE', url, undefined, config),
  post: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    request<T>('POST', url, body, config),
  put: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    request<T>('PUT', url, body, config),
  patch: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    request<T>('PATCH', url, body, config),
};
