/**
 * The server renderer (issue 21; loaded by the server build's entry, src/server.ts): renders the public
 * routes to HTML with their data, for the gateway in both run modes. Module Federation is kept: the
 * remotes are loaded from their own server builds (`<remote>/server/remoteEntry.js`, fetched over HTTP by
 * the federation runtime's Node plugin) with React and the other singletons shared from this build.
 *
 * A request is rendered with React's streaming renderer into a fresh TanStack Query cache; once every
 * boundary is ready (or `timeoutMs` has passed: what is not ready is left to the browser) the page's status,
 * head and ETag are known, and the HTML is streamed: the shell's built index.html with the head tags, the
 * rendered app and the page data (`ssr-data`) in place. A remote whose server build cannot be loaded
 * leaves its area to the browser (React renders the slot's loading state and the browser renders the area);
 * it is not asked again for `remoteRetryMs`. docs/adr/0012-server-side-rendering.md.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  configureServerApi,
  createQueryClient,
  PageProvider,
  type PageRecorder,
  useAuthStore,
} from '@marketplace/ui';
import { matchRoutes, StaticRouter } from '@marketplace/ui/router';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { App, Routed } from '../App';
import { REMOTES, type RemoteName } from '../federation/manifest';
import { type ServerSlots, ServerSlotsContext } from '../federation/RemoteSlot';
import type { RemoteId } from '../federation/remote-modules';
import { resetRemote, startFederation } from '../federation/runtime';
import { routes } from '../routes';
import { headTags, type RemoteManifest, remoteLinks } from './head';
import { PAGE_DATA_ID, serializePageData } from './page-data';

/** Where one remote is, for the browser and for this process. */
export interface RemoteLocation {
  /** Its browser `mf-manifest.json` as the runtime manifest gives it (site-relative or absolute). */
  entry: string;
  /** Absolute URL of its server build's `remoteEntry.js`, as this process reaches it. */
  serverEntry: string;
  /** Absolute URL of its browser `mf-manifest.json`, as this process reaches it (for the head's links). */
  manifestUrl: string;
}

/** Options of {@link createRenderer}. */
export interface RendererOptions {
  remotes: Record<RemoteName, RemoteLocation>;
  /**
   * The origin patterns a browser may override a remote with (`REMOTE_OVERRIDE_ORIGINS`), written into
   * each page's data for the browser (federation/override.ts); default none. The server itself always
   * renders the configured remotes.
   */
  overrideOrigins?: readonly string[];
  /** Where the API is for this process (`http://127.0.0.1:8080`), and headers for those calls. */
  api: { baseUrl: string; headers?: Record<string, string> };
  /** The shell's built `index.html` (its script and style tags are kept). */
  template: string;
  /** Where this process reaches the site's own files (`/static/css/…`): the gateway's loopback origin. */
  assetBaseUrl: string;
  /** Longest wait for data before the HTML is sent with what is ready (ms). */
  timeoutMs: number;
  /** How long a remote whose server build failed to load is left to the browser before trying again (ms). */
  remoteRetryMs: number;
  /** Logs a problem (a remote or query that failed while rendering). */
  warn(details: Record<string, unknown>, message: string): void;
}

/** A request to render. */
export interface RenderRequest {
  /** Path and query (`/buy-a-car?fuelTypes=Diesel`). */
  url: string;
  /** The site's public origin (`https://cars.example.in`), for canonical URLs and JSON-LD. */
  origin: string;
  /** The CSP nonce of the response: React's inline scripts carry it. */
  nonce: string;
}

/** A rendered page, whole: what the gateway sends and may keep (gateway/src/page-cache.ts). */
export interface RenderedPage {
  /** HTTP status: 200, or what the page declared (`usePageStatus`, e.g. 404). */
  status: number;
  /** Weak ETag over what the page shows (template, URL, status, head, remotes, query data; not timestamps). */
  etag: string;
  /** The whole HTML document (UTF-8 when sent). */
  html: string;
  /**
   * False when the HTML carries the request's CSP nonce (an area was left to the browser, so React wrote an
   * inline script): such a page is right for this response only and must not be kept.
   */
  cacheable: boolean;
}

/** The server renderer. */
export interface Renderer {
  /** True for the routes rendered on the server (public pages); the others get the plain index.html. */
  handles(pathname: string): boolean;
  /**
   * Renders `req` into a whole page.
   * @throws Error when React cannot render the page's shell at all.
   */
  render(req: RenderRequest): Promise<RenderedPage>;
}

