/**
 * /car-details/:carId (spec §2 "Car detail page", issue 9): 'Loading...' until the car is loaded; the photo
 * carousel; title brand + model + variant; badges; the four lines with 'Parked at {city}'; 'Rs.{price}'; the
 * 'book free test drive' button (guest → login dialog, user → mfe-account's test-drive modal, through the
 * shared store); KNOW YOUR CAR; the spec grid; Car Features; Inspection Report. Any missing value is 'N/A'.
 * Issue 25 adds the price insight badge by the price, "Is this a fair price?" with its chart, the EMI
 * calculator and, at the bottom, similar cars (PriceSections). An unknown id shows a not-found state.
 */
import type { Car } from '@marketplace/contracts';
import {
  Button,
  buttonClasses,
  CompareButton,
  compareItemOf,
  ErrorBoundary,
  formatIndianNumber,
  formatKm,
  formatRupees,
  ShortlistButton,
  usePageMeta,
  usePageStatus,
} from '@marketplace/ui';
import { Link, useParams } from '@marketplace/ui/router';
import { QueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { carQueries } from '../../api/cars';
import { Icon } from '../../components/Icon';
import { carTitle } from '../../lib/car-title';
import { carJsonLd } from '../../lib/structured-data';
import { bookTestDrive } from './booking';
import { PhotoCarousel } from './PhotoCarousel';
import { PriceBadge } from './PriceBadge';
import { PRICE_INSIGHT_ID, PriceSections, SimilarCars, usePriceInsight } from './PriceSections';
import { specRows } from './present';
import { Section } from './Section';

/** 'used' → 'Used'. */
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

const knowYourCar = [
  {
    icon: 'wrench' as const,
    title: 'Regularly Serviced',
    text: 'Serviced on schedule at authorised workshops.',
  },
  { icon: 'brush' as const, title: 'Original Paint', text: 'Factory paint with no major repainting.' },
  { icon: 'tyre' as const, title: '100% Tyre Life Remaining', text: 'Tyres with full tread depth left.' },
];

function CarView({ car }: { car: Car }) {
  const title = carTitle(car);
  const insight = usePriceInsight(car._id);
  const lines: ReactNode[] = [
    'Home test drive available',
    `Parked at ${car.location.city || 'N/A'}`,
    <a
      key="report"
      href="#inspection-report"
      className="cat:text-brand-700 cat:underline cat:dark:text-brand-200"
    >
      View inspection report
    </a>,
    'Get Services History report',
  ];
  return (
    <div className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:py-8 cat:sm:px-6 cat:lg:px-8">
      <nav
        aria-label="Breadcrumb"
        className="cat:mb-4 cat:text-sm cat:text-slate-600 cat:dark:text-slate-300"
      >
        <Link to="/buy-a-car" className="cat:hover:underline">
          Buy a car
        </Link>{' '}
        / <span aria-current="page">{title}</span>
      </nav>
      <div className="cat:grid cat:gap-8 cat:lg:grid-cols-[3fr_2fr]">
        <PhotoCarousel images={car.images} label={title} />
        <div className="cat:flex cat:flex-col cat:gap-4">
          <div className="cat:flex cat:items-start cat:justify-between cat:gap-3">
            <h1 className="cat:text-3xl cat:font-black cat:tracking-tight">{title}</h1>
            <ShortlistButton carId={car._id} carName={title} />
          </div>
          <ul aria-label="Highlights" className="cat:flex cat:flex-wrap cat:gap-2">
            {[
              formatKm(car.specifications.kmDriven),
              car.fuelType,
              car.transmission,
              statusLabel(car.status),
            ].map((b) => (
              <li
                key={b}
                className="cat:rounded-full cat:bg-slate-100 cat:px-3 cat:py-1 cat:text-sm cat:font-medium cat:dark:bg-slate-800"
              >
                {b || 'N/A'}
              </li>
            ))}
          </ul>
          <ul className="cat:space-y-2 cat:text-sm">
            {lines.map((line, i) => (
              <li key={i} className="cat:flex cat:items-center cat:gap-2">
                <span aria-hidden="true" className="cat:text-emerald-600">
                  ✓
                </span>
                {line}
              </li>
            ))}
          </ul>
          <p className="cat:text-3xl cat:font-bold cat:text-brand-700 cat:dark:text-brand-200">
            Rs.{formatIndianNumber(car.price)}
          </p>
          <PriceBadge insight={insight} href={`#${PRICE_INSIGHT_ID}`} />
          <Button className="cat:w-full cat:py-3 cat:text-base" onClick={() => bookTestDrive(car._id)}>
            Book free test drive
          </Button>
          <CompareButton car={compareItemOf(car)} className="cat:self-start" />
          {car.description ? (
            <p className="cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">{car.description}</p>
          ) : null}
        </div>
      </div>

      <div className="cat:mt-10 cat:grid cat:gap-6">
        <PriceSections car={car} insight={insight} />

        <Section title="KNOW YOUR CAR">
          <ul className="cat:grid cat:gap-4 cat:sm:grid-cols-3">
            {knowYourCar.map((k) => (
              <li key={k.title} className="cat:rounded-xl cat:bg-slate-50 cat:p-4 cat:dark:bg-slate-800">
                <Icon name={k.icon} />
                <h3 className="cat:mt-1 cat:font-semibold">{k.title}</h3>
                <p className="cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">{k.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Specifications" id="specifications">
          <dl className="cat:grid cat:grid-cols-2 cat:gap-x-6 cat:gap-y-4 cat:md:grid-cols-5">
            {specRows(car).map(([label, value]) => (
              <div key={label}>
                <dt className="cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">{label}</dt>
                <dd className="cat:font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section title="Car Features" id="features">
          {car.variant.features.length ? (
            <ul className="cat:grid cat:gap-2 cat:sm:grid-cols-2 cat:lg:grid-cols-3">
              {car.variant.features.map((f) => (
                <li key={f} className="cat:flex cat:gap-2 cat:text-sm">
                  <span aria-hidden="true" className="cat:text-emerald-600">
                    ✓
                  </span>
                  {f}
                </li>
              ))}
            </ul>
          ) : (
            <p className="cat:text-slate-600 cat:dark:text-slate-300">No features available</p>
          )}
        </Section>

        <Section title="Inspection Report" id="inspection-report">
          {car.inspectionReport.length ? (
            <ol className="cat:grid cat:gap-4 cat:md:grid-cols-2 cat:lg:grid-cols-3">
              {car.inspectionReport.map((entry, i) => (
                <li key={i} className="cat:rounded-xl cat:bg-slate-50 cat:p-4 cat:dark:bg-slate-800">
                  <h3 className="cat:font-semibold">Inspection {i + 1}</h3>
                  <dl className="cat:mt-2 cat:space-y-1 cat:text-sm">
                    {(
                      [
                        ['Tyre condition', entry.tyreCondition],
                        ['Engine condition', entry.engineCondition],
                        ['Warnings', entry.warnings],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label} className="cat:flex cat:justify-between cat:gap-3">
                        <dt className="cat:text-slate-600 cat:dark:text-slate-300">{label}</dt>
                        <dd className="cat:text-right cat:font-medium">{value || 'N/A'}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ol>
          ) : (
            <p className="cat:text-slate-600 cat:dark:text-slate-300">N/A</p>
          )}
        </Section>

        <SimilarCars carId={car._id} />
      </div>
    </div>
  );
}

/** The page of an unknown or removed car: the server answers it with 404. */
function CarNotFound() {
  usePageStatus(404);
  usePageMeta({
    title: 'Car not found',
    description: 'This car is no longer listed. Browse the inspected used cars for sale across India.',
    noindex: true,
  });
  return (
    <section className="cat:mx-auto cat:flex cat:max-w-xl cat:flex-col cat:items-center cat:px-4 cat:py-24 cat:text-center">
      <p className="cat:text-7xl cat:font-black cat:text-brand-600">404</p>
      <h1 className="cat:mt-4 cat:text-2xl cat:font-bold">Sorry, we couldn't find this car.</h1>
      <p className="cat:mt-2 cat:text-slate-600 cat:dark:text-slate-300">It may have been removed.</p>
      <Link to="/buy-a-car" className={buttonClasses('primary', 'cat:mt-8')}>
        Browse all cars
      </Link>
    </section>
  );
}

/** A found car: its head (title with year and price in rupees, first photo, JSON-LD) and its page. */
function CarPage({ car }: { car: Car }) {
  const title = carTitle(car);
  usePageMeta({
    title: `${title} ${car.manufacturerYear}${car.status === 'sold' ? ' (sold)' : ''} – ${formatRupees(car.price)}`,
    description: `${car.manufacturerYear} ${title} for ${formatRupees(car.price)} in ${car.location.city || 'India'}: ${formatKm(car.specifications.kmDriven)}, ${car.fuelType}, ${car.transmission}. Book a free test drive.`,
    canonicalPath: `/car-details/${car._id}`,
    ogType: 'product',
    ...(car.images[0] ? { image: car.images[0].url } : {}),
    jsonLd: (origin) => [carJsonLd(car, origin)],
  });
  return <CarView car={car} />;
}

/** The car, once loaded; a not-found state for an unknown id. */
function LoadedCar({ carId }: { carId: string }) {
  const { data: car } = useSuspenseQuery(carQueries.car(carId));
  return car ? <CarPage car={car} /> : <CarNotFound />;
}

/** Shown when the car could not be loaded (network, server error), with Try again. */
function CarLoadError({ reset }: { reset(): void }) {
  return (
    <section role="alert" className="cat:px-4 cat:py-24 cat:text-center">
      <p className="cat:text-lg cat:font-semibold">We couldn't load this car.</p>
      <Button className="cat:mt-4" onClick={reset}>
        Try again
      </Button>
    </section>
  );
}

/** One car's page: rendered with its data on the server, 'Loading...' while a client navigation fetches it. */
export function CarDetailsScreen() {
  const { carId = '' } = useParams();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          resetKey={carId}
          fallback={({ reset: retry }) => <CarLoadError reset={retry} />}
        >
          <Suspense
            fallback={
              <p
                role="status"
                className="cat:min-h-[80vh] cat:py-24 cat:text-center cat:text-lg cat:text-slate-600 cat:dark:text-slate-300"
              >
                Loading...
              </p>
            }
          >
            <LoadedCar carId={carId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
