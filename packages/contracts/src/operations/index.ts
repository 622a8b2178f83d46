/**
 * The operation registry: every call of spec §7 plus the additions of issues 4–10 and 19–21, declared once
 * per area (auth.ts, cars.ts, reference-data.ts, test-drives.ts, storage.ts, contact.ts) with the owning
 * service, who may call it, its request schemas and its responses. The OpenAPI document (`openapi.ts`),
 * the gateway's routing, the embedded host and every service's handlers read it.
 */
import { authOperations } from './auth';
import { buyerOperations } from './buyers';
import { carOperations } from './cars';
import { contactOperations } from './contact';
import type { ApiRoute, Operation, ServiceName } from './define';
import { internalOperations } from './internal';
import { pricingOperations } from './pricing';
import { referenceDataOperations } from './reference-data';
import { storageOperations } from './storage';
import { testDriveOperations } from './test-drives';

export * from './define';
export * from './internal';

/** Every operation of the API, keyed by operation id, in the order of the API document. */
export const operations = {
  ...authOperations,
  ...carOperations,
  ...pricingOperations,
  ...referenceDataOperations,
  ...testDriveOperations,
  ...buyerOperations,
  ...storageOperations,
  ...contactOperations,
};

/** The operation ids of the API. */
export type OperationId = keyof typeof operations;

/** Every operation of the API as a list, in the order of the API document. */
export const apiRoutes: ApiRoute[] = Object.values(operations);

/**
 * What a service may call on another, by id: the API's operations and the internal ones (internal.ts),
 * which are declared the same way but never routed from outside.
 */
export const peerOperations = { ...operations, ...internalOperations };

/** The ids of {@link peerOperations}. */
export type PeerOperationId = keyof typeof peerOperations;

/** The operations of `service`, API and internal, keyed by id (the type keeps only that service's). */
export type ServiceOperations<S extends ServiceName> = {
  [K in PeerOperationId as (typeof peerOperations)[K]['service'] extends S
    ? K
    : never]: (typeof peerOperations)[K];
};

/** The operations `service` owns, API and internal: what it binds handlers to. */
export function operationsOf<S extends ServiceName>(service: S): ServiceOperations<S> {
  return Object.fromEntries(
    Object.entries(peerOperations).filter(([, op]: [string, Operation]) => op.service === service),
  ) as ServiceOperations<S>;
}
