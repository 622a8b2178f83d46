/**
 * Home (spec §2 "Home page", issue 9): the hero search (location and date required; Search opens
 * `/buy-a-car` with the location as the search term), service highlights, the Top Cars grid (newest six,
 * View All Cars), the category tiles filtering by body type, a testimonial and the app-download block.
 */
import type { BodyType } from '@marketplace/contracts';
import { buttonClasses, Spinner, todayInIndia, usePageMeta } from '@marketplace/ui';
import { Link, useNavigate } from '@marketplace/ui/router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, Suspense, useId } from 'react';
import { carQueries } from '../../api/cars';
import { CarGrid } from '../../components/CatalogCarCard';
import { Icon, type IconName } from '../../components/Icon';
import { Testimonial } from '../../components/Testimonial';
import { homeJsonLd } from '../../lib/structured-data';

/** How many cars the Top Cars grid shows: the newest six (spec §2). */
export const TOP_CARS = 6;

/** The Top Cars grid: rendered with its data on the server, fetched in the browser on client navigation. */
function TopCars() {
  const { data } = useSuspenseQuery(carQueries.search({ limit: TOP_CARS }));
  return data.cars.length ? (
    <CarGrid cars={data.cars} />
  ) : (
    <p className="cat:text-slate-600 cat:dark:text-slate-300">No cars are for sale right now.</p>
  );
}

const highlights = [
  {
    icon: 'shield' as const,
    title: '200-point inspection',
    text: 'Every car is checked by our engineers before it is listed.',
  },
  {
    icon: 'car' as const,
    title: 'Free test drive',
    text: 'At home or at the car, on a day and time that suit you.',
  },
  {
    icon: 'document' as const,
    title: 'Paperwork handled',
    text: 'RC transfer and insurance help, in about 1500 cities.',
  },
  {
    icon: 'rupee' as const,
    title: 'Fair prices',
    text: 'Prices in rupees, set from real market data. No hidden fees.',
  },
];

/** Category tiles (spec: Sedans, SUVs, Convertibles, Sports Cars) and the body type each filters by. */
const categories: { label: string; bodyType: BodyType; icon: IconName }[] = [
  { label: 'Sedans', bodyType: 'Sedan', icon: 'sedan' as const },
  { label: 'SUVs', bodyType: 'SUV', icon: 'suv' as const },
  { label: 'Convertibles', bodyType: 'Convertible', icon: 'convertible' as const },
  { label: 'Sports Cars', bodyType: 'Coupe', icon: 'sports' as const },
];

const field =
  'cat:mt-1 cat:w-full cat:rounded-lg cat:border cat:border-slate-300 cat:bg-white cat:px-3 cat:py-2 cat:text-slate-900 cat:focus:border-brand-500 cat:focus:outline-none cat:focus:ring-2 cat:focus:ring-brand-200 cat:dark:border-slate-600 cat:dark:bg-slate-800 cat:dark:text-slate-100';

/** The hero's search form: both fields required (spec §5); submits to the listing. */
function HeroSearch() {
  const navigate = useNavigate();
  const id = useId();
  const today = todayInIndia();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const location = String(new FormData(e.currentTarget).get('location') ?? '').trim();
    navigate(location ? `/buy-a-car?searchTerm=${encodeURIComponent(location)}` : '/buy-a-car');
  };
  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
      className="cat:rounded-2xl cat:bg-white cat:p-6 cat:text-slate-900 cat:shadow-xl cat:dark:bg-slate-900 cat:dark:text-slate-100"
    >
      <h2 id={`${id}-title`} className="cat:text-lg cat:font-semibold">
        Search cars near you
      </h2>
      <label className="cat:mt-4 cat:block cat:text-sm cat:font-medium">
        Location
        <input
          required
          name="location"
          placeholder="e.g. Bengaluru"
          autoComplete="address-level2"
          className={field}
        />
      </label>
      <label className="cat:mt-3 cat:block cat:text-sm cat:font-medium">
        Date
        <input required type="date" name="date" min={today} className={field} />
      </label>
      <button type="submit" className={buttonClasses('primary', 'cat:mt-5 cat:w-full')}>
        Search
      </button>
    </form>
  );
}

