/**
 * Price you can trust (issue 25): a car's price insight (its price against the expected range of its
 * comparables, with the working), the seller's valuation of a car like theirs, and similar cars. Prices are
 * whole rupees, distances km.
 */
import { z } from 'zod';
import { MAX_KM_DRIVEN } from './car-fields';
import { car } from './car-records';
import {
  idField,
  MIN_YEAR,
  objectId,
  PRICE_BANDS_MAX_IDS,
  priceBands,
  queryInt,
  queryList,
  SIMILAR_CARS_MAX,
} from './common';

/**
 * The expected price range of cars like one car (or like the seller's): the median and inter-quartile range
 * of its comparables' prices, each adjusted to this car's year and km by the model's fitted depreciation;
 * all `null` with too few comparables. `basis` says in words what was compared.
 */
export const expectedPrice = z.object({
  expectedLow: z.number().nullable().meta({ description: 'Lower quartile of the adjusted prices, rupees' }),
  expectedHigh: z.number().nullable().meta({ description: 'Upper quartile of the adjusted prices, rupees' }),
  median: z.number().nullable().meta({ description: 'Median of the adjusted prices, rupees' }),
  comparables: z.number().int().meta({ description: 'How many cars were compared' }),
  basis: z.string().meta({
    description: 'What was compared, e.g. "14 Maruti Suzuki Swift, 2019–2023, 20–60k km, in Karnataka"',
  }),
});
/** Inferred type of {@link expectedPrice}. */
export type ExpectedPrice = z.infer<typeof expectedPrice>;

/** A car's price insight: its band, its price, the expected range, and the comparables' prices for a chart. */
export const priceInsight = expectedPrice
  .extend({
    band: z.enum(priceBands).meta({
      description:
        'great: below the expected range; good: its lower half; fair: its upper half; high: above; unknown: too few comparables',
    }),
    price: z.number().meta({ description: "This car's price, rupees" }),
    prices: z.array(z.number()).meta({
      description: "The comparables' adjusted prices, ascending (rupees), for the chart",
    }),
  })
  .meta({ id: 'PriceInsight' });
/** Inferred type of {@link priceInsight}. */
export type PriceInsight = z.infer<typeof priceInsight>;

/** `GET /api/cars/{carId}/price-insight` answer. */
export const priceInsightResponse = z.object({ data: priceInsight });

/** A required whole-number query parameter `field` from `min` to `max` (absent or empty → `<field> is required`). */
function requiredQueryInt(field: string, min: number, max: number) {
  return queryInt(field, min, max).transform((n, ctx): number => {
    if (n !== undefined) return n;
    ctx.addIssue({ code: 'custom', message: `${field} is required` });
    return z.NEVER;
  });
}

/** `GET /api/valuation` query: the seller's model, year and km, and optionally their state (preferred). */
export const valuationQuery = z.object({
  model: idField('model'),
  year: requiredQueryInt('year', MIN_YEAR, 2100),
  kmDriven: requiredQueryInt('kmDriven', 0, MAX_KM_DRIVEN),
  state: idField('state').optional(),
});
/** Output type of {@link valuationQuery}. */
export type ValuationQuery = z.output<typeof valuationQuery>;

/** `GET /api/valuation` answer: the expected range of cars like the seller's. */
export const valuationResponse = z.object({ data: expectedPrice });

/** `GET /api/cars/{carId}/similar` answer: up to {@link SIMILAR_CARS_MAX} cars for sale, never the car itself. */
export const similarCarsResponse = z.object({
  data: z
    .array(car)
    .max(SIMILAR_CARS_MAX)
    .meta({
      description: `Up to ${SIMILAR_CARS_MAX} cars for sale of the same body type and price band, the same model first`,
    }),
});

/** `GET /api/cars/price-bands?ids=` query: the cars of one page of cards, at most {@link PRICE_BANDS_MAX_IDS}. */
export const priceBandsQuery = z.object({
  ids: queryList('ids', idField('ids'), 'Comma-joined car ids', PRICE_BANDS_MAX_IDS).transform(
    (ids, ctx): string[] => {
      if (ids !== undefined) return ids;
      ctx.addIssue({ code: 'custom', message: 'ids is required' });
      return z.NEVER;
    },
  ),
});

/**
 * `GET /api/cars/price-bands` answer: the band of each asked car that is for sale and has an insight, by car
 * id (cars without one are left out), so a page of cards shows its badges with one call.
 */
export const priceBandsResponse = z.object({
  data: z.record(objectId, z.enum(priceBands)).meta({ description: 'Price band by car id' }),
});
