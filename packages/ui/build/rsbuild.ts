/**
 * Build configuration shared by the shell and the four remotes (Rsbuild + Module Federation 2).
 *
 * One place decides what every front end shares and how: the short singleton list, their versions (read
 * from this design system's package.json, the only place the front ends' library versions are written: every
 * front end depends on `@marketplace/ui`, and no Node image installs them), `shareStrategy: 'loaded-first'`,
 * `publicPath: 'auto'`, no eager sharing, a 120 s chunk-load timeout (spec §8) and a manifest
 * (`mf-manifest.json`) that the shell's runtime manifest points at. docs/adr/0007-front-end-federation.md.
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { PRODUCT_NAME } from '@marketplace/contracts/vocabulary';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
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

/**
 * The Rsbuild configuration of one front end (host when `name` is `shell`, else a remote), in two
 * environments (issue 21, docs/adr/0012-server-side-rendering.md):
 * - `web`: the browser build in `dist/` (content-hashed chunks, `mf-manifest.json`, remotes' `remoteEntry.js`);
 * - `node`: the server build in `dist/server/` — the shell's renderer (`index.js`, entry `src/server.ts`)
 *   and each remote's `remoteEntry.js` for Node, which the renderer loads over HTTP from wherever the
 *   remote is deployed. Same exposes and singletons; no CSS is emitted (the browser build's is linked).
 */
export function frontEndConfig(opts: FrontEndOptions): RsbuildConfig {
  const isShell = opts.name === 'shell';
  const federation = {
    name: opts.name,
    ...(opts.exposes ? { exposes: opts.exposes, filename: 'remoteEntry.js' } : {}),
    // The shell knows no remote at build time: their URLs come from the runtime manifest.
    remotes: {},
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first' as const,
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
  };
  return defineConfig({
    root: opts.dir,
    output: {
      cleanDistPath: true,
      // Source maps stay out of the shipped folder (they are not served to browsers in production).
      sourceMap: { js: false, css: false },
      legalComments: 'none',
    },
    environments: {
      web: {
        source: { entry: { index: './src/index.ts' } },
        html: isShell ? { title: opts.title ?? PRODUCT_NAME, template: './src/index.html' } : undefined,
        output: {
          target: 'web',
          // Remotes: 'auto' — chunks load from wherever remoteEntry.js was served (any origin, any path).
          // The shell is always served at `/`, and its index.html answers deep links (/car-details/…), so
          // its script tags must be absolute.
          assetPrefix: isShell ? '/' : 'auto',
          filenameHash: true,
        },
        performance: { chunkSplit: { strategy: 'split-by-experience' } },
        tools: {
          // Remotes have no page of their own: only remoteEntry.js, the manifest and their chunks.
          ...(isShell ? {} : { htmlPlugin: false }),
          rspack: {
            output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS, uniqueName: `marketplace_${opts.name}` },
          },
        },
      },
      node: {
        source: { entry: { index: isShell ? './src/server.ts' : './src/index.ts' } },
        output: {
          target: 'node',
          distPath: { root: `dist/${SERVER_DIR}` },
          filenameHash: false,
          emitCss: false,
        },
        tools: { htmlPlugin: false, rspack: { output: { uniqueName: `marketplace_${opts.name}_server` } } },
      },
    },
    plugins: [
      pluginReact(),
      commonJsMarker,
      compileHints,
      precompress,
      pluginModuleFederation(
        {
          ...federation,
          // One copy of the federation runtime per page: the shell provides it, remotes use the shell's
          // (each remoteEntry.js otherwise carries its own ≈30 KB gzip copy). Remotes therefore run only
          // inside the shell, which is the only way they are ever loaded.
          // `target: 'web'` drops the runtime's Node.js code paths; remotes consume no remote of their own,
          // so their remote-loading and manifest-snapshot code goes too.
          experiments: isShell
            ? { provideExternalRuntime: true, optimization: { target: 'web' } }
            : {
                externalRuntime: true,
                optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
              },
        },
        { environment: 'web' },
      ),
      // The server build: the federation runtime's Node plugin loads remotes' server builds over HTTP.
      pluginModuleFederation(federation, { target: 'node', environment: 'node' }),
    ],
  });
}
