/** Calls of the home page, typed with the contracts. */
import type { Car } from '@marketplace/contracts';
import { api } from '@marketplace/ui';

/** `GET /api/cars?limit=n`: the newest cars for the Top Cars grid. */
export async function fetchTopCars(limit = 6): Promise<Car[]> {
  const { data } = await api.get<{ data: { cars: Car[]; totalLength: number } }>('/api/cars', {
    params: { limit },
    background: true,
  });
  return data.data.cars;
}
