/**
 * Shared primitives of the API contract: ids, the error body and the shared schemas, with the vocabulary
 * (vocabulary.ts: constants and enumerations) and the field builders (fields.ts) re-exported.
 */
/// <reference types="zod-openapi" />
import { z } from 'zod';
import { idField } from './fields';
import {
  bodyTypes,
  carStatuses,
  conditions,
  fuelTypes,
  ownerships,
  roles,
  testDriveStatuses,
  transmissions,
} from './vocabulary';

export * from './fields';
export * from './vocabulary';

// ---------------------------------------------------------------------------------------------------
// Shared schemas
// ---------------------------------------------------------------------------------------------------

/** A database id as a string (UUIDs in practice, but only "non-empty, ≤ 64 chars" is promised). */
export const objectId = idField('id').meta({ id: 'ObjectId', description: 'Record id (a string)' });

/** Path parameters `{ id }` of routes such as `PUT /api/RTO/{id}` (spec §7). */
export const idParams = z.object({ id: idField('id') });

/** Error body of every failed call: `{ message }`, shown as a toast by the client (spec §8). */
export const errorResponse = z
  .object({ message: z.string() })
  .meta({ id: 'ErrorResponse', description: 'Error body; `message` is shown to the user (spec §8)' });

/** Success body carrying only a message, e.g. `DELETE /api/RTO/{id}` (spec §7). */
export const messageResponse = z
  .object({ message: z.string() })
  .meta({ id: 'MessageResponse', description: 'A success message' });

/**
 * Answer of a delete: `{ message, data }`, `data` being the deleted `record` as a read answers it, which the
 * spec's client removes from its list by `_id` (issue 19).
 */
export function deletedResponse<T extends z.ZodType>(record: T) {
  return z.object({ message: z.string(), data: record });
}

/** A reference to another record as returned on reads: `{ _id, name }` (spec §3, e.g. variant.carModel). */
export const namedRef = z
  .object({ _id: objectId, name: z.string() })
  .meta({ id: 'NamedRef', description: 'Reference to another record: its id and name' });

/** Response-side enum schemas, registered as OpenAPI components. */
export const fuelTypeSchema = z.enum(fuelTypes).meta({ id: 'FuelType' });
/** Transmission enum schema (spec §9). */
export const transmissionSchema = z.enum(transmissions).meta({ id: 'Transmission' });
/** Condition enum schema (spec §9). */
export const conditionSchema = z.enum(conditions).meta({ id: 'Condition' });
/** Ownership enum schema (spec §9). */
export const ownershipSchema = z.enum(ownerships).meta({ id: 'Ownership' });
/** Role enum schema (spec §6). */
export const roleSchema = z.enum(roles).meta({ id: 'Role' });
/** Body type enum schema (issue 5). */
export const bodyTypeSchema = z.enum(bodyTypes).meta({ id: 'BodyType' });
/** Test-drive status enum schema (issue 7). */
export const testDriveStatusSchema = z.enum(testDriveStatuses).meta({ id: 'TestDriveStatus' });
/** Car status enum schema (spec §3, issue 6). */
export const carStatusSchema = z.enum(carStatuses).meta({ id: 'CarStatus' });

/** Inferred type of {@link errorResponse}. */
export type ErrorResponse = z.infer<typeof errorResponse>;
/** Inferred type of {@link messageResponse}. */
export type MessageResponse = z.infer<typeof messageResponse>;
/** Inferred type of {@link namedRef}. */
export type NamedRef = z.infer<typeof namedRef>;
