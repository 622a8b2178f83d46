/**
 * Entry of the shell in the browser. Registers the remotes — from the runtime manifest the server wrote
 * into a server-rendered page, else fetched from `/federation-manifest.json` — then loads the app behind an
 * async boundary (`import('./bootstrap')`) so the federation share scope is settled before React or
 * `@marketplace/ui` is used. No shared module is eager.
 */
import './app/styles.css';
import { startFederation } from './app/federation/runtime';
import { readPageData } from './app/ssr/page-data';

// Apply the remembered colour mode before the first paint (the store in @marketplace/ui keeps it after).
try {
  document.documentElement.classList.toggle('dark', localStorage.getItem('colorMode') === 'dark');
} catch {
  // Storage unavailable: light mode.
}

const page = readPageData();
void startFederation(page?.federation)
  .then(() => import('./bootstrap'))
  .then(({ mount }) => mount(page));
