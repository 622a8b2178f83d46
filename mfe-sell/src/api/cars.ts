/** Calls of /sold (spec §7 "Cars"; issue 11): the seller's cars, one car's details, update and delete. */
import type { Car, CarUpdateBody, SellerCar } from '@marketplace/contracts';
import { api } from '@marketplace/ui';

/**
 * Revalidate instead of reusing the browser's copy: the seller's own data must show an edit at once, and
 * `/api/cars/seller` currently carries the catalog's `public, max-age=30` header (`/api/cars/:carId` matches
 * it first).
 */
const fresh = { headers: { 'Cache-Control': 'no-cache' } };

/** The signed-in seller's cars (`GET /api/cars/seller`). */
export async function fetchSellerCars(): Promise<SellerCar[]> {
  const res = await api.get<{ data: SellerCar[] }>('/api/cars/seller', fresh);
  return res.data.data;
}

/** A car as the catalog shows it (`GET /api/cars/{id}`), or null when it is not public (e.g. sold). */
export async function fetchCar(id: string): Promise<Car | null> {
  try {
    const res = await api.get<{ data: Car }>(`/api/cars/${encodeURIComponent(id)}`, {
      ...fresh,
      quiet: true,
    });
    return res.data.data;
  } catch {
    return null;
  }
}

/** Updates a listing (`PUT /api/cars/{id}`); resolves with the server's message. */
export async function updateCar(id: string, body: CarUpdateBody): Promise<string> {
  const res = await api.put<{ message?: string }>(`/api/cars/${encodeURIComponent(id)}`, body);
  return res.data.message || 'Car updated successfully.';
}

/** Deletes a listing (`DELETE /api/cars/{id}`); resolves with the server's message. */
export async function deleteCar(id: string): Promise<string> {
  const res = await api.delete<{ message?: string }>(`/api/cars/${encodeURIComponent(id)}`);
  return res.data.message || 'Car deleted successfully.';
}
