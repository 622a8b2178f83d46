/**
 * Small id lists kept in the browser (the visitor's shortlist, the compare tray), read only when a hint
 * cookie says there is something to read: the first access to Web Storage in a page costs Chromium ~40 ms
 * of main thread (see `loadProfile`), which a visitor with empty lists should never pay.
 */
import { hasCookie } from '../cookies';

/** Where a list lives: the storage area, its key and the cookie telling it is not empty. */
export interface BrowserListPlace {
  area: 'localStorage' | 'sessionStorage';
  key: string;
  /** Name of the hint cookie (`<name>=1` while the list holds something). */
  hint: string;
}

function storageOf(area: BrowserListPlace['area']): Storage | undefined {
  try {
    return globalThis[area] ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The list stored at `place` (an array of JSON values), or `[]` without a hint cookie, on the server, when
 * storage is unavailable or holds something unreadable.
 */
export function readBrowserList<T>(place: BrowserListPlace): T[] {
  if (!hasCookie(place.hint, '1')) return [];
  try {
    const parsed = JSON.parse(storageOf(place.area)?.getItem(place.key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * Stores `list` at `place` (removed when empty) and sets or clears its hint cookie (a session cookie for
 * session storage, a year for local storage). Storage failures are ignored: the store keeps the list for
 * the page.
 */
export function writeBrowserList<T>(place: BrowserListPlace, list: readonly T[]): void {
  if (typeof document === 'undefined') return;
  try {
    const storage = storageOf(place.area);
    if (list.length) storage?.setItem(place.key, JSON.stringify(list));
    else storage?.removeItem(place.key);
  } catch {
    // Storage full or blocked.
  }
  const age = list.length ? (place.area === 'localStorage' ? '; max-age=31536000' : '') : '; max-age=0';
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve (Firefox).
  document.cookie = `${place.hint}=1; path=/${age}; samesite=lax${secure}`;
}
