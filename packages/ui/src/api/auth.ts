/**
 * Session calls shared by the shell and mfe-account: the start-up profile load, sign-in and sign-out.
 * They keep the auth store current; the token itself lives in the HttpOnly `auth-token` cookie the
 * server sets (docs/architecture.md "Auth"), so nothing secret is written to local storage.
 */
import type { User } from '@marketplace/contracts';
import { SIGNED_IN_COOKIE_NAME } from '../constants';
import { hasCookie } from '../cookies';
import { useAuthStore } from '../stores';
import { callOperation } from './call-operation';
import { isApiError } from './client';
import type { OperationBody } from './operation-types';

/** `POST /api/auth/login` body (`login`), from the contract. */
export type LoginBody = OperationBody<'login'>;

const USER_KEY = 'user';

function remember(user: User | null): void {
  try {
    if (user) globalThis.localStorage?.setItem(USER_KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(USER_KEY);
  } catch {
    // Storage unavailable: the store still holds the user for this page.
  }
}

/** True when the auth service's sign-in hint cookie is present (see SIGNED_IN_COOKIE_NAME). */
function hasSignInHint(): boolean {
  return hasCookie(SIGNED_IN_COOKIE_NAME, '1');
}

/**
 * Auth bootstrap (spec §4 "The current user is loaded at application start"): `GET /api/auth/profile`;
 * 401 means signed out. Without the sign-in hint cookie the browser holds no session, so the call is
 * skipped and the user is signed out at once, without touching local storage (its first access costs a
 * visitor's page ~40 ms of main thread; the stored user record, written at sign-in and never read, is
 * removed at the next sign-out or failed profile load). Failures are only logged (spec §8). Marks the
 * store ready either way.
 */
export async function loadProfile(): Promise<User | null> {
  const { setUser, setReady } = useAuthStore.getState();
  if (!hasSignInHint()) {
    setUser(null);
    setReady(true);
    return null;
  }
  try {
    const { data } = await callOperation('getProfile', {}, { quiet: true, background: true });
    setUser(data);
    remember(data);
    return data;
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) console.error('profile load failed', error);
    setUser(null);
    remember(null);
    return null;
  } finally {
    setReady(true);
  }
}

/** `POST /api/auth/login`; on success the user is stored (the server sets the cookie). Errors toast. */
export async function login(body: LoginBody): Promise<User> {
  const { data } = await callOperation('login', { body });
  useAuthStore.getState().setUser(data.user);
  remember(data.user);
  return data.user;
}

/** `POST /api/auth/logout`; clears the user either way. @throws when the server call fails. */
export async function logout(): Promise<void> {
  try {
    await callOperation('logout', {}, { quiet: true });
  } finally {
    useAuthStore.getState().setUser(null);
    remember(null);
  }
}

/**
 * `POST /api/auth/logout-all` ("sign out everywhere", issue 20): ends every session of the user on every
 * device, this one included, then clears the user here. Resolves with the server's message.
 * @throws the API client's error when the call fails (its message has been toasted; nothing is cleared).
 */
export async function logoutEverywhere(): Promise<string> {
  const { data } = await callOperation('logoutAll');
  useAuthStore.getState().setUser(null);
  remember(null);
  return data.message;
}
