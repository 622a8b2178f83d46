/**
 * Distributed mode on one machine: every service (auth, catalog, listing, test-drive, storage,
 * notification), the gateway and one static server per remote front end, each a separate Node process
 * configured only by environment, against PostgreSQL, RabbitMQ and Redis (settings.ts).
 *
 * Per process:
 * - service `<s>`: `services/<s>/src/main.ts` with PORT, HOST, DATA_DIR=`<DATA_DIR>/<s>`, its own
 *   DATABASE_URL (database created when missing), AMQP_URL/EXCHANGE/QUEUE_PREFIX, REDIS_URL/KEY_PREFIX,
 *   JWKS_URL (the auth process's JWKS; auth gets JWT_PRIVATE_KEY instead), every `<NAME>_SERVICE_URL` (peer
 *   calls) and PUBLIC_URL = the gateway's URL; with `<SERVICE>_REPLICAS` = N, also `<s>-2` … `<s>-N` (own
 *   PORT and DATA_DIR, started once `<s>` is ready), and every `<NAME>_SERVICE_URL` lists them all;
 * - `gateway`: `gateway/src/main.ts`, proxying to every `<NAME>_SERVICE_URL`, REMOTE_<NAME>_URL pointing at
 *   the static servers' `mf-manifest.json` (the runtime federation manifest), serving the shell itself;
 * - `remote-<name>`: `static-server.ts` on `mfe-<name>/dist` (skipped when REMOTE_<NAME>_URL is set).
 * Every other variable of the given environment (SMTP_URL, STORAGE_DRIVER, S3_*, BUS_*, ADMIN_*, …)
 * passes through to every process. JWT_PRIVATE_KEY absent → an ES256 key is generated once into
 * `<DATA_DIR>/keys/jwt-private.pem` (DATA_DIR defaults under the gitignored `.data/`).
 *
 * Before any process starts, the databases are created when missing and every consumer's queues are
 * declared (topology.ts), so no event of the first start is routed nowhere.
 *
 * `startDistributed` resolves once every process answers (services and gateway: `GET /readyz` 200); it
 * returns the URLs, a handle per process (kill, restart) and `stop`. Output lines are prefixed with the
 * process name (coloured when asked) and pino JSON lines condensed to `time LEVEL msg {fields}`.
 * A process that exits without being asked to is reported through `onUnexpectedExit`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { declareTopology } from '@marketplace/platform';
import pg from 'pg';
import { consumerSpecs } from './consumers';
import {
  type DistributedSettings,
  envStem,
  type RemoteName,
  remoteNames,
  repoRoot,
  resolveSettings,
  type ServiceName,
  serviceNames,
} from './settings';

/** Kinds of managed processes. */
export type ProcessKind = 'service' | 'gateway' | 'remote';

/** How a process ended: exit code or the signal that killed it. */
export interface ExitInfo {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A handle on one child process. */
export interface ManagedProcess {
  /** `gateway`, a service name, or `remote-<name>`. */
  readonly name: string;
  readonly kind: ProcessKind;
  /** Base URL, e.g. `http://127.0.0.1:8082`. */
  readonly url: string;
  readonly port: number;
  /** PID of the current child, undefined while it is not running. */
  readonly pid: number | undefined;
  readonly running: boolean;
  /** The environment the child is started with. */
  readonly env: Readonly<Record<string, string>>;
  /**
   * Sends `signal` (default SIGTERM) and resolves when the child has exited; expected, so it is not reported
   * as unexpected. Resolves at once when not running. After `graceMs` (default 15 000 ms) it sends SIGKILL.
   */
  kill(signal?: NodeJS.Signals, graceMs?: number): Promise<ExitInfo | undefined>;
  /** Stops the child when running (SIGTERM), starts it again with the same environment and waits until ready. @throws Error when it does not become ready within the launcher's `readyTimeoutMs`. */
  restart(): Promise<void>;
  /** Starts the child when it is not running and waits until ready (same errors as `restart`). */
  start(): Promise<void>;
}

/** Options of {@link startDistributed}. */
export interface LaunchOptions {
  /** Environment to configure from (settings.ts) and pass through to children; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Where output lines go (already prefixed); default: process.stdout. */
  output?: (line: string) => void;
  /** Colour the prefixes (default: when stdout is a TTY and NO_COLOR is unset). */
  color?: boolean;
  /** Print pino JSON lines as they are instead of condensing them (default false). */
  rawLogs?: boolean;
  /** Called when a process exits without `kill`/`restart`/`stop` asking it to. */
  onUnexpectedExit?: (info: ExitInfo) => void;
  /** How long each process may take to become ready, in ms (default 180 000). */
  readyTimeoutMs?: number;
  /** Aborting it while starting stops what was started and makes `startDistributed` reject (Ctrl-C during start). */
  signal?: AbortSignal;
  /** Start static servers for the remotes (default true); without them the gateway serves the remotes itself. */
  remotes?: boolean;
}

/** A running distributed system. */
export interface DistributedSystem {
  settings: DistributedSettings;
  urls: {
    gateway: string;
    services: Record<ServiceName, string>;
    /** `mf-manifest.json` URL of each remote served by a static server here. */
    remotes: Partial<Record<RemoteName, string>>;
  };
  /** Every managed process by name (`gateway`, service names, `remote-<name>`). */
  processes: Record<string, ManagedProcess>;
  /** The notification process's dev outbox folder (`mail.jsonl`, `sms.jsonl`) when no SMTP/SMS gateway is set. */
  outboxDir: string;
  /** Stops every process (gateway first, SIGTERM then SIGKILL after 15 s). Idempotent. */
  stop(): Promise<void>;
}

const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95, 92, 94];
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'name']);

