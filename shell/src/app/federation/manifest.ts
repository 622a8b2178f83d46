/**
 * The runtime manifest: where each remote's `mf-manifest.json` is, served by the gateway from its
 * configuration (`GET /federation-manifest.json`, `REMOTE_<NAME>_URL`). Read once at start, so a remote
 * redeployed elsewhere is picked up on the next page load without rebuilding the shell.
 */

/** The remotes the shell knows (federation names; folders are `mfe-<name>`). */
export const REMOTES = ['catalog', 'sell', 'account', 'admin'] as const;
/** One of {@link REMOTES}. */
export type RemoteName = (typeof REMOTES)[number];

/** Body of `GET /federation-manifest.json`. */
export interface FederationManifest {
  remotes: Array<{ name: string; entry: string }>;
}

/** Where a remote is when the manifest cannot be read: the gateway's own static hosting. */
export function defaultEntry(name: RemoteName): string {
  return `/remotes/${name}/mf-manifest.json`;
}

/** Parses a manifest body, keeping only known remotes with a string entry; absent ones get the default. */
export function remoteEntries(body: unknown): Record<RemoteName, string> {
  const entries = Object.fromEntries(REMOTES.map((n) => [n, defaultEntry(n)])) as Record<RemoteName, string>;
  const list = (body as Partial<FederationManifest> | null)?.remotes;
  if (Array.isArray(list)) {
    for (const item of list) {
      if (item && typeof item.entry === 'string' && (REMOTES as readonly string[]).includes(item.name)) {
        entries[item.name as RemoteName] = item.entry;
      }
    }
  }
  return entries;
}

/** Fetches the runtime manifest; on any failure the defaults (logged, never fatal). */
export async function fetchRemoteEntries(
  url = '/federation-manifest.json',
): Promise<Record<RemoteName, string>> {
  try {
    const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return remoteEntries(await res.json());
  } catch (error) {
    console.error('federation manifest unavailable; using the default remote URLs', error);
    return remoteEntries(null);
  }
}
