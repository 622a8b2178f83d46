/** Options shared by the admin screens' reads. */
import type { CallConfig } from '@marketplace/ui';

/**
 * Read options of the admin lists: `Cache-Control: no-cache` on the request makes the browser fetch past
 * its HTTP cache, so a list re-read after a write shows it whatever caching the server allows for public
 * reference reads (they were `max-age=60` once, and a re-read of the same URL then got the pre-write copy).
 */
export const fresh = { headers: { 'Cache-Control': 'no-cache' } } satisfies CallConfig;

/** `params` without its empty values (spec §7: empty parameters omitted). */
export function nonEmpty(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v)) as Record<string, string>;
}
