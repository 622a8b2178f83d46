/**
 * The car read model: listing events (`listing.car.created|updated|deleted`, issue 6) joined with the
 * catalog's own reference data (brand, model and variant names, body type, features) become search
 * documents. A listing whose brand, model or variant is unknown here throws, so the bus retries it and
 * finally dead-letters it for an operator instead of indexing a half-named car.
 */
import { type Car, type CarListing, events } from '@marketplace/contracts';
import type { Consumer, Db } from '@marketplace/platform';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
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

const listingEvent = z.discriminatedUnion('name', [
  events['listing.car.created'].envelope,
  events['listing.car.updated'].envelope,
  events['listing.car.deleted'].envelope,
]);
type ListingEvent = z.infer<typeof listingEvent>;

/**
 * Keeps the PostgreSQL search documents in step with the listing service, in the inbox's transaction, and
 * then the secondary indexes (Elasticsearch or the in-memory one); their writes are idempotent upserts,
 * so a redelivery after a failure repeats them harmlessly. Events may arrive out of order (a retried
 * delivery overtaken by a newer one): `catalog.car_versions` keeps the newest applied `updatedAt` per car
 * and whether it was deleted; an older created/updated event, or any after the deletion, is ignored.
 */
export function carProjection(secondaries: CarSearch[] = []): Consumer<ListingEvent> {
  return {
    name: 'catalog.car-projection',
    events: ['listing.car.created', 'listing.car.updated', 'listing.car.deleted'],
    schema: listingEvent,
    async handle(event, { tx }) {
      const search = createPostgresSearch(tx);
      if (event.name === 'listing.car.deleted') {
        const id = event.payload.carId;
        await tx
          .insert(carVersions)
          .values({ id, updatedAt: new Date(event.occurredAt), deleted: true })
          .onConflictDoUpdate({ target: carVersions.id, set: { deleted: true } });
        await search.remove(id);
        for (const index of secondaries) await index.remove(id);
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
      for (const index of secondaries) await index.upsert(doc);
    },
  };
}
