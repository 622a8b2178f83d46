/**
 * The car read model: listing events (`listing.car.created|updated|deleted`, issue 6) joined with the
 * catalog's own reference data (brand, model and variant names, body type, features) become search
 * documents. A listing whose brand, model or variant is unknown here throws, so the bus retries it and
 * finally dead-letters it for an operator instead of indexing a half-named car.
 *
 * The catalog announces its read model to other services (ADR 6), through its outbox in the same
 * transaction as the change: `catalog.car.indexed` `{ car: CarSummary }` whenever a listing is indexed
 * (created or updated; not when the event is ignored as stale) and `catalog.car.removed` `{ carId }` when a
 * listing is deleted. The demo seeding announces its cars the same way (demo/seed-demo.ts).
 */
import {
  type Car,
  type CarListing,
  type CarSummary,
  type EventPayloads,
  events,
  type SubscribedEvent,
  subscribedTo,
} from '@marketplace/contracts';
import type { Consumer, Db, Emit } from '@marketplace/platform';
import { eq } from 'drizzle-orm';
import { noSearchPageCache, type SearchPageCache } from './search/page-cache';
import { createPostgresSearch } from './search/postgres';
import type { CarDocument, CarSearch } from './search/types';
import { brands, carVersions, models, variants } from './store';

/** Builds the search document of `listing`. @throws Error when its brand, model or variant is unknown. */
export async function toCarDocument(db: Db, listing: CarListing): Promise<CarDocument> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, listing.brand));
  const [model] = await db.select().from(models).where(eq(models.id, listing.model));
  const [variant] = await db.select().from(variants).where(eq(variants.id, listing.variant));
  if (!brand || !model || !variant) {
    throw new Error(`listing ${listing._id} refers to reference data the catalog does not have`);
  }
  const bodyType = (model.bodyType ?? undefined) as Car['model']['bodyType'];
  const car: Car = {
    _id: listing._id,
    images: listing.images,
    brand: { _id: brand.id, name: brand.name },
    model: { _id: model.id, name: model.name, ...(bodyType ? { bodyType } : {}) },
    variant: { _id: variant.id, name: variant.name, features: variant.features },
    fuelType: listing.fuelType,
    transmission: listing.transmission,
    status: listing.status,
    condition: listing.condition,
    price: listing.price,
    ...(listing.description ? { description: listing.description } : {}),
    createdAt: listing.createdAt,
    manufacturerYear: listing.manufacturerYear,
    location: { city: listing.location.city, state: listing.location.state },
    specifications: {
      kmDriven: listing.specifications.kmDriven,
      ...(listing.specifications.engineCapacity !== undefined
        ? { engineCapacity: listing.specifications.engineCapacity }
        : {}),
      regNumber: listing.specifications.regNumber,
      spareKey: listing.specifications.spareKey,
      ownership: listing.specifications.ownership,
      ...(listing.specifications.insurance ? { insurance: listing.specifications.insurance } : {}),
    },
    inspectionReport: [],
    seller: listing.seller,
  };
  return {
    car,
    brandId: brand.id,
    modelId: model.id,
    variantId: variant.id,
    ...(bodyType ? { bodyType } : {}),
    createdAt: new Date(listing.createdAt),
  };
}

/**
 * The summary other services keep of a car (contracts `carSummary`): id, seller, status, brand, model and
 * variant as `{ _id, name }`, year, price (rupees), city and the first photo's URL (absent without photos).
 * @param seller the seller's user id (`car.seller` is optional on the read shape, so it is passed).
 */
export function toCarSummary(car: Car, seller: string): CarSummary {
  const image = car.images[0]?.url;
  return {
    _id: car._id,
    seller,
    status: car.status,
    brand: { _id: car.brand._id, name: car.brand.name },
    model: { _id: car.model._id, name: car.model.name },
    variant: { _id: car.variant._id, name: car.variant.name },
    manufacturerYear: car.manufacturerYear,
    price: car.price,
    city: car.location.city,
    ...(image !== undefined ? { image } : {}),
  };
}

/**
 * Writes `catalog.car.indexed` `{ car: summary }` with `emit` (the outbox of the current transaction).
 * @throws ZodError when the summary does not match the contract (a bug; the transaction rolls back).
 */
export function emitCarIndexed(emit: Emit<EventPayloads>, summary: CarSummary) {
  return emit('catalog.car.indexed', events['catalog.car.indexed'].payload.parse({ car: summary }));
}

/** Writes `catalog.car.removed` `{ carId }` with `emit` (the outbox of the current transaction). */
export function emitCarRemoved(emit: Emit<EventPayloads>, carId: string) {
  return emit('catalog.car.removed', events['catalog.car.removed'].payload.parse({ carId }));
}

/** The catalog's one consumer, by name and events (the module's `consumes`; {@link carProjection} spreads it). */
export const carProjectionConsumes = {
  name: 'catalog.car-projection',
  ...subscribedTo('listing.car.created', 'listing.car.updated', 'listing.car.deleted'),
};
type ListingEvent = SubscribedEvent<typeof carProjectionConsumes>;

/**
 * Keeps the PostgreSQL search documents in step with the listing service, in the inbox's transaction, and
 * then the secondary indexes (Elasticsearch or the in-memory one); their writes are idempotent upserts,
 * so a redelivery after a failure repeats them harmlessly. Events may arrive out of order (a retried
 * delivery overtaken by a newer one): `catalog.car_versions` keeps the newest applied `updatedAt` per car
 * and whether it was deleted; an older created/updated event, or any after the deletion, is ignored.
 * Emits, in the same transaction, `catalog.car.indexed` for each indexed listing and `catalog.car.removed`
 * for each deletion (ADR 6); an ignored (stale) event emits nothing. Once a change has committed, the
 * cached search pages are invalidated (`pages`, issue 22).
 */
export function carProjection(
  secondaries: CarSearch[] = [],
  pages: SearchPageCache = noSearchPageCache,
): Consumer<ListingEvent, EventPayloads> {
  return {
    ...carProjectionConsumes,
    async handle(event, { tx, emit, afterCommit }) {
      const search = createPostgresSearch(tx);
      if (event.name === 'listing.car.deleted') {
        const id = event.payload.carId;
        await tx
          .insert(carVersions)
          .values({ id, updatedAt: new Date(event.occurredAt), deleted: true })
          .onConflictDoUpdate({ target: carVersions.id, set: { deleted: true } });
        await search.remove(id);
        await emitCarRemoved(emit, id);
        for (const index of secondaries) await index.remove(id);
        afterCommit(pages.invalidate);
        return;
      }
      const listing = event.payload.car;
      const updatedAt = new Date(listing.updatedAt);
      const [applied] = await tx
        .select()
        .from(carVersions)
        .where(eq(carVersions.id, listing._id))
        .for('update');
      if (applied && (applied.deleted || applied.updatedAt > updatedAt)) return;
      await tx
        .insert(carVersions)
        .values({ id: listing._id, updatedAt })
        .onConflictDoUpdate({ target: carVersions.id, set: { updatedAt } });
      const doc = await toCarDocument(tx, listing);
      await search.upsert(doc);
      await emitCarIndexed(emit, toCarSummary(doc.car, listing.seller));
      for (const index of secondaries) await index.upsert(doc);
      afterCommit(pages.invalidate);
    },
  };
}
