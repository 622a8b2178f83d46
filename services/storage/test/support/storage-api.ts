/**
 * The storage API's test harness (issue 6): the embedded system with a known upload signing secret and
 * sessions of users that exist, started before the tests of a `describe` and stopped after them; the
 * two-step upload (getUrl, then the PUT), confirm and reads of the served images.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Session } from '../../../../test-support/accounts';
import { sessionFor } from '../../../../test-support/sessions';
import {
  call,
  SYSTEM_START_TIMEOUT_MS,
  startTestSystem,
  type TestServers,
  type TestSystem,
} from '../../../../test-support/system';

/** The signing secret of the system under test (the tests sign URLs with it too). */
export const SECRET = 'storage-test-signing-secret-0123';

/** A JSON object as the API answers it. */
export type Json = Record<string, unknown>;
/** An image as confirm answers it: its key, URL and responsive sizes. */
export type StoredImage = { key: string; url: string; sizes: Array<{ width: number; url: string }> };

/** The system under test and its users (filled in by `beforeAll`). */
export interface StorageApi {
  t: TestSystem;
  alice: Session;
  bob: Session;
  admin: Session;
  /** A session of a new user of `role` that exists in the auth database (issue 20). */
  session(role?: 'User' | 'Admin'): Promise<Session>;
}

/**
 * Registers hooks that start the system (with `env` beside the signing secret) before the tests of the
 * enclosing `describe` (unless `skip`) with users Alice, Bob and an Admin, and stop it after them.
 */
export function useStorageApi(
  servers: TestServers | undefined,
  skip: boolean,
  env: () => Record<string, string> = () => ({}),
): StorageApi {
  const api = {} as StorageApi;
  beforeAll(async () => {
    if (skip) return;
    const t = await startTestSystem({ UPLOAD_SIGNING_SECRET: SECRET, ...env() }, servers);
    const session = (role: 'User' | 'Admin' = 'User') => sessionFor(t.system, role);
    Object.assign(api, {
      t,
      session,
      alice: await session(),
      bob: await session(),
      admin: await session('Admin'),
    });
  }, SYSTEM_START_TIMEOUT_MS);
  afterAll(async () => {
    await api.t?.stop();
  });
  return api;
}

/** `POST /api/storage/getUrl`, expecting success. */
export async function getUrl(t: TestSystem, token: string, type: 'cars' | 'logo' = 'cars') {
  const res = await call(t.url, 'POST', `/api/storage/getUrl?type=${type}`, { token });
  expect(res.status).toBe(200);
  return res.body as unknown as { uploadUrl: string; key: string };
}

/** PUTs `body` to an upload URL (relative ones go to the system), no credentials. */
export async function put(t: TestSystem, uploadUrl: string, body: Buffer, contentType = 'image/jpeg') {
  const url = uploadUrl.startsWith('/') ? `${t.url}${uploadUrl}` : uploadUrl;
  const res = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': contentType },
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as Json };
}

/** GET of an image path of the system: the response and its bytes. */
export async function fetchImage(t: TestSystem, path: string) {
  const res = await fetch(`${t.url}${path}`);
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

/** `POST /api/storage/images/confirm` as the user of `token` (anonymous when undefined). */
export function confirm(t: TestSystem, token: string | undefined, body: unknown) {
  return call(t.url, 'POST', '/api/storage/images/confirm', { token, body });
}
