/**
 * Cars: the public read model served by the catalog (search and detail) and the listing write side
 * (create, the seller's cars, update, delete). Spec §3 "Car (as read)", "Car listing", "Seller car",
 * §5 Kms/Location steps, §7 "Cars"; issues 5 and 6. Prices are whole rupees; distances are km.
 *
 * Files: car-fields.ts (field rules), car-records.ts (cars as read and stored), car-writes.ts (create and
 * update requests), car-search.ts (the search); this one re-exports them and holds the path parameters
 * and the single-car answers.
 */
import { z } from 'zod';
import { car, carListing, sellerCar } from './car-records';
import { idField } from './common';

export {
  engineCapacityCc,
  MAX_ENGINE_CC,
  MAX_KM_DRIVEN,
  MAX_PRICE_RUPEES,
  normalizeRegNumber,
  PIN_CODE_PATTERN,
  REG_NUMBER_PATTERN,
} from './car-fields';
export * from './car-records';
export * from './car-search';
export * from './car-writes';

/** Path parameters `{ carId }` of `/api/cars/{carId}` (spec §2, §7). */
export const carIdParams = z.object({ carId: idField('carId') });
/** `GET /api/cars/{carId}` answer: `{ data: car }` (issue 5). */
export const carDetailResponse = z.object({ data: car });
/** `GET /api/cars/seller` answer: `{ data: [...] }`, the signed-in seller's cars (issue 6). */
export const sellerCarListResponse = z.object({ data: z.array(sellerCar) });
/** `POST`/`PUT /api/cars` answer: `{ message, data: listing }` (spec §7, issue 6). */
export const carSaveResponse = z.object({ message: z.string(), data: carListing });
