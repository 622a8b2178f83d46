/**
 * /compare?ids=a,b,c (issue 24): 2 to 4 cars side by side — photo, price, year, km, fuel, transmission, body
 * type, owners, insurance, city, engine and features. Rows whose values differ are highlighted and say so;
 * the best value of a row (lowest price, lowest km, newest year) is marked in words. The cars come from the
 * URL only (each by the car-by-id call), so the address can be shared and reopens the same comparison. On a
 * phone the columns scroll sideways under sticky row labels.
 */
import type { Car } from '@marketplace/contracts';
import {
  Button,
  buttonClasses,
  COMPARE_MAX,
  COMPARE_MIN,
  cn,
  ResponsiveImage,
  ShortlistButton,
  Spinner,
  TOAST_AUTO_CLOSE_MS,
  toast,
  useCompareStore,
  usePageMeta,
} from '@marketplace/ui';
import { Link, useSearchParams } from '@marketplace/ui/router';
import { useQueries } from '@tanstack/react-query';
import { carQueries } from '../../api/cars';
import { carTitle } from '../../lib/car-title';
import { bestIds, COMPARE_ROWS, differs, readCompareIds } from './compare-rows';

const META = {
  title: 'Compare cars',
  description: 'Compare used cars side by side: price, year, kilometres, fuel, features and more.',
  noindex: true,
};

