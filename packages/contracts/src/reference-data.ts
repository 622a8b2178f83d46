/**
 * Reference data owned by the catalog service: states, RTO codes, brands, models, variants
 * (spec §3, §5, §7 "Reference data"; issues 5 and 19).
 *
 * References, as spec §3 has them (issue 19): a model's `carBrand` is the brand id; a variant's `carBrand`
 * is the brand id and its `carModel` is `{ _id, name }`; an RTO's `state` is the state id. Our own screens
 * get the brand's name in a separate field, `brandName`. Writes take each reference as an id or as the
 * object a read returned (`refField`), so what a GET returns can be PUT back. List reads answer
 * `{ data: [...] }` (spec §7 "data: brands[]": `data` is the list).
 */
import { z } from 'zod';
import {
  bodyTypeSchema,
  bodyTypes,
  currentYear,
  deletedResponse,
  enumField,
  fieldError,
  freeTextField,
  fuelTypeSchema,
  fuelTypes,
  idField,
  intField,
  MIN_YEAR,
  namedRef,
  objectId,
  optionalInput,
  queryEnum,
  queryId,
  queryInt,
  queryText,
  refField,
  textField,
  transmissionSchema,
  transmissions,
  yearField,
} from './common';

/** Refinement for update bodies: at least one field must be given. */
function nonEmptyBody(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}
const NON_EMPTY_MESSAGE = 'body must contain at least one field to change';

/** An optional list of enum values without duplicates, at least one when given. */
function enumListField<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z
    .array(enumField(field, values), { error: fieldError(field, `${field} must be a list`) })
    .min(1, `${field} must contain at least one value`)
    .transform((list) => [...new Set(list)]);
}

// ---------------------------------------------------------------------------------------------------
// States
// ---------------------------------------------------------------------------------------------------

/**
 * A state or union territory (spec §3: `_id, state`). `prefix` is its RTO letter prefix, e.g. `KA`
 * (issue 5); absent for a state without a known prefix (spec §5).
 */
export const state = z
  .object({
    _id: objectId,
    state: z.string().meta({ description: 'State name, e.g. Karnataka' }),
    prefix: z.string().optional().meta({ description: 'RTO prefix letters, e.g. KA' }),
  })
  .meta({ id: 'State', description: 'A state or union territory (spec §3)' });
/** Inferred type of {@link state}. */
export type State = z.infer<typeof state>;

/** `GET /api/carstate?keyword=` query (spec §7). */
export const stateListQuery = z.object({ keyword: queryText('keyword') });
/** `GET /api/carstate` answer: `{ data: [states] }` (spec §7 "data: states[]", issue 19). */
export const stateListResponse = z.object({ data: z.array(state) });

// ---------------------------------------------------------------------------------------------------
// RTO codes
// ---------------------------------------------------------------------------------------------------

/** RTO code: `<PREFIX>-<digits>`, e.g. `KA-01`, `DL-1`; digits alone for a state without prefix (spec §5). */
export const RTO_CODE_PATTERN = /^(?:[A-Z]{2}-)?\d{1,3}$/;

/** An RTO office (spec §3: `_id, state (state id), city, code`). */
export const rto = z
  .object({
    _id: objectId,
    state: objectId.meta({ description: 'State id' }),
    city: z.string(),
    code: z.string().meta({ examples: ['KA-01'] }),
  })
  .meta({ id: 'Rto', description: 'An RTO office (spec §3)' });
/** Inferred type of {@link rto}. */
export type Rto = z.infer<typeof rto>;

const rtoCodeField = z
  .string({ error: fieldError('code', 'code must be a string') })
  .trim()
  .toUpperCase()
  .regex(RTO_CODE_PATTERN, 'code must look like KA-01: the state prefix, a hyphen and 1–3 digits');

/** `POST /api/RTO` body: `{ state, city, code }` (spec §7). */
export const rtoCreateBody = z.object({
  state: idField('state'),
  city: textField('city', 100),
  code: rtoCodeField,
});
/** `PUT /api/RTO/{id}` body: any of `{ state, code, city }` (spec §7 sends all three). */
export const rtoUpdateBody = rtoCreateBody.partial().refine(nonEmptyBody, NON_EMPTY_MESSAGE);
/** `GET /api/RTO?state=&keyword=` query (spec §7). */
export const rtoListQuery = z.object({ state: queryId('state'), keyword: queryText('keyword') });
/** `GET /api/RTO` answer: `{ data, message }`; `data` is the list of RTOs (spec §7, issue 5). */
export const rtoListResponse = z.object({ data: z.array(rto), message: z.string() });
/** `POST /api/RTO` and `PUT /api/RTO/{id}` answer: `{ message, data }` with the saved RTO (spec §7). */
export const rtoSaveResponse = z.object({ message: z.string(), data: rto.optional() });
/** `DELETE /api/RTO/{id}` answer: `{ message, data }` with the deleted RTO (issue 19). */
export const rtoDeleteResponse = deletedResponse(rto);

