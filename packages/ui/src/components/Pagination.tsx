/**
 * Page links with a window of 3 (spec §9): Previous, up to three numbered pages around the current one,
 * Next. `pageCount` is the total divided by the page size, rounded up.
 */
import { PAGINATION_WINDOW } from '../constants';
import { cn } from './cn';

/** The page numbers shown for `page` (1-based) out of `pageCount`. */
export function pageWindow(page: number, pageCount: number, size = PAGINATION_WINDOW): number[] {
  if (pageCount <= 0) return [];
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  const last = Math.min(pageCount, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
}

/** A pagination bar; renders nothing for a single page. */
export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  const base = 'min-w-9 rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-40';
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-1">
      <button
        type="button"
        className={cn(base, 'hover:bg-slate-100 dark:hover:bg-slate-800')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </button>
      {pageWindow(page, pageCount).map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          className={cn(
            base,
            n === page ? 'bg-brand-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
          )}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={cn(base, 'hover:bg-slate-100 dark:hover:bg-slate-800')}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
