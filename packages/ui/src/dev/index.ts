/**
 * @marketplace/ui/dev — the stand-in shell of a remote's standalone dev page (issue 27; Standalone.tsx):
 * `startStandalone({ name, screens, … })` renders the remote's exposed screens at the shell's routes with
 * the router, query client, stores, toasts and CSS the shell gives them. Imported only by each remote's
 * `src/dev/` entry, which only the dev configuration builds (packages/ui/build/rsbuild.ts): never in a
 * production build nor in the federated exposes.
 */
export {
  type ComponentModule,
  INDEX_PATH,
  StandaloneApp,
  type StandaloneOptions,
  type StandaloneScreen,
  screen,
  screenHref,
  standaloneRoutes,
  startStandalone,
} from './Standalone';