// ---------------------------------------------------------------------------------------------------
// Brands
// ---------------------------------------------------------------------------------------------------

/** A model as embedded in a brand: `{ _id, name, fuelType, transmission }` (spec §3, issue 5). */
export const brandModelSummary = z
  .object({
    _id: objectId,
    name: z.string(),
    fuelType: z.array(fuelTypeSchema),
    transmission: z.array(transmissionSchema),
  })
  .meta({ id: 'BrandModelSummary' });

/** A car brand (spec §3). `founded` is a year (guess: the spec's form just says "founded"). */
export const brand = z
  .object({
    _id: objectId,
    name: z.string(),
    country: z.string(),
    founded: z.number().int().meta({ description: 'Year the brand was founded' }),
    website: z.string().optional(),
    logo: z.object({ url: z.string() }).optional().meta({ description: 'Absent when no logo was uploaded' }),
    models: z.array(brandModelSummary),
  })
  .meta({ id: 'Brand', description: 'A car brand (spec §3)' });
/** Inferred type of {@link brand}. */
export type Brand = z.infer<typeof brand>;

const brandFields = {
  name: textField('name', 100),
  country: textField('country', 100),
  founded: intField('founded', 1800, 2100).refine(
    (y) => y <= currentYear(),
    'founded must not be after the current year',
  ),
  website: z
    .literal('')
    .transform(() => undefined)
    .or(z.url({ error: fieldError('website', 'website must be a URL'), protocol: /^https?$/ }))
    .optional()
    .meta({ description: 'Optional http(s) URL; an empty string counts as absent' }),
  logoKey: optionalInput(textField('logoKey', 300).optional()).meta({
    description:
      'Storage key returned by POST /api/storage/getUrl?type=logo; an empty string counts as absent',
  }),
};

/** `POST /api/carbrand` body: brand fields plus `logoKey` of the uploaded logo (spec §5, §7). */
export const brandCreateBody = z.object(brandFields);
/** `PUT /api/carbrand/{id}` body: brand fields; `logoKey` only when a new logo was chosen (spec §7). */
export const brandUpdateBody = z.object(brandFields).partial().refine(nonEmptyBody, NON_EMPTY_MESSAGE);
/** `GET /api/carbrand?keyword=` query (spec §7). */
export const brandListQuery = z.object({ keyword: queryText('keyword') });
/** `GET /api/carbrand` answer: `{ data: [brands] }` (spec §7 "data: brands[]", issue 19). */
export const brandListResponse = z.object({ data: z.array(brand) });
/** `POST /api/carbrand` answer: `{ success, message, data }` (spec §7). */
export const brandCreateResponse = z.object({ success: z.literal(true), message: z.string(), data: brand });
/** `PUT /api/carbrand/{id}` answer: `{ message, data }` (spec §7 uses the message). */
export const brandUpdateResponse = z.object({ message: z.string(), data: brand.optional() });
/**
 * `DELETE /api/carbrand/{id}` answer: `{ message, data }` with the deleted brand (issue 19), without `models`
 * (only a brand without models can be deleted).
 */
export const brandDeleteResponse = deletedResponse(brand.omit({ models: true }));

// ---------------------------------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------------------------------

/**
 * A car model (spec §3; `bodyType` from issue 5). `year` is the model year used by the sell wizard;
 * `carBrand` is the brand id (spec §3), `brandName` the brand's name for display (issue 19).
 */
export const model = z
  .object({
    _id: objectId,
    name: z.string(),
    year: z.number().int().meta({ description: 'Launch year in India' }),
    yearTo: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Last year on sale in India; absent while on sale' }),
    fuelType: z.array(fuelTypeSchema),
    transmission: z.array(transmissionSchema),
    carBrand: objectId.meta({ description: 'Brand id (spec §3)' }),
    brandName: z.string().meta({ description: "The brand's name" }),
    bodyType: bodyTypeSchema.optional(),
  })
  .meta({ id: 'Model', description: 'A car model (spec §3, issue 5)' });
/** Inferred type of {@link model}. */
export type Model = z.infer<typeof model>;

