/**
 * What a server-rendered page carries for the browser (issue 21), as JSON in
 * `<script type="application/json" id="ssr-data">` (JSON, not script: the CSP forbids inline scripts and
 * this is never executed): the runtime federation manifest (so the browser does not fetch
 * `/federation-manifest.json`) with its allowed override origins, the remote modules the page rendered (loaded before hydration) and the
 * dehydrated TanStack Query cache (so hydration fetches nothing again).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { RemoteName } from '../federation/manifest';
import type { RemoteId } from '../federation/remote-modules';

/** Id of the data element. */
export const PAGE_DATA_ID = 'ssr-data';

/** The data of a server-rendered page. */
export interface PageData {
  /** Browser manifest URL of each remote (as `GET /federation-manifest.json` would answer). */
  federation: Record<RemoteName, string>;
  /**
   * The allowed override origin patterns, as `GET /federation-manifest.json`'s `overrideOrigins`
   * (federation/override.ts); absent in a page rendered before they existed = none.
   */
  overrideOrigins?: string[];
  /** Remote modules the server rendered into the page. */
  remotes: RemoteId[];
  /** The query cache the server rendered with. */
  queries: DehydratedState;
}

/**
 * Serialises `data` for the page: `<` is escaped so no `</script>` or `<!--` in a car's description can end
 * the element early.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The page's data, or undefined when the page was not server-rendered (or the element is unreadable). */
export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return undefined;
  }
}
