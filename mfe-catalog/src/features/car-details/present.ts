/** How a car's fields read on its page (spec §2 "Car detail page"): every missing value is 'N/A'. */
import type { Car } from '@marketplace/contracts';

/** Shown for any missing value (spec §2). */
export const NOT_AVAILABLE = 'N/A';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const numberFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A `YYYY-MM-DD` or ISO date-time as '1 Jan 2027', or N/A. */
export function formatDate(value: string | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+05:30` : value);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : dateFormat.format(date);
}

/** Title of the page: brand, model and variant names. */
export function carTitle(car: Pick<Car, 'brand' | 'model' | 'variant'>): string {
  return [car.brand?.name, car.model?.name, car.variant?.name].filter(Boolean).join(' ');
}

/** The spec grid (spec §2): label and display value, N/A where the car has no value. */
export function specRows(car: Car): [label: string, value: string][] {
  const s = car.specifications;
  const text = (v: string | number | undefined | null) =>
    v === undefined || v === null || v === '' ? NOT_AVAILABLE : String(v);
  return [
    ['Reg Date', formatDate(car.createdAt)],
    ['Engine Capacity', s.engineCapacity ? `${numberFormat.format(s.engineCapacity)} cc` : NOT_AVAILABLE],
    ['Transmission', text(car.transmission)],
    ['Fuel type', text(car.fuelType)],
    ['Make Year', text(car.manufacturerYear)],
    [
      'Insurance',
      s.insurance?.validTill ? `Valid till: ${formatDate(s.insurance.validTill)}` : NOT_AVAILABLE,
    ],
    ['km Driven', typeof s.kmDriven === 'number' ? `${numberFormat.format(s.kmDriven)} km` : NOT_AVAILABLE],
    ['Reg Number', text(s.regNumber)],
    ['Spare key', s.spareKey === undefined ? NOT_AVAILABLE : s.spareKey ? 'Yes' : 'No'],
    ['Ownership', text(s.ownership)],
  ];
}
