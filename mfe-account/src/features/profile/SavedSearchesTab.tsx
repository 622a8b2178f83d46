/**
 * The profile's Saved searches tab (issue 24): each search's name, its filters in words, how and how often
 * its alerts come and whether they are on (off once unsubscribed); a link reopening the listing with its
 * filters; Delete behind the shared confirmation.
 */
import type { SavedSearch } from '@marketplace/contracts';
import { formatIndianDate, Spinner, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { ConfirmDialog } from '@marketplace/ui/overlays';
import { Link } from '@marketplace/ui/router';
import { useEffect, useState } from 'react';
import { deleteSavedSearch, fetchBrandNames, fetchSavedSearches } from '../../api/buyers';
import { channelsText, filtersSummary, frequencyText } from '../../lib/saved-search-summary';

/** The saved-searches tab's content. */
export function SavedSearchesTab() {
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const [brands, setBrands] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSavedSearches().then(
      (list) => {
        if (!live) return;
        setSearches(list);
        if (list.some((s) => s.query.includes('brands=')))
          void fetchBrandNames().then((names) => live && setBrands(names));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const message = await deleteSavedSearch(deleting._id);
      setSearches((now) => now?.filter((s) => s._id !== deleting._id) ?? null);
      toast.success(message || 'Saved search deleted', { duration: TOAST_AUTO_CLOSE_MS });
      setDeleting(null);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  if (failed) return <p role="alert">We couldn't load your saved searches.</p>;
  if (!searches) return <Spinner label="Loading your saved searches" />;
  if (!searches.length) {
    return (
      <div className="acc:rounded-2xl acc:border acc:border-dashed acc:border-slate-300 acc:p-8 acc:text-center acc:dark:border-slate-600">
        <p className="acc:font-semibold">No saved searches yet.</p>
        <p className="acc:mt-1 acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
          Filter the cars on Buy a car, then “Save this search” to hear of new matches.
        </p>
        <Link
          to="/buy-a-car"
          className="acc:mt-3 acc:inline-block acc:font-semibold acc:text-brand-700 acc:underline acc:dark:text-brand-200"
        >
          Find cars
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="acc:grid acc:gap-4">
        {searches.map((search) => (
          <li
            key={search._id}
            className="acc:rounded-2xl acc:border acc:border-slate-200 acc:bg-white acc:p-4 acc:dark:border-slate-700 acc:dark:bg-slate-900"
          >
            <div className="acc:flex acc:flex-wrap acc:items-start acc:justify-between acc:gap-3">
              <div className="acc:min-w-0">
                <h3 className="acc:font-semibold">{search.name}</h3>
                <p className="acc:mt-1 acc:text-sm acc:text-slate-700 acc:dark:text-slate-200">
                  {filtersSummary(search.query, brands)}
                </p>
              </div>
              <span
                className={
                  search.alerts
                    ? 'acc:rounded-full acc:bg-emerald-100 acc:px-3 acc:py-1 acc:text-xs acc:font-semibold acc:text-emerald-900'
                    : 'acc:rounded-full acc:bg-slate-200 acc:px-3 acc:py-1 acc:text-xs acc:font-semibold acc:text-slate-800'
                }
              >
                {search.alerts ? 'Alerts on' : 'Alerts off'}
              </span>
            </div>
            <dl className="acc:mt-3 acc:grid acc:gap-x-6 acc:gap-y-1 acc:text-sm acc:sm:grid-cols-3">
              <div>
                <dt className="acc:text-xs acc:text-slate-600 acc:dark:text-slate-300">Tell me by</dt>
                <dd>{channelsText(search.channels)}</dd>
              </div>
              <div>
                <dt className="acc:text-xs acc:text-slate-600 acc:dark:text-slate-300">How often</dt>
                <dd>{frequencyText(search.frequency)}</dd>
              </div>
              <div>
                <dt className="acc:text-xs acc:text-slate-600 acc:dark:text-slate-300">Saved</dt>
                <dd>{formatIndianDate(search.createdAt) ?? ''}</dd>
              </div>
            </dl>
            <div className="acc:mt-3 acc:flex acc:flex-wrap acc:gap-2">
              <Link
                to={`/buy-a-car?${search.query}`}
                className="acc:inline-flex acc:min-h-11 acc:items-center acc:rounded-lg acc:px-3 acc:text-sm acc:font-semibold acc:text-brand-700 acc:hover:bg-slate-100 acc:dark:text-brand-200 acc:dark:hover:bg-slate-800"
              >
                Show cars<span className="acc:sr-only"> for {search.name}</span>
              </Link>
              <button
                type="button"
                onClick={() => setDeleting(search)}
                className="acc:inline-flex acc:min-h-11 acc:items-center acc:rounded-lg acc:px-3 acc:text-sm acc:font-semibold acc:text-red-700 acc:hover:bg-red-50 acc:dark:text-red-300 acc:dark:hover:bg-slate-800"
              >
                Delete<span className="acc:sr-only"> {search.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        busy={busy}
      />
    </>
  );
}
