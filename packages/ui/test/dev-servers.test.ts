/**
 * The front ends' dev servers (issue 27, packages/ui/build/rsbuild.ts): fixed ports, `/api` proxied to
 * `API_URL`, CORS for the shell's origin, HMR and chunks from the dev server's own origin, only the browser
 * build in dev and none of the production-only plugins, the remote's standalone page entry; the production
 * configuration unchanged (two environments, no dev marker); each remote's standalone screens at the routes
 * the shell mounts them at (read from the sources as text: the design system imports no front end); and,
 * when the front ends are built, no dev marker and no stand-in in any `dist/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RsbuildConfig } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_API_URL,
  DEV_BUILDS_GLOBAL,
  DEV_PORTS,
  devServerSettings,
  frontEndConfig,
  REMOTE_NAMES,
  STANDALONE_ENTRY,
} from '../build/rsbuild';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** What the `cors` package does with an `origin` list: a RegExp is tested, a string compared. */
function corsAllows(config: RsbuildConfig, origin: string): boolean {
  const cors = config.server?.cors;
  if (typeof cors !== 'object' || !Array.isArray(cors.origin)) throw new Error('cors.origin is not a list');
  return cors.origin.some((o) => (o instanceof RegExp ? o.test(origin) : o === origin));
}

const configOf = (name: 'shell' | (typeof REMOTE_NAMES)[number], command: 'dev' | 'build') =>
  frontEndConfig({
    dir: path.join(repoRoot, name === 'shell' ? 'shell' : `mfe-${name}`),
    name,
    ...(name === 'shell' ? {} : { exposes: { './X': './src/exposes/X.tsx' } }),
  })({ command });

const pluginNames = (config: RsbuildConfig) =>
  (config.plugins ?? []).map((p) => (p && typeof p === 'object' && 'name' in p ? p.name : String(p)));

describe('dev servers', () => {
  it('listen on the documented ports, strictly', () => {
    expect(DEV_PORTS).toEqual({ shell: 3000, catalog: 3001, sell: 3002, account: 3003, admin: 3004 });
    for (const name of ['shell', ...REMOTE_NAMES] as const) {
      const { server } = configOf(name, 'dev');
      expect(server?.port, name).toBe(DEV_PORTS[name]);
      expect(server?.strictPort, name).toBe(true);
    }
  });

  it('proxy /api to API_URL, by default the local npm start; the shell also its manifest and /remotes', () => {
    expect(DEFAULT_API_URL).toBe('http://localhost:8080');
    for (const name of REMOTE_NAMES) {
      expect(devServerSettings(name, {}).server.proxy).toEqual({
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
      });
      expect(devServerSettings(name, { API_URL: 'https://staging.example.in/' }).server.proxy).toEqual({
        '/api': { target: 'https://staging.example.in', changeOrigin: true },
      });
    }
    expect(
      Object.keys(devServerSettings('shell', { API_URL: 'http://127.0.0.1:9000' }).server.proxy ?? {}),
    ).toEqual(['/api', '/federation-manifest.json', '/remotes']);
    expect(() => devServerSettings('catalog', { API_URL: 'localhost:8080' })).toThrow(/API_URL/);
  });

  it("allow the shell's origin by CORS: localhost on any port, and SHELL_ORIGINS", () => {
    for (const name of REMOTE_NAMES) {
      const config = configOf(name, 'dev');
      expect(corsAllows(config, 'http://localhost:8080')).toBe(true);
      expect(corsAllows(config, 'http://127.0.0.1:41234')).toBe(true);
      expect(corsAllows(config, 'https://evil.example')).toBe(false);
      expect(corsAllows(config, 'http://localhost.evil.example')).toBe(false);
    }
    const withShell = {
      server: devServerSettings('catalog', {
        SHELL_ORIGINS: ' https://www.example.in/ , https://qa.example.in',
      }).server,
    };
    expect(corsAllows(withShell, 'https://www.example.in')).toBe(true);
    expect(corsAllows(withShell, 'https://qa.example.in')).toBe(true);
    expect(corsAllows(withShell, 'https://example.in')).toBe(false);
  });

  it("load chunks from and connect HMR to the dev server's own origin, without lazy compilation", () => {
    for (const name of REMOTE_NAMES) {
      const { dev } = configOf(name, 'dev');
      expect(dev?.assetPrefix, name).toBe(true);
      expect(dev?.client, name).toMatchObject({ host: 'localhost', port: '<port>' });
      expect(dev?.hmr, name).toBe(true);
      expect(dev?.lazyCompilation, name).toBe(false);
    }
  });

  it('build the browser environment only, with the standalone page, the dev marker, and keep dist/', () => {
    for (const name of REMOTE_NAMES) {
      const config = configOf(name, 'dev');
      expect(Object.keys(config.environments ?? {}), name).toEqual(['web']);
      expect(config.environments?.web?.source?.entry, name).toEqual({ index: STANDALONE_ENTRY });
      expect(config.environments?.web?.tools?.htmlPlugin, name).toBeUndefined();
      expect(config.output?.cleanDistPath, name).toBe(false);
      const plugins = pluginNames(config);
      expect(plugins).toContain('marketplace:dev-build-marker');
      expect(plugins).not.toContain('marketplace:precompress');
      expect(plugins).not.toContain('marketplace:compile-hints');
      // The JSX runtime matching the page's React, and hot exposes (no Fast Refresh) for remotes.
      expect(config.resolve?.alias, name).toMatchObject({
        'react/jsx-dev-runtime$': expect.stringMatching(/jsx-runtime\.ts$/),
      });
      expect(fs.existsSync(path.join(repoRoot, `mfe-${name}`, STANDALONE_ENTRY)), name).toBe(true);
    }
    const shell = configOf('shell', 'dev');
    expect(shell.environments?.web?.source?.entry).toEqual({ index: './src/index.ts' });
  });

  it('leave the production build as it was: two environments, no page for remotes, no dev marker', () => {
    for (const name of REMOTE_NAMES) {
      const config = configOf(name, 'build');
      expect(Object.keys(config.environments ?? {}), name).toEqual(['web', 'node']);
      expect(config.environments?.web?.source?.entry, name).toEqual({ index: './src/index.ts' });
      expect(config.environments?.web?.tools?.htmlPlugin, name).toBe(false);
      expect(config.output?.cleanDistPath, name).toBe(true);
      expect(config.output?.sourceMap, name).toEqual({ js: false, css: false });
      // No dev options: a build run with NODE_ENV=development (as `npm start` from a dev shell may) would use
      // `dev.assetPrefix` (http://localhost:<port>/) instead of the remote's 'auto'.
      expect(config.dev, name).toBeUndefined();
      expect(config.server, name).toBeUndefined();
      expect(config.resolve, name).toBeUndefined();
      const plugins = pluginNames(config);
      expect(plugins).not.toContain('marketplace:dev-build-marker');
      expect(plugins).toContain('marketplace:precompress');
    }
  });
});

