/**
 * Server-side rendering of the public pages by the gateway, in both run modes (issue 21,
 * docs/adr/0012-server-side-rendering.md). The renderer is the shell's server build
 * (`shell/dist/server/index.js`); it loads each remote's server build over HTTP from where the remote is
 * deployed, and fetches the page's data from this gateway over loopback with the peer-call header (not
 * counted twice by the rate limit: the page request is the visitor's).
 *
 * Where a remote's server build is: `REMOTE_<NAME>_SERVER_URL`, else the folder of `REMOTE_<NAME>_URL` +
 * `server/remoteEntry.js` (on this gateway when that is a path). Routes the renderer does not handle
 * (signed-in and admin areas), a missing server build (`SERVER_RENDERING=off`, or the shell not built) or a
 * render that fails before writing fall through to the client-rendered index.html.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  brotliTextOptions,
  type Config,
  type Logger,
  PEER_CALL_HEADER,
  publicOrigin,
} from '@marketplace/platform';
import type { Request, RequestHandler, Response } from 'express';
import type { Renderer } from '../../shell/src/server';
import { type CachedPage, normalisedPageUrl, type PageCache, type PageLookup } from './page-cache';
import { federationManifest, type RemoteName, remoteNames } from './web';

/** The shell server build's API (shell/src/server.ts), typed from its source; loaded from the build. */
type ShellServer = typeof import('../../shell/src/server');

/**
 * The request's CSP nonce (16 random bytes, base64), made on first use and kept in `res.locals.cspNonce`:
 * React's inline scripts in a streamed page (Suspense boundaries completed or left to the browser) carry it.
 */
export function cspNonce(res: ServerResponse): string {
  const withLocals = res as ServerResponse & { locals?: Record<string, unknown> };
  withLocals.locals ??= {};
  if (typeof withLocals.locals.cspNonce !== 'string') {
    withLocals.locals.cspNonce = randomBytes(16).toString('base64');
  }
  return withLocals.locals.cspNonce as string;
}

/** The `script-src` source of the request's nonce, for helmet's CSP directives. */
export function cspNonceSource(_req: IncomingMessage, res: ServerResponse): string {
  return `'nonce-${cspNonce(res)}'`;
}

/** A remote whose server build failed is left to the browser this long before the gateway tries again. */
export const REMOTE_RETRY_MS = 30_000;

/**
 * Where the remotes are for the renderer: the browser manifest as in `GET /federation-manifest.json`, and
 * absolute URLs of the server build and browser manifest as this process reaches them (`self` is this
 * gateway's loopback origin, `http://127.0.0.1:<port>`).
 */
export function remoteLocations(
  config: Pick<Config, `REMOTE_${Uppercase<RemoteName>}_URL` | `REMOTE_${Uppercase<RemoteName>}_SERVER_URL`>,
  self: string,
): Record<RemoteName, { entry: string; serverEntry: string; manifestUrl: string }> {
  const browser = Object.fromEntries(federationManifest(config).remotes.map((r) => [r.name, r.entry]));
  return Object.fromEntries(
    remoteNames.map((name) => {
      const entry = browser[name] as string;
      const manifestUrl = new URL(entry, `${self}/`).href;
      const key = `REMOTE_${name.toUpperCase() as Uppercase<RemoteName>}_SERVER_URL` as const;
      const serverEntry = config[key] ?? new URL('server/remoteEntry.js', manifestUrl).href;
      return [name, { entry, serverEntry, manifestUrl }];
    }),
  ) as Record<RemoteName, { entry: string; serverEntry: string; manifestUrl: string }>;
}

/** Cache policy of a server-rendered public page: CDNs keep it a minute and may serve it stale for 10. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** Paths never rendered from the page cache: files (a 404 at `/x.php` is rendered, counted and not kept). */
const NOT_A_PAGE = /^\/(?:api|static|remotes)\/|\.[a-z0-9]+$/i;

/** What {@link serverRendering} puts in `res.locals`: the page cache's lookup of a page it did not have. */
interface PageLocals {
  pageLookup?: PageLookup;
}

