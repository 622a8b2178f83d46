/**
 * Data fetching of the front ends: TanStack Query, one `QueryClient` per page in the browser (created by
 * the shell) and one per request on the server, so what the server fetched is sent with the HTML
 * (`dehydrate`) and reused by the browser without a second fetch (`hydrate`; issue 21).
 * `@tanstack/react-query` is a federation singleton: the shell's provider serves every remote.
 */
import { QueryClient } from '@tanstack/react-query';

/** Data younger than this is served from the cache without refetching (public catalog data). */
export const QUERY_STALE_MS = 60_000;

/** A QueryClient with the front ends' defaults: 60 s fresh, no retries (a failure is shown at once). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: false, refetchOnWindowFocus: false },
    },
  });
}
