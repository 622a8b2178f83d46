/**
 * The listing's "Save this search" button (issue 24). A visitor is asked to sign in first (the shared login
 * dialog, as booking a test drive does) and the dialog opens once signed in; a search with no filter cannot
 * be saved (the button says why). The dialog is downloaded on first use.
 */
import { Button, TOAST_AUTO_CLOSE_MS, toast, useAuthStore, useLoginDialogStore } from '@marketplace/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ListingFilters } from './filters';
import { savedSearchQuery, suggestSearchName } from './search-name';

const SaveSearchDialog = lazy(() => import('./SaveSearchDialog'));

/** Props of {@link SaveSearchButton}. */
export interface SaveSearchButtonProps {
  filters: ListingFilters;
  /** How many filters are set (the sort order does not count). */
  activeFilters: number;
  /** Brand names by id, for the suggested name. */
  brandNames: ReadonlyMap<string, string>;
}

/** The button and, while open, the save-search dialog. */
export function SaveSearchButton({ filters, activeFilters, brandNames }: SaveSearchButtonProps) {
  const user = useAuthStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const [afterSignIn, setAfterSignIn] = useState(false);

  useEffect(() => {
    if (afterSignIn && user) {
      setAfterSignIn(false);
      setOpen(true);
    }
  }, [afterSignIn, user]);

  const start = () => {
    if (!activeFilters) {
      toast.info('Choose at least one filter, then save the search.', { duration: TOAST_AUTO_CLOSE_MS });
      return;
    }
    if (!useAuthStore.getState().user) {
      setAfterSignIn(true);
      useLoginDialogStore.getState().show();
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button variant="secondary" onClick={start} className="cat:min-h-11">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="cat:size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        Save this search
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog
            query={savedSearchQuery(filters)}
            suggestedName={suggestSearchName(filters, brandNames)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
