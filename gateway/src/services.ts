/**
 * Every service module of the system, in start order. The one list the embedded host wires; the
 * distributed gateway instead proxies to their URLs (see proxy.ts).
 */
import { authService } from '@marketplace/auth-service';
import { catalogService } from '@marketplace/catalog-service';
import { listingService } from '@marketplace/listing-service';
import { notificationService } from '@marketplace/notification-service';
import type { AnyServiceModule } from '@marketplace/platform';
import { storageService } from '@marketplace/storage-service';
import { testDriveService } from '@marketplace/test-drive-service';

export const serviceModules: AnyServiceModule[] = [
  authService,
  catalogService,
  listingService,
  testDriveService,
  storageService,
  notificationService,
];
