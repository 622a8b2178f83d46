/**
 * Static hosting of the built front ends (embedded mode, and the gateway when front ends are not on
 * their own origins): the shell at `/`, each remote at `/remotes/<name>/`, and the SPA fallback — any
 * other GET that accepts HTML gets the shell's index.html so client-side routes survive a reload. Also the
 * runtime federation manifest (`GET /federation-manifest.json`): where the shell loads each remote from,
 * from configuration, so a remote moves or redeploys without rebuilding the shell (docs/adr/0007).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES } from '@marketplace/platform';
import compression from 'compression';
import express, { type Request, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** The repository root (where shell/ and the mfe-* folders live). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The front-end workspaces: the host and its four remotes (docs/architecture.md). */
export const frontEnds = ['shell', 'mfe-catalog', 'mfe-sell', 'mfe-account', 'mfe-admin'] as const;

const noCache = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);

/**
 * A file name with an Rsbuild content hash before its extension (`index.9b2c9c2f51.js`,
 * `__federation_expose_Dashboard.3476f46484.css`): its bytes never change under that name.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|svg|png|jpe?g|webp|avif)$/;

/** A path whose last segment has a file extension (`/favicon.svg`, `/static/js/index.9b2c9c2f.js`). */
const HAS_EXTENSION = /\.[^/]+$/;

/** Cache policy of a content-hashed asset: a year, never revalidated (issue 21). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Static files of `dir`: the build's Brotli or gzip copy (`<file>.br`, `<file>.gz`, written at build time
 * by packages/ui/build/rsbuild.ts) when the client accepts it, with `Vary: Accept-Encoding`; other files
 * as they are (then compressed per response by {@link compressResponses}). Copies are found when the
 * gateway starts. Cache policy by the original file's name.
 */
function serve(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      maxAge: '1h',
      setHeaders(res, file) {
        const name = path.basename(file).replace(/\.(?:br|gz)$/, '');
        if (noCache.has(name)) res.setHeader('cache-control', 'no-cache');
        else if (CONTENT_HASHED.test(name)) res.setHeader('cache-control', IMMUTABLE);
      },
    },
  }) as RequestHandler;
}

/**
 * Brotli (preferred when the client accepts it) or gzip for every compressible answer of the gateway —
 * HTML, JS, CSS, JSON, SVG (the `compression` library's `compressible` check; images already compressed
 * are left alone) — from `COMPRESS_THRESHOLD_BYTES` (1 KiB), Brotli at `BROTLI_QUALITY` (platform
 * cached-json.ts, which sends the cached answers compressed already, ADR 20). Issue 21.
 *
 * A request `skip(req)` names is not wrapped at all: the API's JSON operations, whose services send their
 * answers compressed (platform `sendJson`). The library wraps each response's `write` and `end` in closures
 * that reach the request, and that alone made a quarter of each request's garbage outlive its
 * young-generation collection, even when the answer was already compressed: 25–35 ms collections in the
 * gateway (docs/adr/0027).
 */
export function compressResponses(skip: (req: Request) => boolean = () => false): RequestHandler {
  const compress = compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  return (req, res, next) => (skip(req) ? next() : compress(req, res, next));
}

/** The remotes as federated (`<name>/<Expose>`), folder `mfe-<name>`, config key `REMOTE_<NAME>_URL`. */
export const remoteNames = ['catalog', 'sell', 'account', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * Where each remote's mf-manifest.json is, as configured (`REMOTE_<NAME>_URL`), and the origin patterns a
 * browser may point a remote at instead (`REMOTE_OVERRIDE_ORIGINS`, resolved by the platform's `loadConfig`:
 * absent here = none).
 */
export type RemoteUrls = Partial<Record<`REMOTE_${Uppercase<RemoteName>}_URL`, string | undefined>> & {
  REMOTE_OVERRIDE_ORIGINS?: readonly string[] | undefined;
};

/** Body of `GET /federation-manifest.json` (the shell's reader: shell/src/app/federation/manifest.ts). */
export interface FederationManifestBody {
  /** One entry per remote: where its browser `mf-manifest.json` is. */
  remotes: Array<{ name: RemoteName; entry: string }>;
  /**
   * Origin patterns (`http://localhost:*`) a browser's `mf-override` may point a remote at; empty = every
   * override is refused (production by default). docs/adr/0026-remote-override.md.
   */
  overrideOrigins: string[];
}

/** The runtime manifest body: one entry per remote, default `/remotes/<name>/mf-manifest.json`. */
export function federationManifest(config: RemoteUrls): FederationManifestBody {
  return {
    remotes: remoteNames.map((name) => ({
      name,
      entry:
        config[`REMOTE_${name.toUpperCase() as Uppercase<RemoteName>}_URL`] ??
        `/remotes/${name}/mf-manifest.json`,
    })),
    overrideOrigins: [...(config.REMOTE_OVERRIDE_ORIGINS ?? [])],
  };
}

/** CSP directives a remote's browser code loads from (ADR 7: scripts, styles, connections, images, fonts). */
export type RemoteCspDirective = 'script-src' | 'style-src' | 'connect-src' | 'img-src' | 'font-src';

/**
 * What the CSP adds for remotes that may be loaded from elsewhere than this origin: the origins of remotes
 * configured on other origins ({@link remoteOrigins}) in every directive a remote's code loads from, and the
 * override patterns (`REMOTE_OVERRIDE_ORIGINS`, e.g. `http://localhost:*`) likewise, plus in `connect-src`
 * their WebSocket form (`ws://localhost:*`) for a dev server's hot-reload socket. The patterns are CSP3
 * host-sources as they are (`port-part = 1*DIGIT / "*"`, w3.org/TR/CSP3/#grammardef-host-source, §2.3.1);
 * the WebSocket form is needed because an `http` source matches only `http` and `https` URLs, not `ws`
 * (CSP3 §6.7.2.8 "scheme-part matching": only a `ws` source also matches `http(s)`). No patterns (production
 * by default) → only the configured remote origins, as before.
 */
export function remoteSources(config: RemoteUrls): Record<RemoteCspDirective, string[]> {
  const origins = remoteOrigins(config);
  const patterns = [...(config.REMOTE_OVERRIDE_ORIGINS ?? [])];
  const sockets = patterns.map((p) => p.replace(/^http(s?):/, 'ws$1:'));
  const loaded = [...new Set([...origins, ...patterns])];
  return {
    'script-src': loaded,
    'style-src': loaded,
    'img-src': loaded,
    'font-src': loaded,
    'connect-src': [...new Set([...loaded, ...sockets])],
  };
}

/** Origins (scheme://host:port) of remotes configured on other origins; the CSP must allow them. */
export function remoteOrigins(config: RemoteUrls): string[] {
  const origins = new Set<string>();
  for (const { entry } of federationManifest(config).remotes) {
    if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

/**
 * CSP sources (`'sha256-…'`) of the inline scripts of the shell's built index.html (the colour-mode script
 * that must run before the first paint): allowed by hash, so no other inline script runs. None when the
 * shell is not built. Hash of the script's exact text, base64 (CSP Level 2, "hash-source").
 */
export function inlineScriptHashes(webRoot: string): string[] {
  const index = path.join(webRoot, 'shell', 'dist', 'index.html');
  if (!fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] as string)
        .digest('base64')}'`,
  );
}

