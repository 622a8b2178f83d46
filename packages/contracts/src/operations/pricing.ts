/**
 * Price you can trust (issue 25): a car's price insight, the seller's valuation and similar cars. Owned by
 * the catalog, which keeps the read model the comparables come from.
 */
import { carIdParams } from '../cars';
import { PRICE_INSIGHT_MIN_COMPARABLES } from '../common';
import {
  priceBandsQuery,
  priceBandsResponse,
  priceInsightResponse,
  similarCarsResponse,
  valuationQuery,
  valuationResponse,
} from '../pricing';
import { defineOperations, error } from './define';

/** How the expected range is found, in the descriptions of the price operations. */
const METHOD =
  'Comparables are cars of the same model for sale (and sold in the last 180 days) within 2 years and a km ' +
  "band of this one, the same state preferred. Each comparable's price is adjusted to this car's year and " +
  "km by the model's fitted depreciation; the expected range is the adjusted prices' inter-quartile range " +
  `around their median. With fewer than ${PRICE_INSIGHT_MIN_COMPARABLES} comparables the band is unknown.`;

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const pricingOperations = defineOperations({
  getPriceInsight: {
    method: 'get',
    path: '/api/cars/{carId}/price-insight',
    summary: "A car's price against its comparables: band, expected range and the working",
    description: METHOD,
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { params: carIdParams },
    responses: {
      200: { description: 'The price insight', schema: priceInsightResponse },
      404: error('No such car for sale'),
    },
  },
  getPriceBands: {
    method: 'get',
    path: '/api/cars/price-bands',
    summary: 'The price bands of a page of cars, for the badges on their cards',
    description:
      'Cars unknown, not for sale or without an insight are left out; `unknown` bands are included.',
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { query: priceBandsQuery },
    responses: { 200: { description: 'Bands by car id', schema: priceBandsResponse } },
  },
  getSimilarCars: {
    method: 'get',
    path: '/api/cars/{carId}/similar',
    summary: 'Up to 6 cars for sale like this one (same body type and price band, same model first)',
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { params: carIdParams },
    responses: {
      200: { description: 'The similar cars, never the car itself', schema: similarCarsResponse },
      404: error('No such car'),
    },
  },
  getValuation: {
    method: 'get',
    path: '/api/valuation',
    summary: 'What cars like the seller’s sell for (model, year, km, state)',
    description: METHOD,
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { query: valuationQuery },
    responses: {
      200: { description: 'The expected range', schema: valuationResponse },
      400: error('Invalid input, or no such model (the message names the field)'),
    },
  },
});
