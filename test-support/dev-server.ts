/**
 * A remote's dev server for tests (issue 27; the browser tests in e2e/ and packages/ui's dev-server test): `mfe-<name>`'s rsbuild.config.ts with the `dev`
 * command (what `npm run dev -w mfe-<name>` runs: packages/ui/build/rsbuild.ts), in this process through
 * Rsbuild's JavaScript API, proxying `/api` to `apiUrl`. On a free port unless told (the documented port,
 * 3001 for catalog, may be a developer's running dev server).
 */
import path from 'node:path';
import { createRsbuild, loadConfig, type RsbuildConfig } from '@rsbuild/core';
import { freePort } from './servers';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface DevServer {
  /** `http://localhost:<port>` (the origin its chunks and HMR socket are on). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts `mfe-<name>`'s dev server against the gateway at `apiUrl`; resolves once it listens. */
export async function startRemoteDevServer(
  name: 'catalog' | 'sell' | 'account' | 'admin',
  opts: { apiUrl: string; port?: number },
): Promise<DevServer> {
  const cwd = path.join(repoRoot, `mfe-${name}`);
  const previous = process.env.API_URL;
  process.env.API_URL = opts.apiUrl;
  let config: RsbuildConfig;
  try {
    ({ content: config } = await loadConfig({ cwd, command: 'dev' }));
  } finally {
    if (previous === undefined) delete process.env.API_URL;
    else process.env.API_URL = previous;
  }
  const port = opts.port ?? (await freePort());
  const rsbuild = await createRsbuild({
    cwd,
    config: {
      ...config,
      mode: 'development',
      logLevel: 'warn',
      server: { ...config.server, port, printUrls: false },
    },
  });
  const started = await rsbuild.startDevServer();
  return { url: `http://localhost:${started.port}`, port: started.port, close: () => started.server.close() };
}
