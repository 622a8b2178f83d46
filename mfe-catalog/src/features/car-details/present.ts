/** How a car's fields read on its page (spec §2 "Car detail page"): every missing value is 'N/A'. */
import type { Car } from '@marketplace/contracts';
import { formatIndianDate, formatIndianNumber } from '@marketplace/ui';

/** Shown for any missing value (spec §2). */
export const NOT_AVAILABLE = 'N/A';

/** A `YYYY-MM-DD` or ISO date-time as '1 Jan 2027' (its date in India), or N/A. */
export function formatDate(value: string | undefined): string {
  return (value && formatIndianDate(value)) || NOT_AVAILABLE;
}

/** The spec grid (spec §2): label and display value, N/A where the car has no value. */
export function specRows(car: Car): [label: string, value: string][] {
  const s = car.specifications;
  const text = (v: string | number | undefined | null) =>
    v === undefined || v === null || v === '' ? NOT_AVAILABLE : String(v);
  return [
    ['Reg Date', formatDate(car.createdAt)],
    ['Engine Capacity', s.engineCapacity ? `${formatIndianNumber(s.engineCapacity)} cc` : NOT_AVAILABLE],
    ['Transmission', text(car.transmission)],
    ['Fuel type', text(car.fuelType)],
    ['Make Year', text(car.manufacturerYear)],
    [
      'Insurance',
      s.insurance?.validTill ? `Valid till: ${formatDate(s.insurance.validTill)}` : NOT_AVAILABLE,
    ],
    ['km Driven', typeof s.kmDriven === 'number' ? `${formatIndianNumber(s.kmDriven)} km` : NOT_AVAILABLE],
    ['Reg Number', text(s.regNumber)],
    ['Spare key', s.spareKey === undefined ? NOT_AVAILABLE : s.spareKey ? 'Yes' : 'No'],
    ['Ownership', text(s.ownership)],
  ];
}