/** The page of `page` as this request takes it: Brotli, gzip or plain, by its `Accept-Encoding`. */
function sendPage(req: Request, res: Response, page: CachedPage): void {
  res.status(page.status);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', PAGE_CACHE_CONTROL);
  res.setHeader('etag', page.etag);
  res.setHeader('vary', 'Accept-Encoding');
  if (
    page.status === 200 &&
    req
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(page.etag)
  ) {
    // The cached copy keeps its own CSP; a new one would replace it on revalidation.
    res.removeHeader('content-security-policy');
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  let body = page.br;
  if (encoding === 'br') res.setHeader('content-encoding', 'br');
  else if (encoding === 'gzip') {
    body = zlib.gzipSync(zlib.brotliDecompressSync(page.br));
    res.setHeader('content-encoding', 'gzip');
  } else body = zlib.brotliDecompressSync(page.br);
  res.setHeader('content-length', String(body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** The middlewares of {@link serverRendering}. */
export interface ServerRendering {
  /**
   * Answers a page the page cache holds; on a miss leaves its lookup for {@link ServerRendering.render}.
   * Runs before the rate limit: a kept page costs what a static file does (issue 47).
   */
  cached: RequestHandler;
  /**
   * Renders GET/HEAD page requests of the routes the shell renders on the server and keeps the result;
   * anything else, or a failure, goes to `next()` (the client-rendered index.html).
   */
  render: RequestHandler;
}

/**
 * Server rendering with its page cache (`cache`: the gateway's shared cache, see page-cache.ts; absent → no
 * page is kept).
 */
export function serverRendering(opts: {
  config: Config;
  webRoot: string;
  logger: Logger;
  /** The peer-call secret this gateway's rate limit lets through. */
  peerSecret: string;
  /** Where rendered pages are kept; absent → rendered for every request. */
  pageCache?: PageCache | undefined;
}): ServerRendering {
  const { config, logger, pageCache } = opts;
  const serverBuild = path.join(opts.webRoot, 'shell', 'dist', 'server', 'index.js');
  const templateFile = path.join(opts.webRoot, 'shell', 'dist', 'index.html');
  let renderer: Promise<Renderer | null> | undefined;
  let loaded: Renderer | null = null;

  /** The renderer, created on the first page request (the loopback port is known then); null when off. */
  function rendererFor(req: Request): Promise<Renderer | null> {
    renderer ??= (async () => {
      if (config.SERVER_RENDERING === 'off' || !fs.existsSync(serverBuild) || !fs.existsSync(templateFile)) {
        return null;
      }
      const self = `http://127.0.0.1:${req.socket.localPort}`;
      const shell = createRequire(import.meta.url)(serverBuild) as ShellServer;
      loaded = await shell.createRenderer({
        remotes: remoteLocations(config, self),
        // Written into each page's data like `/federation-manifest.json`'s `overrideOrigins`: a browser
        // with an `mf-override` checks it against these (docs/adr/0026-remote-override.md).
        overrideOrigins: config.REMOTE_OVERRIDE_ORIGINS,
        // Uncompressed over loopback: compressing each data answer here and decompressing it in the
        // renderer cost more than the render's own Brotli (issue 47's profile, bench/README.md).
        api: {
          baseUrl: self,
          headers: { [PEER_CALL_HEADER]: opts.peerSecret, 'accept-encoding': 'identity' },
        },
        template: fs.readFileSync(templateFile, 'utf8'),
        assetBaseUrl: self,
        timeoutMs: config.SSR_TIMEOUT_MS,
        remoteRetryMs: REMOTE_RETRY_MS,
        warn: (details, message) => logger.warn(details, message),
      });
      return loaded;
    })().catch((err: unknown) => {
      logger.error({ err }, 'the server renderer could not start; pages are rendered in the browser');
      return null;
    });
    return renderer;
  }

  /** Whether `req` asks for a page (GET/HEAD of HTML outside the API). */
  const wantsPage = (req: Request) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.path.startsWith('/api/') &&
    req.accepts(['html', 'json']) === 'html';

  /** The page cache's key of `req`: its origin and normalised URL (the origin is in the page's links). */
  const keyOf = (origin: string, url: string) => `${origin}${url}`;

  return {
    cached: async (req, res, next) => {
      if (!pageCache || !loaded || NOT_A_PAGE.test(req.path) || !wantsPage(req)) return next();
      if (!loaded.handles(req.path)) return next();
      try {
        const origin = publicOrigin(req, config.PUBLIC_URL);
        const lookup = await pageCache.lookup(keyOf(origin, normalisedPageUrl(req.path, searchOf(req))));
        if (lookup?.page) return sendPage(req, res, lookup.page);
        (res.locals as PageLocals).pageLookup = lookup;
      } catch (err) {
        req.log?.warn({ err }, 'page cache lookup failed; rendering');
      }
      next();
    },

    render: async (req, res, next) => {
      if (!wantsPage(req)) return next();
      try {
        const active = await rendererFor(req);
        if (!active?.handles(req.path)) return next();
        const origin = publicOrigin(req, config.PUBLIC_URL);
        const url = normalisedPageUrl(req.path, searchOf(req));
        const nonce = cspNonce(res);
        const rendered = await active.render({ url, origin, nonce });
        const page: CachedPage = {
          status: rendered.status,
          etag: rendered.etag,
          br: await brotli(Buffer.from(rendered.html, 'utf8')),
        };
        if (rendered.cacheable && pageCache && !NOT_A_PAGE.test(req.path)) {
          const lookup =
            (res.locals as PageLocals).pageLookup ?? (await pageCache.lookup(keyOf(origin, url)));
          void lookup?.store(page).catch(() => {});
        }
        sendPage(req, res, page);
      } catch (err) {
        req.log?.error({ err }, 'server render failed; sending the client-rendered page');
        if (!res.headersSent) next();
        else res.end();
      }
    },
  };
}

/** The query part of `req`'s URL (`?…`, or empty). */
function searchOf(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at);
}

const brotliCompress = promisify(zlib.brotliCompress);

/**
 * `html` in Brotli as every answer of ours (platform `brotliTextOptions`), made once per
 * render on libuv's thread pool: off the event loop, where it was a tenth of a cold page's time (issue 47's
 * profile, bench/README.md).
 */
function brotli(html: Buffer): Promise<Buffer> {
  return brotliCompress(html, brotliTextOptions(html.length));
}
