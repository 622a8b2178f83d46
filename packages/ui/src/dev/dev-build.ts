/**
 * The dev marker of a front end served by its dev server (`rsbuild dev`, issue 27). Only the dev
 * configuration (packages/ui/build/rsbuild.ts, `devBuildMarker`) adds this module, to every entry of the
 * browser build (a remote's remoteEntry.js and its standalone page), so a production build never has it.
 *
 * - `window.__MARKETPLACE_DEV_BUILDS__` lists the federation names of the dev builds running in the page
 *   (`['catalog']`): how a browser test tells a remote served by its dev server from a deployed one.
 * - After a hot update, the page reloads when no React renderer on the page can apply React Fast Refresh
 *   (a remote's dev build inside a built shell: the shared React is the shell's production build, which has
 *   no refresh support, so the update would otherwise be applied without re-rendering). A dev shell or the
 *   standalone page runs React's development build: there Fast Refresh keeps the state.
 */

/** Name of the page global (the same as `DEV_BUILDS_GLOBAL` in packages/ui/build/rsbuild.ts). */
const GLOBAL = '__MARKETPLACE_DEV_BUILDS__';

/** What React's development renderer registers with the DevTools hook (the refresh entry points). */
interface DevToolsHook {
  renderers?: Map<number, { scheduleRefresh?: unknown }>;
}

/** The bundler's HMR API (rspack's `import.meta.webpackHot`), as far as it is used here. */
interface HotApi {
  addStatusHandler(handler: (status: string) => void): void;
}

/** True when a React renderer on the page supports Fast Refresh (a development build of react-dom). */
export function canFastRefresh(
  scope: { __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevToolsHook } = globalThis as unknown as {
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevToolsHook;
  },
): boolean {
  const renderers = scope.__REACT_DEVTOOLS_GLOBAL_HOOK__?.renderers;
  if (!renderers) return false;
  for (const renderer of renderers.values()) {
    if (typeof renderer.scheduleRefresh === 'function') return true;
  }
  return false;
}

/** Records `name` in `window.__MARKETPLACE_DEV_BUILDS__` (once) and installs the reload fallback. */
export function markDevBuild(name: string): void {
  const scope = globalThis as unknown as Record<string, unknown>;
  const builds = Array.isArray(scope[GLOBAL]) ? (scope[GLOBAL] as string[]) : [];
  scope[GLOBAL] = builds;
  if (!builds.includes(name)) builds.push(name);

  const hot = (import.meta as ImportMeta & { webpackHot?: HotApi }).webpackHot;
  if (!hot) return;
  let applied = false;
  hot.addStatusHandler((status) => {
    if (status === 'apply') applied = true;
    if (status !== 'idle' || !applied) return;
    applied = false;
    if (!canFastRefresh()) {
      console.info(
        `[${name}] updated; reloading: React on this page is a production build (no Fast Refresh)`,
      );
      globalThis.location.reload();
    }
  });
}
