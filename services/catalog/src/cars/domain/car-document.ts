/**
 * The search document of a listing (issue 5, ADR 6): listing's `CarListing` joined with the catalog's own
 * reference data (brand, model and variant names, the model's body type, the variant's features) becomes
 * the car as read (spec §3 "Car (as read)") plus the ids and values the search indexes. No I/O.
 */
import type { Car, CarListing } from '@marketplace/contracts';
import type { BrandRow, ModelRow, VariantRow } from '../../reference-data/data/tables';
import type { CarDocument } from '../search/types';

/** The reference rows a listing names. */
export interface ListingReferences {
  brand: BrandRow;
  model: ModelRow;
  variant: VariantRow;
}

/** The search document of `listing`, named from `refs` (its brand, model and variant). */
export function toCarDocument(
  listing: CarListing,
  { brand, model, variant }: ListingReferences,
): CarDocument {
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
