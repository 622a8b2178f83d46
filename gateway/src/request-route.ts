/**
 * The gateway's routing of a request by the operation declarations (packages/contracts `routeRequest`),
 * matched once per request and kept in `res.locals.route`: the proxy's path filter, its target choice, the
 * metrics label, the compression middleware's skip and the rate limit's class all read that one result. The metrics labels (each
 * operation's path in Express style, `/api/cars/{carId}` → `/api/cars/:carId`) are computed once, when the
 * matcher is built at start.
 */
import { type ApiRoute, apiRoutes, routeRequest, type ServiceName } from '@marketplace/contracts';

/** What the declarations say of one request. */
export interface RequestRoute {
  /** The method and path (without its query string) that were matched. */
  method: string;
  path: string;
  /** The declared operation it calls (HEAD matches a GET's), if any. */
  operation: ApiRoute | undefined;
  /** The service that answers it (the operation's owner, else the owner of the path's prefix), if any. */
  service: ServiceName | undefined;
  /** Metrics label: the declared operation's path in Express style; undefined when none matches. */
  label: string | undefined;
  /**
   * A declared operation whose success answers are JSON (no `contentTypes`): its service sends them
   * compressed already (platform `sendJson`, `sendJsonAnswer`), so the gateway does not wrap the response
   * for compression (docs/adr/0027).
   */
  jsonOperation: boolean;
}

/** The parts of a request (Express or plain Node) the matcher reads; `res` is Express's back-reference. */
export interface RoutedRequest {
  method?: string;
  url?: string;
  originalUrl?: string;
  res?: { locals: Record<string, unknown> };
}

/** Matches requests against the operation declarations, at most once per request and path. */
export interface RouteMatcher {
  /**
   * The route of `req` at `path` (default: the request's own path, `originalUrl` without its query
   * string). Kept in `res.locals.route`: a later call for the same method and path reuses it; a call for
   * another spelling of the path (e.g. one the proxy normalised) is matched on its own.
   */
  routeOf(req: RoutedRequest, path?: string): RequestRoute;
  /** Metrics route label of `req` (the `label` of {@link routeOf}): never the raw URL. */
  label(req: RoutedRequest): string | undefined;
}

/** `path` without its query string. */
const withoutQuery = (path: string) => path.split('?')[0] ?? path;

/** Whether every success (2xx) answer `op` declares is JSON: a schema, no `contentTypes`. */
const answersJson = (op: ApiRoute) =>
  Object.entries(op.responses).every(([status, answer]) => !/^2/.test(status) || !answer.contentTypes);

/**
 * Builds the matcher: the Express-style label of every declared operation, and which answer JSON, computed
 * here once.
 */
export function createRouteMatcher(): RouteMatcher {
  const labels = new Map(apiRoutes.map((op) => [op, op.path.replace(/\{(\w+)\}/g, ':$1')] as const));
  const jsonOperations = new Set(apiRoutes.filter(answersJson));
  const routeOf = (req: RoutedRequest, path = withoutQuery(req.originalUrl ?? req.url ?? '')) => {
    const method = req.method ?? 'GET';
    const locals = req.res?.locals;
    const kept = locals?.route as RequestRoute | undefined;
    if (kept && kept.method === method && kept.path === path) return kept;
    const { operation, service } = routeRequest(method, path);
    const route: RequestRoute = {
      method,
      path,
      operation,
      service,
      label: operation && labels.get(operation),
      jsonOperation: operation !== undefined && jsonOperations.has(operation),
    };
    if (locals && !kept) locals.route = route;
    return route;
  };
  return { routeOf, label: (req) => routeOf(req).label };
}
