/**
 * The federation runtime of the shell: registers the remotes from the runtime manifest, installs the
 * `errorLoadRemote` plugin, and loads exposed modules by typed id. A failed load is recorded (for the
 * fallback's message and for tests) and rethrown, so the remote slot's ErrorBoundary shows the fallback
 * with Retry; Retry re-registers the remote (`force`), which drops the runtime's cached failure.
 */
import {
  loadRemote,
  loadShare,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { fetchRemoteEntries, REMOTES, type RemoteName } from './manifest';
import type { RemoteId, RemoteModules } from './remote-modules';

let entries: Record<RemoteName, string> | undefined;

/** Remote loads that failed, newest last (id, lifecycle, message); read by the fallback and tests. */
export const remoteFailures: Array<{ id: string; lifecycle: string; message: string }> = [];

/** The `errorLoadRemote` runtime plugin: logs and records the failure, then lets it propagate. */
export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'marketplace-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      remoteFailures.push({ id, lifecycle, message });
      // In the browser; on the server the renderer logs it through the gateway's logger.
      if (typeof window !== 'undefined') console.error(`remote ${id} failed to load (${lifecycle})`, error);
      // Returning nothing rethrows: the slot's ErrorBoundary renders the fallback with Retry.
      return undefined;
    },
  };
}

/**
 * Registers every remote at `given` (the runtime manifest the server wrote into the page, or the browser
 * fetches `/federation-manifest.json` when the page was not server-rendered); called once before the app
 * renders. On the server the entries are the remotes' server builds (`…/server/remoteEntry.js`). The
 * browser passes `between` (a yield to the main thread): each remote is then registered in a task of its
 * own (the runtime's first registration alone takes tens of ms on a phone).
 */
export async function startFederation(
  given?: Record<RemoteName, string>,
  between?: () => Promise<void>,
): Promise<void> {
  const registered = given ?? (await fetchRemoteEntries());
  entries = registered;
  registerPlugins([remoteErrorPlugin()]);
  if (!between) {
    registerRemotes(REMOTES.map((name) => ({ name, entry: registered[name] })));
    return;
  }
  for (const name of REMOTES) {
    await between();
    registerRemotes([{ name, entry: registered[name] }]);
  }
}

/**
 * The shared singletons the first render needs, in the order they depend on each other. Not
 * `@marketplace/ui/overlays`: only the signed-in user's menu uses it.
 */
const BOOT_SHARED = [
  'react',
  'react-dom',
  'zustand',
  '@tanstack/react-query',
  '@marketplace/ui/router',
  '@marketplace/ui',
] as const;

/**
 * Settles and evaluates the shared singletons of the first render one by one, each in a task of its own
 * (`between` runs after each, e.g. a yield to the main thread): the federation runtime's share negotiation
 * and each module's evaluation would otherwise run as one long task when the app's entry is imported. The
 * app's own imports then find them ready. A singleton that cannot be loaded is left to that import (which
 * reports it).
 */
export async function warmSharedSingletons(between: () => Promise<void>): Promise<void> {
  for (const name of BOOT_SHARED) {
    try {
      const get = await loadShare(name);
      await between();
      if (get) get();
    } catch {
      // The app's import of the module reports the failure.
    }
    await between();
  }
}

/** The manifest URL a remote was registered with (for the fallback's details). */
export function remoteEntry(name: RemoteName): string | undefined {
  return entries?.[name];
}

/** Forgets a remote's failed load so the next load tries the network again. */
export function resetRemote(name: RemoteName): void {
  const entry = entries?.[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

const loaded = new Map<RemoteId, unknown>();

/** Loads an exposed module, typed by the declarations in remotes.d.ts. @throws when it cannot be loaded. */
export async function loadRemoteModule<K extends RemoteId>(id: K): Promise<RemoteModules[K]> {
  const mod = await loadRemote<RemoteModules[K]>(id);
  if (!mod) throw new Error(`remote module ${id} is empty`);
  loaded.set(id, mod);
  return mod;
}

/**
 * An exposed module already loaded in this page (or server process), else undefined: a remote slot renders
 * it at once, without suspending, so hydration meets the same markup the server sent.
 */
export function loadedRemoteModule<K extends RemoteId>(id: K): RemoteModules[K] | undefined {
  return loaded.get(id) as RemoteModules[K] | undefined;
}
