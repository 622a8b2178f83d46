/**
 * The compare tray (issue 24): fixed at the bottom of every public page while the buyer has picked cars to
 * compare ("Add to compare" on cards and car pages). It shows the picked cars (at most COMPARE_MAX), each with
 * a remove button, and "Compare", enabled from COMPARE_MIN cars, which opens `/compare?ids=…`. Loaded
 * lazily by the app the first time the tray has a car, so pages without one never download it.
 */
import {
  Button,
  buttonClasses,
  COMPARE_MAX,
  COMPARE_MIN,
  compareHref,
  useCompareStore,
} from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';

/** The tray; nothing while it is empty. */
export default function CompareTray() {
  const items = useCompareStore((s) => s.items);
  const remove = useCompareStore((s) => s.remove);
  const clear = useCompareStore((s) => s.clear);
  if (!items.length) return null;
  const ready = items.length >= COMPARE_MIN;
  return (
    <>
      {/* Room under the footer, so the tray never hides the page's last lines. */}
      <div aria-hidden="true" className="h-36 sm:h-24" />
      <section
        aria-label="Compare tray"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6 lg:px-8">
          <h2 className="shrink-0 text-sm font-semibold">
            Compare{' '}
            <span className="font-normal text-slate-600 dark:text-slate-300">
              ({items.length} of {COMPARE_MAX})
            </span>
          </h2>
          <ul className="flex min-w-0 flex-1 gap-2 overflow-x-auto">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex shrink-0 items-center gap-2 rounded-lg border border-slate-200 bg-white py-1 pr-1 pl-1 text-sm dark:border-slate-700 dark:bg-slate-800"
              >
                {item.image ? (
                  <img src={item.image} alt="" className="h-9 w-12 rounded object-cover" loading="lazy" />
                ) : null}
                <span className="max-w-32 truncate font-medium sm:max-w-44">{item.name}</span>
                <button
                  type="button"
                  onClick={() => remove(item.id)}
                  aria-label={`Remove ${item.name} from compare`}
                  className="grid size-11 place-items-center rounded-md text-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="flex shrink-0 items-center gap-2">
            <Button variant="ghost" onClick={clear}>
              Clear
            </Button>
            {ready ? (
              <Link
                to={compareHref(items.map((i) => i.id))}
                className={buttonClasses('primary', 'min-h-11 flex-1 sm:flex-none')}
              >
                Compare {items.length} cars
              </Link>
            ) : (
              <Button disabled className="min-h-11 flex-1 sm:flex-none">
                Add {COMPARE_MIN - items.length} more to compare
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
