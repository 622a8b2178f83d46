/** Test-drive service: bookings and their status lifecycle. */
import { defineService } from '@marketplace/platform';
import { testDriveRoutes } from './routes';

export const testDriveService = defineService({
  name: 'test-drive',
  schema: 'test_drive',
  create: () => ({ router: testDriveRoutes() }),
});
