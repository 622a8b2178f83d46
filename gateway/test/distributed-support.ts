/**
 * Test support for the distributed mode (distributed*.int.test.ts): an isolated environment for the
 * launcher (scripts/distributed/launcher.ts) on the real servers — databases `<unique prefix>_<service>`,
 * a unique exchange and queue prefix, a unique Redis key prefix, a temporary DATA_DIR, free ports — and
 * its clean-up; polling; and, re-exported from test-support, JSON calls and dev-outbox readers.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deleteTopology } from '@marketplace/platform';
import { allConsumerNames } from '../../scripts/distributed/consumers';
import { dropDatabases } from '../../scripts/distributed/launcher';
import { resolveSettings } from '../../scripts/distributed/settings';
import { uniqueName } from '../../test-support/servers';

/** JSON calls and dev-outbox readers, from test-support (the distributed tests' former copies). */
export { type OutboxRecord, readOutbox } from '../../test-support/dev-outbox';
export { call } from '../../test-support/system';

/** Real servers of a distributed run. */
export interface DistributedServers {
  postgresUrl: string;
  amqpUrl: string;
  redisUrl: string;
}

/** Resolves true when nothing listens on 127.0.0.1:`port` (it can be bound). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Where the kernel's ephemeral ports start (Linux's default `net.ipv4.ip_local_port_range` is 32768–60999):
 * a port above it can be taken by any outgoing connection between our check and the child's `listen`
 * (seen in CI: EADDRINUSE), so the launcher's ports are picked below it.
 */
const EPHEMERAL_PORTS_FROM = 32_768;
const PORT_RANGE_FROM = 20_000;

/**
 * A base port B such that B…B+14 (gateway, six services, four remotes) are free right now, below the
 * ephemeral ports. @throws Error when 50 random tries found none.
 */
export async function freeBasePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const base = PORT_RANGE_FROM + Math.floor(Math.random() * (EPHEMERAL_PORTS_FROM - PORT_RANGE_FROM - 15));
    const ports = Array.from({ length: 15 }, (_, k) => base + k);
    let ok = true;
    for (const p of ports) {
      if (!(await portFree(p))) {
        ok = false;
        break;
      }
    }
    if (ok) return base;
  }
  throw new Error('no free range of 15 ports found');
}

/** An isolated launcher environment plus its clean-up (drops the databases, queues, exchange, DATA_DIR). */
export async function isolatedEnvironment(
  servers: DistributedServers,
  extra: Record<string, string> = {},
): Promise<{ env: Record<string, string | undefined>; cleanUp(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'distributed-'));
  const exchange = uniqueName('dist.ex');
  const queuePrefix = uniqueName('dist');
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    BASE_PORT: String(await freeBasePort()),
    HOST: '127.0.0.1',
    DATABASE_URL: servers.postgresUrl,
    DATABASE_PREFIX: uniqueName('dist'),
    AMQP_URL: servers.amqpUrl,
    AMQP_EXCHANGE: exchange,
    AMQP_QUEUE_PREFIX: queuePrefix,
    REDIS_URL: servers.redisUrl,
    REDIS_KEY_PREFIX: `${uniqueName('dist')}:`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'ops@marketplace.in',
    ADMIN_PASSWORD: 'opsPass123',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The test simulates clients with X-Forwarded-For from this machine; the gateway believes loopback peers
    // and the services believe the gateway (issue 20: no proxy is trusted by default).
    TRUST_PROXY: 'loopback',
    OUTBOX_POLL_MS: '250',
    BUS_RETRY_BASE_MS: '200',
    BUS_RETRY_MAX_MS: '2000',
    ...extra,
  };
  for (const key of ['JWT_PRIVATE_KEY', 'JWKS_URL', 'PUBLIC_URL', 'SMTP_URL', 'SMS_GATEWAY_URL', 'PORT']) {
    delete env[key];
  }
  for (const key of Object.keys(env)) {
    if (/^(REMOTE_|[A-Z_]+_SERVICE_URL$|[A-Z_]+_DATABASE_URL$)/.test(key)) delete env[key];
  }
  return {
    env,
    async cleanUp() {
      const settings = resolveSettings(env);
      await deleteTopology(servers.amqpUrl, { exchange, queuePrefix, consumers: allConsumerNames() }).catch(
        () => {},
      );
      await dropDatabases(settings).catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `probe` every `intervalMs` (default 100) until it returns a value other than `undefined`/`false`,
 * at most `timeoutMs`; resolves to that value. @throws Error naming `what` (and the last value seen via
 * `describe`) on the deadline.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  opts: { timeoutMs?: number; intervalMs?: number; describe?: () => unknown } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) {
      const last = opts.describe ? ` (last: ${JSON.stringify(await opts.describe())})` : '';
      throw new Error(`timed out waiting for ${what}${last}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}
