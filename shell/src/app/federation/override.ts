/**
 * Per-browser remote override (issue 27, docs/adr/0026-remote-override.md): a developer points one remote of
 * a running shell (local or deployed) at their own dev server, in their browser only.
 *
 * - **Where it is kept:** local storage, key `mf-override`, a JSON object `{ "<remote>": "<manifest URL>" }`
 *   (e.g. `{ "catalog": "http://localhost:3001/mf-manifest.json" }`), with a hint cookie `mf-override=1`
 *   saying there is one. Local storage is read only when the cookie is there: the first access to Web
 *   Storage in a page costs Chromium ~40 ms of main thread, which no visitor should pay (ADR 12,
 *   `@marketplace/ui`'s browser-lists.ts does the same). Setting the entry by hand therefore needs the cookie
 *   too; the query parameter sets both.
 * - **Query parameter:** `?mf-override=<remote>=<url>` (repeatable; the URL encoded if it holds `&`) stores
 *   that entry, `?mf-override=<remote>=` removes it, `?mf-override=reset` clears them all. The parameter is
 *   then taken off the address (`history.replaceState`), so the routes and a reload do not see it.
 * - **What is honoured:** entries for known remotes ({@link REMOTES}) whose URL's origin matches an allowed
 *   pattern of the runtime manifest (`overrideOrigins`, the gateway's `REMOTE_OVERRIDE_ORIGINS`: by default
 *   `http://localhost:*` and `http://127.0.0.1:*` in development, none in production). Every other entry is
 *   ignored and reported with `console.error` naming the remote, the URL (origin and path only: a query
 *   string could carry a token) and why. The gateway's CSP allows the same patterns, so an override the
 *   shell accepted can load.
 *
 * Nothing here is sent to the server: other visitors, and this browser's server-rendered HTML, are
 * unaffected (bootstrap.tsx renders instead of hydrating a page whose server markup came from the deployed
 * build of an overridden remote).
 */
import { REMOTES, type RemoteName } from './manifest';

/** The local storage key and the query parameter. */
export const OVERRIDE_KEY = 'mf-override';
/** The hint cookie (`mf-override=1` while an entry is stored). */
export const OVERRIDE_HINT_COOKIE = 'mf-override';
/** The query parameter's value that clears every override. */
export const OVERRIDE_RESET = 'reset';

/** An override in force: `remote` is loaded from `entry` (absolute URL); `label` is what the badge shows. */
export interface ActiveOverride {
  remote: RemoteName;
  entry: string;
  /** `host[:port]` of the entry (`localhost:3001`). */
  label: string;
}

/** An entry that was not honoured, and why. */
export interface IgnoredOverride {
  /** The remote it names (`*` when the stored value is not an object at all). */
  remote: string;
  /** The URL as shown in the report (origin and path), or a description of the value. */
  url: string;
  reason: string;
}

/** The outcome of reading the override. */
export interface OverrideResolution {
  active: ActiveOverride[];
  ignored: IgnoredOverride[];
}

/** A parsed origin pattern: `scheme` without `:`, `host` as `URL.hostname` gives it, `port` `*`, digits or ''. */
interface OriginPattern {
  scheme: string;
  host: string;
  port: string;
}

