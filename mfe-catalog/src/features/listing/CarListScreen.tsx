/**
 * /buy-a-car (spec §2 "Car listing page", issue 9): the filter panel, 9 cars a page with pagination (3 page
 * links, previous and next), the TOP BRANDS strip, a testimonial and the FAQ block. Filters and page live in
 * the URL; a filter change reloads the listing and returns to page 1 (docs/adr/0008); an empty result says
 * so and offers to clear the filters.
 */
import {
  Button,
  cn,
  ErrorBoundary,
  formatIndianNumber,
  PAGE_SIZE,
  Pagination,
  Spinner,
  useMediaQuery,
  usePageMeta,
} from '@marketplace/ui';
import { useSearchParams } from '@marketplace/ui/router';
import {
  keepPreviousData,
  QueryErrorResetBoundary,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Suspense, use, useMemo, useRef, useState } from 'react';
import { brandQueries } from '../../api/brands';
import { type CarPage, type CarSearchQuery, carQueries } from '../../api/cars';
import { CarGrid } from '../../components/CatalogCarCard';
import { FaqList, LISTING_FAQS } from '../../components/FaqList';
import { Testimonial } from '../../components/Testimonial';
import { FilterPanel } from './FilterPanel';
import {
  activeFilterCount,
  apiQuery,
  applyFilterChange,
  type FilterPatch,
  filterQuery,
  readFilters,
  SORTS,
} from './filters';
import { SaveSearchButton } from './SaveSearchButton';

const LISTING_META = {
  title: 'Buy a used car',
  description:
    'Browse inspected used cars for sale across India. Filter by brand, model, monthly budget, fuel, transmission, price, kilometres, body type, owners, year and city.',
};

/** The listing when it cannot be loaded (network or server error), with Try again. */
function ListingError({ retry }: { retry(): void }) {
  return (
    <div className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:py-8 cat:sm:px-6 cat:lg:px-8">
      <h1 className="cat:text-3xl cat:font-black cat:tracking-tight">Buy a used car</h1>
      <div
        role="alert"
        className="cat:mt-6 cat:rounded-2xl cat:border cat:border-slate-200 cat:p-8 cat:text-center cat:dark:border-slate-700"
      >
        <p className="cat:font-semibold">We couldn't load the cars.</p>
        <Button className="cat:mt-4" onClick={retry}>
          Try again
        </Button>
      </div>
    </div>
  );
}

/**
 * The car listing with filters: rendered with its data on the server; in the browser a filter change keeps
 * the current cars on screen (dimmed) until the new page of results arrives.
 */
export function CarListScreen() {
  usePageMeta(LISTING_META);
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} fallback={({ reset: retry }) => <ListingError retry={retry} />}>
          <Suspense
            fallback={
              <div className="cat:grid cat:min-h-[80vh] cat:place-items-center">
                <Spinner label="Loading cars" />
              </div>
            }
          >
            <CarListing />
          </Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/**
 * One page of results for `query`. The first time (on the server, or a visit with an empty cache) it
 * suspends until the page is there; after that a new query keeps the current results on screen
 * (`updating`) until its own arrive, so a filter change shows at once in the panel and never blanks the
 * listing. A failed fetch is thrown to the screen's error boundary (Try again).
 */
function useCarSearch(query: CarSearchQuery): { page: CarPage; updating: boolean } {
  const queryClient = useQueryClient();
  const options = carQueries.search(query);
  const result = useQuery({ ...options, placeholderData: keepPreviousData, throwOnError: true });
  const page = result.data ?? use(queryClient.ensureQueryData(options));
  return { page, updating: result.isPlaceholderData };
}

/** Where the filter panel stands beside the results instead of behind its button: Tailwind's `lg`. */
const WIDE_SCREEN = '(min-width: 1024px)';

