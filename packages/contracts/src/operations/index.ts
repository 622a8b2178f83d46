/**
 * The operation registry: every call of spec §7 plus the additions of issues 4–10 and 19–21, declared once
 * per area (auth.ts, cars.ts, reference-data.ts, test-drives.ts, storage.ts, contact.ts) with the owning
 * service, who may call it, its request schemas and its responses. The OpenAPI document (`openapi.ts`),
 * the gateway's routing, the embedded host and every service's handlers read it.
 */
import { authOperations } from './auth';
import { carOperations } from './cars';
import { contactOperations } from './contact';
import type { ApiRoute, Operation, ServiceName } from './define';
import { referenceDataOperations } from './reference-data';
import { storageOperations } from './storage';
import { testDriveOperations } from './test-drives';

export * from './define';

/** Every operation of the API, keyed by operation id, in the order of the API document. */
export const operations = {
  ...authOperations,
  ...carOperations,
  ...referenceDataOperations,
  ...testDriveOperations,
  ...storageOperations,
  ...contactOperations,
};

/** The operation ids of the API. */
export type OperationId = keyof typeof operations;

/** Every operation of the API as a list, in the order of the API document. */
export const apiRoutes: ApiRoute[] = Object.values(operations);

/** The operations of `service`, keyed by id (the type keeps only that service's). */
export type ServiceOperations<S extends ServiceName> = {
  [K in OperationId as (typeof operations)[K]['service'] extends S ? K : never]: (typeof operations)[K];
};

/** The operations `service` owns: what it binds handlers to. */
export function operationsOf<S extends ServiceName>(service: S): ServiceOperations<S> {
  return Object.fromEntries(
    Object.entries(operations).filter(([, op]: [string, Operation]) => op.service === service),
  ) as ServiceOperations<S>;
}