/** The default port of a scheme (an URL on it has `url.port === ''`). */
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * Parses one pattern of `REMOTE_OVERRIDE_ORIGINS`: `http(s)://host[:port|:*]`, the subset of the CSP3
 * host-source grammar (w3.org/TR/CSP3/#grammardef-host-source, §2.3.1: `port-part = 1*DIGIT / "*"`) the
 * gateway accepts (no host wildcard, no path). Undefined for anything else (such a pattern matches nothing).
 */
export function parseOriginPattern(pattern: string): OriginPattern | undefined {
  const match = /^(https?):\/\/([^/:[\]]+|\[[0-9a-f:.]+\])(?::(\*|\d{1,5}))?$/i.exec(pattern.trim());
  if (!match) return undefined;
  const [, scheme = '', host = '', port = ''] = match;
  if (host.includes('*')) return undefined;
  return { scheme: scheme.toLowerCase(), host: host.toLowerCase(), port };
}

/**
 * True when `url`'s origin matches one of `patterns`: same scheme (exactly: stricter than CSP, which lets
 * `http` match `https`), same host, and the pattern's port (`*` = any; none = the scheme's default port),
 * as CSP3's "does url match expression" (§6.7.2.7) matches a host-source without a path.
 */
export function originAllowed(url: URL, patterns: readonly string[]): boolean {
  const scheme = url.protocol.replace(/:$/, '');
  const port = url.port || DEFAULT_PORTS[scheme] || '';
  return patterns.some((text) => {
    const p = parseOriginPattern(text);
    if (!p || p.scheme !== scheme || p.host !== url.hostname.toLowerCase()) return false;
    if (p.port === '*') return true;
    return (p.port || DEFAULT_PORTS[p.scheme]) === port;
  });
}

/** A URL as a report shows it: origin and path, never the query or fragment (they may hold a token). */
function shown(url: URL): string {
  return url.origin === 'null' ? `${url.protocol}…` : `${url.origin}${url.pathname}`;
}

/**
 * Resolves the stored override (`stored`: the local storage text, null when none) against the allowed
 * `patterns`, URLs relative to `base` (the page's address). Known remotes with an allowed origin are active,
 * in {@link REMOTES} order; everything else is ignored with its reason. Never throws.
 */
export function resolveOverrides(
  stored: string | null | undefined,
  patterns: readonly string[],
  base: string,
): OverrideResolution {
  const out: OverrideResolution = { active: [], ignored: [] };
  if (stored === null || stored === undefined || stored === '') return out;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    out.ignored.push({ remote: '*', url: '(unreadable)', reason: 'the stored value is not JSON' });
    return out;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.ignored.push({
      remote: '*',
      url: '(unreadable)',
      reason: 'the stored value is not a JSON object { "<remote>": "<manifest URL>" }',
    });
    return out;
  }
  const allowed = patterns.length ? patterns.join(', ') : 'none';
  for (const [remote, raw] of Object.entries(value)) {
    if (!(REMOTES as readonly string[]).includes(remote)) {
      out.ignored.push({
        remote,
        url: typeof raw === 'string' ? describe(raw, base) : '(not a string)',
        reason: `unknown remote (known: ${REMOTES.join(', ')})`,
      });
      continue;
    }
    if (typeof raw !== 'string') {
      out.ignored.push({ remote, url: '(not a string)', reason: 'the manifest URL must be a string' });
      continue;
    }
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      out.ignored.push({ remote, url: '(not a URL)', reason: 'the manifest URL cannot be parsed' });
      continue;
    }
    if (!originAllowed(url, patterns)) {
      out.ignored.push({
        remote,
        url: shown(url),
        reason: `its origin is not an allowed override origin (allowed: ${allowed}; the gateway's REMOTE_OVERRIDE_ORIGINS)`,
      });
      continue;
    }
    out.active.push({ remote: remote as RemoteName, entry: url.href, label: url.host });
  }
  out.active.sort((a, b) => REMOTES.indexOf(a.remote) - REMOTES.indexOf(b.remote));
  return out;
}

/** `raw` as a report shows it (see {@link shown}); unparseable values are not echoed. */
function describe(raw: string, base: string): string {
  try {
    return shown(new URL(raw, base));
  } catch {
    return '(not a URL)';
  }
}

/** What `?mf-override=…` asks for: clear all, or set (URL) / remove (empty URL) some entries. */
export type OverrideParam =
  | { kind: 'reset' }
  | { kind: 'set'; entries: Record<string, string>; malformed: number }
  | undefined;

/**
 * Reads the `mf-override` query parameters of `search` (`?a=b&mf-override=catalog=http://…`): `reset` (in
 * any of them) clears; each `<remote>=<url>` sets that remote (the first `=` splits, the URL may contain
 * more); `<remote>=` removes it; anything else counts as malformed. Undefined when there is none.
 */
export function readOverrideParam(search: string): OverrideParam {
  const values = new URLSearchParams(search).getAll(OVERRIDE_KEY);
  if (values.length === 0) return undefined;
  if (values.some((v) => v.trim() === OVERRIDE_RESET)) return { kind: 'reset' };
  const entries: Record<string, string> = {};
  let malformed = 0;
  for (const value of values) {
    const at = value.indexOf('=');
    const remote = at > 0 ? value.slice(0, at).trim() : '';
    if (!remote) {
      malformed += 1;
      continue;
    }
    entries[remote] = value.slice(at + 1).trim();
  }
  return { kind: 'set', entries, malformed };
}

/**
 * The stored object after `param`: `reset` → empty; `set` → `stored` (when it is a JSON object) with each
 * entry set, or removed for an empty URL. Unreadable stored values are replaced.
 */
