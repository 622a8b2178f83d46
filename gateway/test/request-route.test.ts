/** The gateway's one match per request (request-route.ts): labels, owners, and the match kept in res.locals. */
import { internalOperations } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '../src/request-route';

describe('createRouteMatcher', () => {
  const routes = createRouteMatcher();

  it('labels a request by its operation, Express style, and names the service that answers', () => {
    expect(routes.routeOf({ method: 'GET', originalUrl: '/api/cars/abc?x=1' })).toMatchObject({
      path: '/api/cars/abc',
      service: 'catalog',
      label: '/api/cars/:carId',
    });
    expect(routes.label({ method: 'HEAD', originalUrl: '/api/cars/seller/' })).toBe('/api/cars/seller');
    expect(routes.routeOf({ method: 'GET', url: '/api/testDrive/x/y' })).toMatchObject({
      service: 'test-drive',
      label: undefined,
    });
    expect(routes.label({ method: 'GET', originalUrl: '/secret?token=abc' })).toBeUndefined();
  });

  it('tells the operations that answer JSON (their services compress it) from the rest', () => {
    expect(routes.routeOf({ method: 'GET', originalUrl: '/api/cars/abc' }).jsonOperation).toBe(true);
    expect(routes.routeOf({ method: 'POST', originalUrl: '/api/cars' }).jsonOperation).toBe(true);
    // The brand logos are SVG, the sitemap and pages no operation at all.
    expect(routes.routeOf({ method: 'GET', originalUrl: '/api/carbrand/logos/audi.svg' }).jsonOperation).toBe(
      false,
    );
    expect(routes.routeOf({ method: 'GET', originalUrl: '/sitemap.xml' }).jsonOperation).toBe(false);
    expect(routes.routeOf({ method: 'GET', originalUrl: '/buy-a-car' }).jsonOperation).toBe(false);
  });

  it('routes no internal operation to a service, so the distributed gateway never proxies one', () => {
    for (const { method, path } of Object.values(internalOperations)) {
      expect(routes.routeOf({ method, originalUrl: path }).service).toBeUndefined();
    }
  });

  it('matches a request once and reuses it; another spelling of the path is matched on its own', () => {
    const res = { locals: {} as Record<string, unknown> };
    const req = { method: 'PUT', originalUrl: '/api/cars/c1?x=1', url: '/api/cars/c1?x=1', res };
    const first = routes.routeOf(req, '/api/cars/c1');
    expect(first).toMatchObject({ service: 'listing', label: '/api/cars/:carId' });
    expect(res.locals.route).toBe(first);
    expect(routes.routeOf(req)).toBe(first);
    expect(routes.label(req)).toBe('/api/cars/:carId');
    const other = routes.routeOf(req, '/api/carstate');
    expect(other).not.toBe(first);
    expect(other.service).toBe('catalog');
    expect(res.locals.route).toBe(first);
  });
});
