/**
 * The public origin of the site (issue 21): where absolute links in answers meant for the outside world —
 * the sitemap, `/robots.txt`, canonical URLs, Open Graph and JSON-LD of the server-rendered pages, links in
 * e-mail and SMS, signed upload URLs — point.
 *
 * Issue 47, "our host is ours": in production that origin is PUBLIC_URL and nothing else (config refuses to
 * start without it), so no request can choose the host of an answer a shared cache keeps and hands to
 * everyone (host-header poisoning: `Host: evil.example`, or `X-Forwarded-Host` through a trusted proxy).
 * Only in development, with PUBLIC_URL unset, does the request name it (see {@link publicOrigin}).
 */
import type { Request } from 'express';

/**
 * PUBLIC_URL as the site's origin: an absolute `http:` or `https:` URL with a host and nothing after it
 * but an optional `/`, normalised to its origin as the URL standard writes it (scheme and host in lower
 * case, the scheme's default port dropped, no trailing slash).
 * Example: `HTTPS://Cars.Example.IN:443/` → `https://cars.example.in`.
 * @throws Error saying what is wrong (not a URL; not http(s); user or password; a path, query or fragment)
 *   — the site is served from the root of its origin (`/robots.txt` must be there), so a path cannot work.
 */
export function publicUrlOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`must be an absolute http(s) URL such as https://cars.example.in (got ${raw})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`must be an http:// or https:// URL (got ${url.protocol})`);
  }
  if (url.username !== '' || url.password !== '') throw new Error('must not carry a user or password');
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(raw)) {
    throw new Error(
      `must be the site's origin alone, without a path, query or fragment (got ${raw}; the site is served at its root)`,
    );
  }
  return url.origin;
}

/**
 * The origin of absolute links in an answer to `req`: `publicUrl` (config PUBLIC_URL) when set — always in
 * production, where config requires it — its trailing slashes dropped; else (development only) the request's
 * own `protocol://host[:port]` as Express resolves them. Example: `https://cars.example.in`.
 *
 * Development's X-Forwarded-Host (decided in issue 47): believed only from a peer TRUST_PROXY trusts, as
 * Express's `req.host` does, with X-Forwarded-Proto likewise (`req.protocol`). Services behind the
 * distributed gateway need it: the gateway's proxy rewrites Host to the service's own address and sends the
 * client's Host as X-Forwarded-Host, replacing any the client wrote (gateway/src/proxy.ts). It lets a
 * client choose nothing it could not already choose with Host itself; what keeps either out of answers that
 * matter is PUBLIC_URL, never this fallback.
 */
export function publicOrigin(req: Pick<Request, 'protocol' | 'host'>, publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}