/** CSP directives that social sign-in adds to. */
export type SocialCspDirective = 'script-src' | 'style-src' | 'frame-src' | 'connect-src' | 'img-src';

/**
 * What the CSP must allow for the providers' web SDKs, only for providers configured
 * (`GOOGLE_CLIENT_ID`, `FACEBOOK_APP_ID`). Google Identity Services: script, style, iframe and calls under
 * `https://accounts.google.com/gsi/` (Google's "Content Security Policy" note in "Get your Google API
 * client ID", developers.google.com/identity/gsi/web). Facebook's JavaScript SDK: its script from
 * `https://connect.facebook.net`, its login dialog and calls on `www.facebook.com`/`web.facebook.com` and
 * the Graph API.
 */
export function socialSignInSources(config: {
  GOOGLE_CLIENT_ID?: string | undefined;
  FACEBOOK_APP_ID?: string | undefined;
}): Record<SocialCspDirective, string[]> {
  const sources: Record<SocialCspDirective, string[]> = {
    'script-src': [],
    'style-src': [],
    'frame-src': [],
    'connect-src': [],
    'img-src': [],
  };
  if (config.GOOGLE_CLIENT_ID) {
    sources['script-src'].push('https://accounts.google.com/gsi/client');
    sources['style-src'].push('https://accounts.google.com/gsi/style');
    sources['frame-src'].push('https://accounts.google.com/gsi/');
    sources['connect-src'].push('https://accounts.google.com/gsi/');
  }
  if (config.FACEBOOK_APP_ID) {
    sources['script-src'].push('https://connect.facebook.net');
    sources['frame-src'].push('https://www.facebook.com', 'https://web.facebook.com');
    sources['connect-src'].push('https://www.facebook.com', 'https://graph.facebook.com');
    sources['img-src'].push('https://www.facebook.com');
  }
  return sources;
}

/**
 * Middleware chain: the runtime manifest, then `webRoot/<front end>/dist` (front ends not
 * built yet are skipped; content-hashed files immutable for a year, entry files `no-cache`, the rest an
 * hour; a remote's server build under `/remotes/<name>/server/`), the pages' rate limit when given
 * (`pageLimit`, gateway/src/rate-limit.ts: each page answered after it counts, static files never),
 * the server renderer of the public pages (gateway/src/ssr.ts) when given, and the SPA fallback (the
 * client-rendered index.html).
 */
export function webHosting(
  webRoot: string,
  remotes: RemoteUrls = {},
  serverRendering?: RequestHandler,
  pageLimit?: RequestHandler,
): RequestHandler[] {
  const handlers: RequestHandler[] = [];
  const manifest = federationManifest(remotes);
  const manifestRouter = express.Router();
  manifestRouter.get('/federation-manifest.json', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.json(manifest);
  });
  handlers.push(manifestRouter);
  for (const fe of frontEnds.filter((f) => f !== 'shell')) {
    const dir = path.join(webRoot, fe, 'dist');
    const router = express.Router();
    router.use(`/remotes/${fe.replace(/^mfe-/, '')}`, serve(dir));
    handlers.push(router);
  }
  const shellDist = path.join(webRoot, 'shell', 'dist');
  // The shell's files all have an extension: a page's path (`/buy-a-car`) is not looked for on disk, which
  // was a file-system `stat` per page (issue 47's profile).
  const shellFiles = serve(shellDist);
  handlers.push((req, res, next) => (HAS_EXTENSION.test(req.path) ? shellFiles(req, res, next) : next()));
  if (pageLimit) handlers.push(pageLimit);
  if (serverRendering) handlers.push(serverRendering);
  handlers.push((req, res, next) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['html', 'json']) === 'html';
    if (!wantsPage || req.path.startsWith('/api/') || req.path === '/api') return next();
    const index = path.join(shellDist, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
  return handlers;
}
