/**
 * The stand-in shell of a remote's standalone dev page (issue 27): what the shell gives a remote's exposed
 * screens, and no more — so a team can run its remote alone (`npm run dev -w mfe-<name>`, then
 * http://localhost:<port>/) without the shell:
 * - the router (a BrowserRouter) with each screen at the shell's route (shell/src/app/routes.tsx) and the
 *   props the shell's RemoteSlot passes, each in its own ErrorBoundary and Suspense (as a RemoteSlot);
 * - the QueryClientProvider with the front ends' defaults (`createQueryClient`), the toasts, the colour mode
 *   on `<html>`, and the auth bootstrap the shell's App runs once (`loadProfile`, the shortlist sync, the
 *   compare tray), all from the shared `@marketplace/ui` (the same store instances as the screens);
 * - a header placeholder: an index of the remote's screens, the signed-in user, and a minimal sign-in form
 *   (`login` through the dev server's `/api` proxy) that also answers the login-dialog store when no
 *   `loginDialog` is given (the real dialog is mfe-account's), and a placeholder for the test-drive modal
 *   when no `testDriveModal` is given;
 * - the design system's CSS as the shell's stylesheet has it (standalone.css).
 *
 * `/_standalone` (and `/` when no screen is there) is the index. The root element carries
 * `data-build="development"`; none of this is in a production build (only `src/dev/main.ts` imports it,
 * and only the dev configuration has that entry). Its class names are utilities the shell's stylesheet has
 * anyway: the shell's Tailwind scans all of packages/ui/src, so a new utility here would add CSS to the
 * production shell (checked with Tailwind's scanner: none added).
 */
import './standalone.css';
import type { User } from '@marketplace/contracts';
import {
  Button,
  createQueryClient,
  ErrorBoundary,
  errorMessage,
  type LoginDialogProps,
  loadCompareTray,
  loadProfile,
  login,
  logout,
  Spinner,
  startShortlistSync,
  type TestDriveModalProps,
  TextField,
  TOAST_AUTO_CLOSE_MS,
  Toaster,
  useAuthStore,
  useColorModeStore,
  useLoadingStore,
  useLoginDialogStore,
  useTestDriveModalStore,
} from '@marketplace/ui';
import { BrowserRouter, Link, type RouteObject, useLocation, useRoutes } from '@marketplace/ui/router';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type ComponentType,
  type FormEvent,
  lazy,
  StrictMode,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** A module with a default-exported component (what an expose is). */
export interface ComponentModule<P> {
  default: ComponentType<P>;
}

/** One exposed screen and where the shell mounts it. */
export interface StandaloneScreen<P extends object = Record<string, unknown>> {
  /** The expose as the shell names it: `catalog/CarList`. */
  id: string;
  /** The shell's route (shell/src/app/routes.tsx): `/buy-a-car`, `/car-details/:carId`, `/dashboard/*`. */
  path: string;
  /** What it is, as the shell's RemoteSlot label ('the car listing'). */
  label: string;
  /** The expose (`() => import('../exposes/CarList')`). */
  load(): Promise<ComponentModule<P>>;
  /** The props the shell passes (RemoteSlot `props`); none by default. Checked against `load`'s component. */
  props?: NoInfer<P>;
  /** A URL to open it at from the index, for a path with parameters (`/car-details/<id>`). */
  example?: string;
}

/** What a remote's dev entry gives {@link startStandalone}. */
export interface StandaloneOptions {
  /** The remote's federation name (`catalog`). */
  name: string;
  /** Its screens, in the index's order ({@link screen} checks each one's props against its component). */
  screens: StandaloneScreen[];
  /** mfe-account's own login dialog; without it, the stand-in's sign-in form answers the login-dialog store. */
  loginDialog?: () => Promise<ComponentModule<LoginDialogProps>>;
  /** mfe-account's test-drive modal; without it, a placeholder answers the test-drive store. */
  testDriveModal?: () => Promise<ComponentModule<TestDriveModalProps>>;
}

/** Declares a screen, checking `props` against the expose's component (then stored untyped). */
export function screen<P extends object>(declared: StandaloneScreen<P>): StandaloneScreen {
  return declared as unknown as StandaloneScreen;
}

/** The index's own path (always there; also `/` when no screen is). */
export const INDEX_PATH = '/_standalone';

/** A screen's link in the index: its path, or its example for a path with parameters; null if neither. */
export function screenHref(s: Pick<StandaloneScreen, 'path' | 'example'>): string | null {
  if (s.example) return s.example;
  if (/[:*]/.test(s.path)) return s.path.endsWith('/*') ? s.path.slice(0, -2) || '/' : null;
  return s.path;
}

