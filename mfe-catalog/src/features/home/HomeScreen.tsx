/**
 * Home (spec §2 "Home page") — first cut until issue #9: the hero with its inert search form and the Top
 * Cars grid from the catalog, with View All Cars to /buy-a-car.
 */
import type { Car } from '@marketplace/contracts';
import { buttonClasses, CarCard, Spinner } from '@marketplace/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchTopCars } from './api';

/** The landing page. */
export function HomeScreen() {
  const [cars, setCars] = useState<Car[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchTopCars()
      .then((list) => live && setCars(list))
      .catch(() => live && setCars([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <section className="cat:bg-gradient-to-br cat:from-brand-700 cat:via-brand-600 cat:to-rose-500 cat:text-white">
        <div className="cat:mx-auto cat:grid cat:max-w-7xl cat:gap-10 cat:px-4 cat:py-16 cat:sm:px-6 cat:md:grid-cols-2 cat:md:py-24 cat:lg:px-8">
          <div>
            <h1 className="cat:text-4xl cat:font-black cat:tracking-tight cat:sm:text-5xl">
              Find your next car, checked and fairly priced.
            </h1>
            <p className="cat:mt-4 cat:max-w-md cat:text-lg cat:text-rose-50">
              Thousands of inspected used cars in about 1500 cities across India. Book a free test drive
              today.
            </p>
          </div>
          <form
            className="cat:rounded-2xl cat:bg-white cat:p-6 cat:text-slate-900 cat:shadow-xl cat:dark:bg-slate-900 cat:dark:text-slate-100"
            onSubmit={(e) => e.preventDefault()}
          >
            <h2 className="cat:text-lg cat:font-semibold">Search cars near you</h2>
            <label className="cat:mt-4 cat:block cat:text-sm cat:font-medium">
              Location
              <input
                required
                name="location"
                placeholder="e.g. Bengaluru"
                className="cat:mt-1 cat:w-full cat:rounded-lg cat:border cat:border-slate-300 cat:px-3 cat:py-2 cat:dark:border-slate-600 cat:dark:bg-slate-800"
              />
            </label>
            <label className="cat:mt-3 cat:block cat:text-sm cat:font-medium">
              Date
              <input
                required
                type="date"
                name="date"
                className="cat:mt-1 cat:w-full cat:rounded-lg cat:border cat:border-slate-300 cat:px-3 cat:py-2 cat:dark:border-slate-600 cat:dark:bg-slate-800"
              />
            </label>
            <Link to="/" className={buttonClasses('primary', 'cat:mt-5 cat:w-full')}>
              Search
            </Link>
          </form>
        </div>
      </section>
      <section className="cat:mx-auto cat:max-w-7xl cat:px-4 cat:py-14 cat:sm:px-6 cat:lg:px-8">
        <div className="cat:flex cat:items-end cat:justify-between">
          <h2 className="cat:text-2xl cat:font-bold">Top Cars</h2>
          <Link
            to="/buy-a-car"
            className="cat:text-sm cat:font-semibold cat:text-brand-700 cat:hover:underline cat:dark:text-brand-200"
          >
            View All Cars →
          </Link>
        </div>
        {cars === null ? (
          <div className="cat:grid cat:h-48 cat:place-items-center">
            <Spinner label="Loading cars" />
          </div>
        ) : (
          <div className="cat:mt-6 cat:grid cat:gap-6 cat:sm:grid-cols-2 cat:lg:grid-cols-3">
            {cars.map((car) => (
              <CarCard
                key={car._id}
                car={car}
                renderLink={({ href, className, children }) => (
                  <Link to={href} className={className}>
                    {children}
                  </Link>
                )}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
