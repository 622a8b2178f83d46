/**
 * The page for an uncaught rendering error (spec §8: headed 'Unexpected Application Error'); a failed
 * chunk download (after the 120 s timeout) gets the chunk-loading failure message instead of the error.
 * {@link RouteErrorBoundary} shows it in place of the routes below it.
 */
import { buttonClasses, ErrorBoundary } from '@marketplace/ui';
import { Outlet, useLocation } from '@marketplace/ui/router';
import { isChunkLoadError } from '../../lib/chunk-load-error';

/**
 * A layout route that renders its child routes and, when one throws while rendering, the error page in
 * their place (the layouts above it stay). Going to another path clears the error.
 */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={({ error }) => <AppError error={error} />}
      onError={(error) => console.error('page failed to render', error)}
    >
      <Outlet />
    </ErrorBoundary>
  );
}

/** The error page for `error` (whatever was thrown). */
export function AppError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold">Unexpected Application Error</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        {chunk
          ? 'Part of the app failed to load (chunk loading failed). Check your connection and reload the page.'
          : 'Something went wrong while showing this page.'}
      </p>
      {!chunk && error instanceof Error ? (
        <pre className="mt-4 max-w-full overflow-auto rounded-lg bg-slate-100 p-3 text-left text-xs dark:bg-slate-800">
          {error.message}
        </pre>
      ) : null}
      <div className="mt-8 flex gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className={buttonClasses('secondary')}>
          Back to homepage
        </a>
      </div>
    </section>
  );
}