/** The routes: each screen at its path, the index, and a not-found page. */
export function standaloneRoutes(options: StandaloneOptions): RouteObject[] {
  const routes: RouteObject[] = options.screens.map((s) => ({
    path: s.path,
    element: <Screen key={s.id + s.path} screen={s} />,
  }));
  routes.push({ path: INDEX_PATH, element: <ScreenIndex options={options} /> });
  if (!options.screens.some((s) => s.path === '/')) {
    routes.push({ path: '/', element: <ScreenIndex options={options} /> });
  }
  routes.push({ path: '*', element: <NotInRemote name={options.name} /> });
  return routes;
}

/** One screen, isolated like the shell's RemoteSlot: its own error boundary (with Retry) and Suspense. */
function Screen({ screen: s }: { screen: StandaloneScreen }) {
  const [attempt, setAttempt] = useState(0);
  const Component = useMemo(() => {
    void attempt;
    return lazy(s.load);
  }, [s, attempt]);
  return (
    <ErrorBoundary
      key={attempt}
      onError={(error) => console.error(`${s.id} failed`, error)}
      fallback={({ error }) => (
        <div
          role="alert"
          className="mx-auto my-16 max-w-lg rounded-2xl border border-amber-200 bg-amber-50 p-8"
        >
          <p className="font-semibold text-amber-900">{s.id} failed to render.</p>
          <p className="mt-2 text-sm text-amber-800">{errorMessage(error)}</p>
          <Button className="mt-4" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </div>
      )}
    >
      <Suspense
        fallback={
          <div className="grid min-h-[50vh] place-items-center">
            <Spinner label={`Loading ${s.label}`} />
          </div>
        }
      >
        <Component {...(s.props ?? {})} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The index of the remote's screens and overlays. */
function ScreenIndex({ options }: { options: StandaloneOptions }) {
  const showLogin = useLoginDialogStore((s) => s.show);
  const [carId, setCarId] = useState('');
  return (
    <section className="mx-auto max-w-7xl p-8" aria-labelledby="standalone-index">
      <h1 id="standalone-index" className="text-2xl font-bold">
        mfe-{options.name}: exposed screens
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Each at the route the shell mounts it at, with the props the shell passes. Calls to /api go through
        this dev server to the gateway at API_URL.
      </p>
      <table className="mt-6 w-full text-left text-sm">
        <thead>
          <tr>
            <th className="py-2">Expose</th>
            <th className="py-2">Route</th>
            <th className="py-2">Props</th>
          </tr>
        </thead>
        <tbody>
          {options.screens.map((s) => {
            const href = screenHref(s);
            return (
              <tr key={s.id + s.path} className="border-t border-slate-200 dark:border-slate-700">
                <td className="py-2 font-mono">{s.id}</td>
                <td className="py-2">
                  {href ? (
                    <Link className="text-brand-600" to={href}>
                      {s.path}
                    </Link>
                  ) : (
                    <span className="font-mono">{s.path}</span>
                  )}
                </td>
                <td className="py-2 font-mono">{s.props ? JSON.stringify(s.props) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2 className="mt-8 text-lg font-semibold">Overlays</h2>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={showLogin}>
          Open the login dialog
        </Button>
        <TextField label="Car id" value={carId} onChange={(e) => setCarId(e.target.value)} />
        <Button
          variant="secondary"
          disabled={!carId}
          onClick={() => useTestDriveModalStore.getState().show(carId.trim())}
        >
          Open the test-drive modal
        </Button>
      </div>
    </section>
  );
}

/** A path that is none of the remote's screens. */
function NotInRemote({ name }: { name: string }) {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">
        {pathname} is not a screen of mfe-{name}
      </h1>
      <Link className="mt-4 inline-block text-brand-600" to={INDEX_PATH}>
        The screens of mfe-{name}
      </Link>
    </section>
  );
}

/** Name and role of the signed-in user, or 'Signed out'. */
function whoIs(user: User | null): string {
  return user ? `${user.name} (${user.role})` : 'Signed out';
}

/** The header placeholder: the remote's name, its screens, the session. */
function StandInHeader({ options }: { options: StandaloneOptions }) {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const showLogin = useLoginDialogStore((s) => s.show);
  const loading = useLoadingStore((s) => s.isLoading);
  const signOut = async () => {
    try {
      await logout();
    } catch (error) {
      console.error('sign-out failed', error);
    }
  };
  return (
    <header
      data-testid="standalone-header"
      className="border-b border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3">
        <Link to={INDEX_PATH} className="font-semibold">
          mfe-{options.name}{' '}
          <span className="font-normal text-slate-500">· standalone dev (shell stand-in)</span>
        </Link>
        <nav aria-label="Screens" className="flex flex-wrap gap-3 text-sm">
          {options.screens.map((s) => {
            const href = screenHref(s);
            return href ? (
              <Link key={s.id + s.path} to={href} className="text-brand-600">
                {s.id.split('/')[1]}
                {s.props && 'page' in s.props ? ` (${String(s.props.page)})` : ''}
              </Link>
            ) : null;
          })}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          {loading ? <span role="status">Loading…</span> : null}
          <span data-testid="standalone-session">{ready ? whoIs(user) : 'Checking session…'}</span>
          {user ? (
            <Button variant="secondary" onClick={signOut}>
              Sign out
            </Button>
          ) : (
            <Button variant="secondary" onClick={showLogin}>
              Sign in
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}

/** The stand-in's sign-in form (`POST /api/auth/login` through the proxy), while the login store is open. */
function SignInForm() {
  const hide = useLoginDialogStore((s) => s.hide);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ email, password });
      hide();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-label="Sign in (stand-in)"
      onSubmit={submit}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-lg font-semibold">Sign in (stand-in)</h2>
      <p className="mt-1 text-xs text-slate-500">
        mfe-account's dialog in the shell; here, the gateway's login.
      </p>
      <div className="mt-4 grid gap-3">
        <TextField
          label="Email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="mt-4 flex gap-2">
        <Button type="submit" disabled={busy}>
          Sign in
        </Button>
        <Button variant="secondary" onClick={hide}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The login dialog (the remote's own, or the stand-in form) and the test-drive modal, as the shell's hosts. */
function Overlays({ options }: { options: StandaloneOptions }) {
  const loginOpen = useLoginDialogStore((s) => s.open);
  const hideLogin = useLoginDialogStore((s) => s.hide);
  const driveOpen = useTestDriveModalStore((s) => s.open);
  const carId = useTestDriveModalStore((s) => s.carId);
  const hideDrive = useTestDriveModalStore((s) => s.hide);
  const LoginDialog = useMemo(() => (options.loginDialog ? lazy(options.loginDialog) : null), [options]);
  const TestDriveModal = useMemo(
    () => (options.testDriveModal ? lazy(options.testDriveModal) : null),
    [options],
  );
  return (
    <>
      {loginOpen ? (
        <div className="fixed inset-x-0 top-20 z-50 mx-auto w-full max-w-md px-4">
          <Suspense fallback={<Spinner label="Loading the sign-in dialog" />}>
            {LoginDialog ? <LoginDialog open onClose={hideLogin} /> : <SignInForm />}
          </Suspense>
        </div>
      ) : null}
      {driveOpen && carId ? (
        <div className="fixed inset-x-0 top-20 z-50 mx-auto w-full max-w-md px-4">
          <Suspense fallback={<Spinner label="Loading the test-drive booking" />}>
            {TestDriveModal ? (
              <TestDriveModal open carId={carId} onClose={hideDrive} />
            ) : (
              <div
                role="dialog"
                aria-label="Test drive (placeholder)"
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg dark:bg-slate-900"
              >
                <p>
                  The shell would open mfe-account's <code>account/TestDriveModal</code> for car {carId}.
                </p>
                <Button className="mt-4" onClick={hideDrive}>
                  Close
                </Button>
              </div>
            )}
          </Suspense>
        </div>
      ) : null}
    </>
  );
}

/** The routed content. */
function Routed({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

let bootstrapped = false;

/** The whole stand-in: providers, header, the routed screen, overlays, toasts. */
export function StandaloneApp({
  options,
  queryClient,
}: {
  options: StandaloneOptions;
  queryClient: QueryClient;
}) {
  const colorMode = useColorModeStore((s) => s.colorMode);
  const routes = useMemo(() => standaloneRoutes(options), [options]);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', colorMode === 'dark');
  }, [colorMode]);
  useEffect(() => {
    // As the shell's App: the buyer's lists follow the session; the profile is loaded once.
    if (!bootstrapped) {
      bootstrapped = true;
      startShortlistSync();
      loadCompareTray();
      void loadProfile();
    }
    // What the shell marks once its areas have committed (e2e/support/browser.ts waits for it).
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <div className="flex min-h-screen flex-col">
          <StandInHeader options={options} />
          <main id="main" className="flex-1">
            <Routed routes={routes} />
          </main>
        </div>
        <Overlays options={options} />
      </BrowserRouter>
      <Toaster
        richColors
        closeButton
        position="bottom-right"
        duration={TOAST_AUTO_CLOSE_MS}
        theme={colorMode}
      />
    </QueryClientProvider>
  );
}

/**
 * Renders the standalone page into `container` (default `#root`) and marks it `data-build="development"`.
 * Called from a remote's `src/dev/main.ts` behind its async boundary (`import('./standalone')`), so the
 * federation share scope is settled before React is used.
 * @throws Error when there is no container.
 */
export function startStandalone(
  options: StandaloneOptions,
  container: HTMLElement | null = document.getElementById('root'),
): Root {
  if (!container) throw new Error('the standalone page has no #root element');
  container.dataset.build = 'development';
  container.dataset.remote = options.name;
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <StandaloneApp options={options} queryClient={createQueryClient()} />
    </StrictMode>,
  );
  return root;
}
