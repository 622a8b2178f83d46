/**
 * The catalog's car calls (spec §7 "Cars"), by operation id through `callOperation` (types from the
 * contracts' declarations), and their TanStack queries: the same keys on the server and in the browser,
 * so what the server rendered with is reused after hydration (issue 21).
 */
import type { Car } from '@marketplace/contracts';
import { callOperation, isApiError, type OperationQuery, type OperationResult } from '@marketplace/ui';
import { queryOptions } from '@tanstack/react-query';

/** The query of a car search (`searchCars`): the listing's filters as sent, empty ones left out. */
export type CarSearchQuery = OperationQuery<'searchCars'>;

/** One page of a search: the cars, how many match in total, and the facets when asked (`facets: 'true'`). */
export type CarPage = OperationResult<'searchCars'>['data'];

/** `searchCars` (`GET /api/cars?{query}`): one page of cars; empty parameters are left out by the caller. */
export async function searchCars(query: CarSearchQuery, signal?: AbortSignal): Promise<CarPage> {
  const { data } = await callOperation(
    'searchCars',
    { query },
    { background: true, ...(signal ? { signal } : {}) },
  );
  return data.data;
}

/**
 * `getCar` (`GET /api/cars/{carId}`): one car, or `null` when there is no such car (404, or 400 for an id
 * that cannot exist). @throws ApiError for any other failure.
 */
export async function fetchCar(carId: string): Promise<Car | null> {
  try {
    const { data } = await callOperation('getCar', { params: { carId } }, { quiet: true });
    return data.data;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The car queries of the catalog's pages. */
export const carQueries = {
  /** One page of the search; `query` as sent (empty parameters left out). */
  search: (query: CarSearchQuery) =>
    queryOptions({
      queryKey: ['cars', 'search', query],
      queryFn: ({ signal }) => searchCars(query, signal),
    }),
  /** One car, `null` when unknown. */
  car: (carId: string) => queryOptions({ queryKey: ['cars', 'one', carId], queryFn: () => fetchCar(carId) }),
};
