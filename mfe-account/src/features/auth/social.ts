/**
 * Social sign-in through the providers' official web SDKs (spec §2; issue 10): Google Identity Services
 * (`https://accounts.google.com/gsi/client`) and Facebook's JavaScript SDK
 * (`https://connect.facebook.net/<locale>/sdk.js`). Which providers exist, and their public ids, come from
 * `GET /api/auth/providers`; the SDK hands back a Google ID token or a Facebook access token, which the
 * auth service verifies (`POST /api/auth/googleLogin`, `POST /api/auth/facebookLogin`) before it signs the
 * user in. The SDKs load only when the login or sign-up dialog shows a configured provider, in the user's
 * own language (`navigator.language`). The calls themselves are in `src/api/auth.ts`.
 */

/** The Google Identity Services SDK, as much of it as we use. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback(response: { credential: string }): void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

/** Facebook's JavaScript SDK, as much of it as we use. */
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { authResponse?: { accessToken: string } | null; status?: string }) => void,
    options?: { scope: string },
  ): void;
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

/** Graph API version the Facebook SDK is initialised with. */
export const FACEBOOK_SDK_VERSION = 'v21.0';

const scripts = new Map<string, Promise<void>>();

/** Adds `<script src>` once; resolves when it has run. @throws Error when it fails to load. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** The user's language as a BCP 47 tag (`en-IN`), for Google's button. */
export function userLocale(): string {
  return globalThis.navigator?.language || 'en-IN';
}

/** The user's language as Facebook's locale (`en_IN`; `en_US` when only a language is known). */
export function facebookLocale(locale = userLocale()): string {
  const [language = 'en', region] = locale.split('-');
  return `${language.toLowerCase()}_${(region ?? (language.toLowerCase() === 'en' ? 'US' : language)).toUpperCase()}`;
}

/** Loads Google Identity Services in the user's language. @throws Error when it cannot be loaded. */
export async function loadGoogle(): Promise<GoogleIdentity> {
  await loadScript(`https://accounts.google.com/gsi/client?hl=${encodeURIComponent(userLocale())}`);
  if (!window.google?.accounts?.id) throw new Error('Google sign-in did not start');
  return window.google;
}

/** Loads and initialises Facebook's SDK for `appId` in the user's language. @throws Error when it cannot be loaded. */
export async function loadFacebook(appId: string): Promise<FacebookSdk> {
  await loadScript(`https://connect.facebook.net/${facebookLocale()}/sdk.js`);
  const fb = window.FB;
  if (!fb) throw new Error('Facebook sign-in did not start');
  fb.init({ appId, version: FACEBOOK_SDK_VERSION, cookie: false, xfbml: false });
  return fb;
}
