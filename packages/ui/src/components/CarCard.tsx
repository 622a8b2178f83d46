/**
 * The car card of the home grid and the listing (spec §2 "Home page"): first image, brand and model,
 * year, km driven, fuel, transmission, price in lakh ('₹5.75 lakh') with "EMI from ₹X/month" on the
 * default loan (issue 25), the placeholder rating 4.7 (245
 * reviews); the whole card links to `/car-details/{id}`. Beside the link (never inside it): the shortlist
 * heart and "Add to compare" (issue 24), and an optional badge over the photo (e.g. "Sold").
 */
import type { Car } from '@marketplace/contracts';
import type { ReactNode } from 'react';
import { PLACEHOLDER_RATING, PLACEHOLDER_REVIEW_COUNT } from '../constants';
import { defaultEmi } from '../finance';
import { formatKm, formatLakh, formatRupees } from '../format';
import { CompareButton, compareItemOf } from './CompareButton';
import { ShortlistButton } from './ShortlistButton';

export interface CarCardProps {
  car: Pick<
    Car,
    | '_id'
    | 'images'
    | 'brand'
    | 'model'
    | 'manufacturerYear'
    | 'specifications'
    | 'fuelType'
    | 'transmission'
    | 'price'
  >;
  /** Renders the link around the card (e.g. react-router's Link); default a plain anchor. */
  renderLink?: (props: { href: string; className: string; children: ReactNode }) => ReactNode;
  /** A badge over the photo ('Sold', 'No longer listed'). */
  badge?: ReactNode;
  /** Extra controls under the card (e.g. a "select" checkbox); shown before "Add to compare". */
  actions?: ReactNode;
  /** Hide "Add to compare" (e.g. for a car no longer for sale). */
  noCompare?: boolean;
}

/** One car in a grid. */
export function CarCard({ car, renderLink, badge, actions, noCompare }: CarCardProps) {
  const image = car.images[0];
  const src = image?.sizes?.find((s) => s.width >= 640)?.url ?? image?.url;
  const href = `/car-details/${car._id}`;
  const className =
    'group block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  const children = (
    <>
      <div className="aspect-[4/3] bg-slate-100 dark:bg-slate-800">
        {src ? (
          <img
            src={src}
            alt={`${car.brand.name} ${car.model.name}`}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="space-y-2 p-4">
        <h3 className="font-semibold text-slate-900 dark:text-white">
          {car.brand.name} {car.model.name}
        </h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {car.manufacturerYear} · {formatKm(car.specifications.kmDriven)} · {car.fuelType} ·{' '}
          {car.transmission}
        </p>
        <div className="flex items-center justify-between">
          <span
            title={formatRupees(car.price)}
            className="text-lg font-bold text-brand-700 dark:text-brand-200"
          >
            {formatLakh(car.price)}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            ★ {PLACEHOLDER_RATING} ({PLACEHOLDER_REVIEW_COUNT} reviews)
          </span>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          EMI from {formatRupees(defaultEmi(car.price))}/month
        </p>
      </div>
    </>
  );
  const name = `${car.brand.name} ${car.model.name}`;
  return (
    <div className="relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-700 dark:bg-slate-900">
      {renderLink ? (
        renderLink({ href, className, children })
      ) : (
        <a href={href} className={className}>
          {children}
        </a>
      )}
      {badge ? (
        <span className="absolute top-3 left-3 rounded-full bg-slate-900/85 px-3 py-1 text-xs font-semibold text-white">
          {badge}
        </span>
      ) : null}
      <ShortlistButton carId={car._id} carName={name} className="absolute top-2 right-2" />
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 px-2 py-1 dark:border-slate-800">
        {actions}
        {noCompare ? null : <CompareButton car={compareItemOf(car)} />}
      </div>
    </div>
  );
}
