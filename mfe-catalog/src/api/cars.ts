/** The catalog's calls (spec §7 "Cars", "Reference data"), typed with the contracts (types only). */
import type { Brand, Car, CarFacets } from '@marketplace/contracts';
import { api, isApiError } from '@marketplace/ui';
import { queryOptions } from '@tanstack/react-query';

/** A brand as the listing shows it. */
export type BrandSummary = Pick<Brand, '_id' | 'name' | 'logo'>;

/** One page of `GET /api/cars`: the cars, how many match in total, and the facets when asked (`facets=true`). */
export interface CarPage {
  cars: Car[];
  totalLength: number;
  facets?: CarFacets;
}

/** `GET /api/cars?{query}`: empty parameters are left out by the caller. */
export async function searchCars(
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<CarPage> {
  const { data } = await api.get<{ data: CarPage }>('/api/cars', {
    params: query,
    background: true,
    ...(signal ? { signal } : {}),
  });
  return data.data;
}

/**
 * `GET /api/cars/{carId}`: one car, or `null` when there is no such car (404, or 400 for an id that cannot
 * exist). @throws ApiError for any other failure.
 */
export async function fetchCar(carId: string): Promise<Car | null> {
  try {
    const { data } = await api.get<{ data: Car }>(`/api/cars/${encodeURIComponent(carId)}`, {
      quiet: true,
    });
    return data.data;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * `GET /api/carbrand`: every brand with its logo, for the POPULAR BRANDS grid. The answer is
 * `{ data: Brand[] }` (`data` is the list, spec §7, issue 19).
 */
export async function fetchBrands(): Promise<Brand[]> {
  const { data } = await api.get<{ data: Brand[] }>('/api/carbrand', { background: true });
  return data.data;
}

/**
 * The catalog's queries (TanStack Query): the same keys on the server and in the browser, so what the
 * server rendered with is reused after hydration (issue 21).
 */
export const catalogQueries = {
  /** One page of the search; `query` as sent (empty parameters left out). */
  search: (query: Record<string, string | number>) =>
    queryOptions({
      queryKey: ['cars', 'search', query],
      queryFn: ({ signal }) => searchCars(query, signal),
    }),
  /** One car, `null` when unknown. */
  car: (carId: string) => queryOptions({ queryKey: ['cars', 'one', carId], queryFn: () => fetchCar(carId) }),
  /**
   * Every brand as the listing shows it (POPULAR/TOP BRANDS): id, name and logo only — the models nested in
   * each brand are left out of the cache, which a server-rendered page carries in its HTML (≈34 KB → 3 KB).
   */
  brands: () =>
    queryOptions({
      queryKey: ['brands', 'listed'],
      queryFn: async (): Promise<BrandSummary[]> =>
        (await fetchBrands()).map(({ _id, name, logo }) => ({ _id, name, ...(logo ? { logo } : {}) })),
    }),
};
