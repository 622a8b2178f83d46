/**
 * Toasts (sonner), loaded on first use: `toast.success|error|warning(message, options?)` and the `<Toaster>`
 * the shell mounts once. Sonner is not needed to show a page, only to report what a user did, so it stays
 * out of the JavaScript downloaded before the home page renders (≈10 KB gzip, `npm run bench:web-weight`).
 *
 * The first toast downloads sonner, mounts its Toaster and then shows the message (sonner replays toasts
 * raised before its Toaster subscribed). Same call shape as sonner's `toast.*`; options are sonner's
 * `ExternalToast` (duration in ms, description, id, …).
 */
import { type ComponentProps, lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast, Toaster as SonnerToaster } from 'sonner';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'warning' | 'info';

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** Downloads sonner once (later calls share the same promise). */
function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  want();
  loadSonner().then(
    (m) => m.toast[kind](message, options),
    (error: unknown) => console.error('could not load toasts; message was:', message, error),
  );
}

/** Raises a toast: `toast.success('Saved')`, `toast.error(message, { duration: 5000 })`. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};

const LazySonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sonner's Toaster (same props), rendered from the first toast on; nothing before. */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazySonnerToaster {...props} />
    </Suspense>
  );
}