export function applyOverrideParam(
  stored: string | null | undefined,
  param: Exclude<OverrideParam, undefined>,
): Record<string, unknown> {
  if (param.kind === 'reset') return {};
  let current: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      current = parsed as Record<string, unknown>;
    }
  } catch {
    // Replaced below.
  }
  const next = { ...current };
  for (const [remote, url] of Object.entries(param.entries)) {
    if (url) next[remote] = url;
    else delete next[remote];
  }
  return next;
}

/** What the override reads and writes in the browser; tests give their own. */
export interface OverrideEnvironment {
  /** The page's address (`location.href`). */
  href(): string;
  /** `document.cookie`. */
  cookies(): string;
  /** Sets or clears the hint cookie. */
  setHint(on: boolean): void;
  /** Local storage (touched only when needed), or undefined when unavailable or blocked. */
  storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** Replaces the address without navigating (`history.replaceState`). */
  replaceUrl(url: string): void;
  /** Reports a problem (`console.error`). */
  report(message: string): void;
}

/** The real browser: `location`, `document.cookie`, `localStorage`, `history`, `console`. */
export function browserEnvironment(): OverrideEnvironment {
  return {
    href: () => globalThis.location.href,
    cookies: () => globalThis.document?.cookie ?? '',
    setHint(on) {
      const secure = globalThis.location.protocol === 'https:' ? '; secure' : '';
      const age = on ? '; max-age=31536000' : '; max-age=0';
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve (Firefox).
      document.cookie = `${OVERRIDE_HINT_COOKIE}=1; path=/${age}; samesite=lax${secure}`;
    },
    storage() {
      try {
        return globalThis.localStorage ?? undefined;
      } catch {
        return undefined;
      }
    },
    replaceUrl: (url) => globalThis.history.replaceState(globalThis.history.state, '', url),
    report: (message) => console.error(message),
  };
}

function hasHint(env: OverrideEnvironment): boolean {
  return env.cookies().split(/;\s*/).includes(`${OVERRIDE_HINT_COOKIE}=1`);
}

function readStored(env: OverrideEnvironment): string | null {
  try {
    return env.storage()?.getItem(OVERRIDE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` (removed when empty) and sets or clears the hint cookie. Storage failures are ignored. */
function writeStored(env: OverrideEnvironment, value: Record<string, unknown>): void {
  const empty = Object.keys(value).length === 0;
  try {
    const storage = env.storage();
    if (empty) storage?.removeItem(OVERRIDE_KEY);
    else storage?.setItem(OVERRIDE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the override then lasts for no page.
  }
  env.setHint(!empty);
}

/**
 * Reads this browser's override at start, against the runtime manifest's allowed `patterns`: applies and
 * removes a `?mf-override=` parameter first, then resolves the stored entry (local storage is touched only
 * with the hint cookie or a parameter) and reports each ignored entry with `env.report`. Never throws.
 */
export function loadRemoteOverrides(
  patterns: readonly string[],
  env: OverrideEnvironment = browserEnvironment(),
): OverrideResolution {
  try {
    const address = new URL(env.href());
    const param = readOverrideParam(address.search);
    if (param) {
      writeStored(env, applyOverrideParam(readStored(env), param));
      if (param.kind === 'set' && param.malformed > 0) {
        env.report(
          `${OVERRIDE_KEY}: ignored ${param.malformed} query value(s) that are not <remote>=<manifest URL> or ${OVERRIDE_RESET}`,
        );
      }
      address.searchParams.delete(OVERRIDE_KEY);
      env.replaceUrl(`${address.pathname}${address.search}${address.hash}`);
    } else if (!hasHint(env)) {
      return { active: [], ignored: [] };
    }
    const resolution = resolveOverrides(readStored(env), patterns, address.href);
    for (const { remote, url, reason } of resolution.ignored) {
      env.report(
        `${OVERRIDE_KEY}: ignored ${remote} → ${url}: ${reason}. Clear it with ?${OVERRIDE_KEY}=${OVERRIDE_RESET}.`,
      );
    }
    return resolution;
  } catch (error) {
    env.report(`${OVERRIDE_KEY}: could not be read (${error instanceof Error ? error.message : 'error'})`);
    return { active: [], ignored: [] };
  }
}

/** Clears this browser's override (entry and hint cookie); the caller reloads the page. */
export function clearRemoteOverrides(env: OverrideEnvironment = browserEnvironment()): void {
  writeStored(env, {});
}

/** `entries` with each active override's URL in place of its remote's entry. */
export function withOverrides(
  entries: Record<RemoteName, string>,
  active: readonly ActiveOverride[],
): Record<RemoteName, string> {
  const out = { ...entries };
  for (const { remote, entry } of active) out[remote] = entry;
  return out;
}
