/** The global loading indicator (a bar under the header while calls run) and the `/loading` page. */
import { FullScreenLoader, useLoadingStore } from '@marketplace/ui';

/** A thin animated bar at the top of the viewport while the loading store is busy. */
export function GlobalLoadingBar() {
  const isLoading = useLoadingStore((s) => s.isLoading);
  if (!isLoading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

/** `/loading` (spec §2): the full-screen loading indicator. */
export function LoadingPage() {
  return <FullScreenLoader label="Loading" />;
}
