/**
 * The seller's car calls (spec §7 "Cars"; issue 11), by operation id through `callOperation`: the listing
 * itself, the seller's cars, one car's details, update and delete. Failed calls toast the server's message
 * through the shared API client, except the quiet details call.
 */
import type { Car, SellerCar } from '@marketplace/contracts';
import { callOperation, type OperationBody } from '@marketplace/ui';

/**
 * Revalidate instead of reusing the browser's copy: the seller's own data must show an edit at once, and
 * `/api/cars/seller` currently carries the catalog's `public, max-age=30` header (`/api/cars/:carId` matches
 * it first).
 */
const fresh = { headers: { 'Cache-Control': 'no-cache' } };

/** Creates the listing (`createCar`, `POST /api/cars`); resolves with the server's message. */
export async function createListing(body: OperationBody<'createCar'>): Promise<string> {
  const res = await callOperation('createCar', { body });
  return res.data.message || 'Car successfully created.';
}

/** The signed-in seller's cars (`listSellerCars`, `GET /api/cars/seller`). */
export async function fetchSellerCars(): Promise<SellerCar[]> {
  const res = await callOperation('listSellerCars', {}, fresh);
  return res.data.data;
}

/** A car as the catalog shows it (`getCar`, `GET /api/cars/{carId}`), or null when it is not public (e.g. sold). */
export async function fetchCar(id: string): Promise<Car | null> {
  try {
    const res = await callOperation('getCar', { params: { carId: id } }, { ...fresh, quiet: true });
    return res.data.data;
  } catch {
    return null;
  }
}

/** Updates a listing (`updateCar`, `PUT /api/cars/{carId}`); resolves with the server's message. */
export async function updateCar(id: string, body: OperationBody<'updateCar'>): Promise<string> {
  const res = await callOperation('updateCar', { params: { carId: id }, body });
  return res.data.message || 'Car updated successfully.';
}

/** Deletes a listing (`deleteCar`, `DELETE /api/cars/{carId}`); resolves with the server's message. */
export async function deleteCar(id: string): Promise<string> {
  const res = await callOperation('deleteCar', { params: { carId: id } });
  return res.data.message || 'Car deleted successfully.';
}
