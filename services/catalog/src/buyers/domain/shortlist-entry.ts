/**
 * A shortlisted car as answered (contracts `shortlistEntry`, issue 24): the car record (the read model's
 * current one, or the shortlist's last copy once the listing was removed), where it stands and when it was
 * shortlisted. No I/O.
 */
import type { Car, ShortlistAvailability, ShortlistEntry } from '@marketplace/contracts';

/** Where a car of the read model stands: `sold` when its seller marked it so, else `for_sale`. */
export function availabilityOf(car: Pick<Car, 'status'>): ShortlistAvailability {
  return car.status === 'sold' ? 'sold' : 'for_sale';
}

/**
 * The entry of a shortlisted car: `current` is the read model's car (undefined once removed, when
 * `snapshot`, the last copy seen, is shown as `removed`).
 */
export function toShortlistEntry(
  current: Car | undefined,
  snapshot: Car,
  shortlistedAt: Date,
): ShortlistEntry {
  return {
    ...(current ?? snapshot),
    availability: current ? availabilityOf(current) : 'removed',
    shortlistedAt: shortlistedAt.toISOString(),
  };
}
