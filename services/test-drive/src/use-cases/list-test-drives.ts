/** The lists of bookings: the booker's, the seller's and the Admin's (spec §7 `GET /api/testDrive…`). */
import type { TestDrive } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { testDriveStore } from '../data/store';
import { toTestDrive } from '../domain/serialize';

/**
 * Bookings by `userId` (booker), `sellerId` (the car's seller) or neither (every booking), whose car's
 * brand, model or variant name contains `keyword` (any case); ordered by appointment date and time.
 */
export async function listTestDrives(
  db: Db,
  filter: { userId?: string; sellerId?: string; keyword?: string | undefined },
): Promise<TestDrive[]> {
  const { keyword, ...who } = filter;
  const rows = await testDriveStore.list(db, { ...who, ...(keyword ? { keyword } : {}) });
  return rows.map(toTestDrive);
}
