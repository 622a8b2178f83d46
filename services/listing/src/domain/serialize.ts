/**
 * API shapes of a stored listing (packages/contracts cars.ts): the whole listing (`CarListing`, answered
 * by `POST`/`PUT /api/cars` and carried by `listing.car.*` events) and the seller's list entry
 * (`SellerCar`, spec §3 "Seller car"). Prices in rupees, distances in km.
 */
import type { CarListing, SellerCar } from '@marketplace/contracts';
import type { CarRow } from '../data/store';

/** The listing as stored (ids for brand, model, variant, state and RTO; timestamps as ISO 8601). */
export function toCarListing(row: CarRow): CarListing {
  return {
    _id: row.id,
    seller: row.sellerId,
    brand: row.brandId,
    model: row.modelId,
    variant: row.variantId,
    manufacturerYear: row.manufacturerYear,
    condition: row.condition,
    fuelType: row.fuelType,
    transmission: row.transmission,
    status: row.status,
    state: row.stateId,
    rto: row.rtoId,
    price: row.price,
    ...(row.description !== null ? { description: row.description } : {}),
    location: row.location,
    specifications: row.specifications,
    history: row.history,
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One entry of `GET /api/cars/seller`: brand and model with names, fuel, gearbox, price, images, status. */
export function toSellerCar(row: CarRow): SellerCar {
  return {
    _id: row.id,
    brand: { _id: row.brandId, name: row.brandName },
    model: { _id: row.modelId, name: row.modelName },
    fuelType: row.fuelType,
    transmission: row.transmission,
    price: row.price,
    images: row.images,
    status: row.status,
    manufacturerYear: row.manufacturerYear,
    createdAt: row.createdAt.toISOString(),
  };
}
