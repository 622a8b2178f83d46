/**
 * The dev marker of a front end served by its dev server (`rsbuild dev`, issue 27). Only the dev
 * configuration (packages/ui/build/rsbuild.ts, `devBuildMarker`) adds this module, to every entry of the
 * browser build (a remote's remoteEntry.js and its standalone page), so a production build never has it:
 * `window.__MARKETPLACE_DEV_BUILDS__` lists the federation names of the dev builds running in the page
 * (`['catalog']`), which is how a browser test tells a remote served by its dev server from a deployed one.
 */

/** Name of the page global (the same as `DEV_BUILDS_GLOBAL` in packages/ui/build/rsbuild.ts). */
const GLOBAL = '__MARKETPLACE_DEV_BUILDS__';

/** Records `name` in `window.__MARKETPLACE_DEV_BUILDS__` (once). */
export function markDevBuild(name: string): void {
  const scope = globalThis as unknown as Record<string, unknown>;
  const builds = Array.isArray(scope[GLOBAL]) ? (scope[GLOBAL] as string[]) : [];
  scope[GLOBAL] = builds;
  if (!builds.includes(name)) builds.push(name);
}
