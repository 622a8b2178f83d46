/**
 * The catalog's price calls (issue 25), by operation id through `callOperation`: a car's price insight and
 * the cars similar to it. Both are extras on the car page: any failure (a 404, a 501 while the endpoint is
 * not deployed, the network) answers `null`, quietly, and the page leaves the part out.
 */
import type { Car, PriceBand, PriceInsight } from '@marketplace/contracts';
import { callOperation } from '@marketplace/ui';
import { queryOptions } from '@tanstack/react-query';

/** `getPriceInsight` (`GET /api/cars/{carId}/price-insight`): the band, the expected range and the working. */
export async function fetchPriceInsight(carId: string, signal?: AbortSignal): Promise<PriceInsight | null> {
  try {
    const { data } = await callOperation(
      'getPriceInsight',
      { params: { carId } },
      { quiet: true, background: true, ...(signal ? { signal } : {}) },
    );
    return data.data;
  } catch {
    return null;
  }
}

/** `getSimilarCars` (`GET /api/cars/{carId}/similar`): up to 6 cars like this one, never the car itself. */
export async function fetchSimilarCars(carId: string, signal?: AbortSignal): Promise<Car[] | null> {
  try {
    const { data } = await callOperation(
      'getSimilarCars',
      { params: { carId } },
      { quiet: true, background: true, ...(signal ? { signal } : {}) },
    );
    return data.data;
  } catch {
    return null;
  }
}

/**
 * `getPriceBands` (`GET /api/cars/price-bands?ids=`): the bands of a page of cards by car id, in one call;
 * `{}` on any failure (the cards then show no badge).
 */
export async function fetchPriceBands(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, PriceBand>> {
  if (ids.length === 0) return {};
  try {
    const { data } = await callOperation(
      'getPriceBands',
      { query: { ids: ids.join(',') } },
      { quiet: true, background: true, ...(signal ? { signal } : {}) },
    );
    return data.data;
  } catch {
    return {};
  }
}

/** The price queries of the car page and the grids; fetched in the browser only (the server renders the cars alone). */
export const pricingQueries = {
  /** One car's price insight, `null` when there is none to show. */
  insight: (carId: string) =>
    queryOptions({
      queryKey: ['cars', 'price-insight', carId],
      queryFn: ({ signal }) => fetchPriceInsight(carId, signal),
    }),
  /** The bands of the cards of one grid, by car id. */
  bands: (ids: readonly string[]) =>
    queryOptions({
      queryKey: ['cars', 'price-bands', ids.join(',')],
      queryFn: ({ signal }) => fetchPriceBands(ids, signal),
    }),
  /** The cars similar to one car, `null` when they cannot be had. */
  similar: (carId: string) =>
    queryOptions({
      queryKey: ['cars', 'similar', carId],
      queryFn: ({ signal }) => fetchSimilarCars(carId, signal),
    }),
};
