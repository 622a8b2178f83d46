/**
 * The running system of the catalog's API suites (test-support/system.ts): started before a suite's tests
 * on each variant (the embedded adapters; the real PostgreSQL, RabbitMQ and Redis) and stopped after, with
 * the tokens of an Admin and a User that exist in the auth database (issue 20: a session of a missing user
 * is refused). Seeded with the Indian reference data and the demo cars, as on a first start.
 */
import { afterAll, beforeAll } from 'vitest';
import { sessionFor } from '../../../../test-support/sessions';
import { call, startTestSystem, type TestServers, type TestSystem } from '../../../../test-support/system';

/** A JSON object of an answer. */
export type Json = Record<string, unknown>;

/** The system of a suite, set once its `beforeAll` ran. */
export interface CatalogApi {
  t: TestSystem;
  /** Bearer token of an Admin. */
  admin: string;
  /** Bearer token of a User. */
  user: string;
  /** `GET p` without credentials. */
  get(p: string): ReturnType<typeof call>;
}

/** Registers the suite's hooks (nothing starts when `skip`); read the fields inside the tests. */
export function useCatalogApi(servers: TestServers | undefined, skip: boolean): CatalogApi {
  const api: CatalogApi = {
    t: undefined as unknown as TestSystem,
    admin: '',
    user: '',
    get: (p) => call(api.t.url, 'GET', p),
  };
  beforeAll(async () => {
    if (skip) return;
    api.t = await startTestSystem({}, servers);
    api.admin = (await sessionFor(api.t.system, 'Admin')).token;
    api.user = (await sessionFor(api.t.system, 'User')).token;
  });
  afterAll(async () => {
    await api.t?.stop();
  });
  return api;
}
