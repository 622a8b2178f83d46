/**
 * Entry of the shell in the browser. Registers the remotes — from the runtime manifest the server wrote
 * into a server-rendered page, else fetched from `/federation-manifest.json` — with this browser's remote
 * override applied (`mf-override`, only to allowed origins: app/federation/override.ts), then loads the app
 * behind an async boundary (`import('./bootstrap')`) so the federation share scope is settled before React
 * or `@marketplace/ui` is used. No shared module is eager. The remembered colour mode is applied earlier, by
 * the inline script of index.html (before the first paint); the store in @marketplace/ui keeps it after.
 */
import './app/styles.css';
import { fetchRuntimeManifest, type RuntimeManifest } from './app/federation/manifest';
import { loadRemoteOverrides, withOverrides } from './app/federation/override';
import { startFederation, warmSharedSingletons } from './app/federation/runtime';
import { yieldToMain } from './app/ssr/hydration';
import { readPageData } from './app/ssr/page-data';

const page = readPageData();
const manifest: Promise<RuntimeManifest> = page
  ? Promise.resolve({ entries: page.federation, overrideOrigins: page.overrideOrigins ?? [] })
  : fetchRuntimeManifest();
void manifest
  .then(async ({ entries, overrideOrigins }) => {
    const { active } = loadRemoteOverrides(overrideOrigins);
    await startFederation(withOverrides(entries, active), yieldToMain);
    return active;
  })
  .then(async (overrides) => {
    await yieldToMain();
    await warmSharedSingletons(yieldToMain);
    const { mount } = await import('./bootstrap');
    await mount(page, overrides);
  });
