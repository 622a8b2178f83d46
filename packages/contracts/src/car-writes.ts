/**
 * The listing write side's requests (spec §3 "Car listing", §5, §7; issues 6, 19 and 20): the body and
 * headers of `POST /api/cars` and the body of `PUT /api/cars/{carId}`.
 */
import { z } from 'zod';
import {
  blankInsuranceToUndefined,
  engineCapacityField,
  imageKeysField,
  kmDrivenField,
  PIN_CODE_PATTERN,
  priceField,
  REG_NUMBER_PATTERN,
} from './car-fields';
import {
  booleanField,
  calendarDateField,
  carStatuses,
  conditions,
  DEFAULTS,
  enumField,
  fieldError,
  freeTextField,
  fuelTypes,
  idField,
  optionalInput,
  ownerships,
  textField,
  transmissions,
  yearField,
} from './common';

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
