/**
 * The test-drive service's API (spec §7 "Test drives"; issues 7 and 19): a handler for each of its
 * operations in packages/contracts `operations/test-drives.ts`, which declares method, path, access,
 * input and answers. The flows are in ../use-cases; errors are `{ message }` as those document.
 */

import type { EventPayloads } from '@marketplace/contracts';
import { operationsOf } from '@marketplace/contracts';
import { type BoundOperation, bindOperations, type ServicePorts } from '@marketplace/platform';
import { limits, messages } from '../domain/rules';
import { bookTestDrive } from '../use-cases/book-test-drive';
import { cancelTestDrive } from '../use-cases/cancel-test-drive';
import { listOpenSlots } from '../use-cases/list-open-slots';
import { listTestDrives } from '../use-cases/list-test-drives';
import { rescheduleTestDrive } from '../use-cases/reschedule-test-drive';
import type { TestDriveDeps } from '../use-cases/schedule';
import { setTestDriveStatus } from '../use-cases/set-test-drive-status';

/** The service's operations bound to their handlers. */
export function testDriveOperations(ports: ServicePorts<EventPayloads>): BoundOperation[] {
  const deps: TestDriveDeps = {
    db: ports.db,
    outbox: ports.outbox,
    clock: ports.clock,
    bookLimiter: ports.rateLimiters.create(limits.bookPerUser),
  };
  return bindOperations(operationsOf('test-drive'), {
    async bookTestDrive({ body }, { principal }) {
      return { message: messages.created, data: await bookTestDrive(deps, principal, body) };
    },
    async listMyTestDrives({ query }, { principal }) {
      return { data: await listTestDrives(deps.db, { userId: principal.id, keyword: query.keyword }) };
    },
    async listTestDriveSlots({ query }) {
      return { data: await listOpenSlots(deps, query.car, query.date) };
    },
    async listAllTestDrives({ query }) {
      return { data: await listTestDrives(deps.db, { keyword: query.keyword }) };
    },
    async listSellerTestDrives({ query }, { principal }) {
      return { data: await listTestDrives(deps.db, { sellerId: principal.id, keyword: query.keyword }) };
    },
    async rescheduleTestDrive({ params, body }, { principal }) {
      return rescheduleTestDrive(deps, principal, params.id, body);
    },
    async cancelTestDrive({ params }, { principal }) {
      await cancelTestDrive(deps, principal, params.id);
      return { message: messages.deleted };
    },
    async setTestDriveStatus({ params, body }, { principal }) {
      const data = await setTestDriveStatus(deps, principal, params.id, body.status);
      return { message: messages.statusChanged(body.status), data };
    },
  });
}
