/**
 * The shape of an API operation (method, path, owner, access, request schemas, responses) and
 * {@link defineOperations}, which declares an area's operations once, keyed by operation id. The service
 * that owns an operation binds a handler to it by that id (platform `bindOperations`); the gateway's
 * routing, the embedded host and the OpenAPI document read the same declarations.
 *
 * Status codes: 201 for calls that create a record, 200 otherwise (a choice of this contract; the spec's
 * client accepts any 2xx). Error bodies are always `{ message }` (spec §8). Every operation that takes
 * input may answer 400 (the message names the field), every signed-in one 401, every Admin one 403, and
 * every one with a path id 404; {@link defineOperations} adds these.
 */
import type { z } from 'zod';
import { errorResponse } from '../common';

/**
 * The backend services behind the gateway, in start order (docs/architecture.md "Who owns what"): the one
 * list of their names, which the hosts, the launcher, the boundaries and the manifests read.
 */
export const serviceNames = ['auth', 'catalog', 'listing', 'test-drive', 'storage', 'notification'] as const;
/** One service's name. */
export type ServiceName = (typeof serviceNames)[number];

/** `test-drive` → `TEST_DRIVE` at the type level. */
export type EnvStem<S extends string> = S extends `${infer A}-${infer B}`
  ? `${Uppercase<A>}_${EnvStem<B>}`
  : Uppercase<S>;

/** `test-drive` → `TEST_DRIVE`: the upper-case stem of a service's variables (`<STEM>_SERVICE_URL`, …). */
export function envStem<S extends ServiceName>(service: S): EnvStem<S> {
  return service.toUpperCase().replace(/-/g, '_') as EnvStem<S>;
}
/** Who may call an operation: anyone, any signed-in user, or users with role Admin (spec §6). */
export type Access = 'public' | 'user' | 'admin';
/** HTTP methods used by the API (lower case, as OpenAPI path items). */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** One documented response: `schema` describes a JSON body, `contentTypes` a non-JSON one (images). */
export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Media types of a non-JSON body (e.g. `image/svg+xml`), documented without a schema. */
  contentTypes?: readonly string[];
}

/** Request schemas of an operation. Query and path values arrive as strings; `body` is JSON by default. */
export interface RouteRequest {
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** Request headers the operation reads (documented as header parameters), e.g. `Idempotency-Key`. */
  headers?: z.ZodObject;
  /** Content types of the body; default `['application/json']`. */
  bodyContentTypes?: readonly string[];
}

/** An operation as an area declares it: OpenAPI-style path (`/api/cars/{carId}`), owner, access, schemas. */
export interface Operation {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  service: ServiceName;
  access: Access;
  request?: RouteRequest;
  responses: Readonly<Record<number, RouteResponse>>;
}

/** A declared operation: with its id, and the standard error responses added. */
export interface ApiRoute extends Operation {
  operationId: string;
}

/** A `{ message }` error response with `description`. */
export const error = (description: string): RouteResponse => ({ description, schema: errorResponse });

/** The 429 of a rate-limited operation (issue 4 rate limits). */
export const tooMany = { 429: error('Too many attempts; try again later (issue 4 rate limits)') };

/** The standard error responses (400, 401, 403, 404) that follow from the operation's shape. */
function standardErrors(operation: Operation): Record<number, RouteResponse> {
  const { request, access, path } = operation;
  const auto: Record<number, RouteResponse> = {};
  if (request?.query || request?.body || request?.params) {
    auto[400] = error('Invalid input; the message names the field');
  }
  if (access !== 'public') auto[401] = error('Not signed in, or the session is invalid or revoked');
  if (access === 'admin') auto[403] = error('Role Admin required');
  if (path.includes('{')) auto[404] = error('No such record (or not yours)');
  return auto;
}

/** The operations `D` with their ids: what {@link defineOperations} returns. */
export type Operations<D extends Record<string, Operation>> = {
  readonly [K in keyof D & string]: D[K] & { readonly operationId: K };
};

/**
 * Declares an area's operations, keyed by operation id (unique across the API; the keys' order is the
 * order of the API document and of the gateway's route table). Adds each one's `operationId` and the
 * standard error responses (see the module doc); the types keep every schema, so handlers and clients
 * are typed from the declaration.
 */
export function defineOperations<const D extends Record<string, Operation>>(defs: D): Operations<D> {
  return Object.fromEntries(
    Object.entries(defs).map(([operationId, op]) => [
      operationId,
      { ...op, operationId, responses: { ...standardErrors(op), ...op.responses } },
    ]),
  ) as Operations<D>;
}
