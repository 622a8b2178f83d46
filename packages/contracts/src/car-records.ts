/**
 * Cars as read and as stored (spec §3 "Car (as read)", "Car listing", "Seller car"; issues 5 and 6): the
 * catalog's public read model, the seller's list and the listing service's record. Prices are whole
 * rupees, distances km, engine capacity cc.
 */
import { z } from 'zod';
import {
  bodyTypeSchema,
  carStatusSchema,
  conditionSchema,
  fuelTypeSchema,
  namedRef,
  objectId,
  ownershipSchema,
  transmissionSchema,
} from './common';

/**
 * A stored image (spec §3: `url`, `key`). `sizes` lists the responsive WebP versions (issue 6); its
 * shape is a guess of this contract.
 */
export const carImage = z
  .object({
    url: z.string(),
    key: z.string(),
    sizes: z.array(z.object({ width: z.number().int(), url: z.string() })).optional(),
  })
  .meta({ id: 'CarImage' });
/** Inferred type of {@link carImage}. */
export type CarImage = z.infer<typeof carImage>;

/** Insurance of a car: its type (free text, e.g. Comprehensive) and `validTill` `YYYY-MM-DD` (spec §3). */
export const insurance = z.object({ type: z.string(), validTill: z.iso.date() }).meta({ id: 'Insurance' });

/** One inspection-report entry (spec §3); the UI shows 'N/A' for a missing value. */
export const inspectionReportEntry = z
  .object({
    tyreCondition: z.string().optional(),
    engineCondition: z.string().optional(),
    warnings: z.string().optional(),
  })
  .meta({ id: 'InspectionReportEntry' });

/**
 * A car as read from the catalog (spec §3 "Car (as read)"; issues 5 and 6): used by the listing grid
 * (`GET /api/cars`) and the detail page (`GET /api/cars/{carId}`). `price` in rupees, `kmDriven` in km,
 * `engineCapacity` in cc. The public read carries only `city` and `state` of the location (the street
 * and PIN stay private; a decision of this contract). `seller` is the seller's user id.
 */
export const car = z
  .object({
    _id: objectId,
    images: z.array(carImage),
    brand: namedRef,
    model: namedRef.extend({ bodyType: bodyTypeSchema.optional() }),
    variant: namedRef.extend({ features: z.array(z.string()) }),
    fuelType: fuelTypeSchema,
    transmission: transmissionSchema,
    status: carStatusSchema,
    condition: conditionSchema.optional(),
    price: z.number().meta({ description: 'Price in rupees' }),
    description: z.string().optional(),
    createdAt: z.iso.datetime({ offset: true }),
    manufacturerYear: z.number().int(),
    location: z.object({ city: z.string(), state: z.string().optional() }),
    specifications: z.object({
      kmDriven: z.number().meta({ description: 'Kilometres driven' }),
      engineCapacity: z.number().optional().meta({ description: 'Engine capacity in cc' }),
      regNumber: z.string().optional(),
      spareKey: z.boolean().optional(),
      ownership: ownershipSchema.optional(),
      insurance: insurance.optional(),
    }),
    inspectionReport: z.array(inspectionReportEntry),
    seller: objectId.optional(),
  })
  .meta({ id: 'Car', description: 'A car for sale as read (spec §3)' });
/** Inferred type of {@link car}. */
export type Car = z.infer<typeof car>;

/** A car in the seller's own list (spec §3 "Seller car": `_id, brand, fuelType, transmission, price, images`). */
export const sellerCar = car
  .pick({
    _id: true,
    brand: true,
    fuelType: true,
    transmission: true,
    price: true,
    images: true,
    status: true,
  })
  .extend({
    model: namedRef.optional(),
    manufacturerYear: z.number().int().optional(),
    createdAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'SellerCar', description: "A car in the seller's list (spec §3)" });
/** Inferred type of {@link sellerCar}. */
export type SellerCar = z.infer<typeof sellerCar>;

/**
 * A listing as stored by the listing service (spec §3 "Car listing" with ids, plus `_id`, `seller`, stored
 * images and timestamps). Returned by `POST`/`PUT /api/cars` and carried by the `listing.car.*` events.
 */
export const carListing = z
  .object({
    _id: objectId,
    seller: objectId,
    brand: objectId,
    model: objectId,
    variant: objectId,
    manufacturerYear: z.number().int(),
    condition: conditionSchema,
    fuelType: fuelTypeSchema,
    transmission: transmissionSchema,
    status: carStatusSchema,
    state: objectId,
    rto: objectId,
    price: z.number().meta({ description: 'Price in rupees' }),
    description: z.string().optional(),
    location: z.object({ street: z.string(), city: z.string(), state: z.string(), postal_code: z.string() }),
    specifications: z.object({
      regNumber: z.string(),
      engineCapacity: z.number().optional().meta({ description: 'Engine capacity in cc' }),
      insurance: insurance.optional(),
      spareKey: z.boolean(),
      kmDriven: z.number().meta({ description: 'Kilometres driven' }),
      ownership: ownershipSchema,
    }),
    history: z.array(z.string()),
    images: z.array(carImage),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CarListing', description: 'A car listing as stored by the listing service (spec §3)' });
/** Inferred type of {@link carListing}. */
export type CarListing = z.infer<typeof carListing>;
