/**
 * The world the conformance test's calls run in (openapi-conformance.int.test.ts): the system under test
 * with an admin, a seller and a buyer, the reference data a listing needs, the social sign-in stubs and
 * what earlier calls made; requests through the gateway as {@link Answer}s.
 */
import { expect } from 'vitest';
import type { SocialProviders } from '../../../services/auth/test/support/auth-api';
import { createUser, DEV_ADMIN, login, type Session, uniqueNumber } from '../../../test-support/accounts';
import { type ListingReference, pickReference, uploadImage } from '../../../test-support/cars';
import { plainJpeg } from '../../../test-support/images';
import { call, type TestSystem } from '../../../test-support/system';
import { type Answer, isJson } from './document';

type Json = Record<string, unknown>;

/** How long an event may take to show its effect (RabbitMQ, busy machine). */
export const EVENTUAL_MS = 15_000;

/** What earlier calls made, for the calls after them. */
export interface Made {
  /** The user signed up with `register`; `smsAt` is when its first code was sent, `token` from verifying. */
  signUp?: { email: string; phone_number: string; password: string; smsAt: string; token?: string };
  socialToken?: string;
  doomedUser?: string;
  upload?: { uploadUrl: string; key: string };
  imageKey?: string;
  rto?: string;
  brand?: string;
  model?: string;
  variant?: string;
  car?: string;
  booking?: string;
  savedSearch?: string;
}

/** A system under test with its sessions, the reference data a listing needs, and what the calls made. */
export interface World {
  t: TestSystem;
  base: string;
  ip: string;
  google: SocialProviders['google'];
  graph: SocialProviders['graph'];
  admin: Session;
  seller: Session;
  buyer: Session;
  ref: ListingReference;
  made: Made;
}

/** `w.made[key]`, which an earlier call of the table should have set. */
export function need<K extends keyof Made>(w: World, key: K): NonNullable<Made[K]> {
  const value = w.made[key];
  if (value === undefined) throw new Error(`nothing made as "${key}": an earlier call of the table failed`);
  return value as NonNullable<Made[K]>;
}

/** Body and session of a request. */
type CallOptions = { body?: unknown; token?: string };

/** A JSON request through the gateway from this world's client address, as an {@link Answer}. */
export async function ask(w: World, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const res = await call(w.base, method, path, { ...opts, ip: w.ip });
  return {
    request: `${method} ${path}`,
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: res.body,
  };
}

/** A set-up request that must answer 2xx; its JSON body. */
export async function must(w: World, method: string, path: string, opts: CallOptions = {}): Promise<Json> {
  const res = await call(w.base, method, path, { ...opts, ip: w.ip });
  expect(res.status, `set-up ${method} ${path}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `set-up ${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  return res.body as Json;
}

/** Any request by URL (absolute, or relative to the gateway), as an {@link Answer}; non-JSON bodies as bytes. */
export async function fetchAnswer(w: World, url: string, init: RequestInit = {}): Promise<Answer> {
  const target = new URL(url, w.base);
  const res = await fetch(target, init);
  const contentType = res.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: unknown = bytes.byteLength === 0 ? '' : bytes;
  if (bytes.byteLength > 0 && isJson(contentType.split(';')[0]!.trim().toLowerCase())) {
    body = JSON.parse(new TextDecoder().decode(bytes));
  }
  return { request: `${init.method ?? 'GET'} ${target.pathname}`, status: res.status, contentType, body };
}

/** A short string no other call of this process returns. */
export const unique = uniqueNumber;

let seq = 0;
/** A 1600×1200 JPEG, another colour each time. */
export function photo(): Promise<Buffer> {
  seq += 1;
  return plainJpeg(1600, 1200, `rgb(${(40 + seq) % 256}, 120, 200)`);
}

/** Uploads a JPEG as `token` through the two-step flow (getUrl, then PUT); its storage key. */
export async function upload(w: World, token: string, type: 'cars' | 'logo' = 'cars'): Promise<string> {
  return uploadImage(w.base, token, { type, ip: w.ip, image: await photo() });
}

/** Signs the admin in, makes a seller and a buyer, picks the reference data a listing needs. */
export async function openWorld(t: TestSystem, social: SocialProviders, ip: string): Promise<World> {
  const base = t.url;
  const admin = await login(base, DEV_ADMIN, ip);
  const seller = await createUser(base, admin.token, { label: 'Seller', ip });
  const buyer = await createUser(base, admin.token, { label: 'Buyer', ip });
  const ref = await pickReference(base, ip);
  return { t, base, ip, google: social.google, graph: social.graph, admin, seller, buyer, ref, made: {} };
}
