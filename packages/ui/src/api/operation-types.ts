/**
 * The request and answer types of every declared API operation, read off the contracts' declarations
 * (`operations` in `@marketplace/contracts`, ADR 16) through type-only imports, so no zod code reaches a
 * browser bundle: an operation's path parameters, query and JSON body are the input types (`z.input`) of
 * its request schemas, and its answer is the output type (`z.output`) of its success schema (the lowest
 * declared 2xx: 200, else 201).
 */
import type { operations } from '@marketplace/contracts';
import type { z } from 'zod';

type Operations = typeof operations;

/** The id of a declared operation (`getCar`, `bookTestDrive`, …). */
export type OperationId = keyof Operations;

/** The request schema `P` of the operation `K`; `never` when it declares none. */
type RequestSchema<K extends OperationId, P extends string> = Operations[K] extends { request: infer R }
  ? R extends { [Q in P]: infer S extends z.ZodType }
    ? S
    : never
  : never;

/** `{ params }` of `K`: required whenever declared (every path parameter fills the path). */
type ParamsPart<K extends OperationId> = [RequestSchema<K, 'params'>] extends [never]
  ? { params?: never }
  : { params: z.input<RequestSchema<K, 'params'>> };

/**
 * A query as sent: the declared input, where a free-text field (`string`) also takes a number, which the
 * query string writes as its digits (`limit: 9` → `limit=9`, what the schema reads from `'9'`).
 */
type QueryInput<Q> = {
  [P in keyof Q]: string extends NonNullable<Q[P]> ? Q[P] | number : Q[P];
};

/** `{ query }` of `K`: optional when every query field is. */
type QueryPart<K extends OperationId> = [RequestSchema<K, 'query'>] extends [never]
  ? { query?: never }
  : object extends z.input<RequestSchema<K, 'query'>>
    ? { query?: QueryInput<z.input<RequestSchema<K, 'query'>>> }
    : { query: QueryInput<z.input<RequestSchema<K, 'query'>>> };

/** `{ body }` of `K`: optional when the declared body accepts `undefined` or has no required field. */
type BodyPart<K extends OperationId> = [RequestSchema<K, 'body'>] extends [never]
  ? { body?: never }
  : undefined extends z.input<RequestSchema<K, 'body'>>
    ? { body?: z.input<RequestSchema<K, 'body'>> }
    : object extends z.input<RequestSchema<K, 'body'>>
      ? { body?: z.input<RequestSchema<K, 'body'>> }
      : { body: z.input<RequestSchema<K, 'body'>> };

/** What a call of `K` sends: its path parameters, query (empty values are left out) and JSON body. */
export type OperationRequest<K extends OperationId> = ParamsPart<K> & QueryPart<K> & BodyPart<K>;

/** The JSON body a call of `K` sends (`never` when it declares none). */
export type OperationBody<K extends OperationId> = NonNullable<OperationRequest<K>['body']>;

/** The query a call of `K` sends (`never` when it declares none). */
export type OperationQuery<K extends OperationId> = NonNullable<OperationRequest<K>['query']>;

/** The success schema of `K` (its 200, else its 201); `undefined` when it documents no JSON body. */
type SuccessSchema<K extends OperationId> = Operations[K]['responses'] extends {
  200: { schema: infer S extends z.ZodType };
}
  ? S
  : Operations[K]['responses'] extends { 201: { schema: infer S extends z.ZodType } }
    ? S
    : undefined;

/** The parsed JSON answer of a successful call of `K` (`unknown` when it documents none). */
export type OperationResult<K extends OperationId> =
  SuccessSchema<K> extends z.ZodType ? z.output<SuccessSchema<K>> : unknown;

/** The declared HTTP method of `K`, upper case (`GET`, `POST`, …). */
export type OperationMethod<K extends OperationId> = Uppercase<Operations[K]['method']>;

/** The declared OpenAPI-style path of `K` (`/api/cars/{carId}`). */
export type OperationPath<K extends OperationId> = Operations[K]['path'];
