import { describe, expect, it } from 'vitest';
import { apiRoutes, buildOpenApiDocument, serviceForRequest } from '../src/index';

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type PathItem = Partial<Record<'get' | 'post' | 'put' | 'delete' | 'patch', Operation>>;

const doc = buildOpenApiDocument();
const paths = doc.paths as Record<string, PathItem>;
const op = (method: keyof PathItem, path: string): Operation | undefined => paths[path]?.[method];

/** Every call of spec §7, written out by hand (method, OpenAPI path). */
const specCalls: Array<[keyof PathItem, string]> = [
  // Authentication and account
  ['post', '/api/auth/googleLogin'],
  ['post', '/api/auth/facebookLogin'],
  ['post', '/api/auth/register'],
  ['post', '/api/auth/verifyMobileOtp'],
  ['post', '/api/auth/resendOtp'],
  ['post', '/api/auth/login'],
  ['get', '/api/auth/profile'],
  ['post', '/api/auth/logout'],
  ['get', '/api/account/getAllUser'],
  ['post', '/api/account/user/new'],
  ['delete', '/api/account/user/{id}'],
  // Cars
  ['get', '/api/cars'],
  ['get', '/api/cars/{carId}'],
  ['get', '/api/cars/seller'],
  ['post', '/api/cars'],
  // Reference data
  ['get', '/api/carbrand'],
  ['get', '/api/carModel'],
  ['get', '/api/carVariant'],
  ['get', '/api/carstate'],
  ['get', '/api/RTO'],
  ['post', '/api/RTO'],
  ['put', '/api/RTO/{id}'],
  ['delete', '/api/RTO/{id}'],
  ['post', '/api/carbrand'],
  ['put', '/api/carbrand/{id}'],
  ['delete', '/api/carbrand/{id}'],
  ['post', '/api/carModel'],
  ['put', '/api/carModel/{id}'],
  ['delete', '/api/carModel/{id}'],
  ['post', '/api/carVariant'],
  ['put', '/api/carVariant/{id}'],
  ['delete', '/api/carVariant/{id}'],
  // Test drives
  ['post', '/api/testDrive'],
  ['get', '/api/testDrive'],
  ['put', '/api/testDrive/{id}'],
  ['delete', '/api/testDrive/{id}'],
  // Storage
  ['post', '/api/storage/getUrl'],
];

/** Additions of issues 4–7 and 10. */
const issueCalls: Array<[keyof PathItem, string]> = [
  ['get', '/api/auth/.well-known/jwks.json'],
  ['put', '/api/cars/{carId}'],
  ['delete', '/api/cars/{carId}'],
  ['get', '/api/testDrive/admin'],
  ['get', '/api/testDrive/seller'],
  ['get', '/api/testDrive/slots'],
  ['patch', '/api/testDrive/{id}/status'],
  ['get', '/api/storage/limits'],
  ['put', '/api/storage/upload/{key}'],
  ['post', '/api/storage/images/confirm'],
  ['get', '/api/storage/images/{key}'],
  ['get', '/api/storage/images/{key}/{file}'],
  ['get', '/api/auth/avatar/default.svg'],
  ['get', '/api/carbrand/logos/{file}'],
  ['post', '/api/contact'],
  ['patch', '/api/auth/profile'],
  ['post', '/api/auth/password'],
  ['get', '/api/auth/providers'],
  ['post', '/api/auth/logout-all'], // issue 20: sign out everywhere
  ['post', '/api/auth/email/verification'], // issue 20: e-mail verification link
  ['post', '/api/auth/email/verify'],
  ['get', '/api/shortlist'], // issue 24: shortlist, saved searches, alerts
  ['put', '/api/shortlist/{carId}'],
  ['delete', '/api/shortlist/{carId}'],
  ['get', '/api/saved-searches'],
  ['post', '/api/saved-searches'],
  ['delete', '/api/saved-searches/{id}'],
  ['post', '/api/alerts/unsubscribe'],
  ['get', '/api/cars/price-bands'],
  ['get', '/api/cars/{carId}/price-insight'], // issue 25: price insight, similar cars, valuation
  ['get', '/api/cars/{carId}/similar'],
  ['get', '/api/valuation'],
];

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1.x with the given info and server', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const custom = buildOpenApiDocument({ title: 'T', version: '9.9.9', serverUrl: 'http://localhost:3000' });
    expect(custom.info).toMatchObject({ title: 'T', version: '9.9.9' });
    expect(custom.servers).toEqual([{ url: 'http://localhost:3000' }]);
  });

  it.each(specCalls)('documents spec §7 call %s %s', (method, path) => {
    expect(op(method, path), `${method.toUpperCase()} ${path}`).toBeDefined();
  });

  it.each(issueCalls)('documents the issue addition %s %s', (method, path) => {
    expect(op(method, path)).toBeDefined();
  });

  it('documents nothing beyond the spec and the issues', () => {
    const documented = apiRoutes.map((r) => `${r.method} ${r.path}`).sort();
    const expected = [...specCalls, ...issueCalls].map(([m, p]) => `${m} ${p}`).sort();
    expect(documented).toEqual(expected);
  });

  it('has unique operation ids', () => {
    const ids = apiRoutes.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('registers the shared entities as components', () => {
    const schemas = Object.keys(doc.components?.schemas ?? {});
    for (const name of [
      'Car',
      'Brand',
      'Model',
      'Variant',
      'State',
      'Rto',
      'User',
      'TestDrive',
      'ErrorResponse',
    ]) {
      expect(schemas).toContain(name);
    }
  });

  it('declares cookie auth-token and bearer JWT security and applies it per access level', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'auth-token' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    expect(op('get', '/api/cars')?.security).toBeUndefined();
    expect(op('get', '/api/auth/profile')?.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(op('post', '/api/carbrand')?.responses).toHaveProperty('403');
    expect(op('get', '/api/auth/profile')?.responses).toHaveProperty('401');
    expect(op('get', '/api/auth/profile')?.responses).not.toHaveProperty('403');
  });

  it('keeps the spec field names in the request shapes', () => {
    const names = (op('get', '/api/cars')?.parameters ?? []).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'searchTerm',
        'brands',
        'fuelTypes',
        'transmissions',
        'price',
        'kmDriven',
        'page',
        'limit',
      ]),
    );
    expect(op('post', '/api/auth/facebookLogin')?.parameters?.map((p) => p.name)).toEqual(['access_token']);
    expect(JSON.stringify(op('post', '/api/auth/register')?.requestBody)).toContain(
      '#/components/schemas/RegisterBody',
    );
    const register = JSON.stringify(doc.components?.schemas?.RegisterBody);
    for (const field of ['name', 'username', 'email', 'phone_number', 'password', 'confirm_password']) {
      expect(register).toContain(`"${field}"`);
    }
    const car = JSON.stringify(doc.components?.schemas?.Car);
    for (const field of ['_id', 'manufacturerYear', 'kmDriven', 'inspectionReport', 'regNumber']) {
      expect(car).toContain(`"${field}"`);
    }
  });

  it('marks the gateway owner of every route consistently with serviceForRequest', () => {
    for (const route of apiRoutes) {
      const concrete = route.path.replace(/\{[^}]+\}/g, 'abc-123');
      expect(serviceForRequest(route.method, concrete), `${route.method} ${route.path}`).toBe(route.service);
    }
  });
});
