/**
 * Peer calls by declared operation (ADR 16): a service names the operation it calls (its id in the
 * contracts' `peerOperations`: the API's and the internal ones), and the method, the path and the service that answers come from that
 * declaration; the input is typed by the declaration's request schemas. Generic: the platform reads the
 * registry and knows no particular service or operation.
 */
import { type PeerOperationId, peerOperations } from '@marketplace/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import type { PeerName, PeerRequest } from './peers';

/** The declaration of operation `Id`. */
export type DeclaredOperation<Id extends PeerOperationId> = (typeof peerOperations)[Id];

/** The input type of the request schema `K` that operation `O` declares; `undefined` when it declares none. */
type InputPart<O, K extends string> = O extends { request: infer R }
  ? R extends { [P in K]: infer S extends z.ZodType }
    ? z.input<S>
    : undefined
  : undefined;

/**
 * What a peer call of operation `O` sends: its path parameters (required when the path has any), query and
 * JSON body, typed by the declared schemas (the peer parses them again), and the incoming request whose
 * credentials (Authorization, Cookie) are forwarded.
 */
export type OperationCallInput<O> = {
  query?: InputPart<O, 'query'>;
  body?: InputPart<O, 'body'>;
  forward?: Pick<Request, 'headers'>;
} & (InputPart<O, 'params'> extends undefined ? { params?: undefined } : { params: InputPart<O, 'params'> });

/** `value` percent-encoded as one URL component (`encodeURIComponent` of its string form). */
const component = (value: unknown) => encodeURIComponent(String(value));

/**
 * The peer request of operation `operationId`: the owning service, the declared method (upper case) and
 * the declared path with each `{name}` replaced by `params.name` (percent-encoded) and the defined `query`
 * values appended as `?k=v&…` (percent-encoded, in the order given), plus the body and credentials.
 * @throws Error when `operationId` is not declared or a path parameter has no value.
 */
export function operationRequest(
  operationId: PeerOperationId,
  input: { params?: unknown; query?: unknown; body?: unknown; forward?: Pick<Request, 'headers'> },
): { peer: PeerName; request: PeerRequest } {
  const operation = (peerOperations as Record<string, DeclaredOperation<PeerOperationId> | undefined>)[
    operationId
  ];
  if (!operation) throw new Error(`operation ${operationId} is not declared`);
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (params[name] === undefined)
      throw new Error(`operation ${operationId}: path parameter ${name} missing`);
    return component(params[name]);
  });
  const query = Object.entries((input.query ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${component(key)}=${component(value)}`)
    .join('&');
  const { body, forward } = input;
  return {
    peer: operation.service,
    request: {
      method: operation.method.toUpperCase() as PeerRequest['method'],
      path: query ? `${path}?${query}` : path,
      ...(body === undefined ? {} : { body }),
      ...(forward ? { forward } : {}),
    },
  };
}
