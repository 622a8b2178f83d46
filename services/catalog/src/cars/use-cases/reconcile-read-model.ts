/**
 * Brings the car read model (`catalog.car_docs`) back to the listing service's cars (`npm run ops --
 * search reindex`, issue 26), for when it drifted: a `listing.car.*` event dead-lettered and never replayed,
 * a row changed or removed by hand, a restore from an older backup.
 *
 * The listings are the source of truth of every car a seller listed (ADR 6: the catalog projects
 * `listing.car.*`); the demo and bulk-filled cars (seller {@link DEMO_SELLER_ID}, or none) exist only in the
 * read model and are kept as they are. Two passes, each a batch per catalog transaction:
 * 1. every listing, in id order: its document is computed as the projection computes it (the catalog's
 *    reference data names it) and written when the stored row is missing or differs; a listing older than
 *    the version the projection applied, or of a car it saw deleted, is left alone (a live event is newer);
 * 2. every car of the read model not owned by the catalog whose listing no longer exists is removed, as
 *    `listing.car.deleted` would (its version marked deleted). A batch's rows are read before the listings
 *    are asked, so a car already in the read model and absent from the listings afterwards was deleted: ids
 *    are never reused, so a car being created meanwhile is never removed.
 *
 * Every change is announced in its transaction (`catalog.car.indexed` / `catalog.car.removed`, through the
 * catalog's outbox) exactly as the projection announces it, so the other services' projections and every
 * catalog replica's in-memory index (its listener re-reads the car, ADR 14) follow. Nothing changes and
 * nothing is announced for a car already right, so a second run changes nothing (idempotent).
 */
import type { CarListing, CarSummary, EventPayloads } from '@marketplace/contracts';
import type { Db, Outbox } from '@marketplace/platform';
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { brands, models, variants } from '../../reference-data/data/tables';
import { type CarDocRow, carDocs, carVersions } from '../data/tables';
import { DEMO_SELLER_ID } from '../demo/generate';
import { toCarDocument } from '../domain/car-document';
import { toCarSummary } from '../domain/summary';
import { isStale } from '../domain/versions';
import { emitCarIndexed } from '../events/publish';
import { createPostgresSearch } from '../search/postgres/postgres';
import { type CarDocument, indexFieldsOf } from '../search/types';
import { removeListing } from './project-listing';

/** The listing service's cars, as its `listingSource` reads them (structurally typed; ADR 16). */
export interface ListingReader {
  /** Up to `limit` listings with an id after `after`, in id order. */
  batch(after: string | undefined, limit: number): Promise<CarListing[]>;
  /** The ids among `ids` that have a listing now. */
  existing(ids: readonly string[]): Promise<Set<string>>;
}

/** Options of {@link reconcileReadModel}. */
export interface ReconcileOptions {
  /** Cars per transaction in each pass (default {@link RECONCILE_BATCH}); at least 1. */
  batchSize?: number;
}

/** Default cars per transaction of {@link reconcileReadModel}: 500, as the re-announcement. */
export const RECONCILE_BATCH = 500;

/** What {@link reconcileReadModel} found and did. */
export interface ReconcileResult {
  /** Listings read. */
  listings: number;
  /** Cars written that the read model did not hold. */
  added: number;
  /** Cars rewritten because the stored row differed from their listing. */
  updated: number;
  /** Listings whose car was already right. */
  unchanged: number;
  /** Listings left alone because the projection already applied a newer state (or the deletion). */
  newerApplied: number;
  /** Cars removed because their listing no longer exists. */
  removed: number;
  /** Cars of the read model only (demo and bulk-filled cars), kept. */
  catalogOwned: number;
  /** Ids of listings naming a brand, model or variant the catalog does not have (not indexed). */
  unresolved: string[];
}

/**
 * Makes `catalog.car_docs` hold exactly the listings of `listings` plus the catalog's own cars (see the
 * module comment), announcing each change through `outbox` (the catalog schema's).
 * @throws the database error of a failed batch; batches committed before it stay applied (a re-run
 *   continues where it matters: it only changes what is still wrong).
 */
