/**
 * The listing service's cars as a source to rebuild a read model from (`npm run ops -- search reindex`,
 * issue 26): every listing in id order, a batch at a time (keyset paging, so memory stays flat), and
 * which of a set of ids still have a listing. Read-only; the shapes are those of `listing.car.*` events
 * (`CarListing`: prices in rupees, km, timestamps as ISO 8601), so a consumer applies them as it applies
 * the events. Exported by the service's index for the ops CLI; services never import it (ADR 16).
 */
import type { CarListing } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { asc, gt, inArray } from 'drizzle-orm';
import { toCarListing } from '../domain/serialize';
import { cars, isUuid } from './store';

/** Reads the listings of the listing schema in `db`. */
export interface ListingSource {
  /**
   * Up to `limit` listings (≥ 1) with an id greater than `after` (from the first when undefined), in id
   * order; fewer than `limit` means there are no more.
   */
  batch(after: string | undefined, limit: number): Promise<CarListing[]>;
  /** The ids among `ids` that have a listing now (ids that are not UUIDs have none). */
  existing(ids: readonly string[]): Promise<Set<string>>;
}

/** The {@link ListingSource} over the `listing.cars` table of `db`. */
export function listingSource(db: Db): ListingSource {
  return {
    async batch(after, limit) {
      const rows = await db
        .select()
        .from(cars)
        .where(after === undefined ? undefined : gt(cars.id, after))
        .orderBy(asc(cars.id))
        .limit(limit);
      return rows.map(toCarListing);
    },
    async existing(ids) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return new Set();
      const rows = await db.select({ id: cars.id }).from(cars).where(inArray(cars.id, valid));
      return new Set(rows.map((r) => r.id));
    },
  };
}
