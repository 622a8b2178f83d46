/** The page's script-readable cookies (the sign-in hint, the colour mode). */

/** True when the page has the cookie `name` with exactly `value`; false on the server (no `document`). */
export function hasCookie(name: string, value: string): boolean {
  const cookies = globalThis.document?.cookie ?? '';
  return cookies.split(/;\s*/).includes(`${name}=${value}`);
}
