/**
 * Entry of the shell in the browser. Registers the remotes — from the runtime manifest the server wrote
 * into a server-rendered page, else fetched from `/federation-manifest.json` — then loads the app behind an
 * async boundary (`import('./bootstrap')`) so the federation share scope is settled before React or
 * `@marketplace/ui` is used. No shared module is eager. The remembered colour mode is applied earlier, by
 * the inline script of index.html (before the first paint); the store in @marketplace/ui keeps it after.
 */
import './app/styles.css';
import { startFederation, warmSharedSingletons } from './app/federation/runtime';
import { yieldToMain } from './app/ssr/hydration';
import { readPageData } from './app/ssr/page-data';

const page = readPageData();
void startFederation(page?.federation, yieldToMain)
  .then(yieldToMain)
  .then(() => warmSharedSingletons(yieldToMain))
  .then(() => import('./bootstrap'))
  .then(({ mount }) => mount(page));