describe('standalone screens', () => {
  /** `path → remote/Expose` of every RemoteSlot route of the shell. */
  function shellRoutes(): string[] {
    const source = fs.readFileSync(path.join(repoRoot, 'shell', 'src', 'app', 'routes.tsx'), 'utf8');
    const found = [
      ...source.matchAll(/(?:path: '([^']+)'|index: true),\s*element:\s*\(?\s*<RemoteSlot\s+id="([^"]+)"/g),
    ].map(([, p, id]) => `${p === undefined ? '/' : p.startsWith('/') ? p : `/${p}`} → ${id}`);
    return found.sort();
  }

  /** The same pairs, from each remote's `src/dev/standalone.ts`. */
  function standaloneRoutes(): string[] {
    return REMOTE_NAMES.flatMap((name) => {
      const source = fs.readFileSync(
        path.join(repoRoot, `mfe-${name}`, 'src', 'dev', 'standalone.ts'),
        'utf8',
      );
      return [...source.matchAll(/id: '([^']+)',\s+path: '([^']+)'/g)].map(([, id, p]) => `${p} → ${id}`);
    }).sort();
  }

  it("mount every remote screen at the shell's route", () => {
    const shell = shellRoutes();
    expect(shell.length).toBeGreaterThanOrEqual(16);
    expect(standaloneRoutes()).toEqual(shell);
  });
});

describe.runIf(
  REMOTE_NAMES.every((n) => fs.existsSync(path.join(repoRoot, `mfe-${n}`, 'dist', 'mf-manifest.json'))),
)('production builds', () => {
  /** Every JavaScript and HTML file under `dir`. */
  function builtFiles(dir: string): string[] {
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(?:js|html)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
  }

  it('carry neither the dev marker nor the stand-in shell', () => {
    for (const fe of ['shell', ...REMOTE_NAMES.map((n) => `mfe-${n}`)]) {
      const dist = path.join(repoRoot, fe, 'dist');
      if (!fs.existsSync(dist)) continue;
      const files = builtFiles(dist);
      expect(files.length, fe).toBeGreaterThan(0);
      for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        expect(text.includes(DEV_BUILDS_GLOBAL), file).toBe(false);
        expect(text.includes('standalone dev (shell stand-in)'), file).toBe(false);
      }
    }
  });
});