const modelFields = {
  name: textField('name', 100),
  year: yearField('year'),
  yearTo: optionalInput(yearField('yearTo').optional()),
  fuelType: enumListField('fuelType', fuelTypes),
  transmission: enumListField('transmission', transmissions),
  carBrand: refField('carBrand'),
  bodyType: optionalInput(enumField('bodyType', bodyTypes).optional()),
};

/** `POST /api/carModel` body: `{ name, year, fuelType[], transmission[], carBrand, bodyType? }` (spec §7). */
export const modelCreateBody = z.object(modelFields);
/** `PUT /api/carModel/{id}` body: any model fields (spec §7; the brand is disabled on edit, spec §5). */
export const modelUpdateBody = z.object(modelFields).partial().refine(nonEmptyBody, NON_EMPTY_MESSAGE);
/** `GET /api/carModel?brand=&year=&keyword=` query (spec §7). */
export const modelListQuery = z.object({
  brand: queryId('brand'),
  year: queryInt('year', MIN_YEAR, 2100),
  keyword: queryText('keyword'),
});
/** `GET /api/carModel` answer: `{ data: [models] }` (spec §7 "data: models[]", issue 19). */
export const modelListResponse = z.object({ data: z.array(model) });
/** `POST`/`PUT /api/carModel` answer: `{ message, data }` (spec §7 uses the message). */
export const modelSaveResponse = z.object({ message: z.string(), data: model.optional() });
/** `DELETE /api/carModel/{id}` answer: `{ message, data }` with the deleted model (issue 19). */
export const modelDeleteResponse = deletedResponse(model);

// ---------------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------------

/**
 * A car variant (spec §3): one fuel type and one transmission among its model's. `carModel` is
 * `{ _id, name }`, `carBrand` the brand id (spec §3), `brandName` the brand's name (issue 19).
 */
export const variant = z
  .object({
    _id: objectId,
    name: z.string(),
    carModel: namedRef,
    carBrand: objectId.meta({ description: 'Brand id (spec §3)' }),
    brandName: z.string().meta({ description: "The brand's name" }),
    fuelType: fuelTypeSchema,
    transmission: transmissionSchema,
    features: z.array(z.string()),
    description: z.string().optional(),
  })
  .meta({ id: 'Variant', description: 'A car variant (spec §3)' });
/** Inferred type of {@link variant}. */
export type Variant = z.infer<typeof variant>;

/** Features: each trimmed, blanks dropped (spec §5, issue 5); at most 100 of ≤ 200 characters. */
const featuresField = z
  .array(z.string({ error: fieldError('features', 'features must be a list of text') }).trim(), {
    error: fieldError('features', 'features must be a list of text'),
  })
  .max(100, 'features must have at most 100 entries')
  .transform((list) => list.filter((f) => f !== ''))
  .refine((list) => list.every((f) => f.length <= 200), 'features entries must be at most 200 characters');

const variantFields = {
  name: textField('name', 100),
  carModel: refField('carModel'),
  carBrand: refField('carBrand'),
  fuelType: enumField('fuelType', fuelTypes),
  transmission: enumField('transmission', transmissions),
  features: featuresField.optional(),
  description: freeTextField('description', 2000).optional(),
};

/** `POST /api/carVariant` body (spec §7); a missing `features` means none. */
export const variantCreateBody = z.object(variantFields);
/** `PUT /api/carVariant/{id}` body: any variant fields (spec §7; brand and model disabled on edit, §5). */
export const variantUpdateBody = z.object(variantFields).partial().refine(nonEmptyBody, NON_EMPTY_MESSAGE);
/** `GET /api/carVariant?brand=&fuelType=&model=&transmission=&keyword=` query (spec §7). */
export const variantListQuery = z.object({
  brand: queryId('brand'),
  fuelType: queryEnum('fuelType', fuelTypes),
  model: queryId('model'),
  transmission: queryEnum('transmission', transmissions),
  keyword: queryText('keyword'),
});
/** `GET /api/carVariant` answer: `{ data: [variants] }` (spec §7 "data: variants[]", issue 19). */
export const variantListResponse = z.object({ data: z.array(variant) });
/** `POST`/`PUT /api/carVariant` answer: `{ message, data }` (spec §7 uses the message). */
export const variantSaveResponse = z.object({ message: z.string(), data: variant.optional() });
/** `DELETE /api/carVariant/{id}` answer: `{ message, data }` with the deleted variant (issue 19). */
export const variantDeleteResponse = deletedResponse(variant);
