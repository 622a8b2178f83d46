/** The catalog's calls (spec §7 "Cars", "Reference data"), typed with the contracts (types only). */
import type { Brand, Car } from '@marketplace/contracts';
import { api } from '@marketplace/ui';

/** One page of `GET /api/cars`: the cars and how many match in total. */
export interface CarPage {
  cars: Car[];
  totalLength: number;
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

/** `GET /api/cars/{carId}`: one car; rejects with the ApiError (404 for an unknown id). */
export async function fetchCar(carId: string): Promise<Car> {
  const { data } = await api.get<{ data: Car }>(`/api/cars/${encodeURIComponent(carId)}`, {
    quiet: true,
  });
  return data.data;
}

/**
 * `GET /api/carbrand`: every brand with its logo, for the POPULAR BRANDS grid. The answer is
 * `{ data: Brand[] }` (`data` is the list, spec §7, issue 19).
 */
export async function fetchBrands(): Promise<Brand[]> {
  const { data } = await api.get<{ data: Brand[] }>('/api/carbrand', { background: true });
  return data.data;
}
