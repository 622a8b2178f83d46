/**
 * The dashboard's figures (issue 12), read from the services' list operations through `callOperation`
 * in the background (not counted on the loading bar): cars listed, test drives booked, brands and users.
 */
import { callOperation } from '@marketplace/ui';
import { fresh } from './read-options';

/** The dashboard's figures. */
export interface DashboardStats {
  cars: number;
  testDrives: number;
  brands: number;
  users: number;
}

/** Total cars listed, test drives booked, brands and users; a figure that fails to load is null. */
export async function fetchStats(): Promise<{ [K in keyof DashboardStats]: number | null }> {
  const [cars, testDrives, brands, users] = await Promise.allSettled([
    callOperation('searchCars', { query: { limit: 1 } }, { ...fresh, background: true }),
    callOperation('listAllTestDrives', {}, { background: true }),
    callOperation('listBrands', {}, { ...fresh, background: true }),
    callOperation('getAllUsers', {}, { background: true, quiet: true }),
  ]);
  return {
    cars: cars.status === 'fulfilled' ? cars.value.data.data.totalLength : null,
    testDrives: testDrives.status === 'fulfilled' ? testDrives.value.data.data.length : null,
    brands: brands.status === 'fulfilled' ? brands.value.data.data.length : null,
    users: users.status === 'fulfilled' ? users.value.data.length : null,
  };
}
