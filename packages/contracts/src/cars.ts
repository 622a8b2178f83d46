/**
 * Cars: the public read model served by the catalog (search and detail) and the listing write side
 * (create, the seller's cars, update, delete). Spec §3 "Car (as read)", "Car listing", "Seller car",
 * §5 Kms/Location steps, §7 "Cars"; issues 5 and 6. Prices are whole rupees; distances are km.
 */
import { z } from 'zod';
import {
  blankToUndefined,
  bodyTypeSchema,
  bodyTypes,
  booleanField,
  calendarDateField,
  carStatuses,
  carStatusSchema,
  conditionSchema,
  conditions,
  DEFAULTS,
  enumField,
  fieldError,
  freeTextField,
  fuelTypeSchema,
  fuelTypes,
  idField,
  intField,
  MAX_PAGE_SIZE,
  namedRef,
  objectId,
  optionalInput,
  ownershipSchema,
  ownerships,
  PAGE_SIZE,
  queryEnum,
  queryInt,
  queryList,
  queryRange,
  queryText,
  textField,
  transmissionSchema,
  transmissions,
  yearField,
} from './common';

// ---------------------------------------------------------------------------------------------------
// Field rules (issue 6)
// ---------------------------------------------------------------------------------------------------

/**
 * Indian registration number, e.g. `KA-01-AB-1234`, `DL-3C-AB-1234`, `KA01AB1234`, or the BH series
 * `22-BH-1234-AB`; hyphens or spaces between the parts are optional (issue 6). Checked upper-cased.
 */
export const REG_NUMBER_PATTERN =
  /^(?:[A-Z]{2}[- ]?\d{1,2}[- ]?(?:[A-Z]{1,3}[- ]?){0,2}\d{1,4}|\d{2}[- ]?BH[- ]?\d{4}[- ]?[A-Z]{1,2})$/;
/**
 * The comparable form of a registration number (issue 20): upper-case, without spaces and hyphens, so
 * `ka-01-ab-1234`, `KA 01 AB 1234` and `KA01AB1234` are one car. The listing service refuses a number that
 * is already on another seller's active listing by this form (its `cars.reg_number` column holds it).
 * @param regNumber a registration number as typed (any case, with or without separators).
 * @returns e.g. `KA01AB1234`.
 */
export function normalizeRegNumber(regNumber: string): string {
  return regNumber.toUpperCase().replace(/[\s-]+/g, '');
}
/** Indian PIN code: six digits, not starting with 0 (issue 6). */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
/** Largest accepted price in rupees (sanity bound, a guess: ₹100 crore). */
export const MAX_PRICE_RUPEES = 1_000_000_000;
/** Largest accepted odometer reading in km (sanity bound, a guess). */
export const MAX_KM_DRIVEN = 2_000_000;

/** Price field: whole rupees, greater than 0 (issue 6); a numeric string counts as its number (issue 19). */
function priceField(field = 'price') {
  return intField(field, 0, MAX_PRICE_RUPEES, 'rupees').refine(
    (price) => price > 0,
    `${field} must be greater than 0 rupees`,
  );
}

/** Largest accepted engine capacity in cc (sanity bound: the largest production car engines are ~8 L). */
export const MAX_ENGINE_CC = 10_000;

const CC_TEXT = /^(\d{1,5})\s*(?:cc)?$/i;
const LITRE_TEXT = /^(\d{1,2}(?:\.\d{1,3})?)\s*(?:l|litres?|liters?)$/i;

/**
 * Engine capacity in cc from what people type in the spec's free-text input (issue 19): `1197`,
 * `"1197"`, `"1197 cc"`, `"1197cc"` → 1197; `"1.2 L"`, `"1.2L"`, `"1.5 litre"` → 1200, 1500 (1 L = 1000 cc).
 * @returns the cc as a whole number, or `undefined` when the text is none of these forms.
 */
export function engineCapacityCc(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const cc = CC_TEXT.exec(text);
  if (cc) return Number(cc[1]);
  const litres = LITRE_TEXT.exec(text);
  return litres ? Math.round(Number(litres[1]) * 1000) : undefined;
}

/**
 * Optional `specifications.engineCapacity`: a number of cc or the text forms of {@link engineCapacityCc};
 * `''` is absent. Output: whole cc, 0 to {@link MAX_ENGINE_CC}.
 */
function engineCapacityField(field = 'specifications.engineCapacity') {
  const forms = `a number of cc or text like "1197", "1197 cc" or "1.2 L"`;
  return optionalInput(
    z
      .union([z.number(), z.string()], { error: fieldError(field, `${field} must be ${forms}`) })
      .transform((value, ctx): number => {
        const cc = engineCapacityCc(value);
        if (cc === undefined) {
          ctx.addIssue({ code: 'custom', message: `${field} must be ${forms}`, input: value });
          return z.NEVER;
        }
        if (cc > MAX_ENGINE_CC) {
          ctx.addIssue({
            code: 'custom',
            message: `${field} must be at most ${MAX_ENGINE_CC} cc`,
            input: value,
          });
          return z.NEVER;
        }
        return cc;
      })
      .optional(),
  ).meta({ description: `Engine capacity: ${forms}; stored in cc` });
}