export async function reconcileReadModel(
  outbox: Outbox<EventPayloads>,
  listings: ListingReader,
  opts: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? RECONCILE_BATCH));
  const result: ReconcileResult = {
    listings: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    newerApplied: 0,
    removed: 0,
    catalogOwned: 0,
    unresolved: [],
  };
  let after: string | undefined;
  for (;;) {
    const batch = await listings.batch(after, batchSize);
    if (batch.length === 0) break;
    result.listings += batch.length;
    await outbox.transaction((tx, emit) =>
      applyListings(tx, batch, result, (summary) => emitCarIndexed(emit, summary)),
    );
    after = batch.at(-1)!._id;
    if (batch.length < batchSize) break;
  }
  after = undefined;
  for (;;) {
    const rows = await outbox.transaction(async (tx, emit) => {
      const rows = await tx
        .select({ id: carDocs.id, seller: sql<string | null>`${carDocs.doc} ->> 'seller'` })
        .from(carDocs)
        .where(after === undefined ? undefined : gt(carDocs.id, after))
        .orderBy(asc(carDocs.id))
        .limit(batchSize);
      const listed = rows.filter((r) => r.seller !== null && r.seller !== DEMO_SELLER_ID);
      result.catalogOwned += rows.length - listed.length;
      const existing = await listings.existing(listed.map((r) => r.id));
      for (const { id } of listed) {
        if (existing.has(id)) continue;
        await removeListing(tx, emit, id, new Date(), []);
        result.removed += 1;
      }
      return rows;
    });
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    if (rows.length < batchSize) break;
  }
  return result;
}

/** Pass 1 for one batch of listings, in the transaction `tx`. */
async function applyListings(
  tx: Db,
  batch: CarListing[],
  result: ReconcileResult,
  announce: (summary: CarSummary) => Promise<unknown>,
): Promise<void> {
  const ids = batch.map((l) => l._id);
  // A version row for every car first (a car never projected gets its listing's, which is what its row
  // holds once this batch commits), then all of them locked: a live projection of one of these cars waits
  // for this transaction, or this one for it, and then sees the other's version.
  await tx
    .insert(carVersions)
    .values(batch.map((l) => ({ id: l._id, updatedAt: new Date(l.updatedAt) })))
    .onConflictDoNothing();
  const versions = new Map(
    (await tx.select().from(carVersions).where(inArray(carVersions.id, ids)).for('update')).map((v) => [
      v.id,
      v,
    ]),
  );
  const stored = new Map(
    (await tx.select().from(carDocs).where(inArray(carDocs.id, ids))).map((r) => [r.id, r]),
  );
  const refs = await referencesOf(tx, batch);
  const writes: CarDocument[] = [];
  for (const listing of batch) {
    const updatedAt = new Date(listing.updatedAt);
    const applied = versions.get(listing._id);
    if (isStale(applied, updatedAt)) {
      result.newerApplied += 1;
      continue;
    }
    const brand = refs.brands.get(listing.brand);
    const model = refs.models.get(listing.model);
    const variant = refs.variants.get(listing.variant);
    if (!brand || !model || !variant) {
      result.unresolved.push(listing._id);
      continue;
    }
    const doc = toCarDocument(listing, { brand, model, variant });
    const row = stored.get(listing._id);
    if (row && sameRow(row, doc)) {
      result.unchanged += 1;
      continue;
    }
    if (row) result.updated += 1;
    else result.added += 1;
    writes.push(doc);
    if (applied && applied.updatedAt.getTime() !== updatedAt.getTime()) {
      await tx.update(carVersions).set({ updatedAt }).where(eq(carVersions.id, listing._id));
    }
    await announce(toCarSummary(doc.car, listing.seller));
  }
  await createPostgresSearch(tx).upsertMany(writes);
}

/** The brands, models and variants `batch` names, by id (three queries). */
async function referencesOf(tx: Db, batch: CarListing[]) {
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const unique = (pick: (l: CarListing) => string) => [...new Set(batch.map(pick))];
  return {
    brands: byId(
      await tx
        .select()
        .from(brands)
        .where(
          inArray(
            brands.id,
            unique((l) => l.brand),
          ),
        ),
    ),
    models: byId(
      await tx
        .select()
        .from(models)
        .where(
          inArray(
            models.id,
            unique((l) => l.model),
          ),
        ),
    ),
    variants: byId(
      await tx
        .select()
        .from(variants)
        .where(
          inArray(
            variants.id,
            unique((l) => l.variant),
          ),
        ),
    ),
  };
}

/** True when the stored row `row` holds exactly the document `doc` (its car and every index column). */
function sameRow(row: CarDocRow, doc: CarDocument): boolean {
  const fields = indexFieldsOf(doc);
  const expected = { ...fields, createdAt: fields.createdAt.getTime(), doc: doc.car };
  const actual = { ...row, city: row.city ?? '', createdAt: row.createdAt.getTime() };
  return canonical(expected) === canonical(actual);
}

/** JSON with object keys sorted at every level and undefined members left out (jsonb's equality). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