/** The landing page. */
export function HomeScreen() {
  usePageMeta({
    title: 'Buy and sell used cars in India',
    description:
      'Inspected used cars at fair prices in about 1500 cities across India. Filter by brand, fuel and budget, and book a free test drive.',
    jsonLd: homeJsonLd,
  });
  return (
    <>
      <section className="cat:bg-gradient-to-br cat:from-brand-700 cat:via-brand-600 cat:to-rose-500 cat:text-white">
        <div className="cat:mx-auto cat:grid cat:max-w-7xl cat:items-center cat:gap-10 cat:px-4 cat:py-14 cat:sm:px-6 cat:md:grid-cols-2 cat:md:py-24 cat:lg:px-8">
          <div>
            <h1 className="cat:text-4xl cat:font-black cat:tracking-tight cat:sm:text-5xl">
              Find your next car, checked and fairly priced.
            </h1>
            <p className="cat:mt-4 cat:max-w-md cat:text-lg cat:text-rose-50">
              Thousands of inspected used cars in about 1500 cities across India. Book a free test drive
              today.
            </p>
          </div>
          <HeroSearch />
        </div>
      </section>

      <section
        aria-labelledby="home-highlights"
        className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:pt-14 cat:sm:px-6 cat:lg:px-8"
      >
        <h2 id="home-highlights" className="cat:sr-only">
          Why buy with us
        </h2>
        <ul className="cat:grid cat:gap-4 cat:sm:grid-cols-2 cat:lg:grid-cols-4">
          {highlights.map((h) => (
            <li
              key={h.title}
              className="cat:rounded-2xl cat:border cat:border-slate-200 cat:bg-white cat:p-5 cat:dark:border-slate-700 cat:dark:bg-slate-900"
            >
              <Icon name={h.icon} />
              <h3 className="cat:mt-2 cat:font-semibold">{h.title}</h3>
              <p className="cat:mt-1 cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">{h.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="home-top-cars"
        className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:py-14 cat:sm:px-6 cat:lg:px-8"
      >
        <div className="cat:mb-6 cat:flex cat:items-end cat:justify-between cat:gap-4">
          <h2 id="home-top-cars" className="cat:text-2xl cat:font-bold">
            Top Cars
          </h2>
          <Link
            to="/buy-a-car"
            className="cat:text-sm cat:font-semibold cat:text-brand-700 cat:hover:underline cat:dark:text-brand-200"
          >
            View All Cars →
          </Link>
        </div>
        <Suspense
          fallback={
            <div className="cat:grid cat:min-h-[40rem] cat:place-items-center">
              <Spinner label="Loading cars" />
            </div>
          }
        >
          <TopCars />
        </Suspense>
      </section>

      <section aria-labelledby="home-categories" className="cat:bg-slate-100 cat:py-14 cat:dark:bg-slate-900">
        <div className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:sm:px-6 cat:lg:px-8">
          <h2 id="home-categories" className="cat:text-2xl cat:font-bold">
            Browse by category
          </h2>
          <ul className="cat:mt-6 cat:grid cat:grid-cols-2 cat:gap-4 cat:lg:grid-cols-4">
            {categories.map((c) => (
              <li key={c.label}>
                <Link
                  to={`/buy-a-car?bodyTypes=${c.bodyType}`}
                  className="cat:flex cat:flex-col cat:items-center cat:gap-2 cat:rounded-2xl cat:bg-white cat:p-6 cat:font-semibold cat:shadow-sm cat:transition cat:hover:shadow-md cat:dark:bg-slate-800"
                >
                  <Icon name={c.icon} className="cat:size-10 cat:text-brand-600" />
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-label="What our customers say" className="cat:px-4 cat:py-14">
        <Testimonial />
      </section>

      <section
        aria-labelledby="home-app"
        className="cat:mx-auto cat:mb-14 cat:max-w-7xl cat:px-4 cat:sm:px-6 cat:lg:px-8"
      >
        <div className="cat:flex cat:flex-col cat:items-start cat:gap-4 cat:rounded-2xl cat:bg-slate-900 cat:p-8 cat:text-white cat:md:flex-row cat:md:items-center cat:md:justify-between">
          <div>
            <h2 id="home-app" className="cat:text-2xl cat:font-bold">
              Get the app
            </h2>
            <p className="cat:mt-1 cat:text-slate-300">
              Save cars, get price-drop alerts and manage your test drives on the go.
            </p>
          </div>
          <div className="cat:flex cat:gap-3">
            <span className="cat:rounded-lg cat:border cat:border-slate-500 cat:px-4 cat:py-2 cat:text-sm">
              App Store · coming soon
            </span>
            <span className="cat:rounded-lg cat:border cat:border-slate-500 cat:px-4 cat:py-2 cat:text-sm">
              Google Play · coming soon
            </span>
          </div>
        </div>
      </section>
    </>
  );
}
