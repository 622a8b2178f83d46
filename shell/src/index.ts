/**
 * Entry of the shell. Registers the remotes named by the runtime manifest, then loads the app behind an
 * async boundary (`import('./bootstrap')`) so the federation share scope is settled before React or
 * `@marketplace/ui` is used. No shared module is eager.
 */
import './app/styles.css';
import { startFederation } from './app/federation/runtime';

// Apply the remembered colour mode before the first paint (the store in @marketplace/ui keeps it after).
try {
  document.documentElement.classList.toggle('dark', localStorage.getItem('colorMode') === 'dark');
} catch {
  // Storage unavailable: light mode.
}

void startFederation().then(() => import('./bootstrap'));
