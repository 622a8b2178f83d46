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
 *
 * With `compiled`, the gateway and the services are compiled first (scripts/build-node.ts) and run as
 * `node --enable-source-maps <workspace>/dist/main.js`, as their images run them.
 *
 * Files: process-specs.ts (what each process gets), managed-process.ts (one child), databases.ts,
 * log-lines.ts (prefixes, condensed pino lines); this one starts and stops the whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { declareTopology } from '@marketplace/platform';
import { buildDeployables, NODE_DEPLOYABLES } from '../build-node';
import { consumerSpecs } from './consumers';
import { ensureDatabases } from './databases';
import { linePrefix } from './log-lines';
import { type ExitInfo, type ManagedProcess, managedProcess } from './managed-process';
import { jwtPrivateKey, planProcesses, processUrl } from './process-specs';
import {
  type DistributedSettings,
  type RemoteName,
  resolveSettings,
  type ServiceName,
  serviceNames,
} from './settings';

export { dropDatabases, ensureDatabases } from './databases';
export { formatLogLine } from './log-lines';
export type { ExitInfo, ManagedProcess } from './managed-process';
export { jwtPrivateKey, type ProcessKind } from './process-specs';

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
  /**
   * Compile the gateway and the services first (scripts/build-node.ts) and run their `dist/main.js` with node
   * alone, as the images do (default false: TypeScript through tsx).
   */
  compiled?: boolean;
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
  const urlOf = (name: string) => processUrl(settings, name);

  if (opts.compiled) {
    const problems = await buildDeployables(NODE_DEPLOYABLES.filter((d) => d.entry.endsWith('/src/main.ts')));
    if (problems.length > 0) throw new Error(`compiling failed: ${problems.join('; ')}`);
  }
  await ensureDatabases(settings);
  await declareTopology(settings.amqpUrl, {
    exchange: settings.amqpExchange,
    queuePrefix: settings.queuePrefix,
    consumers: consumerSpecs(),
  });
  fs.mkdirSync(settings.dataDir, { recursive: true });
  const privateKey = jwtPrivateKey(env, settings.dataDir);
  const { specs, gatewayUrl, remotes } = planProcesses(
    settings,
    env,
    privateKey,
    opts.remotes ?? true,
    opts.compiled ?? false,
  );

  const width = Math.max(...specs.map((s) => s.name.length));
  let stopping = false;
  const processes: Record<string, ManagedProcess> = {};
  specs.forEach((spec, index) => {
    processes[spec.name] = managedProcess(spec, {
      url: urlOf(spec.name),
      port: settings.ports[spec.name]!,
      prefix: linePrefix(spec.name, index, width, color),
      output,
      rawLogs: opts.rawLogs ?? false,
      readyTimeoutMs,
      stopping: () => stopping,
      onUnexpectedExit: opts.onUnexpectedExit,
    });
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
