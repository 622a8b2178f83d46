/**
 * The shell's root, in the browser and on the server: the routes, the toasts, the global loading bar, the
 * colour mode applied to <html>, the data cache (TanStack Query) and the auth bootstrap
 * (GET /api/auth/profile once after start, spec §4). The browser wraps it in a BrowserRouter
 * (bootstrap.tsx); the server in a StaticRouter at the requested URL (server.tsx).
 */
import {
  loadCompareTray,
  loadProfile,
  startShortlistSync,
  TOAST_AUTO_CLOSE_MS,
  Toaster,
  useColorModeStore,
  useHydrated,
} from '@marketplace/ui';
import { useRoutes } from '@marketplace/ui/router';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { GlobalLoadingBar } from '../features/loading/Loading';
import { routes } from './routes';
import { rootCommittedNow } from './ssr/hydration';

/** The routed content (declarative mode: the app has no loaders or actions, so no data router). */
export function Routed() {
  return useRoutes(routes);
}

let profileRequested = false;

/** The application around `router` (a router element whose child is {@link Routed}). */
export function App({ queryClient, router }: { queryClient: QueryClient; router: ReactNode }) {
  const colorMode = useColorModeStore((s) => s.colorMode);
  const hydrated = useHydrated();
  useEffect(() => {
    document.documentElement.classList.toggle('dark', colorMode === 'dark');
  }, [colorMode]);
  // Auth bootstrap once, after hydration: the server rendered the signed-out header. `data-hydrated` tells
  // tests (and scripts) that the page now reacts to input, once the remote areas have hydrated too.
  useEffect(() => {
    rootCommittedNow();
    if (profileRequested) return;
    profileRequested = true;
    // The buyer's lists (issue 24) follow the session; they are read from the browser only after hydration.
    startShortlistSync();
    loadCompareTray();
    void loadProfile();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalLoadingBar />
      {router}
      <Toaster
        richColors
        closeButton
        position="bottom-right"
        duration={TOAST_AUTO_CLOSE_MS}
        theme={hydrated ? colorMode : 'light'}
      />
    </QueryClientProvider>
  );
}