/** Condenses one pino JSON line to `HH:MM:SS LEVEL msg {other fields}`; other lines unchanged. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    if (typeof o.level !== 'number') return line;
    const time = typeof o.time === 'number' ? new Date(o.time).toISOString().slice(11, 19) : '';
    const req = o.req as { method?: string; url?: string } | undefined;
    const res = o.res as { statusCode?: number } | undefined;
    if (req && res) {
      // pino-http's completion line: method, URL, status and time instead of every header.
      const ids = typeof o.correlationId === 'string' ? ` ${o.correlationId.slice(0, 8)}` : '';
      return `${time} ${LEVELS[o.level] ?? o.level} ${req.method} ${req.url} ${res.statusCode} ${o.responseTime}ms${ids}`;
    }
    const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !OMITTED.has(k)));
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    return `${time} ${LEVELS[o.level] ?? o.level} ${String(o.msg ?? '')}${extra}`;
  } catch {
    return line;
  }
}

/**
 * Creates each service's database when missing (on the server of its DATABASE_URL, through that server's
 * `postgres` database). @throws Error when PostgreSQL cannot be reached or refuses.
 */
export async function ensureDatabases(settings: DistributedSettings): Promise<void> {
  for (const url of Object.values(settings.databaseUrls)) {
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        await client
          .query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
          .catch((err: { code?: string }) => {
            if (err.code !== '42P04') throw err; // created meanwhile
          });
      }
    } finally {
      await client.end();
    }
  }
}

