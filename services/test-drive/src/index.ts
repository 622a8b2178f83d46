/**
 * Test-drive service: bookings and their status lifecycle (spec §4, §7 "Test drives"; issue 7).
 * Owns schema `test_drive` (tables `cars`, the projection of the catalog's cars, and `test_drives`;
 * migrations in ../migrations); publishes `testdrive.*` through its outbox and consumes
 * `catalog.car.indexed|removed` and `auth.user.deleted` (events/). Its clock port decides "today" (India
 * time), so tests can fix it. Layout: http/ binds the operations, use-cases/ holds one flow per file,
 * domain/ the pure rules, data/ the tables.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPayloads } from '@marketplace/contracts';
import { defineService } from '@marketplace/platform';
import { carProjectionConsumer, consumes, userDeletedConsumer } from './events/consumers';
import { testDriveOperations } from './http/operations';

/** The car projection consumer, for the operations tests that drive it directly (`ops dlq replay`). */
export { carProjectionConsumer };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export const testDriveService = defineService<EventPayloads>({
  name: 'test-drive',
  schema: 'test_drive',
  migrationsFolder,
  consumes: Object.values(consumes),
  publishes: ['testdrive.booked', 'testdrive.rescheduled', 'testdrive.cancelled', 'testdrive.status_changed'],
  create: (ports) => ({
    operations: testDriveOperations(ports),
    consumers: [carProjectionConsumer(), userDeletedConsumer()],
  }),
});
