/**
 * Build configuration shared by the shell and the four remotes (Rsbuild + Module Federation 2).
 *
 * One place decides what every front end shares and how: the short singleton list, their versions (read
 * from this design system's package.json, the only place the front ends' library versions are written: every
 * front end depends on `@marketplace/ui`, and no Node image installs them), `shareStrategy: 'loaded-first'`,
 * `publicPath: 'auto'`, no eager sharing, a 120 s chunk-load timeout (spec §8) and a manifest
 * (`mf-manifest.json`) that the shell's runtime manifest points at. docs/adr/0007-front-end-federation.md.
 *
 * `rsbuild build` (each front end's `npm run build`) makes the browser build (`dist/`) and the server build
 * (`dist/server/`). `rsbuild dev` (`npm run dev -w <front end>`, issue 27) runs the browser build only, from
 * memory, on a fixed port ({@link DEV_PORTS}: shell 3000, catalog 3001, sell 3002, account 3003, admin 3004;
 * a busy port is an error, never another port) with:
 * - hot module replacement when a remote is loaded cross-origin into a shell served elsewhere (the
 *   `npm start` shell at http://localhost:8080 pointed at http://localhost:3001/mf-manifest.json): chunks
 *   load from the dev server's own origin (`dev.assetPrefix: true` → `http://localhost:<port>/`) and the HMR
 *   client connects back to it (`dev.client` host `localhost`, the server's port), as the Module Federation
 *   Rsbuild plugin sets up for remotes (module-federation.io/guide/build-plugins/plugins-rsbuild; Rsbuild
 *   rsbuild.rs/config/dev/client, /config/dev/asset-prefix). A built shell shares React's production
 *   build, with which neither React's development JSX runtime (`dispatcher.getOwner is not a function`) nor
 *   React Fast Refresh works; so a remote's dev build picks the JSX runtime matching the page's React
 *   (src/dev/jsx-runtime.ts) and, instead of Fast Refresh, federates each expose through a module that
 *   accepts its hot updates and re-renders the area with the new version (src/dev/hot-expose.ts): no page
 *   reload, the area's own state starts again. The standalone page is not federated: an edit there reloads
 *   it (CSS is replaced in place everywhere);
 * - CORS for the shell's origin: any localhost/127.0.0.1/[::1] origin (Rsbuild's `defaultAllowedOrigins`)
 *   plus the comma-separated origins of `SHELL_ORIGINS` (a shell deployed elsewhere), rsbuild.rs/config/server/cors;
 * - `/api` (the shell also `/federation-manifest.json` and `/remotes`) proxied to the gateway at `API_URL`
 *   (default http://localhost:8080, the local `npm start`), so the auth cookies (path /, SameSite=Lax, no
 *   Domain, Secure only over https: services/auth sessions.ts) are set on the dev server's own origin;
 * - no lazy compilation (an expose must be compiled before a consumer asks for it; the MF plugins turn it
 *   off for producers too, module-federation/core#4845), source maps, no pre-compression, and `dist/`
 *   left alone (`cleanDistPath: false`: the built remote `npm start` serves stays there);
 * - a remote's **standalone page**: `src/dev/main.ts` is the page entry (`/`, and every other path falls
 *   back to it), which renders the remote's screens at the shell's routes inside the stand-in shell of
 *   `@marketplace/ui/dev`. A remote keeps its own federation runtime in dev (the standalone page has no
 *   shell to provide it); the production build shares the shell's.
 *
 * **Dev marker**: a dev build, and only a dev build, adds its federation name to the page global
 * `window.__MARKETPLACE_DEV_BUILDS__` (a string array, {@link DEV_BUILDS_GLOBAL}) as its remoteEntry.js (or
 * page) starts, so a browser test tells a remote served by its dev server from a deployed one:
 * `window.__MARKETPLACE_DEV_BUILDS__?.includes('catalog')`. The standalone page's root element also carries
 * `data-build="development"`. Neither is in `rsbuild build` output (packages/ui/test/dev-servers.test.ts).
 */

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { PRODUCT_NAME } from '@marketplace/contracts/vocabulary';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import {
  type ConfigParams,
  defaultAllowedOrigins,
  type EnvironmentConfig,
  type RsbuildConfig,
  type RsbuildPlugin,
  rspack,
  type ServerConfig,
} from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * The shared singletons: nothing else is shared (each front end bundles the rest it uses). TanStack Query is
 * one so the shell's QueryClientProvider (and the cache the server rendered with) serves every remote.
 * `@marketplace/ui/overlays` is the design system's second entry (Headless UI), shared like the first;
 * `@marketplace/ui/router` is the routing API (the used part of react-router-dom, which is not shared
 * itself: a shared package ships whole).
 */