/** An insurance whose every field is blank (the spec's form untouched) counts as absent (issue 19). */
function blankInsuranceToUndefined(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return blankToUndefined(value);
  return Object.values(value).every((v) => blankToUndefined(v) === undefined) ? undefined : value;
}

/** Kilometres driven field: a whole number ≥ 0 (issue 6). */
function kmDrivenField(field = 'specifications.kmDriven') {
  return intField(field, 0, MAX_KM_DRIVEN, 'km');
}

/** Image references sent with a listing: `[{ key }]` from the storage upload, at least one (issue 6). */
function imageKeysField(field = 'images') {
  return z
    .array(z.object({ key: textField(`${field}.key`, 300) }), {
      error: fieldError(field, `${field} must be a list of { key }`),
    })
    .min(1, `${field} must contain at least one image`)
    .max(20, `${field} must contain at most 20 images`);
}

// ---------------------------------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------
// Requests and responses
// ---------------------------------------------------------------------------------------------------

/**
 * `POST /api/cars` body (spec §3 "Car listing", §5, issue 6). Defaults as spec §9: condition good,
 * status used, ownership First, spareKey false. `location.state` is the state's name as typed in the
 * Location step; top-level `state` and `rto` are ids. `history` is a list of free-text entries (guess:
 * the spec names a "history list" only). `engineCapacity` in cc, optional (electric cars).
 */
export const carCreateBody = z.object({
  brand: idField('brand'),
  model: idField('model'),
  variant: idField('variant'),
  manufacturerYear: yearField('manufacturerYear'),
  condition: optionalInput(enumField('condition', conditions).default(DEFAULTS.condition)),
  fuelType: enumField('fuelType', fuelTypes),
  transmission: enumField('transmission', transmissions),
  status: optionalInput(enumField('status', carStatuses).default(DEFAULTS.status)),
  state: idField('state'),
  rto: idField('rto'),
  price: priceField(),
  description: freeTextField('description', 5000).optional(),
  location: z.object(
    {
      street: textField('location.street', 200),
      city: textField('location.city', 100),
      state: textField('location.state', 100),
      postal_code: z
        .string({ error: fieldError('location.postal_code', 'location.postal_code must be a string') })
        .trim()
        .regex(PIN_CODE_PATTERN, 'location.postal_code must be a 6-digit PIN code'),
    },
    { error: fieldError('location', 'location must be an object') },
  ),
  specifications: z.object(
    {
      regNumber: z
        .string({
          error: fieldError('specifications.regNumber', 'specifications.regNumber must be a string'),
        })
        .trim()
        .toUpperCase()
        .regex(
          REG_NUMBER_PATTERN,
          'specifications.regNumber must be an Indian registration number like KA-01-AB-1234',
        ),
      engineCapacity: engineCapacityField(),
      insurance: z.preprocess(
        blankInsuranceToUndefined,
        z
          .object(
            {
              type: textField('specifications.insurance.type', 100),
              validTill: calendarDateField('specifications.insurance.validTill'),
            },
            { error: fieldError('specifications.insurance', 'specifications.insurance must be an object') },
          )
          .optional(),
      ),
      spareKey: optionalInput(booleanField('specifications.spareKey').default(DEFAULTS.spareKey)),
      kmDriven: kmDrivenField(),
      ownership: optionalInput(enumField('specifications.ownership', ownerships).default(DEFAULTS.ownership)),
    },
    { error: fieldError('specifications', 'specifications must be an object') },
  ),
  history: z
    .array(freeTextField('history', 500), { error: fieldError('history', 'history must be a list of text') })
    .max(50, 'history must have at most 50 entries')
    .default([]),
  images: imageKeysField(),
});
/**
 * Request headers of `POST /api/cars` (issue 20): an optional `Idempotency-Key` (1–255 printable ASCII
 * characters; a UUID per listing attempt is best). Documented here; the listing service parses it.
 */
export const carCreateHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7e]+$/)
    .optional()
    .meta({
      description:
        'Repeat a create safely: the same key and body from the same user within 24 h answer the first 201 again',
    }),
});

/** Input type of {@link carCreateBody} (what a client sends). */
export type CarCreateBody = z.input<typeof carCreateBody>;
/** Output type of {@link carCreateBody} (what a service receives, defaults applied). */
export type CarCreateData = z.output<typeof carCreateBody>;

/**
 * `PUT /api/cars/{carId}` body, beyond the spec (issue 6): any of price, `specifications.kmDriven`,
 * description, images, status (e.g. `sold`). `images`, when given, replaces the whole list.
 */
