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
import { type Config, type Logger, PEER_CALL_HEADER, publicOrigin } from '@marketplace/platform';
import type { Request, RequestHandler } from 'express';
import type { Renderer } from '../../shell/src/server';
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

/**
 * The middleware: renders GET/HEAD page requests of the routes the shell renders on the server; anything
 * else, or a failure before the first byte, goes to `next()` (the client-rendered index.html).
 */
export function serverRendering(opts: {
  config: Config;
  webRoot: string;
  logger: Logger;
  /** The peer-call secret this gateway's rate limit lets through. */
  peerSecret: string;
}): RequestHandler {
  const { config, logger } = opts;
  const serverBuild = path.join(opts.webRoot, 'shell', 'dist', 'server', 'index.js');
  const templateFile = path.join(opts.webRoot, 'shell', 'dist', 'index.html');
  let renderer: Promise<Renderer | null> | undefined;

  /** The renderer, created on the first page request (the loopback port is known then); null when off. */
  function rendererFor(req: Request): Promise<Renderer | null> {
    renderer ??= (async () => {
      if (config.SERVER_RENDERING === 'off' || !fs.existsSync(serverBuild) || !fs.existsSync(templateFile)) {
        return null;
      }
      const self = `http://127.0.0.1:${req.socket.localPort}`;
      const shell = createRequire(import.meta.url)(serverBuild) as ShellServer;
      return shell.createRenderer({
        remotes: remoteLocations(config, self),
        // Written into each page's data like `/federation-manifest.json`'s `overrideOrigins`: a browser
        // with an `mf-override` checks it against these (docs/adr/0026-remote-override.md).
        overrideOrigins: config.REMOTE_OVERRIDE_ORIGINS,
        api: { baseUrl: self, headers: { [PEER_CALL_HEADER]: opts.peerSecret } },
        template: fs.readFileSync(templateFile, 'utf8'),
        assetBaseUrl: self,
        timeoutMs: config.SSR_TIMEOUT_MS,
        remoteRetryMs: REMOTE_RETRY_MS,
        warn: (details, message) => logger.warn(details, message),
      });
    })().catch((err: unknown) => {
      logger.error({ err }, 'the server renderer could not start; pages are rendered in the browser');
      return null;
    });
    return renderer;
  }

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.accepts(['html', 'json']) !== 'html') return next();
    try {
      const active = await rendererFor(req);
      if (!active?.handles(req.path)) return next();
      await active.render(
        {
          url: req.originalUrl,
          origin: publicOrigin(req, config.PUBLIC_URL),
          nonce: cspNonce(res),
          ifNoneMatch: req.get('if-none-match'),
        },
        res,
      );
    } catch (err) {
      req.log?.error({ err }, 'server render failed; sending the client-rendered page');
      if (!res.headersSent) next();
      else res.end();
    }
  };
}
