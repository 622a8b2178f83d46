/**
 * The auth API's test harness: the embedded system (with an administrator of its own, or with the social
 * providers' local stubs), started before the tests of a `describe` and stopped after them, and the reads
 * the auth tests share (the events of a user, a login with its cookies).
 */
import { queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { login, type SignedUp, signUp } from '../../../../test-support/accounts';
import {
  SYSTEM_START_TIMEOUT_MS,
  startTestSystem,
  type TestServers,
  type TestSystem,
} from '../../../../test-support/system';
import { type GoogleStub, startGoogleStub } from './google-server';
import { type GraphStub, startGraphStub } from './graph-server';

/** Password hashes and code hashes: never in an answer. */
export const HASH = /\$argon2|password_?hash|code_?hash/i;

/** The administrator the auth tests' system creates. */
export const ROOT = { email: 'root@marketplace.in', password: 'rootPass123' };

/** A running system for the auth tests, filled in by `beforeAll`. */
export interface AuthApi {
  t: TestSystem;
  base: string;
  /** The session of {@link ROOT}. */
  adminToken: string;
  /** Signs a new user up from `ip` (register → code from the dev outbox → verify). */
  signUp(ip: string): Promise<SignedUp>;
}

/**
 * Registers hooks that start the system with {@link ROOT} as its administrator before the tests of the
 * enclosing `describe` (unless `skip`) and stop it after them.
 */
export function useAuthApi(servers: TestServers | undefined, skip: boolean): AuthApi {
  const api = {} as AuthApi;
  beforeAll(async () => {
    if (skip) return;
    const t = await startTestSystem({ ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password }, servers);
    Object.assign(api, {
      t,
      base: t.url,
      adminToken: (await login(t.url, ROOT, '10.0.0.1')).token,
      signUp: (ip: string) => signUp(t.url, t.outbox, { ip }),
    });
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await api.t?.stop();
  });
  return api;
}

/** Local stand-ins for Google's and Facebook's sign-in, and the configuration pointing the system at them. */
export interface SocialProviders {
  google: GoogleStub;
  graph: GraphStub;
  /** GOOGLE_* and FACEBOOK_* settings for these stubs. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the Google JWKS stub and the Graph API stub of the Facebook app `appId` (secret `appSecret`). */
export async function startSocialProviders(app: {
  appId: string;
  appSecret: string;
}): Promise<SocialProviders> {
  const google = await startGoogleStub();
  const graph = await startGraphStub(app);
  return {
    google,
    graph,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_JWKS_URL: google.url,
      GOOGLE_ISSUERS: google.issuer,
      FACEBOOK_APP_ID: app.appId,
      FACEBOOK_APP_SECRET: app.appSecret,
      FACEBOOK_GRAPH_URL: graph.url,
    },
    async stop() {
      await google.stop();
      await graph.stop();
    },
  };
}

/** Names of the auth outbox events whose payload concerns `userId`, oldest first. */
export async function eventsAbout(t: TestSystem, userId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    t.system.infra.database.db,
    sql`SELECT name FROM auth.outbox WHERE envelope->'payload'->>'userId' = ${userId} ORDER BY seq`,
  );
  return rows.map((r) => r.name);
}

/** Signs in with e-mail and password through fetch, for the cookies; `{ status, cookies, body }`. */
export async function loginRaw(base: string, email: string, password: string, ip: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    cookies: res.headers.getSetCookie(),
    body: (await res.json()) as Record<string, unknown>,
  };
}