export const carUpdateBody = z
  .object({
    price: optionalInput(priceField().optional()),
    description: freeTextField('description', 5000).optional(),
    status: optionalInput(enumField('status', carStatuses).optional()),
    images: imageKeysField().optional(),
    specifications: z
      .object(
        { kmDriven: kmDrivenField() },
        { error: fieldError('specifications', 'specifications must be an object') },
      )
      .optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'body must contain at least one field to change',
  );
/** Input type of {@link carUpdateBody}. */
export type CarUpdateBody = z.input<typeof carUpdateBody>;

function listOf(values: readonly string[]): string {
  return `Comma-joined values among: ${values.join(', ')}`;
}

/** Sort orders of `GET /api/cars` (issue 5; the value names are this contract's choice). */
export const carSorts = ['newest', 'price_asc', 'price_desc', 'km_asc'] as const;
/** One sort order. */
export type CarSort = (typeof carSorts)[number];

/**
 * `GET /api/cars` query (spec §7; issue 5). `brands`, `fuelTypes`, `transmissions`, `bodyTypes` are
 * comma-joined; `price` (rupees), `kmDriven` (km) and `years` are `'min-max'` ranges with optional ends;
 * `page` is 1-based (0, empty or absent = 1); `limit` defaults to 9 and is capped at 50; `sort` defaults to
 * newest first. Parsed output: lists as arrays, ranges as `{ min?, max? }`, `page` and `limit` numbers.
 */
export const carSearchQuery = z.object({
  searchTerm: queryText('searchTerm', 100),
  brands: queryList('brands', idField('brands'), 'Comma-joined brand ids'),
  fuelTypes: queryList('fuelTypes', enumField('fuelTypes', fuelTypes), listOf(fuelTypes)),
  transmissions: queryList('transmissions', enumField('transmissions', transmissions), listOf(transmissions)),
  bodyTypes: queryList('bodyTypes', enumField('bodyTypes', bodyTypes), listOf(bodyTypes)),
  price: queryRange('price', 'rupees'),
  kmDriven: queryRange('kmDriven', 'km'),
  years: queryRange('years', 'years'),
  city: queryText('city', 100),
  sort: queryEnum('sort', carSorts)
    .transform((s) => s ?? 'newest')
    .meta({ description: 'Sort order; default newest' }),
  page: queryInt('page', 0, 1_000_000)
    .transform((p) => Math.max(p ?? 1, 1))
    .meta({ description: '1-based page; 0, empty or absent = the first' }),
  limit: queryInt('limit', 1, Number.MAX_SAFE_INTEGER)
    .transform((l) => Math.min(l ?? PAGE_SIZE, MAX_PAGE_SIZE))
    .meta({ description: `Cars per page; default ${PAGE_SIZE}, capped at ${MAX_PAGE_SIZE}` }),
  facets: queryEnum('facets', ['true', 'false'])
    .transform((f) => f === 'true')
    .meta({
      description: '`true` adds `facets` (counts per brand, fuel, transmission and body type) to the answer',
    }),
});
/** Parsed type of {@link carSearchQuery}. */
export type CarSearchQuery = z.output<typeof carSearchQuery>;

/** Count per value of one facet (brand id, fuel type, …); values without cars are left out. */
const facetCounts = z.record(z.string(), z.number().int());

/**
 * Facets of a search (issue 22): for each value of each dimension, the number of cars the search would find
 * with that dimension's filter set to that value alone and every other filter as asked — so "Diesel (1 204)"
 * while Petrol is selected tells how many a switch to Diesel finds. Capped like `totalLength` (10 000).
 */
export const carFacets = z.object({
  brands: facetCounts.meta({ description: 'By brand id' }),
  fuelTypes: facetCounts,
  transmissions: facetCounts,
  bodyTypes: facetCounts,
});
/** Parsed type of {@link carFacets}. */
export type CarFacets = z.infer<typeof carFacets>;

/**
 * `GET /api/cars` answer: `{ data: { cars, totalLength } }`; pageCount = ceil(totalLength / 9) (spec §7, §9);
 * with `facets=true` also `facets` (issue 22).
 */
export const carSearchResponse = z.object({
  data: z.object({
    cars: z.array(car),
    totalLength: z.number().int().meta({ description: 'Number of cars matching the filters' }),
    facets: carFacets.optional(),
  }),
});

/** Path parameters `{ carId }` of `/api/cars/{carId}` (spec §2, §7). */
export const carIdParams = z.object({ carId: idField('carId') });
/** `GET /api/cars/{carId}` answer: `{ data: car }` (issue 5). */
export const carDetailResponse = z.object({ data: car });
/** `GET /api/cars/seller` answer: `{ data: [...] }`, the signed-in seller's cars (issue 6). */
export const sellerCarListResponse = z.object({ data: z.array(sellerCar) });
/** `POST`/`PUT /api/cars` answer: `{ message, data: listing }` (spec §7, issue 6). */
export const carSaveResponse = z.object({ message: z.string(), data: carListing });
