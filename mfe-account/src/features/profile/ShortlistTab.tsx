/**
 * The profile's Shortlist tab (issue 24): the user's shortlisted cars as cards, newest first, a car no
 * longer for sale marked "Sold" or "No longer listed"; each can be removed (the heart, or Remove) and
 * selected for "Compare selected" (2 to 4 cars), which opens the comparison.
 */
import type { ShortlistEntry } from '@marketplace/contracts';
import {
  Button,
  CarCard,
  COMPARE_MAX,
  COMPARE_MIN,
  compareHref,
  Spinner,
  useShortlistStore,
} from '@marketplace/ui';
import { Link, useNavigate } from '@marketplace/ui/router';
import { useEffect, useState } from 'react';
import { fetchShortlist } from '../../api/buyers';

const BADGES: Record<ShortlistEntry['availability'], string | undefined> = {
  for_sale: undefined,
  sold: 'Sold',
  removed: 'No longer listed',
};

/** The shortlist tab's content. */
export function ShortlistTab() {
  const ids = useShortlistStore((s) => s.ids);
  const ready = useShortlistStore((s) => s.ready);
  const remove = useShortlistStore((s) => s.remove);
  const [entries, setEntries] = useState<ShortlistEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    fetchShortlist().then(
      (list) => live && setEntries(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <p role="alert">We couldn't load your shortlist.</p>;
  if (!entries) return <Spinner label="Loading your shortlist" />;
  // What the heart buttons removed since the load disappears at once.
  const shown = ready ? entries.filter((e) => ids.includes(e._id)) : entries;
  if (!shown.length) {
    return (
      <div className="acc:rounded-2xl acc:border acc:border-dashed acc:border-slate-300 acc:p-8 acc:text-center acc:dark:border-slate-600">
        <p className="acc:font-semibold">Your shortlist is empty.</p>
        <p className="acc:mt-1 acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
          Tap the heart on any car to keep it here.
        </p>
        <Link
          to="/buy-a-car"
          className="acc:mt-3 acc:inline-block acc:font-semibold acc:text-brand-700 acc:underline acc:dark:text-brand-200"
        >
          Browse cars
        </Link>
      </div>
    );
  }
  const chosen = selected.filter((id) => shown.some((e) => e._id === id));
  const canCompare = chosen.length >= COMPARE_MIN && chosen.length <= COMPARE_MAX;
  const toggle = (id: string) =>
    setSelected((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <div>
      <div className="acc:mb-4 acc:flex acc:flex-wrap acc:items-center acc:justify-between acc:gap-3">
        <p className="acc:text-sm acc:text-slate-600 acc:dark:text-slate-300" aria-live="polite">
          {shown.length} {shown.length === 1 ? 'car' : 'cars'} · {chosen.length} selected (pick {COMPARE_MIN}
          {' to '}
          {COMPARE_MAX} to compare)
        </p>
        <Button disabled={!canCompare} onClick={() => navigate(compareHref(chosen))} className="acc:min-h-11">
          Compare selected
        </Button>
      </div>
      <ul className="acc:grid acc:gap-6 acc:sm:grid-cols-2 acc:xl:grid-cols-3">
        {shown.map((entry) => {
          const name = `${entry.brand.name} ${entry.model.name}`;
          return (
            <li key={entry._id} className="acc:flex">
              <CarCard
                car={entry}
                badge={BADGES[entry.availability]}
                noCompare
                renderLink={({ href, className, children }) => (
                  <Link to={href} className={className}>
                    {children}
                  </Link>
                )}
                actions={
                  <>
                    <label className="acc:flex acc:min-h-11 acc:cursor-pointer acc:items-center acc:gap-2 acc:px-2 acc:text-sm">
                      <input
                        type="checkbox"
                        checked={chosen.includes(entry._id)}
                        onChange={() => toggle(entry._id)}
                        className="acc:size-4 acc:accent-brand-600"
                      />
                      Select<span className="acc:sr-only"> {name} to compare</span>
                    </label>
                    <Button variant="ghost" onClick={() => void remove(entry._id)} className="acc:min-h-11">
                      Remove<span className="acc:sr-only"> {name}</span>
                    </Button>
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
