/**
 * Binding a service's handlers to its declared operations (packages/contracts `operations/`): the
 * platform mounts each operation's method and path, applies its access (`public`, `user` → 401 unless
 * signed in, `admin` → 403 unless an Admin), parses its input from the declared schemas (path params,
 * then query, then a JSON body; a failure is a 400 naming the field, and nothing runs; declared headers
 * and a non-JSON body are documentation, read by the handler from `req`), calls the
 * handler and answers its result as JSON with the operation's success status (the lowest 2xx it
 * declares), compressed here when long enough (`sendJson`: the gateway leaves these answers as they come,
 * docs/adr/0027). A handler that answers by itself (an image, a redirect, a replayed answer) writes `res` and
 * returns {@link answered}.
 *
 * The handlers are typed from the declarations: a missing or an extra handler, a wrong input field or an
 * answer of the wrong shape fails the type check, and {@link bindOperations} refuses them at start too.
 */
import type { ApiRoute, Operation } from '@marketplace/contracts';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import { type Principal, requireAdmin, requireUser } from './auth/index';
import { sendJson } from './cached-json';
import { parseInput } from './validate';

type RequestPart<O, K extends string> = O extends { request: infer R }
  ? R extends { [P in K]: infer S extends z.ZodType }
    ? z.output<S>
    : undefined
  : undefined;

/** What a handler gets from the request, parsed by the operation's schemas (`undefined` where none). */
export interface OperationInput<O> {
  params: RequestPart<O, 'params'>;
  query: RequestPart<O, 'query'>;
  body: RequestPart<O, 'body'>;
}

type SuccessSchema<O> = O extends { responses: infer R }
  ? R extends { 200: { schema: infer S extends z.ZodType } }
    ? S
    : R extends { 201: { schema: infer S extends z.ZodType } }
      ? S
      : undefined
  : undefined;

/** The JSON answer of an operation (the input type of its success schema); `never` when it has none. */
export type OperationOutput<O> = SuccessSchema<O> extends z.ZodType ? z.input<SuccessSchema<O>> : never;

/** The rest of a handler's world: the request and response, and the caller (always set unless public). */
export interface OperationContext<O> {
  req: Request;
  res: Response;
  principal: O extends { access: 'public' } ? Principal | undefined : Principal;
}

/** What a handler returns when it has written the response itself (streamed a file, redirected, …). */
export const answered: unique symbol = Symbol('answered');

/** A handler of the operation `O`: its JSON answer, or {@link answered} once it has written `res` itself. */
export type OperationHandler<O> = (
  input: OperationInput<O>,
  ctx: OperationContext<O>,
) => Promise<OperationOutput<O> | typeof answered>;

/**
 * A handler with Express middleware that runs after the access check and before the input is parsed,
 * for what must happen before the body is read (e.g. verifying an upload's signature, then a raw-body
 * parser).
 */
export interface HandlerWithMiddleware<O> {
  before: RequestHandler[];
  handle: OperationHandler<O>;
}

/** One handler per operation of `D`, by operation id. */
export type OperationHandlers<D> = {
  [K in keyof D]: OperationHandler<D[K]> | HandlerWithMiddleware<D[K]>;
};

/** A handler with its types erased, as the router calls it. */
type ErasedHandler = (
  input: Record<keyof OperationInput<unknown>, unknown>,
  ctx: { req: Request; res: Response; principal: Principal | undefined },
) => Promise<unknown>;

type HandlerWithErased = { before: RequestHandler[]; handle: ErasedHandler };

/** An operation with its handler, ready to mount. */
export interface BoundOperation {
  operation: ApiRoute;
  before: RequestHandler[];
  handler: ErasedHandler;
}

/**
 * Pairs every operation of `operations` (the service's own, `operationsOf(name)`) with its handler.
 * @throws Error at start when an operation has no handler, or a handler no operation.
 */
export function bindOperations<D extends Record<string, ApiRoute>>(
  operations: D,
  handlers: OperationHandlers<D>,
): BoundOperation[] {
  for (const id of Object.keys(handlers)) {
    if (!Object.hasOwn(operations, id)) throw new Error(`handler ${id} has no declared operation`);
  }
  return Object.entries(operations).map(([id, operation]) => {
    const bound = (handlers as unknown as Record<string, ErasedHandler | HandlerWithErased | undefined>)[id];
    if (!bound) throw new Error(`operation ${id} (${operation.method} ${operation.path}) has no handler`);
    return typeof bound === 'function'
      ? { operation, before: [], handler: bound }
      : { operation, before: bound.before, handler: bound.handle };
  });
}

const accessCheck: Record<Operation['access'], RequestHandler[]> = {
  public: [],
  user: [requireUser],
  admin: [requireAdmin],
};

/** `/api/cars/{carId}` → `/api/cars/:carId` (Express). */
function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Sort key: a literal segment before a parameter, so `/api/cars/seller` is tried before `/api/cars/{carId}`. */
function specificity(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '\u{10FFFF}' : segment))
    .join('/');
}

/** The success status of `operation`: the lowest 2xx it declares (200 when none). */
function successStatus(operation: Operation): number {
  const codes = Object.keys(operation.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300);
  return codes.length > 0 ? Math.min(...codes) : 200;
}

/**
 * A router of `bound` operations (of one service, or of every service in embedded mode), literal path
 * segments before parameters whatever their service, so no service has to step aside for another's path.
 */
export function operationRouter(bound: readonly BoundOperation[]): Router {
  const router = Router();
  const ordered = [...bound].sort((a, b) => {
    const ka = specificity(a.operation.path);
    const kb = specificity(b.operation.path);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  for (const { operation, before, handler } of ordered) {
    const { request } = operation;
    const status = successStatus(operation);
    const jsonBody = !request?.bodyContentTypes || request.bodyContentTypes.includes('application/json');
    router[operation.method](
      expressPath(operation.path),
      ...accessCheck[operation.access],
      ...before,
      async (req: Request, res: Response) => {
        const input = {
          params: request?.params ? parseInput(request.params, req.params) : undefined,
          query: request?.query ? parseInput(request.query, req.query) : undefined,
          body: request?.body && jsonBody ? parseInput(request.body, req.body) : undefined,
        };
        const answer = await handler(input, { req, res, principal: req.principal });
        if (answer === answered) return;
        res.status(status);
        sendJson(req, res, answer);
      },
    );
  }
  return router;
}
