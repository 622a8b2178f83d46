/**
 * The heart of a car card and a car page (issue 24): a toggle button (`aria-pressed`) labelled
 * "Shortlist <car>" or "Remove <car> from shortlist", with a 44×44 px touch target. It reads and changes
 * the shared shortlist store, so every heart of the same car on the page agrees.
 */
import { useShortlistStore } from '../stores/shortlist';
import { cn } from './cn';

/** Props of {@link ShortlistButton}. */
export interface ShortlistButtonProps {
  carId: string;
  /** The car's name as the label reads it ('Maruti Suzuki Swift'). */
  carName: string;
  className?: string;
}

/** Heart toggle adding the car to the shortlist or removing it. */
export function ShortlistButton({ carId, carName, className }: ShortlistButtonProps) {
  const on = useShortlistStore((s) => s.ids.includes(carId));
  const toggle = useShortlistStore((s) => s.toggle);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? `Remove ${carName} from shortlist` : `Shortlist ${carName}`}
      title={on ? 'Remove from shortlist' : 'Shortlist'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void toggle(carId);
      }}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-rose-600 shadow-sm transition hover:bg-rose-50',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-900/90 dark:text-rose-400',
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-6"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.4-9.3-9.2C1.6 8.2 3.5 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.5 0 5.4 3.7 4.3 6.8-1.8 4.8-9.3 9.2-9.3 9.2z" />
      </svg>
    </button>
  );
}
