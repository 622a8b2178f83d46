/**
 * A place on the page filled by a remote's exposed module: Suspense while it loads, an ErrorBoundary
 * around it, and — when the remote cannot be loaded or throws while rendering — a fallback for this area
 * only, with a Retry button. The header, footer and other routes keep working.
 */
import { Button, ErrorBoundary, Spinner } from '@marketplace/ui';
import {
  type ComponentProps,
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { isChunkLoadError } from '../../lib/chunk-load-error';
import { areaCommitted, areaRendering } from '../ssr/hydration';
import type { RemoteName } from './manifest';
import type { RemoteId, RemoteModules } from './remote-modules';
import { loadedRemoteModule, loadRemoteModule, resetRemote } from './runtime';

/**
 * Server render only: the remote modules the page used (their styles and scripts go into `<head>`), the
 * remotes whose server build failed to load, and those not to try (left to the browser for now). A slot
 * whose remote fails or is skipped throws inside its Suspense boundary: React sends the loading state and
 * the browser renders the area.
 */
export interface ServerSlots {
  used: Set<RemoteId>;
  failed: Set<RemoteName>;
  skip: ReadonlySet<RemoteName>;
}

/** Given by the server renderer; null in the browser. */
export const ServerSlotsContext = createContext<ServerSlots | null>(null);

type Exposed<K extends RemoteId> = RemoteModules[K]['default'];
type PropsOf<K extends RemoteId> = ComponentProps<Exposed<K>>;

/** Props of {@link RemoteSlot}: `props` is required only when the exposed component has required props. */
export type RemoteSlotProps<K extends RemoteId> = {
  id: K;
  /** What the area is, for the fallback text ('the car listing'). */
  label: string;
  /** `page` (default): a large block; `inline`: a small notice (dialogs, widgets). */
  variant?: 'page' | 'inline';
} & (Record<string, never> extends PropsOf<K> ? { props?: PropsOf<K> } : { props: PropsOf<K> });

/** The fallback of a remote area. */
export function RemoteFallback({
  label,
  error,
  onRetry,
  variant = 'page',
}: {
  label: string;
  error: unknown;
  onRetry(): void;
  variant?: 'page' | 'inline';
}) {
  useAreaCommitted();
  const detail = isChunkLoadError(error)
    ? 'A part of the app could not be downloaded. Check your connection and try again.'
    : 'This part of the site is temporarily unavailable. The rest of the site works as usual.';
  return (
    <div
      role="alert"
      data-testid="remote-fallback"
      className={
        variant === 'page'
          ? 'mx-auto my-16 max-w-lg rounded-2xl border border-amber-200 bg-amber-50 p-8 text-center dark:border-amber-800 dark:bg-amber-950/40'
          : 'rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950/40'
      }
    >
      <p className="font-semibold text-amber-900 dark:text-amber-200">We couldn't load {label}.</p>
      <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">{detail}</p>
      <Button className="mt-4" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The slot's key for the hydration marker (ssr/hydration.ts), given to what it renders. */
const AreaKeyContext = createContext('');

/** Tells the hydration marker that this area has committed (its content or its fallback). */
function useAreaCommitted(): void {
  const key = useContext(AreaKeyContext);
  useEffect(() => areaCommitted(key), [key]);
}

/** The remote's component, reporting its commit to the hydration marker. */
function Committed({ children }: { children: ReactNode }) {
  useAreaCommitted();
  return children;
}

/** Renders the exposed module `id` with `props`, isolated from the rest of the page. */
export function RemoteSlot<K extends RemoteId>(slot: RemoteSlotProps<K>) {
  const { id, label, variant = 'page' } = slot;
  const key = useId();
  const [attempt, setAttempt] = useState(0);
  const server = useContext(ServerSlotsContext);
  if (!server) areaRendering(key);
  server?.used.add(id);
  const remote = id.split('/')[0] as RemoteName;
  // Already loaded (hydration, a second visit): rendered at once. Else a new lazy component per attempt:
  // React.lazy caches its (failed) promise for good.
  const Remote = useMemo(() => {
    void attempt;
    // The slot's public props are typed per id (RemoteSlotProps); inside, the component is opaque.
    const ready = loadedRemoteModule(id);
    if (ready) return ready.default as unknown as ComponentType<Record<string, unknown>>;
    return lazy(async () => {
      if (server?.skip.has(remote)) throw new Error(`remote ${remote} is left to the browser`);
      try {
        const mod = await loadRemoteModule(id);
        return { default: mod.default as unknown as ComponentType<Record<string, unknown>> };
      } catch (error) {
        server?.failed.add(remote);
        throw error;
      }
    });
  }, [id, attempt, server, remote]);
  const retry = () => {
    resetRemote(id.split('/')[0] as RemoteName);
    setAttempt((n) => n + 1);
  };
  const props = (slot.props ?? {}) as Record<string, unknown>;
  return (
    <AreaKeyContext value={key}>
      <ErrorBoundary
        key={attempt}
        onError={(error) => console.error(`remote area ${id} failed`, error)}
        fallback={({ error }) => (
          <RemoteFallback label={label} error={error} onRetry={retry} variant={variant} />
        )}
      >
        <Suspense
          fallback={
            variant === 'page' ? (
              <div className="grid min-h-[50vh] place-items-center" data-testid="remote-loading">
                <Spinner label={`Loading ${label}`} />
              </div>
            ) : null
          }
        >
          <Committed>
            <Remote {...props} />
          </Committed>
        </Suspense>
      </ErrorBoundary>
    </AreaKeyContext>
  );
}
