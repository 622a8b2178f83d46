/**
 * The shell's root: the router, the toasts, the global loading bar, the colour
 * mode applied to <html>, and the auth bootstrap (GET /api/auth/profile once at start, spec §4).
 */
import { loadProfile, TOAST_AUTO_CLOSE_MS, Toaster, useColorModeStore } from '@marketplace/ui';
import { BrowserRouter, useRoutes } from '@marketplace/ui/router';
import { useEffect } from 'react';
import { GlobalLoadingBar } from '../features/loading/Loading';
import { routes } from './routes';

/** The routed content (declarative mode: the app has no loaders or actions, so no data router). */
function Routed() {
  return useRoutes(routes);
}

// Auth bootstrap: started once, before the first render finishes.
void loadProfile();

/** The application. */
export function App() {
  const colorMode = useColorModeStore((s) => s.colorMode);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', colorMode === 'dark');
  }, [colorMode]);
  return (
    <>
      <GlobalLoadingBar />
      <BrowserRouter>
        <Routed />
      </BrowserRouter>
      <Toaster
        richColors
        closeButton
        position="bottom-right"
        duration={TOAST_AUTO_CLOSE_MS}
        theme={colorMode}
      />
    </>
  );
}
