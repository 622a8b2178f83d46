/**
 * The app under test: the embedded system (`gateway/src/embedded-main.ts`) in a child process on a free
 * port with its own DATA_DIR, so a test can stop it and start it again with other configuration (e.g.
 * another REMOTE_CATALOG_URL) on the same port and data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../test-support/servers';

/** The repository root. */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** A fresh, empty data folder under the OS temp dir. */
export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
}

/** Fails early with a clear message when the front ends are not built (`npm test` builds them first). */
export function assertBuilt(): void {
  for (const fe of ['shell', 'mfe-catalog', 'mfe-sell', 'mfe-account', 'mfe-admin']) {
    const marker = path.join(repoRoot, fe, 'dist', fe === 'shell' ? 'index.html' : 'mf-manifest.json');
    if (!fs.existsSync(marker)) throw new Error(`${fe} is not built: run \`npm run build:web\` first`);
  }
}

export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and waits for it to exit. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (e.g. REMOTE_CATALOG_URL). */
  env?: Record<string, string>;
  port?: number;
  dataDir?: string;
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app not ready after 120 s:\n${output()}`);
}

/** Starts the embedded app and resolves once `/readyz` answers 200. */
export async function startApp(opts: StartOptions = {}): Promise<RunningApp> {
  assertBuilt();
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? freshDataDir();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/embedded-main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitReady(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, stop };
}

/**
 * Registers hooks that start the app before the tests of the file (or `describe`) and stop it after them.
 * @returns the app, filled in once `beforeAll` has run (register set-up that needs it after this call).
 */
export function useApp(opts: StartOptions = {}): RunningApp {
  const app = {} as RunningApp;
  beforeAll(async () => {
    Object.assign(app, await startApp(opts));
  });
  afterAll(async () => {
    await app.stop?.();
  });
  return app;
}

/** The administrator the embedded app seeds (ADMIN_EMAIL / ADMIN_PASSWORD defaults). */
export const SEEDED_ADMIN = { email: 'admin@marketplace.local', password: 'Admin@12345' };

/** One API answer: HTTP status and the parsed JSON body (`null` when empty or not JSON). */
export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/** A user the seeded administrator creates (`POST /api/account/user/new`). */
export interface NewUser {
  name: string;
  username: string;
  email: string;
  password: string;
}

/**
 * A small JSON client of a running app's API for test set-up and checks: `api(method, path, token?, body?)`
 * (bearer `token` when given), `tokenOf({ email, password })`, the `tokenId` of a login, and
 * `createUser(user)`, a User created by the seeded administrator. `baseUrl` is read at each call, so it may
 * be created before the app starts.
 * @throws Error from `tokenOf` when the login does not answer 200, from `createUser` unless it answers 201.
 */
export function apiClient(baseUrl: () => string) {
  async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<ApiAnswer<T>> {
    const res = await fetch(baseUrl() + path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: data stays null.
    }
    return { status: res.status, data: data as T };
  }
  async function tokenOf(who: { email: string; password: string }): Promise<string> {
    const { status, data } = await api<{ tokenId: string }>('POST', '/api/auth/login', undefined, who);
    if (status !== 200) throw new Error(`login of ${who.email} answered ${status}`);
    return data.tokenId;
  }
  async function createUser(user: NewUser): Promise<void> {
    const { status } = await api('POST', '/api/account/user/new', await tokenOf(SEEDED_ADMIN), {
      role: 'User',
      ...user,
    });
    if (status !== 201) throw new Error(`creating ${user.email} answered ${status}`);
  }
  return { api, tokenOf, createUser };
}
