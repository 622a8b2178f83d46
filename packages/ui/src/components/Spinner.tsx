/** Loading indicators: an inline spinner and the full-screen overlay of `/loading` (spec §2). */
import { cn } from './cn';

/** A spinning ring with an accessible label. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
      <span className="block size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
    </span>
  );
}

/** A spinner centred over the whole viewport. */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-white/80 dark:bg-slate-950/80">
      <Spinner label={label} className="scale-150" />
    </div>
  );
}