function CarListing() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const { data: brands } = useSuspenseQuery(brandQueries.listed());
  // With the facets: the panel shows what each brand, fuel, transmission and body type would find.
  const { page: shown, updating: loading } = useCarSearch({
    ...apiQuery(filters),
    limit: PAGE_SIZE,
    facets: 'true',
  });
  const [panelOpen, setPanelOpen] = useState(false);
  // The filter controls (~400 elements) are made where they show: beside the results from 1024 px (Tailwind's
  // `lg`), on a phone once the panel is opened. The server's HTML leaves them out, so a phone's first paint
  // parses and styles only what it shows; a wide screen fills the panel right after hydration.
  const wide = useMediaQuery(WIDE_SCREEN);
  const resultsRef = useRef<HTMLDivElement>(null);

  // From the URL as it is now, not as this render saw it: two quick changes (minimum, then maximum price)
  // both stay.
  const change = (patch: FilterPatch) =>
    setParams((current) => filterQuery(applyFilterChange(readFilters(current), patch)));
  const clearAll = () => setParams({});
  const goToPage = (page: number) => {
    setParams((current) => filterQuery({ ...readFilters(current), page }));
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const total = shown.totalLength;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  const active = activeFilterCount(filters);
  const topBrands = brands.filter((b) => b.logo).slice(0, 8);
  const brandNames = useMemo(() => new Map(brands.map((b) => [b._id, b.name])), [brands]);

  return (
    <div className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:py-8 cat:sm:px-6 cat:lg:px-8">
      <h1 className="cat:text-3xl cat:font-black cat:tracking-tight">Buy a used car</h1>
      <p className="cat:mt-1 cat:text-slate-600 cat:dark:text-slate-300">
        Inspected cars from trusted sellers, with a free test drive.
      </p>

      <div className="cat:mt-6 cat:grid cat:gap-8 cat:lg:grid-cols-[18rem_1fr]">
        <aside aria-label="Filters">
          <button
            type="button"
            aria-expanded={panelOpen}
            aria-controls="catalog-filter-panel"
            onClick={() => setPanelOpen((o) => !o)}
            className="cat:flex cat:w-full cat:items-center cat:justify-between cat:rounded-lg cat:border cat:border-slate-300 cat:px-4 cat:py-2 cat:font-semibold cat:lg:hidden cat:dark:border-slate-600"
          >
            <span>Filters{active ? ` (${active})` : ''}</span>
            <span aria-hidden="true">{panelOpen ? '▲' : '▼'}</span>
          </button>
          <div
            id="catalog-filter-panel"
            className={cn(
              'cat:mt-4 cat:rounded-2xl cat:border cat:border-slate-200 cat:bg-white cat:p-4 cat:lg:mt-0 cat:lg:block cat:dark:border-slate-700 cat:dark:bg-slate-900',
              panelOpen ? 'cat:block' : 'cat:hidden',
            )}
          >
            <div className="cat:mb-4 cat:flex cat:items-center cat:justify-between">
              <h2 className="cat:font-bold">Filters</h2>
              {active ? (
                <button
                  type="button"
                  onClick={clearAll}
                  className="cat:text-sm cat:font-semibold cat:text-brand-700 cat:hover:underline cat:dark:text-brand-200"
                >
                  Clear all
                </button>
              ) : null}
            </div>
            {panelOpen || wide ? (
              <FilterPanel filters={filters} brands={brands} facets={shown.facets} onChange={change} />
            ) : null}
          </div>
        </aside>

        <section aria-labelledby="catalog-results" className="cat:min-w-0">
          <div
            ref={resultsRef}
            className="cat:flex cat:scroll-mt-24 cat:flex-wrap cat:items-center cat:justify-between cat:gap-3"
          >
            <h2 id="catalog-results" className="cat:text-lg cat:font-semibold" aria-live="polite">
              {`${formatIndianNumber(total)} ${total === 1 ? 'car' : 'cars'} found`}
            </h2>
            <div className="cat:flex cat:flex-wrap cat:items-center cat:gap-3">
              <SaveSearchButton filters={filters} activeFilters={active} brandNames={brandNames} />
              <label className="cat:flex cat:items-center cat:gap-2 cat:text-sm">
                Sort by
                <select
                  value={filters.sort}
                  onChange={(e) => change({ sort: e.target.value as typeof filters.sort })}
                  className="cat:rounded-lg cat:border cat:border-slate-300 cat:bg-white cat:px-3 cat:py-2 cat:dark:border-slate-600 cat:dark:bg-slate-800"
                >
                  {SORTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>

          <div className="cat:mt-4" aria-busy={loading}>
            {shown.cars.length === 0 ? (
              <div className="cat:rounded-2xl cat:border cat:border-dashed cat:border-slate-300 cat:p-10 cat:text-center cat:dark:border-slate-600">
                {total > 0 ? (
                  <>
                    <p className="cat:text-lg cat:font-semibold">There are no cars on page {filters.page}.</p>
                    <Button className="cat:mt-4" onClick={() => goToPage(1)}>
                      Go to the first page
                    </Button>
                  </>
                ) : (
                  <>
                    <p className="cat:text-lg cat:font-semibold">No cars match your filters.</p>
                    <p className="cat:mt-1 cat:text-slate-600 cat:dark:text-slate-300">
                      Try fewer filters or a wider price range.
                    </p>
                    {active ? (
                      <Button className="cat:mt-4" onClick={clearAll}>
                        Clear filters
                      </Button>
                    ) : null}
                  </>
                )}
              </div>
            ) : (
              <div className={cn('cat:transition-opacity', loading && 'cat:opacity-60')}>
                <CarGrid cars={shown.cars} priorityCount={1} />
              </div>
            )}
          </div>

          {pageCount > 1 ? (
            <div className="cat:mt-8">
              <Pagination page={filters.page} pageCount={pageCount} onChange={goToPage} />
            </div>
          ) : null}
        </section>
      </div>

      {topBrands.length ? (
        <section aria-labelledby="catalog-top-brands" className="cat:mt-16">
          <h2
            id="catalog-top-brands"
            className="cat:text-xs cat:font-bold cat:tracking-wider cat:text-slate-700 cat:uppercase cat:dark:text-slate-200"
          >
            Top brands
          </h2>
          <ul className="cat:mt-4 cat:flex cat:flex-wrap cat:items-center cat:gap-6">
            {topBrands.map((b) => (
              <li key={b._id} className="cat:flex cat:items-center cat:gap-2 cat:text-sm cat:font-medium">
                <img
                  src={b.logo?.url}
                  alt=""
                  loading="lazy"
                  width={28}
                  height={28}
                  className="cat:size-7 cat:object-contain"
                />
                {b.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-label="What our customers say" className="cat:mt-16">
        <Testimonial />
      </section>

      <section aria-labelledby="catalog-faq" className="cat:mx-auto cat:mt-16 cat:max-w-3xl">
        <h2 id="catalog-faq" className="cat:mb-4 cat:text-2xl cat:font-bold">
          Frequently asked questions
        </h2>
        <FaqList faqs={LISTING_FAQS} />
      </section>
    </div>
  );
}
