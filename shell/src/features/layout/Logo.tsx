/** The CarBazaar wordmark with its car glyph; links home. */
import { Link } from '@marketplace/ui/router';

/** Logo link to `/`; `onDark` for a dark background (the footer), where the accent is lightened for contrast. */
export function Logo({ onNavigate, onDark = false }: { onNavigate?: () => void; onDark?: boolean }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight"
    >
      <span
        className="grid size-9 place-items-center rounded-xl bg-brand-600 text-white shadow-sm"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
          <path d="M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11h.5A1.5 1.5 0 0 1 21 12.5V17a1 1 0 0 1-1 1h-1a2 2 0 0 1-4 0H9a2 2 0 0 1-4 0H4a1 1 0 0 1-1-1v-4.5A1.5 1.5 0 0 1 4.5 11H5zm2.1 0h9.8l-1.2-3.7a.5.5 0 0 0-.5-.3H8.8a.5.5 0 0 0-.5.3L7.1 11zM7 15.5a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5zm10 0a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5z" />
        </svg>
      </span>
      <span>
        Car<span className={onDark ? 'text-brand-200' : 'text-brand-600 dark:text-brand-200'}>Bazaar</span>
      </span>
    </Link>
  );
}
