/**
 * The car card of the home grid and the listing (spec §2 "Home page"): first image, brand and model,
 * year, km driven, fuel, transmission, price with the rupee sign, the placeholder rating 4.7 (245
 * reviews); the whole card links to `/car-details/{id}`.
 */
import type { Car } from '@marketplace/contracts';
import type { ReactNode } from 'react';
import { PLACEHOLDER_RATING, PLACEHOLDER_REVIEW_COUNT } from '../constants';
import { formatKm, formatRupees } from '../format';

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
}

/** One car in a grid. */
export function CarCard({ car, renderLink }: CarCardProps) {
  const image = car.images[0];
  const src = image?.sizes?.find((s) => s.width >= 640)?.url ?? image?.url;
  const href = `/car-details/${car._id}`;
  const className =
    'group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-700 dark:bg-slate-900';
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
          <span className="text-lg font-bold text-brand-700 dark:text-brand-200">
            {formatRupees(car.price)}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            ★ {PLACEHOLDER_RATING} ({PLACEHOLDER_REVIEW_COUNT} reviews)
          </span>
        </div>
      </div>
    </>
  );
  return renderLink ? (
    renderLink({ href, className, children })
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
