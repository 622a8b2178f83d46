/**
 * What the launcher starts (launcher.ts module doc): one spec per process — its name, kind, script and the
 * complete environment it gets — derived from the settings and the parent environment. Every variable the
 * launcher does not control passes through to every process.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { envStem } from '@marketplace/contracts';
import { type DistributedSettings, type RemoteName, remoteNames, repoRoot, serviceNames } from './settings';

/**
 * V8 flags every server process of ours starts with, on every start path (the images' `CMD`, this launcher,
 * `npm start`; infra/test/server-flags.test.ts checks them): `--no-memory-reducer`, so a process is not
 * paused ~100 ms by a memory-reducing full collection when its traffic falls and rises again; each keeps
 * its heap within its container's memory limit instead (docs/adr/0028). A command-line flag: Node refuses
 * it in `NODE_OPTIONS`, and `v8.setFlagsFromString` after start does not stop the reducer.
 */
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'] as const;

/** Kinds of managed processes. */
export type ProcessKind = 'service' | 'gateway' | 'remote';

/** One process to start: `gateway`, a service (replica) name or `remote-<name>`. */
export interface ProcessSpec {
  name: string;
  kind: ProcessKind;
  /** The entry point: TypeScript run with `node --import tsx`, or a compiled `dist/*.js` run with node alone. */
  script: string;
  /**
   * Node's own arguments before `script`: {@link SERVER_NODE_FLAGS} and `--import tsx`, or
   * `--enable-source-maps` and {@link SERVER_NODE_FLAGS} when compiled; `--import tsx` alone for a remote's
   * static server.
   */
  nodeArgs: string[];
  env: Record<string, string>;
}

/** Every process to start, with the URLs the launcher reports. */
export interface ProcessPlan {
  specs: ProcessSpec[];
  gatewayUrl: string;
  /** `mf-manifest.json` URL of each remote served by a static server here. */
  remotes: Partial<Record<RemoteName, string>>;
}

/** Base URL of process `name`, e.g. `http://127.0.0.1:8082`. */
export function processUrl(settings: DistributedSettings, name: string): string {
  return `http://${settings.host}:${settings.ports[name]}`;
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

/**
 * The processes of the system, in start order: every service replica, the gateway, then one static server
 * per remote (only when `startRemotes` and its REMOTE_<NAME>_URL is unset). `privateKey` is the auth
 * service's JWT_PRIVATE_KEY; the other services get its JWKS_URL. `compiled`: the services and the gateway
 * run their `dist/main.js` (scripts/build-node.ts) with node alone, as the images do.
 */
export function planProcesses(
  settings: DistributedSettings,
  env: Record<string, string | undefined>,
  privateKey: string,
  startRemotes: boolean,
  compiled = false,
): ProcessPlan {
  const entry = (workspace: string) =>
    compiled
      ? {
          script: path.join(repoRoot, workspace, 'dist', 'main.js'),
          nodeArgs: ['--enable-source-maps', ...SERVER_NODE_FLAGS],
        }
      : {
          script: path.join(repoRoot, workspace, 'src', 'main.ts'),
          nodeArgs: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
        };
  const urlOf = (name: string) => processUrl(settings, name);
  const host = settings.host;
  const inherited: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !CONTROLLED.includes(k)) inherited[k] = v;
  const serviceUrls: Record<string, string> = {};
  for (const s of serviceNames)
    serviceUrls[`${envStem(s)}_SERVICE_URL`] = settings.replicas[s].map(urlOf).join(',');
  const gatewayUrl = urlOf('gateway');

  const remotes: Partial<Record<RemoteName, string>> = {};
  const remoteUrlVars: Record<string, string> = {};
  for (const r of remoteNames) {
    const key = `REMOTE_${r.toUpperCase()}_URL`;
    if (env[key]) remoteUrlVars[key] = env[key]!;
    else if (startRemotes) {
      remotes[r] = `${urlOf(`remote-${r}`)}/mf-manifest.json`;
      remoteUrlVars[key] = remotes[r]!;
    }
  }

  const specs: ProcessSpec[] = [];
  for (const s of serviceNames) {
    for (const name of settings.replicas[s]) {
      specs.push({
        name,
        kind: 'service',
        ...entry(path.join('services', s)),
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
    ...entry('gateway'),
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
      nodeArgs: ['--import', 'tsx'],
      env: {
        ...inherited,
        PORT: String(settings.ports[`remote-${r}`]),
        HOST: host,
        STATIC_DIR: path.join(repoRoot, `mfe-${r}`, 'dist'),
      },
    });
  }
  return { specs, gatewayUrl, remotes };
}
