/** The summary of a car other services keep (contracts `carSummary`, ADR 6). No I/O. */
import type { Car, CarSummary } from '@marketplace/contracts';

/**
 * The summary of `car`: id, seller, status, brand, model and variant as `{ _id, name }`, year, price
 * (rupees), city and the first photo's URL (absent without photos).
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
