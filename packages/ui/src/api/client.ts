/**
 * The one API client of the front ends (spec §8): axios on the same origin with credentials, so the
 * `auth-token` cookie goes along. A failed call shows an error toast with the server's `message` for 5 s
 * and is logged; callers that must stay quiet (spec §8: profile and user-list loads) pass `quiet: true`.
 * Every call counts on the loading store while it runs.
 */

import axios, { type AxiosError, type AxiosRequestConfig, isAxiosError } from 'axios';
import { toast } from 'sonner';
import { TOAST_AUTO_CLOSE_MS } from '../constants';
import { useLoadingStore } from '../stores';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No error toast for this call (it is still logged). */
    quiet?: boolean;
    /** Do not count this call on the global loading indicator. */
    background?: boolean;
  }
}

/** Text shown when the server gave no `message` (network down, HTML error page, …). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** The user-facing message of a failed call: the server's `message` field when there is one. */
export function errorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const data = (error as AxiosError<{ message?: unknown }>).response?.data;
    if (data && typeof data === 'object' && typeof data.message === 'string' && data.message)
      return data.message;
    return GENERIC_ERROR_MESSAGE;
  }
  return error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
}

/** The shared axios instance (`/api/...` paths, cookies included). */
export const api = axios.create({ withCredentials: true, headers: { Accept: 'application/json' } });

api.interceptors.request.use((config) => {
  if (!config.background) useLoadingStore.getState().start();
  return config;
});

api.interceptors.response.use(
  (response) => {
    if (!response.config.background) useLoadingStore.getState().stop();
    return response;
  },
  (error: unknown) => {
    const config: AxiosRequestConfig | undefined = isAxiosError(error) ? error.config : undefined;
    if (!config?.background) useLoadingStore.getState().stop();
    const signedOut = isAxiosError(error) && error.response?.status === 401 && config?.quiet;
    if (!signedOut) console.error('API call failed', config?.method?.toUpperCase(), config?.url, error);
    if (!config?.quiet) toast.error(errorMessage(error), { duration: TOAST_AUTO_CLOSE_MS });
    return Promise.reject(error);
  },
);