export const SINGLETONS = [
  'react',
  'react-dom',
  'zustand',
  '@tanstack/react-query',
  '@marketplace/ui',
  '@marketplace/ui/overlays',
  '@marketplace/ui/router',
] as const;

/** Names of the remotes as federated (`<name>/<Expose>`); the folder is `mfe-<name>`. */
export const REMOTE_NAMES = ['catalog', 'sell', 'account', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The dev servers' ports (`npm run dev -w <front end>`): fixed and documented, so a shell can be pointed at a
 * remote's dev server and all of them run side by side (`npm run dev` at the root).
 */
export const DEV_PORTS = {
  shell: 3000,
  catalog: 3001,
  sell: 3002,
  account: 3003,
  admin: 3004,
} as const satisfies Record<'shell' | RemoteName, number>;

/** The gateway the dev servers proxy `/api` to when `API_URL` is not set: the local `npm start`. */
export const DEFAULT_API_URL = 'http://localhost:8080';

/** The page global a dev build adds its federation name to (string array); see the module doc. */
export const DEV_BUILDS_GLOBAL = '__MARKETPLACE_DEV_BUILDS__';

/** A remote's standalone page entry in dev (the stand-in shell around its screens), under its folder. */
export const STANDALONE_ENTRY = './src/dev/main.ts';

/** A failed chunk download is reported after this long (spec §8: 120 seconds). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function readJson(file: string): { version?: string; dependencies?: Record<string, string> } {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as {
    version?: string;
    dependencies?: Record<string, string>;
  };
}

/**
 * The `shared` option of every front end: each singleton with the version range of `packages/ui/package.json`'s
 * dependencies (`@marketplace/ui` with its own package version). Never eager: the share scope is negotiated first.
 * @throws Error when a singleton is not a dependency of `@marketplace/ui`.
 */
export function sharedSingletons(): Record<
  string,
  { singleton: true; eager: false; requiredVersion: string }
> {
  const ui = readJson(path.join(repoRoot, 'packages', 'ui', 'package.json'));
  const uiDeps = ui.dependencies ?? {};
  const uiVersion = ui.version ?? '0.0.0';
  const shared: Record<string, { singleton: true; eager: false; requiredVersion: string }> = {};
  for (const name of SINGLETONS) {
    const version = name.startsWith('@marketplace/ui') ? `^${uiVersion}` : uiDeps[name];
    if (!version)
      throw new Error(`${name} must be a dependency of packages/ui/package.json (shared singleton)`);
    shared[name] = { singleton: true, eager: false, requiredVersion: version };
  }
  return shared;
}

export interface FrontEndOptions {
  /** The front end's folder (its rsbuild.config.ts's `import.meta.dirname`). */
  dir: string;
  /** Federation name: `shell` for the host, else the remote's name. */
  name: 'shell' | RemoteName;
  /** Remotes only: what they federate, `./Name` → source file. */
  exposes?: Record<string, string>;
  /** Shell only: the page title. */
  title?: string;
}

/** Where a front end's server build goes, under its dist/ (served at `<remote>/server/remoteEntry.js`). */
export const SERVER_DIR = 'server';

/**
 * Marks the server build's folder as CommonJS (`{"type":"commonjs"}`): the workspaces are ES modules, and
 * the federation runtime's Node build is CommonJS (`commonjs-module` containers, `async-node` chunks).
 */
const commonJsMarker = {
  name: 'marketplace:server-commonjs',
  setup(api: Parameters<NonNullable<import('@rsbuild/core').RsbuildPlugin['setup']>>[0]) {
    api.processAssets({ stage: 'additional', environments: ['node'] }, ({ compilation, sources }) => {
      compilation.emitAsset('package.json', new sources.RawSource('{ "type": "commonjs" }\n'));
    });
  },
};

/** Scripts at least this large get the compile hint (smaller ones Chromium may not stream off the main thread). */
const COMPILE_HINT_MIN_BYTES = 30 * 1024;

/**
 * Starts every browser script of at least 30 KB with V8's explicit compile hint `//# allFunctionsCalledOnLoad`
 * (v8.dev/blog/explicit-compile-hints, Chrome 136+; other browsers read a comment): Chromium then compiles
 * all its functions on the background thread that streams the script in, instead of compiling each one on
 * the main thread when it is first called. Our large scripts are the federation runtime (the shell's
 * entry), React DOM, the shared libraries and the remotes' entries, whose functions run as the page starts.
 * Measured on `/` (median of 5 loads): the shell entry's evaluation 61 → 31 ms, React DOM's 40 → 31 ms
 * (issue 21). Added after minification (which drops comments), before the content hash.
 */
const compileHints = {
  name: 'marketplace:compile-hints',
  setup(api: Parameters<NonNullable<import('@rsbuild/core').RsbuildPlugin['setup']>>[0]) {
    api.processAssets({ stage: 'dev-tooling', environments: ['web'] }, ({ compilation, sources }) => {
      for (const asset of compilation.getAssets()) {
        if (!asset.name.endsWith('.js') || asset.source.size() < COMPILE_HINT_MIN_BYTES) continue;
        compilation.updateAsset(
          asset.name,
          new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', asset.source),
        );
      }
    });
  },
};

/** What is compressed ahead of time: text assets of at least 1 KiB (smaller ones gain nothing). */
const PRECOMPRESSED = /\.(?:js|css|svg|json)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli (`<file>.br`, quality 11) and a gzip (`<file>.gz`, level 9) copy of every text asset
 * of the browser build, which the gateway sends as they are (express-static-gzip) instead of compressing
 * each response (issue 21): the maximum levels cost seconds once at build time, answer ~10–15 % fewer
 * bytes than the per-response Brotli quality 4, and cost the server no CPU per request. zlib docs: Brotli
 * quality 0–11, gzip level 0–9.
 */
const precompress = {
  name: 'marketplace:precompress',
  setup(api: Parameters<NonNullable<import('@rsbuild/core').RsbuildPlugin['setup']>>[0]) {
    api.processAssets({ stage: 'optimize-transfer', environments: ['web'] }, ({ compilation, sources }) => {
      for (const asset of compilation.getAssets()) {
        if (!PRECOMPRESSED.test(asset.name)) continue;
        const bytes = Buffer.from(asset.source.buffer());
        if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        compilation.emitAsset(`${asset.name}.br`, new sources.RawSource(brotli));
        const gzip = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
        compilation.emitAsset(`${asset.name}.gz`, new sources.RawSource(gzip));
      }
    });
  },
};

/** What a front end's dev server reads from the environment (see {@link devServerSettings}). */
export interface DevEnv {
  /** The gateway `/api` is proxied to (default {@link DEFAULT_API_URL}). */
  API_URL?: string | undefined;
  /** Comma-separated origins allowed by CORS besides localhost's (a shell deployed elsewhere). */
  SHELL_ORIGINS?: string | undefined;
}

/**
 * The dev server of front end `name` (Rsbuild `server` and `dev` options, rsbuild.rs/config/server/*):
 * port {@link DEV_PORTS}[name] (strict: a busy port fails instead of moving), CORS for localhost origins and
 * `SHELL_ORIGINS`, `/api` proxied to `API_URL` (the shell also `/federation-manifest.json` and `/remotes`,
 * which its page fetches from its own origin), chunks from `http://localhost:<port>/` and the HMR client
 * connecting to `ws://localhost:<port>/rsbuild-hmr`, whatever origin the page itself is on.
 * @throws Error when `API_URL` is not an http(s) URL.
 */
export function devServerSettings(
  name: 'shell' | RemoteName,
  env: DevEnv = process.env,
): { server: ServerConfig; dev: NonNullable<RsbuildConfig['dev']> } {
  const apiUrl = env.API_URL?.trim() || DEFAULT_API_URL;
  if (!/^https?:\/\/[^/]/.test(apiUrl)) throw new Error(`API_URL must be an http(s) URL, got ${apiUrl}`);
  const target = new URL(apiUrl).origin;
  const extraOrigins = (env.SHELL_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const proxied = name === 'shell' ? ['/api', '/federation-manifest.json', '/remotes'] : ['/api'];
  return {
    server: {
      port: DEV_PORTS[name],
      strictPort: true,
      cors: { origin: [defaultAllowedOrigins, ...extraOrigins] },
      // changeOrigin: the gateway sees its own host (needed when API_URL is a deployed gateway).
      proxy: Object.fromEntries(proxied.map((path) => [path, { target, changeOrigin: true }])),
    },
    dev: {
      // '<port>' is the port the server listens on (Rsbuild replaces it), also when a test overrides it.
      assetPrefix: true,
      client: { host: 'localhost', port: '<port>' },
      hmr: true,
      liveReload: true,
      lazyCompilation: false,
    },
  };
}

/**
 * Dev only: adds a module to every entry of the browser build — the remote's remoteEntry.js and the page
 * entry, as Rsbuild does for its HMR client (`rspack.EntryPlugin` without a name) — that records `name` in
 * {@link DEV_BUILDS_GLOBAL} (src/dev/dev-build.ts).
 */
function devBuildMarker(name: string): RsbuildPlugin {
  const markerModule = path
    .join(repoRoot, 'packages', 'ui', 'src', 'dev', 'dev-build.ts')
    .split(path.sep)
    .join('/');
  const code = `import { markDevBuild } from ${JSON.stringify(markerModule)};\nmarkDevBuild(${JSON.stringify(name)});\n`;
  return {
    name: 'marketplace:dev-build-marker',
    setup(api) {
      api.modifyRspackConfig((config, { environment }) => {
        if (environment.name !== 'web') return;
        config.plugins ??= [];
        config.plugins.push(
          new rspack.EntryPlugin(
            config.context ?? api.context.rootPath,
            `data:text/javascript,${encodeURIComponent(code)}`,
            {
              name: undefined,
            },
          ),
        );
      });
    },
  };
}

/** A path under packages/ui/src/dev as a bundler request (forward slashes). */
function devModule(file: string): string {
  return path.join(repoRoot, 'packages', 'ui', 'src', 'dev', file).split(path.sep).join('/');
}

/**
 * Dev only, remotes: `react/jsx-runtime` and `react/jsx-dev-runtime` resolve to src/dev/jsx-runtime.ts,
 * which calls React's development or production runtime to match the React shared on the page (a dev
 * remote inside a built shell runs with the shell's production React), and the three React runtimes it
 * picks from, which react's "exports" do not expose.
 */
function devJsxAliases(): Record<string, string> {
  const reactCjs = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react/package.json')),
    'cjs',
  );
  const shim = devModule('jsx-runtime.ts');
  return {
    'react/jsx-runtime$': shim,
    'react/jsx-dev-runtime$': shim,
    'marketplace-react-jsx-runtime-production$': path.join(reactCjs, 'react-jsx-runtime.production.js'),
    'marketplace-react-jsx-runtime-development$': path.join(reactCjs, 'react-jsx-runtime.development.js'),
    'marketplace-react-jsx-dev-runtime-development$': path.join(
      reactCjs,
      'react-jsx-dev-runtime.development.js',
    ),
  };
}

/**
 * Dev only, remotes: what is federated for each expose — a module (a `data:` URI, as Rsbuild's HMR client
 * entry) that renders the expose through src/dev/hot-expose.ts and accepts its hot updates (and so those of
 * everything it imports), swapping the new version in without a page reload, with any React build.
 */
function hotExposes(dir: string, exposes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(exposes).map(([key, file]) => {
      const target = path.resolve(dir, file).split(path.sep).join('/');
      const id = key.replace(/^\.\//, '');
      const code = [
        `import * as exposed from ${JSON.stringify(target)};`,
        `import { hotExpose } from ${JSON.stringify(devModule('hot-expose.ts'))};`,
        `const hot = hotExpose(exposed.default, ${JSON.stringify(id)});`,
        'if (import.meta.webpackHot) {',
        `  import.meta.webpackHot.accept(${JSON.stringify(target)}, () => hot.update(exposed.default));`,
        '}',
        'export default hot.Component;',
      ].join('\n');
      return [key, `data:text/javascript,${encodeURIComponent(code)}`];
    }),
  );
}

/**
 * The Rsbuild configuration of one front end (host when `name` is `shell`, else a remote), a function of the
 * command (Rsbuild's `defineConfig(({ command }) => …)`, rsbuild.rs/guide/configuration/rsbuild). For
 * `build` (and `preview`), two environments (issue 21, docs/adr/0012-server-side-rendering.md):
 * - `web`: the browser build in `dist/` (content-hashed chunks, `mf-manifest.json`, remotes' `remoteEntry.js`);
 * - `node`: the server build in `dist/server/` — the shell's renderer (`index.js`, entry `src/server.ts`)
 *   and each remote's `remoteEntry.js` for Node, which the renderer loads over HTTP from wherever the
 *   remote is deployed. Same exposes and singletons; no CSS is emitted (the browser build's is linked).
 *
 * For `dev`, the `web` environment only, with the dev server of {@link devServerSettings}, the dev marker
 * and, for a remote, its standalone page ({@link STANDALONE_ENTRY}); see the module doc.
 */
export function frontEndConfig(
  opts: FrontEndOptions,
): (params: Pick<ConfigParams, 'command'>) => RsbuildConfig {
  return ({ command }) => {
    const isDev = command === 'dev';
    const isShell = opts.name === 'shell';
    const federation = {
      name: opts.name,
      ...(opts.exposes
        ? {
            exposes: isDev && !isShell ? hotExposes(opts.dir, opts.exposes) : opts.exposes,
            filename: 'remoteEntry.js',
          }
        : {}),
      // The shell knows no remote at build time: their URLs come from the runtime manifest.
      remotes: {},
      shared: sharedSingletons(),
      shareStrategy: 'loaded-first' as const,
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
    };
    const devServer = devServerSettings(opts.name, isDev ? process.env : {});
    const web: EnvironmentConfig = {
      // Dev: a remote's page is its standalone page (the stand-in shell around its screens).
      source: { entry: { index: isDev && !isShell ? STANDALONE_ENTRY : './src/index.ts' } },
      html: isShell
        ? { title: opts.title ?? PRODUCT_NAME, template: './src/index.html' }
        : isDev
          ? { title: `mfe-${opts.name} standalone (dev)` }
          : undefined,
      output: {
        target: 'web',
        // Remotes: 'auto' — chunks load from wherever remoteEntry.js was served (any origin, any path).
        // The shell is always served at `/`, and its index.html answers deep links (/car-details/…), so
        // its script tags must be absolute. (Dev: `dev.assetPrefix` applies instead.)
        assetPrefix: isShell ? '/' : 'auto',
        filenameHash: true,
      },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      tools: {
        // Remotes have no page of their own: only remoteEntry.js, the manifest and their chunks (in dev, the
        // standalone page too).
        ...(isShell || isDev ? {} : { htmlPlugin: false }),
        rspack: {
          output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS, uniqueName: `marketplace_${opts.name}` },
        },
      },
    };
    const node: EnvironmentConfig = {
      source: { entry: { index: isShell ? './src/server.ts' : './src/index.ts' } },
      output: {
        target: 'node',
        distPath: { root: `dist/${SERVER_DIR}` },
        filenameHash: false,
        emitCss: false,
      },
      tools: { htmlPlugin: false, rspack: { output: { uniqueName: `marketplace_${opts.name}_server` } } },
    };
    const environments: Record<string, EnvironmentConfig> = isDev ? { web } : { web, node };
    return {
      root: opts.dir,
      ...(isDev && !isShell ? { resolve: { alias: devJsxAliases() } } : {}),
      output: {
        // Dev serves from memory: the built dist/ (which `npm start` serves) must stay.
        cleanDistPath: !isDev,
        // Source maps stay out of the shipped folder (they are not served to browsers in production).
        ...(isDev ? {} : { sourceMap: { js: false, css: false } }),
        legalComments: 'none',
      },
      // Only for `rsbuild dev`: `dev.assetPrefix` also applies to a build in development mode
      // (NODE_ENV=development), which must keep its own asset prefix.
      ...(isDev ? { server: devServer.server, dev: devServer.dev } : {}),
      environments,
      plugins: [
        // Remotes in dev: hot exposes instead of Fast Refresh (see hot-expose.ts).
        pluginReact(isDev && !isShell ? { fastRefresh: false } : {}),
        ...(isDev ? [devBuildMarker(opts.name)] : [commonJsMarker, compileHints, precompress]),
        pluginModuleFederation(
          {
            ...federation,
            // One copy of the federation runtime per page: the shell provides it, remotes use the shell's
            // (each remoteEntry.js otherwise carries its own ≈30 KB gzip copy). Remotes therefore run only
            // inside the shell, which is the only way they are ever loaded — except in dev, where a
            // remote's standalone page has no shell to provide it: there a remote keeps its own.
            // `target: 'web'` drops the runtime's Node.js code paths; remotes consume no remote of their own,
            // so their remote-loading and manifest-snapshot code goes too.
            experiments: isShell
              ? { provideExternalRuntime: true, optimization: { target: 'web' } }
              : {
                  ...(isDev ? {} : { externalRuntime: true }),
                  optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
                },
          },
          { environment: 'web' },
        ),
        // The server build: the federation runtime's Node plugin loads remotes' server builds over HTTP.
        ...(isDev ? [] : [pluginModuleFederation(federation, { target: 'node', environment: 'node' })]),
      ],
    };
  };
}
