/**
 * Which service answers a request: the gateway's routing, read off the operation declarations
 * (docs/architecture.md "Who owns what"). Everything is matched case-sensitively, exactly as the paths are
 * written in spec §7.
 */
import { type ApiRoute, apiRoutes, type HttpMethod, type ServiceName } from './operations/index';

/** One row of the gateway's route table, derived from {@link apiRoutes}. */
export interface RouteTableEntry {
  method: HttpMethod;
  path: string;
  service: ServiceName;
}

/** Every declared operation as `{ method, path, service }` (OpenAPI-style paths, e.g. `/api/cars/{carId}`). */
export const routeTable: RouteTableEntry[] = apiRoutes.map(({ method, path, service }) => ({
  method,
  path,
  service,
}));

interface Matcher {
  method: string;
  regex: RegExp;
  params: number;
  operation: ApiRoute;
}

/** The operations as matchers, literal paths before those with more path parameters. */
const matchers: Matcher[] = apiRoutes
  .map((operation) => {
    const parts = operation.path.split('/');
    return {
      method: operation.method.toUpperCase(),
      regex: new RegExp(
        `^${parts.map((seg) => (/^\{\w+\}$/.test(seg) ? '[^/]+' : escapeRegExp(seg))).join('/')}$`,
      ),
      params: parts.filter((seg) => seg.startsWith('{')).length,
      operation,
    };
  })
  .sort((a, b) => a.params - b.params);

/** `text` with the regular-expression metacharacters escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Strips the query string and fragment and one or more trailing slashes (but keeps `/`). */
function normalisePath(path: string): string {
  const cut = path.search(/[?#]/);
  const bare = cut === -1 ? path : path.slice(0, cut);
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

/**
 * The declared operation `method path` calls (`HEAD` calls a `GET`), or undefined. `path` may carry a
 * query string and trailing slashes; `method` is case-insensitive.
 */
export function matchOperation(method: string, path: string): ApiRoute | undefined {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const p = normalisePath(path);
  return matchers.find((matcher) => matcher.method === m && matcher.regex.test(p))?.operation;
}

/** Non-API paths a service answers all the same: the catalog builds the sitemap (issue 21). */
const otherPaths: Array<{ prefix: string; service: ServiceName }> = [
  { prefix: '/sitemap.xml', service: 'catalog' },
  { prefix: '/sitemaps', service: 'catalog' },
];

/**
 * Path prefixes owned wholly by one service: `/api/<first segment>` of its operations when no other
 * service has operations there (so not `/api/cars`, shared by catalog and listing), plus the sitemap's
 * paths. A prefix matches the path itself or the path followed by `/...`.
 */
export const servicePrefixes: Array<{ prefix: string; service: ServiceName }> = (() => {
  const owners = new Map<string, Set<ServiceName>>();
  for (const { path, service } of apiRoutes) {
    const prefix = path.split('/').slice(0, 3).join('/');
    owners.set(prefix, (owners.get(prefix) ?? new Set()).add(service));
  }
  const owned = [...owners].filter(([, services]) => services.size === 1);
  return [...owned.map(([prefix, services]) => ({ prefix, service: [...services][0]! })), ...otherPaths];
})();

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** What the routing says of a request: the declared operation it calls, and the service that answers it. */
export interface RequestRouting {
  /** The declared operation (`HEAD` calls a `GET`), or undefined. */
  operation: ApiRoute | undefined;
  /** The operation's owner; for an undeclared path, the owner of its {@link servicePrefixes} entry. */
  service: ServiceName | undefined;
}

/**
 * Routes `method path` once: the declared operation it calls (see {@link matchOperation}) and the service
 * that answers it — the operation's owner, else (an undeclared path, which that service answers 404) the
 * owner of the matching entry of {@link servicePrefixes}, else `undefined`. `path` may carry a query
 * string; `method` is case-insensitive.
 */
export function routeRequest(method: string, path: string): RequestRouting {
  const operation = matchOperation(method, path);
  if (operation) return { operation, service: operation.service };
  const p = normalisePath(path);
  return { operation, service: servicePrefixes.find(({ prefix }) => underPrefix(p, prefix))?.service };
}

/** The service that answers `method path` (the `service` of {@link routeRequest}). */
export function serviceForRequest(method: string, path: string): ServiceName | undefined {
  return routeRequest(method, path).service;
}
