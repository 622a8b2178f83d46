/**
 * Accounts through the API, for the API tests: unique sign-up payloads, signing in, users created by an
 * administrator (`POST /api/account/user/new`), and the whole sign-up (register → the code from the dev
 * outbox → verify). Each helper asserts the answers it needs, so a failing set-up names its step.
 */
import { expect } from 'vitest';
import { type OutboxSource, waitForSmsCode } from './dev-outbox';
import { call } from './system';

type Json = Record<string, unknown>;

/** The administrator the system creates in development (README: ADMIN_EMAIL / ADMIN_PASSWORD unset). */
export const DEV_ADMIN = { email: 'admin@marketplace.local', password: 'Admin@12345' };

/** The password of every user these helpers make (passes the sign-up rules). */
export const TEST_PASSWORD = 'safeRide42';

/** A signed-in user: its id and session token. */
export interface Session {
  id: string;
  token: string;
}

/** Credentials of `POST /api/auth/login`. */
export interface Credentials {
  email: string;
  password: string;
}

const runTag = Math.floor(Math.random() * 90_000 + 10_000);
let seq = 0;

/** A number no other call of this process returns (six digits and more), for names, e-mails and phones. */
export function uniqueNumber(): string {
  seq += 1;
  return `${runTag}${String(seq).padStart(4, '0')}`;
}

/** A mobile number no other call of this process returns: ten digits starting with 9. */
export function uniquePhone(): string {
  return `9${uniqueNumber()}`.slice(0, 10).padEnd(10, '0');
}

/** A `POST /api/auth/register` body with a unique username, e-mail and phone. */
export function signUpPayload(name = 'Asha Rao') {
  const n = uniqueNumber();
  const handle =
    name
      .split(/\s+/)[0]!
      .toLowerCase()
      .replace(/[^a-z]/g, '') || 'user';
  return {
    name,
    username: `${handle}.${n}`,
    email: `${handle}.${n}@example.in`,
    phone_number: uniquePhone(),
    password: TEST_PASSWORD,
    confirm_password: TEST_PASSWORD,
  };
}

/** A sign-up payload. */
export type SignUpPayload = ReturnType<typeof signUpPayload>;

/** `POST /api/auth/login` that must answer 200; the session. */
export async function login(base: string, who: Credentials, ip?: string): Promise<Session> {
  const res = await call(base, 'POST', '/api/auth/login', { body: who, ip });
  expect(res.status, `sign-in of ${who.email}`).toBe(200);
  return { id: (res.body.user as Json)._id as string, token: res.body.tokenId as string };
}

/** Options of {@link createUser}. */
export interface NewUserOptions {
  /** The name's first word, also the start of the username and e-mail (default `Seller`). */
  label?: string;
  ip?: string;
  /** More fields of the body (e.g. `role`, `phone_number`). */
  extra?: Json;
}

/**
 * A user created by the administrator of `adminToken` through `POST /api/account/user/new` (201), then
 * signed in. @returns its session and credentials.
 */
export async function createUser(
  base: string,
  adminToken: string,
  opts: NewUserOptions = {},
): Promise<Session & Credentials> {
  const label = opts.label ?? 'Seller';
  const n = uniqueNumber();
  const body = {
    name: `${label} ${n}`,
    username: `${label.toLowerCase()}.${n}`,
    email: `${label.toLowerCase()}.${n}@example.in`,
    password: TEST_PASSWORD,
    role: 'User',
    ...opts.extra,
  };
  const created = await call(base, 'POST', '/api/account/user/new', { body, token: adminToken, ip: opts.ip });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const credentials = { email: body.email, password: body.password };
  return { ...(await login(base, credentials, opts.ip)), ...credentials };
}

/** `POST /api/auth/register` that must answer 201; the answer. */
export async function register(base: string, payload: SignUpPayload, ip?: string) {
  const res = await call(base, 'POST', '/api/auth/register', { body: payload, ip });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
}

/** `POST /api/auth/verifyMobileOtp` with `otp` as a number, which must answer 200; the answer. */
export async function verifyPhone(base: string, phone: string, otp: string, ip?: string) {
  const res = await call(base, 'POST', '/api/auth/verifyMobileOtp', {
    body: { phone_number: phone, otp: Number(otp) },
    ip,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** A user who signed up and verified the phone: the payload, the session and the user as answered. */
export interface SignedUp {
  u: SignUpPayload;
  token: string;
  user: Json;
}

/**
 * Registers (as `name`, from `ip`), reads the code from the dev outbox of `outbox` and verifies the phone.
 * @returns the payload, the session token and the user of the verification's answer.
 */
export async function signUp(
  base: string,
  outbox: OutboxSource,
  opts: { ip?: string; name?: string } = {},
): Promise<SignedUp> {
  const u = signUpPayload(opts.name);
  await register(base, u, opts.ip);
  const { code } = await waitForSmsCode(outbox, u.phone_number);
  const verified = await verifyPhone(base, u.phone_number, code, opts.ip);
  return { u, token: verified.body.tokenId as string, user: verified.body.user as Json };
}