/** Drops each service's database (tests, `--fresh`); connections are terminated. Missing ones are ignored. */
export async function dropDatabases(settings: DistributedSettings): Promise<void> {
  for (const url of Object.values(settings.databaseUrls)) {
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
}

/** The PEM of JWT_PRIVATE_KEY, or of `<dataDir>/keys/jwt-private.pem`, generated (ES256, PKCS#8) when missing. */
export function jwtPrivateKey(env: Record<string, string | undefined>, dataDir: string): string {
  if (env.JWT_PRIVATE_KEY?.trim()) return env.JWT_PRIVATE_KEY;
  const file = path.join(dataDir, 'keys', 'jwt-private.pem');
  if (!fs.existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, privateKey, { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8');
}

/** Variables the launcher sets per process; never inherited from the parent environment. */
const CONTROLLED = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_PRIVATE_KEY',
  'JWKS_URL',
  'STATIC_DIR',
  'BASE_PORT',
  'DATABASE_PREFIX',
  ...serviceNames.map((s) => `${envStem(s)}_DATABASE_URL`),
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(url: string, okOnly: boolean): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return okOnly ? res.status === 200 : true;
  } catch {
    return false;
  }
}

/**
 * Starts the distributed system (see the module doc) and resolves when every process is ready.
 * @throws SettingsError for invalid settings, a connection error when PostgreSQL or RabbitMQ is unreachable
 *   (databases and queues are created first), or Error when a process exits or is not ready within `readyTimeoutMs` (everything
 *   started is stopped first; the message ends with that process's last output lines).
 */
export async function startDistributed(opts: LaunchOptions = {}): Promise<DistributedSystem> {
  const env = opts.env ?? process.env;
  const settings = resolveSettings(env);
  const color = opts.color ?? (Boolean(process.stdout.isTTY) && !env.NO_COLOR);
  const output = opts.output ?? ((line: string) => process.stdout.write(`${line}\n`));
  const readyTimeoutMs = opts.readyTimeoutMs ?? 180_000;
  const host = settings.host;
  const urlOf = (name: string) => `http://${host}:${settings.ports[name]}`;

  await ensureDatabases(settings);
  await declareTopology(settings.amqpUrl, {
    exchange: settings.amqpExchange,
    queuePrefix: settings.queuePrefix,
    consumers: consumerSpecs(),
  });
  fs.mkdirSync(settings.dataDir, { recursive: true });
  const privateKey = jwtPrivateKey(env, settings.dataDir);

  const inherited: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !CONTROLLED.includes(k)) inherited[k] = v;
  const serviceUrls: Record<string, string> = {};
  for (const s of serviceNames)
    serviceUrls[`${envStem(s)}_SERVICE_URL`] = settings.replicas[s].map(urlOf).join(',');
  const gatewayUrl = urlOf('gateway');

  const remotes: Partial<Record<RemoteName, string>> = {};
  const remoteUrlVars: Record<string, string> = {};
  const startRemotes = opts.remotes ?? true;
  for (const r of remoteNames) {
    const key = `REMOTE_${r.toUpperCase()}_URL`;
    if (env[key]) remoteUrlVars[key] = env[key]!;
    else if (startRemotes) {
      remotes[r] = `${urlOf(`remote-${r}`)}/mf-manifest.json`;
      remoteUrlVars[key] = remotes[r]!;
    }
  }

  const specs: Array<{ name: string; kind: ProcessKind; script: string; env: Record<string, string> }> = [];
  for (const s of serviceNames) {
    for (const name of settings.replicas[s]) {
      specs.push({
        name,
        kind: 'service',
        script: path.join(repoRoot, 'services', s, 'src', 'main.ts'),
        env: {
          ...inherited,
          NODE_ENV: env.NODE_ENV ?? 'development',
          PORT: String(settings.ports[name]),
          HOST: host,
          DATA_DIR: path.join(settings.dataDir, name),
          DATABASE_URL: settings.databaseUrls[s],
          AMQP_URL: settings.amqpUrl,
          AMQP_EXCHANGE: settings.amqpExchange,
          ...(settings.queuePrefix ? { AMQP_QUEUE_PREFIX: settings.queuePrefix } : {}),
          REDIS_URL: settings.redisUrl,
          REDIS_KEY_PREFIX: settings.redisKeyPrefix,
          PUBLIC_URL: env.PUBLIC_URL ?? gatewayUrl,
          // The gateway on this machine is the only proxy in front of a service: it replaces X-Forwarded-For
          // with the client it resolved (issue 20, point 8), so services trust loopback, and only loopback.
          TRUST_PROXY: 'loopback',
          ...serviceUrls,
          ...(s === 'auth'
            ? { JWT_PRIVATE_KEY: privateKey }
            : { JWKS_URL: `${urlOf('auth')}/api/auth/.well-known/jwks.json` }),
        },
      });
    }
  }
  specs.push({
    name: 'gateway',
    kind: 'gateway',
    script: path.join(repoRoot, 'gateway', 'src', 'main.ts'),
    env: {
      ...inherited,
      NODE_ENV: env.NODE_ENV ?? 'development',
      PORT: String(settings.ports.gateway),
      HOST: host,
      DATA_DIR: path.join(settings.dataDir, 'gateway'),
      REDIS_URL: settings.redisUrl,
      REDIS_KEY_PREFIX: settings.redisKeyPrefix,
      PUBLIC_URL: env.PUBLIC_URL ?? gatewayUrl,
      ...serviceUrls,
      ...remoteUrlVars,
    },
  });
  for (const r of remoteNames) {
    if (!remotes[r]) continue;
    specs.push({
      name: `remote-${r}`,
      kind: 'remote',
      script: path.join(repoRoot, 'scripts', 'distributed', 'static-server.ts'),
      env: {
        ...inherited,
        PORT: String(settings.ports[`remote-${r}`]),
        HOST: host,
        STATIC_DIR: path.join(repoRoot, `mfe-${r}`, 'dist'),
      },
    });
  }

  const width = Math.max(...specs.map((s) => s.name.length));
  let stopping = false;
  const processes: Record<string, ManagedProcess> = {};

  specs.forEach((spec, index) => {
    const tag = spec.name.padEnd(width);
    const prefix = color ? `\x1b[${COLORS[index % COLORS.length]}m${tag} |\x1b[0m ` : `${tag} | `;
    const recent: string[] = [];
    let child: ChildProcess | undefined;
    let exited: Promise<ExitInfo> | undefined;
    let expected = false;

    const emit = (line: string) => {
      recent.push(line);
      if (recent.length > 30) recent.shift();
      output(prefix + (opts.rawLogs ? line : formatLogLine(line)));
    };
    const pipe = (stream: NodeJS.ReadableStream | null) => {
      if (!stream) return;
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) emit(line);
      });
      stream.on('end', () => {
        if (buffered.trim()) emit(buffered);
        buffered = '';
      });
    };

    const spawnChild = () => {
      expected = false;
      const c = spawn(process.execPath, ['--import', 'tsx', spec.script], {
        cwd: repoRoot,
        env: spec.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      pipe(c.stdout);
      pipe(c.stderr);
      exited = new Promise<ExitInfo>((resolve) => {
        c.once('exit', (code, signal) => {
          const info = { name: spec.name, code, signal };
          if (child === c) child = undefined;
          if (!expected && !stopping) {
            emit(`exited unexpectedly (${signal ?? `code ${code}`})`);
            opts.onUnexpectedExit?.(info);
          }
          resolve(info);
        });
      });
    };

    const waitReady = async () => {
      const deadline = Date.now() + readyTimeoutMs;
      const probe = spec.kind === 'remote' ? `${urlOf(spec.name)}/` : `${urlOf(spec.name)}/readyz`;
      for (;;) {
        if (stopping) throw new Error(`start of ${spec.name} aborted`);
        if (!child) {
          throw new Error(`${spec.name} exited before it was ready; last output:\n${recent.join('\n')}`);
        }
        if (await answers(probe, spec.kind !== 'remote')) return;
        if (Date.now() > deadline) {
          throw new Error(
            `${spec.name} not ready within ${readyTimeoutMs} ms; last output:\n${recent.join('\n')}`,
          );
        }
        await sleep(150);
      }
    };

    const handle: ManagedProcess = {
      name: spec.name,
      kind: spec.kind,
      url: urlOf(spec.name),
      port: settings.ports[spec.name]!,
      get pid() {
        return child?.pid;
      },
      get running() {
        return child !== undefined;
      },
      env: spec.env,
      async kill(signal = 'SIGTERM', graceMs = 15_000) {
        const c = child;
        if (!c || !exited) return undefined;
        expected = true;
        const done = exited;
        c.kill(signal);
        const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
        const info = await done;
        clearTimeout(timer);
        return info;
      },
      async restart() {
        await handle.kill('SIGTERM');
        await handle.start();
      },
      async start() {
        if (!child) spawnChild();
        await waitReady();
      },
    };
    processes[spec.name] = handle;
  });

  const ordered = Object.values(processes);
  const stop = async () => {
    stopping = true;
    const gateway = processes.gateway;
    if (gateway) await gateway.kill('SIGTERM');
    await Promise.all(ordered.map((p) => p.kill('SIGTERM')));
  };
  let stopped: Promise<void> | undefined;

  const abort = () => void stop();
  opts.signal?.addEventListener('abort', abort, { once: true });
  try {
    if (opts.signal?.aborted) throw new Error('start aborted');
    // All at once: no process needs another at start (JWKS and peers are fetched on the first request;
    // the broker keeps events for consumers that subscribe later). A service's further replicas start once
    // its first is ready, so that only one of them migrates and seeds an empty database.
    const extra = new Set(serviceNames.flatMap((s) => settings.replicas[s].slice(1)));
    await Promise.all(ordered.filter((p) => !extra.has(p.name)).map((p) => p.start()));
    await Promise.all(ordered.filter((p) => extra.has(p.name)).map((p) => p.start()));
  } catch (err) {
    await stop();
    throw err;
  } finally {
    opts.signal?.removeEventListener('abort', abort);
  }

  return {
    settings,
    urls: {
      gateway: gatewayUrl,
      services: Object.fromEntries(serviceNames.map((s) => [s, urlOf(s)])) as Record<ServiceName, string>,
      remotes,
    },
    processes,
    outboxDir: path.join(settings.dataDir, 'notification', 'outbox'),
    stop() {
      stopped ??= stop();
      return stopped;
    },
  };
}
