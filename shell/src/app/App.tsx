/**
 * The shell's root: the router, the toasts, the global loading bar, the colour
 * mode applied to <html>, and the auth bootstrap (GET /api/auth/profile once at start, spec §4).
 */
import { loadProfile, TOAST_AUTO_CLOSE_MS, Toaster, useColorModeStore } from '@marketplace/ui';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { GlobalLoadingBar } from '../features/loading/Loading';
import { routes } from './routes';

const router = createBrowserRouter(routes);

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
      <RouterProvider router={router} />
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
