/**
 * Test support for the spec's client tests (spec-client*.int.test.ts): the embedded system with the dev
 * admin and a seller created through the account API, requests from one client address, the reads the
 * spec's client makes, and reference data created as its admin forms post them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, DEV_ADMIN, login, type Session } from '../../test-support/accounts';
import {
  call,
  SYSTEM_START_TIMEOUT_MS,
  startTestSystem,
  type TestServers,
  type TestSystem,
} from '../../test-support/system';

/** A JSON object as the API answers it. */
export type Json = Record<string, unknown>;

/** `value` without the keys in `drop` (to compare records up to their timestamps). */
export function without(value: Json, ...drop: string[]): Json {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !drop.includes(k)));
}

/** The system as the spec's client sees it (filled in by `beforeAll`). */
export interface SpecClient {
  t: TestSystem;
  /** The dev admin's session token. */
  admin: string;
  seller: Session;
  /** A JSON request from the client's address. */
  api(method: string, path: string, opts?: { body?: unknown; token?: string }): ReturnType<typeof call>;
  /** GET that must answer 200; its body. */
  read(path: string, token?: string): Promise<Json>;
  /** The list under `data` of a GET that must answer `{ data: [...] }`. */
  list(path: string, token?: string): Promise<Json[]>;
  /** A new brand with one model (on sale from 2015) and one variant, created as the admin forms post them. */
  createReference(): Promise<{ brandId: string; brandName: string; modelId: string; variantId: string }>;
}

/**
 * Registers hooks that start the system before the tests of the enclosing `describe` (unless `skip`), with
 * a seller created as the spec's admin form posts it (an empty phone number), and stop it after them.
 */
export function useSpecClient(servers: TestServers | undefined, skip: boolean): SpecClient {
  const ip = `10.19.${Math.floor(Math.random() * 250)}.1`;
  const c = {
    api: (method, path, opts = {}) => call(c.t.url, method, path, { ...opts, ip }),
    async read(path, token) {
      const res = await c.api('GET', path, { token });
      expect(res.status, path).toBe(200);
      return res.body as Json;
    },
    async list(path, token) {
      const body = await c.read(path, token);
      expect(Array.isArray(body.data), `${path} answers data as a list`).toBe(true);
      return body.data as Json[];
    },
    createReference: () => createReference(c),
  } as SpecClient;
  beforeAll(async () => {
    if (skip) return;
    c.t = await startTestSystem({}, servers);
    c.admin = (await login(c.t.url, DEV_ADMIN, ip)).token;
    c.seller = await createUser(c.t.url, c.admin, { ip, extra: { phone_number: '' } });
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await c.t?.stop();
  });
  return c;
}

/** See {@link SpecClient.createReference}. */
async function createReference(c: SpecClient) {
  /** `POST path` as the admin, which must answer 201; the new record's id. */
  const create = async (path: string, body: Json) => {
    const res = await c.api('POST', path, { body, token: c.admin });
    expect(res.status).toBe(201);
    return (res.body.data as Json)._id as string;
  };
  const brandName = `Formmotors ${randomUUID().slice(0, 6)}`;
  const brandId = await create('/api/carbrand', {
    name: brandName,
    country: 'India',
    founded: '1999',
    website: '',
    logoKey: '',
  });
  const modelId = await create('/api/carModel', {
    name: 'Formula',
    year: '2015',
    yearTo: '',
    fuelType: ['Petrol', 'Diesel'],
    transmission: ['Manual'],
    carBrand: brandId,
  });
  const variantId = await create('/api/carVariant', {
    name: 'FX',
    carModel: modelId,
    carBrand: brandId,
    fuelType: 'Petrol',
    transmission: 'Manual',
    features: ['ABS'],
    description: '',
  });
  return { brandId, brandName, modelId, variantId };
}
