/**
 * The car card of the home grid and the listing (spec §2 "Home page"): first image (responsive, lazy), brand
 * and model, year, km driven, fuel, transmission, price in lakh as people read it ('₹5.75 lakh', the exact
 * rupees in its title) with "EMI from ₹X/month" on the default loan (issue 25), the placeholder rating 4.7 (245 reviews); the whole card links to `/car-details/{id}`. Beside the link (a
 * button is never inside a link): the shortlist heart over the photo and "Add to compare" under the card
 * (issue 24).
 */
import type { Car, PriceBand } from '@marketplace/contracts';
import { PRICE_BANDS_MAX_IDS } from '@marketplace/contracts/vocabulary';
import {
  CompareButton,
  compareItemOf,
  defaultEmi,
  formatKm,
  formatLakh,
  formatRupees,
  PLACEHOLDER_RATING,
  PLACEHOLDER_REVIEW_COUNT,
  ResponsiveImage,
  ShortlistButton,
  useHydrated,
} from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';
import { useQuery } from '@tanstack/react-query';
import { pricingQueries } from '../api/pricing';
import { BAND_BADGES } from '../lib/price-band';

/** Width the card image is shown at in the 1/2/3-column grids. */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';

/** One car in a grid; `band` (its price insight's, when known) shows as a badge over the photo. */
export function CatalogCarCard({
  car,
  priority = false,
  band,
}: {
  car: Car;
  priority?: boolean;
  band?: PriceBand | undefined;
}) {
  const image = car.images[0];
  const badge = band && band !== 'unknown' ? BAND_BADGES[band] : undefined;
  return (
    <div className="cat:relative cat:flex cat:w-full cat:flex-col cat:overflow-hidden cat:rounded-2xl cat:border cat:border-slate-200 cat:bg-white cat:shadow-sm cat:transition cat:hover:-translate-y-0.5 cat:hover:shadow-md cat:dark:border-slate-700 cat:dark:bg-slate-900">
      <Link
        to={`/car-details/${car._id}`}
        className="cat:group cat:flex cat:flex-1 cat:flex-col cat:rounded-t-2xl cat:focus-visible:outline-2 cat:focus-visible:outline-offset-2 cat:focus-visible:outline-brand-600"
      >
        <div className="cat:aspect-[4/3] cat:overflow-hidden cat:bg-slate-100 cat:dark:bg-slate-800">
          {image ? (
            <ResponsiveImage
              image={image}
              alt={`${car.manufacturerYear} ${car.brand.name} ${car.model.name}`}
              sizes={CARD_IMAGE_SIZES}
              priority={priority}
              width={640}
              height={480}
              className="cat:size-full cat:object-cover cat:transition cat:duration-300 cat:group-hover:scale-105"
            />
          ) : null}
        </div>
        <div className="cat:flex cat:flex-1 cat:flex-col cat:gap-2 cat:p-4">
          <h3 className="cat:font-semibold cat:text-slate-900 cat:dark:text-white">
            {car.brand.name} {car.model.name}
          </h3>
          <p className="cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">
            {car.manufacturerYear} · {formatKm(car.specifications.kmDriven)} · {car.fuelType} ·{' '}
            {car.transmission}
          </p>
          <div className="cat:mt-auto cat:flex cat:items-center cat:justify-between cat:gap-2 cat:pt-2">
            <span
              title={formatRupees(car.price)}
              className="cat:text-lg cat:font-bold cat:text-brand-700 cat:dark:text-brand-200"
            >
              {formatLakh(car.price)}
            </span>
            <span className="cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
              <span aria-hidden="true" className="cat:text-amber-500">
                ★
              </span>{' '}
              {PLACEHOLDER_RATING} ({PLACEHOLDER_REVIEW_COUNT} reviews)
            </span>
          </div>
          <p className="cat:-mt-1 cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
            EMI from {formatRupees(defaultEmi(car.price))}/month
          </p>
        </div>
      </Link>
      {badge ? (
        // Over the photo, so a badge that arrives after hydration moves nothing (no layout shift).
        <span
          title={badge.meaning}
          className={`cat:pointer-events-none cat:absolute cat:top-3 cat:left-3 cat:rounded-full cat:px-2.5 cat:py-1 cat:text-xs cat:font-semibold cat:shadow-sm ${badge.tone}`}
        >
          {badge.label}
        </span>
      ) : null}
      <ShortlistButton
        carId={car._id}
        carName={`${car.brand.name} ${car.model.name}`}
        className="cat:absolute cat:top-2 cat:right-2"
      />
      <div className="cat:border-t cat:border-slate-100 cat:px-2 cat:py-1 cat:dark:border-slate-800">
        <CompareButton car={compareItemOf(car)} />
      </div>
    </div>
  );
}

/**
 * A responsive grid of car cards (1, 2 or 3 columns). The first `priorityCount` images load eagerly with high
 * priority (the listing's first card is the largest paint on a phone); the rest lazily. Once hydrated, the
 * cards' price bands come in one call for the whole grid (`getPriceBands`), never one per card; the server
 * renders the cards without them.
 */
export function CarGrid({ cars, priorityCount = 0 }: { cars: Car[]; priorityCount?: number }) {
  const hydrated = useHydrated();
  const { data: bands } = useQuery({
    ...pricingQueries.bands(cars.slice(0, PRICE_BANDS_MAX_IDS).map((car) => car._id)),
    enabled: hydrated && cars.length > 0,
  });
  return (
    <ul className="cat:grid cat:gap-6 cat:sm:grid-cols-2 cat:xl:grid-cols-3">
      {cars.map((car, i) => (
        <li key={car._id} className="cat:flex">
          <CatalogCarCard car={car} priority={i < priorityCount} band={bands?.[car._id]} />
        </li>
      ))}
    </ul>
  );
}
