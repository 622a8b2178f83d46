/**
 * The runtime manifest: where each remote's `mf-manifest.json` is, served by the gateway from its
 * configuration (`GET /federation-manifest.json`, `REMOTE_<NAME>_URL`). Read once at start, so a remote
 * redeployed elsewhere is picked up on the next page load without rebuilding the shell.
 */

/** The remotes the shell knows (federation names; folders are `mfe-<name>`). */
export const REMOTES = ['catalog', 'sell', 'account', 'admin'] as const;
/** One of {@link REMOTES}. */
export type RemoteName = (typeof REMOTES)[number];

/** Body of `GET /federation-manifest.json` (gateway/src/web.ts, `federationManifest`). */
export interface FederationManifest {
  remotes: Array<{ name: string; entry: string }>;
  /**
   * Origin patterns (`http://localhost:*`) a browser's `mf-override` may point a remote at
   * (`REMOTE_OVERRIDE_ORIGINS`); absent or empty = none (override.ts, docs/adr/0026-remote-override.md).
   */
  overrideOrigins?: string[];
}

/** What the shell takes from the runtime manifest. */
export interface RuntimeManifest {
  /** Where each remote's `mf-manifest.json` is. */
  entries: Record<RemoteName, string>;
  /** The allowed override origin patterns; empty = every override is refused. */
  overrideOrigins: string[];
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

/** The override origin patterns of a manifest body: its `overrideOrigins` strings, else none. */
export function overrideOriginsOf(body: unknown): string[] {
  const list = (body as Partial<FederationManifest> | null)?.overrideOrigins;
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * Fetches the runtime manifest; on any failure the default entries and no override origins (logged, never
 * fatal: a manifest that cannot be read allows no override).
 */
export async function fetchRuntimeManifest(url = '/federation-manifest.json'): Promise<RuntimeManifest> {
  try {
    const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body: unknown = await res.json();
    return { entries: remoteEntries(body), overrideOrigins: overrideOriginsOf(body) };
  } catch (error) {
    console.error('federation manifest unavailable; using the default remote URLs', error);
    return { entries: remoteEntries(null), overrideOrigins: [] };
  }
}

/** Fetches the runtime manifest's remote entries (see {@link fetchRuntimeManifest}). */
export async function fetchRemoteEntries(
  url = '/federation-manifest.json',
): Promise<Record<RemoteName, string>> {
  return (await fetchRuntimeManifest(url)).entries;
}