/** The comparison page. */
export function CompareScreen() {
  usePageMeta(META);
  const [params, setParams] = useSearchParams();
  const ids = readCompareIds(params.get('ids'), COMPARE_MAX);
  const results = useQueries({ queries: ids.map((id) => carQueries.car(id)) });
  const removeFromTray = useCompareStore((s) => s.remove);

  const drop = (id: string) => {
    removeFromTray(id);
    const rest = ids.filter((other) => other !== id);
    setParams(rest.length ? { ids: rest.join(',') } : {});
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Link copied', { duration: TOAST_AUTO_CLOSE_MS });
    } catch {
      toast.info(`Copy this address: ${window.location.href}`, { duration: TOAST_AUTO_CLOSE_MS });
    }
  };

  const wrap = 'cat:mx-auto cat:max-w-7xl cat:px-4 cat:py-8 cat:sm:px-6 cat:lg:px-8';
  const heading = <h1 className="cat:text-3xl cat:font-black cat:tracking-tight">Compare cars</h1>;
  if (results.some((r) => r.isPending)) {
    return (
      <div className={wrap}>
        {heading}
        <div className="cat:grid cat:min-h-[50vh] cat:place-items-center">
          <Spinner label="Loading the cars" />
        </div>
      </div>
    );
  }
  if (results.some((r) => r.isError)) {
    return (
      <div className={wrap}>
        {heading}
        <div role="alert" className="cat:mt-6 cat:text-center">
          <p className="cat:font-semibold">We couldn't load the cars.</p>
          <Button
            className="cat:mt-4"
            onClick={() => {
              for (const r of results) if (r.isError) void r.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const cars = results.flatMap((r) => (r.data ? [r.data] : []));
  const missing = ids.length - cars.length;

  return (
    <div className={wrap}>
      <div className="cat:flex cat:flex-wrap cat:items-end cat:justify-between cat:gap-3">
        <div>
          {heading}
          <p className="cat:mt-1 cat:text-slate-600 cat:dark:text-slate-300">
            Up to {COMPARE_MAX} cars side by side. Rows that differ are highlighted.
          </p>
        </div>
        <div className="cat:flex cat:gap-2">
          {cars.length >= COMPARE_MIN ? (
            <Button variant="secondary" onClick={copyLink} className="cat:min-h-11">
              Copy link
            </Button>
          ) : null}
          <Link to="/buy-a-car" className={buttonClasses('secondary', 'cat:min-h-11')}>
            Add more cars
          </Link>
        </div>
      </div>
      {missing > 0 ? (
        <p
          role="status"
          className="cat:mt-4 cat:rounded-lg cat:bg-amber-50 cat:p-3 cat:text-sm cat:text-amber-900"
        >
          {missing === 1 ? 'One car of this comparison is' : `${missing} cars of this comparison are`} no
          longer listed.
        </p>
      ) : null}
      {cars.length < COMPARE_MIN ? (
        <div className="cat:mt-8 cat:rounded-2xl cat:border cat:border-dashed cat:border-slate-300 cat:p-10 cat:text-center cat:dark:border-slate-600">
          <p className="cat:text-lg cat:font-semibold">Pick at least {COMPARE_MIN} cars to compare.</p>
          <p className="cat:mt-1 cat:text-slate-600 cat:dark:text-slate-300">
            Use “Add to compare” on the cars you like, then Compare in the tray.
          </p>
          <Link to="/buy-a-car" className={buttonClasses('primary', 'cat:mt-4')}>
            Browse cars
          </Link>
        </div>
      ) : (
        <CompareTable cars={cars} onRemove={drop} />
      )}
    </div>
  );
}

/** The side-by-side table: a column per car, a row per attribute, row labels sticky on the left. */
function CompareTable({ cars, onRemove }: { cars: Car[]; onRemove(id: string): void }) {
  const label =
    'cat:sticky cat:left-0 cat:z-10 cat:w-28 cat:min-w-28 cat:border-r cat:border-slate-200 cat:p-3 cat:text-left cat:align-top cat:text-sm cat:font-semibold cat:sm:w-40 cat:dark:border-slate-700';
  return (
    <section
      className="cat:mt-6 cat:overflow-x-auto cat:rounded-2xl cat:border cat:border-slate-200 cat:dark:border-slate-700"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      aria-label="Comparison, scrolls sideways"
    >
      <table className="cat:w-full cat:min-w-max cat:border-collapse cat:bg-white cat:dark:bg-slate-900">
        <caption className="cat:sr-only">{cars.map((car) => carTitle(car)).join(' compared with ')}</caption>
        <thead>
          <tr>
            <td
              className={cn(
                label,
                'cat:bg-white cat:font-normal cat:text-slate-600 cat:dark:bg-slate-900 cat:dark:text-slate-300',
              )}
            >
              {cars.length} cars
            </td>
            {cars.map((car) => (
              <th
                key={car._id}
                scope="col"
                className="cat:w-40 cat:min-w-40 cat:max-w-64 cat:sm:w-56 cat:p-3 cat:text-left cat:align-top cat:font-normal"
              >
                <div className="cat:relative cat:aspect-[4/3] cat:overflow-hidden cat:rounded-xl cat:bg-slate-100 cat:dark:bg-slate-800">
                  {car.images[0] ? (
                    <ResponsiveImage
                      image={car.images[0]}
                      alt=""
                      sizes="240px"
                      width={320}
                      height={240}
                      className="cat:size-full cat:object-cover"
                    />
                  ) : null}
                  <ShortlistButton
                    carId={car._id}
                    carName={carTitle(car)}
                    className="cat:absolute cat:top-1 cat:right-1"
                  />
                </div>
                <Link
                  to={`/car-details/${car._id}`}
                  className="cat:mt-2 cat:block cat:font-semibold cat:text-slate-900 cat:hover:underline cat:dark:text-white"
                >
                  {carTitle(car)}
                </Link>
                <button
                  type="button"
                  onClick={() => onRemove(car._id)}
                  aria-label={`Remove ${carTitle(car)} from the comparison`}
                  className="cat:mt-1 cat:min-h-11 cat:text-sm cat:font-semibold cat:text-brand-700 cat:hover:underline cat:dark:text-brand-200"
                >
                  Remove
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARE_ROWS.map((row) => {
            const differ = differs(row, cars);
            const best = bestIds(row, cars);
            const tone = differ
              ? 'cat:bg-amber-50 cat:dark:bg-amber-950'
              : 'cat:bg-white cat:dark:bg-slate-900';
            return (
              <tr
                key={row.label}
                className={cn('cat:border-t cat:border-slate-200 cat:dark:border-slate-700', tone)}
              >
                <th scope="row" className={cn(label, tone)}>
                  {row.label}
                  {differ ? (
                    <span className="cat:mt-0.5 cat:block cat:text-xs cat:font-medium cat:text-amber-800 cat:dark:text-amber-200">
                      Differs
                    </span>
                  ) : null}
                </th>
                {cars.map((car) => (
                  <td key={car._id} className="cat:p-3 cat:align-top cat:text-sm">
                    {row.list ? (
                      row.list(car).length ? (
                        <ul className="cat:space-y-0.5">
                          {row.list(car).map((item) => (
                            <li key={item}>{item}</li>
                          ))}
                        </ul>
                      ) : (
                        'N/A'
                      )
                    ) : (
                      <span className={cn(best.has(car._id) && 'cat:font-bold')}>{row.text(car)}</span>
                    )}
                    {best.has(car._id) && row.best ? (
                      <span className="cat:mt-1 cat:flex cat:w-fit cat:items-center cat:gap-1 cat:rounded-full cat:bg-emerald-100 cat:px-2 cat:py-0.5 cat:text-xs cat:font-semibold cat:text-emerald-900 cat:dark:bg-emerald-900 cat:dark:text-emerald-100">
                        <span aria-hidden="true">★</span> {row.best.mark}
                      </span>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
