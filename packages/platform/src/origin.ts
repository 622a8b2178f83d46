/**
 * The public origin of the site (issue 21): where absolute links in answers meant for the outside world —
 * the sitemap, `/robots.txt`, canonical URLs — point.
 */
import type { Request } from 'express';

/**
 * `publicUrl` (config PUBLIC_URL) without its trailing slashes when set; else the request's own
 * `protocol://host[:port]` as Express resolves them (`X-Forwarded-Proto` / `X-Forwarded-Host` count only
 * from a proxy TRUST_PROXY trusts, e.g. the gateway in front of a service). Example: `https://cars.example.in`.
 */
export function publicOrigin(req: Pick<Request, 'protocol' | 'host'>, publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}
