/**
 * Which service answers a request: the gateway's routing rules (ARCHITECTURE.md "Who owns what").
 * Everything is matched case-sensitively, exactly as the paths are written in spec §7.
 */
import { apiRoutes, type HttpMethod, type ServiceName } from './operations/index';

/** One row of the gateway's route table, derived from {@link apiRoutes}. */
export interface RouteTableEntry {
  method: HttpMethod;
  path: string;
  service: ServiceName;
}

/** Every documented route as `{ method, path, service }` (OpenAPI-style paths, e.g. `/api/cars/{carId}`). */
export const routeTable: RouteTableEntry[] = apiRoutes.map(({ method, path, service }) => ({
  method,
  path,
  service,
}));

/**
 * Path prefixes owned wholly by one service (ARCHITECTURE.md), plus the sitemap's paths (`/sitemap.xml`,
 * `/sitemaps/...`: catalog). A prefix matches the path itself or the path followed by `/...`. `/api/cars` is not here: it is split between catalog and listing by method and
 * path, see {@link serviceForRequest}.
 */
export const servicePrefixes: Array<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/account', service: 'auth' },
  { prefix: '/api/carstate', service: 'catalog' },
  { prefix: '/api/RTO', service: 'catalog' },
  { prefix: '/api/carbrand', service: 'catalog' },
  { prefix: '/api/carModel', service: 'catalog' },
  { prefix: '/api/carVariant', service: 'catalog' },
  { prefix: '/api/testDrive', service: 'test-drive' },
  { prefix: '/api/storage', service: 'storage' },
  { prefix: '/api/contact', service: 'notification' },
  // Not API routes but answered by a service all the same: the catalog builds the sitemap (issue 21).
  { prefix: '/sitemap.xml', service: 'catalog' },
  { prefix: '/sitemaps', service: 'catalog' },
];

/** The cars prefix, split between catalog (reads) and listing (the seller's cars and writes). */
export const CARS_PREFIX = '/api/cars';

/** Strips the query string and fragment and one or more trailing slashes (but keeps `/`). */
function normalisePath(path: string): string {
  const cut = path.search(/[?#]/);
  const bare = cut === -1 ? path : path.slice(0, cut);
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The service that answers `method path`, or `undefined` when no service owns the path.
 * - `GET`/`HEAD /api/cars` and `GET`/`HEAD /api/cars/{carId}` → catalog;
 * - `/api/cars/seller` (any method; it wins over `{carId}`), `POST /api/cars` and every other method on
 *   `/api/cars[/...]` → listing;
 * - otherwise the owner of the matching entry of {@link servicePrefixes}.
 * `path` may carry a query string; `method` is case-insensitive.
 */
export function serviceForRequest(method: string, path: string): ServiceName | undefined {
  const m = method.toUpperCase();
  const p = normalisePath(path);
  if (underPrefix(p, CARS_PREFIX)) {
    if (underPrefix(p, `${CARS_PREFIX}/seller`)) return 'listing';
    return m === 'GET' || m === 'HEAD' ? 'catalog' : 'listing';
  }
  return servicePrefixes.find(({ prefix }) => underPrefix(p, prefix))?.service;
}