/** Cache policy of a server-rendered public page: CDNs keep it a minute and may serve it stale for 10. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * Routes the browser alone renders: signed-in and admin areas, the loading page, and the buyer's pages of
 * issue 24 (the comparison follows the tab's own choices; unsubscribing acts once, on load).
 */
const CLIENT_ONLY =
  /^\/(dashboard|sell-a-car|sold|profile|appointment|purchases|help|pages|loading|compare|unsubscribe)(\/|$)/;

const MANIFEST_TTL_MS = 10_000;

/** Creates the renderer; registers the remotes' server builds with the federation runtime. */
export function createRenderer(options: RendererOptions): Renderer {
  configureServerApi(options.api);
  // The server renders for a visitor: signed out, known at once (the browser loads the profile after).
  useAuthStore.setState({ user: null, ready: false });
  const serverEntries = Object.fromEntries(
    REMOTES.map((name) => [name, options.remotes[name].serverEntry]),
  ) as Record<RemoteName, string>;
  void startFederation(serverEntries);
  const browserEntries = Object.fromEntries(
    REMOTES.map((name) => [name, options.remotes[name].entry]),
  ) as Record<RemoteName, string>;

  const [beforeRoot, afterRoot] = splitTemplate(options.template);
  // The routes end in a catch-all (the not-found page), so every path is routed: `handles` need not match
  // each one (react-router's matchRoutes flattens and ranks the whole table per call, ~0.4 ms; issue 47).
  const everyPathRouted = matchRoutes(routes, `/${randomUUID()}/${randomUUID()}`) !== null;
  const manifests = new Map<RemoteName, { at: number; manifest: Promise<RemoteManifest | undefined> }>();
  const downUntil = new Map<RemoteName, number>();

  function remoteManifest(name: RemoteName): Promise<RemoteManifest | undefined> {
    const cached = manifests.get(name);
    if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.manifest;
    const manifest = fetch(options.remotes[name].manifestUrl, { signal: AbortSignal.timeout(2_000) })
      .then((r) => (r.ok ? (r.json() as Promise<RemoteManifest>) : undefined))
      .catch(() => undefined);
    manifests.set(name, { at: Date.now(), manifest });
    return manifest;
  }

  let shellHead: Promise<string> | undefined;

  /**
   * The template's part before the app with the shell's style sheets inlined (`<style>`): the first paint
   * waits for no further round trip (≈6 KB of gzip). Read once: the sheets are content-hashed. A sheet that
   * cannot be read stays a link. The remotes' sheets stay links (`remoteLinks`): the federation runtime
   * finds them there instead of loading them a second time after hydration.
   */
  function inlinedTemplate(): Promise<string> {
    shellHead ??= (async () => {
      let out = beforeRoot;
      for (const match of beforeRoot.matchAll(/<link href="([^"]+)" rel="stylesheet">/g)) {
        const url = new URL(match[1] as string, options.assetBaseUrl).href;
        const css = await fetch(url, { signal: AbortSignal.timeout(2_000) })
          .then((r) => (r.ok ? r.text() : undefined))
          .catch(() => undefined);
        const at = out.indexOf(match[0]);
        if (css !== undefined && at >= 0) {
          const style = `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          out = `${out.slice(0, at)}${style}${out.slice(at + match[0].length)}`;
        }
      }
      return out;
    })();
    const inlined = shellHead;
    // Not readable (gateway starting): tried again on the next page.
    void inlined.then((out) => {
      if (out === beforeRoot && shellHead === inlined) shellHead = undefined;
    });
    return inlined;
  }

  /**
   * The head links of the remote modules `used`, as absolute URLs on `origin` (the federation runtime and
   * the bundler's CSS loader compare absolute URLs when they look for a sheet already in the page).
   */
  async function links(used: RemoteId[], origin: string): Promise<string> {
    const out: string[] = [];
    for (const id of used) {
      const [name, expose] = id.split('/') as [RemoteName, string];
      const manifest = await remoteManifest(name);
      const entry = new URL(options.remotes[name].entry, `${origin}/`).href;
      if (manifest) out.push(...remoteLinks(manifest, entry, expose));
    }
    return [...new Set(out)].join('');
  }

  return {
    handles: (pathname) =>
      !CLIENT_ONLY.test(pathname) && (everyPathRouted || matchRoutes(routes, pathname) !== null),

    async render(req) {
      const url = new URL(req.url, req.origin);
      const queryClient = createQueryClient();
      const recorder: PageRecorder = {};
      // A remote that failed recently is left to the browser: its slot sends the loading state.
      const slots: ServerSlots = { used: new Set(), failed: new Set(), skip: new Set(downUntil.keys()) };

      const element = (
        <PageProvider recorder={recorder}>
          <ServerSlotsContext.Provider value={slots}>
            <App
              queryClient={queryClient}
              router={
                <StaticRouter location={req.url}>
                  <Routed />
                </StaticRouter>
              }
            />
          </ServerSlotsContext.Provider>
        </PageProvider>
      );

      const stream = await new Promise<ReturnType<typeof renderToPipeableStream>>((resolve, reject) => {
        let shellFailed = false;
        const rendering = renderToPipeableStream(element, {
          nonce: req.nonce,
          // Whole boundaries inline: the page is sent once everything is ready, so no boundary needs a script
          // to be revealed (React otherwise outlines boundaries over ~12 KB).
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onAllReady: () => {
            clearTimeout(timer);
            if (!shellFailed) resolve(rendering);
          },
          onShellError: (error) => {
            shellFailed = true;
            clearTimeout(timer);
            reject(error);
          },
          onError: (error) => {
            const message = error instanceof Error ? error.message : String(error);
            options.warn({ url: req.url, err: message }, 'server render left an area to the browser');
          },
        });
        const timer = setTimeout(
          () => rendering.abort(new Error('server render timed out')),
          options.timeoutMs,
        );
      });

      for (const remote of slots.failed) {
        if (downUntil.has(remote)) continue;
        downUntil.set(remote, Date.now() + options.remoteRetryMs);
        setTimeout(() => {
          downUntil.delete(remote);
          resetRemote(remote);
        }, options.remoteRetryMs).unref();
      }
      const used = [...slots.used];
      const status = recorder.status ?? 200;
      const pageData = serializePageData({
        federation: browserEntries,
        overrideOrigins: [...(options.overrideOrigins ?? [])],
        remotes: used,
        queries: dehydrate(queryClient),
      });
      const head = `${recorder.meta ? headTags(recorder.meta, url, req.origin) : ''}${await links(used, req.origin)}`;
      // Over what the page shows, not when its data was fetched (the dehydrated state carries timestamps).
      const shown = queryClient
        .getQueryCache()
        .getAll()
        .map((q) => [q.queryHash, q.state.data]);
      const etag = `W/"${createHash('sha1')
        .update(beforeRoot)
        .update(req.url)
        .update(String(status))
        .update(head)
        .update(used.join())
        .update(JSON.stringify(shown))
        .digest('base64url')}"`;

      const app = await new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        body.on('error', reject);
        stream.pipe(body);
      });
      // Text is put in by position, never by String.replace: `$&`, `$\`` or `$'` in a URL or a description
      // would be read as replacement patterns there (issue 47).
      const top = spliceAt(await inlinedTemplate(), '</head>', head);
      const bottom = spliceAt(
        afterRoot,
        '</body>',
        `<script type="application/json" id="${PAGE_DATA_ID}">${pageData}</script>`,
      );
      const html = `${top}${app}${bottom}`;
      return { status, etag, html, cacheable: !app.includes(req.nonce) };
    },
  };
}

/**
 * `text` with `insert` put before the last occurrence of `marker`; `text` unchanged when `marker` is not in
 * it. Plain concatenation: nothing in `insert` is read as a pattern.
 */
export function spliceAt(text: string, marker: string, insert: string): string {
  const at = text.lastIndexOf(marker);
  if (at < 0) return text;
  return `${text.slice(0, at)}${insert}${text.slice(at)}`;
}

/**
 * The shell's index.html around its empty `<div id="root"></div>`, without its static `<title>` and
 * description (each page writes its own). @throws Error when the template has no root element.
 */
export function splitTemplate(template: string): [before: string, after: string] {
  const cleaned = template.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  const marker = '<div id="root"></div>';
  const at = cleaned.indexOf(marker);
  if (at < 0) throw new Error('the shell template has no <div id="root"></div>');
  return [`${cleaned.slice(0, at)}<div id="root">`, `</div>${cleaned.slice(at + marker.length)}`];
}
