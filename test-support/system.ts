/**
 * Test harness: the embedded system on port 0 with a temp DATA_DIR, either on the embedded adapters or on
 * the real PostgreSQL (a fresh database per run, dropped afterwards), RabbitMQ (a unique exchange and
 * queue prefix, deleted afterwards) and Redis (a unique key prefix).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, deleteTopology, loadConfig } from '@marketplace/platform';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { type EmbeddedSystem, startEmbedded } from '../gateway/src/embedded';
import { type OutboxSource, outboxDirOf, smsTo } from './dev-outbox';
import { requireServer, uniqueName } from './servers';

/**
 * The two ways an API suite runs: on the embedded adapters, and on the real PostgreSQL, RabbitMQ and Redis
 * (`requireServer` fails under CI=true when they are missing, so that variant never silently skips there).
 */
export async function systemVariants() {
  const postgresUrl = await requireServer('postgres');
  const redisUrl = await requireServer('redis');
  const amqpUrl = await requireServer('rabbitmq');
  return [
    { name: 'embedded adapters', servers: undefined, skip: false },
    {
      name: 'PostgreSQL, RabbitMQ and Redis',
      servers: postgresUrl && redisUrl && amqpUrl ? { postgresUrl, redisUrl, amqpUrl } : undefined,
      skip: !postgresUrl || !redisUrl || !amqpUrl,
    },
  ];
}

/**
 * How long a `beforeAll` may take to start a test system and make its users: seconds alone, a minute and
 * more on a busy machine where several API test files start theirs at once.
 */
export const SYSTEM_START_TIMEOUT_MS = 120_000;

/**
 * The base environment of an embedded system under test on `dataDir`: port 0 on 127.0.0.1, `dataDir` as
 * DATA_DIR and WEB_ROOT, silent logs.
 */
export function embeddedEnv(dataDir: string): Record<string, string> {
  return { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: dataDir, LOG_LEVEL: 'silent' };
}

/** Real servers for {@link startTestSystem}. */
export interface TestServers {
  postgresUrl: string;
  redisUrl: string;
  amqpUrl?: string;
}

/** The real servers' part of a test system's environment, and its clean-up. */
export interface IsolatedServers {
  /**
   * DATABASE_URL (a fresh database), REDIS_URL, REDIS_KEY_PREFIX (unique) and, when `amqpUrl` is given,
   * AMQP_URL, AMQP_EXCHANGE and AMQP_QUEUE_PREFIX (unique).
   */
  env: Record<string, string>;
  /** Deletes the queues of `consumers` and the exchange (when AMQP is used), then drops the database. */
  cleanUp(consumers?: string[]): Promise<void>;
}

/**
 * Isolates a test system on the real `servers`: creates a fresh database named `<dbPrefix>_<unique>`
 * and picks a unique Redis key prefix and (with `amqpUrl`) a unique exchange and queue prefix.
 */
export async function isolatedServers(servers: TestServers, dbPrefix = 'sys'): Promise<IsolatedServers> {
  const dbName = uniqueName(dbPrefix);
  const admin = new pg.Client({ connectionString: servers.postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(servers.postgresUrl);
  dbUrl.pathname = `/${dbName}`;
  const env: Record<string, string> = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: servers.redisUrl,
    REDIS_KEY_PREFIX: `${uniqueName('t')}:`,
  };
  let dropTopology = async (_consumers: string[]) => {};
  if (servers.amqpUrl) {
    const amqpUrl = servers.amqpUrl;
    const exchange = uniqueName('ex');
    const queuePrefix = uniqueName('q');
    Object.assign(env, { AMQP_URL: amqpUrl, AMQP_EXCHANGE: exchange, AMQP_QUEUE_PREFIX: queuePrefix });
    dropTopology = (consumers) => deleteTopology(amqpUrl, { exchange, queuePrefix, consumers });
  }
  return {
    env,
    async cleanUp(consumers = []) {
      await dropTopology(consumers);
      const c = new pg.Client({ connectionString: servers.postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestSystem {
  system: EmbeddedSystem;
  url: string;
  dataDir: string;
  /** The dev outbox of the system (test-support/dev-outbox.ts), drained through the system's relays. */
  outbox: OutboxSource;
  /** The newest SMS in the dev outbox to `phone`, or undefined. */
  lastSms(phone: string): { to: string; text: string; createdAt: string } | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the system; `servers` given → DATABASE_URL (fresh database), REDIS_URL and AMQP_URL are used;
 * `opts.logDestination` given → log lines at LOG_LEVEL go there (else logs are silent).
 */
export async function startTestSystem(
  extraEnv: Record<string, string> = {},
  servers?: TestServers,
  opts: { logDestination?: DestinationStream } = {},
): Promise<TestSystem> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'system-'));
  const env: Record<string, string> = {
    ...embeddedEnv(dataDir),
    // `call` simulates distinct clients with X-Forwarded-For from 127.0.0.1 (issue 20: no proxy is trusted by
    // default, so the harness trusts loopback like a gateway behind a local proxy).
    TRUST_PROXY: 'loopback',
    ...extraEnv,
  };
  const isolated = servers ? await isolatedServers(servers) : undefined;
  Object.assign(env, isolated?.env);
  const config = loadConfig(env);
  // Logs are silent unless a test captures them (`logDestination`, at the configured LOG_LEVEL).
  const logger = opts.logDestination
    ? createLogger({ level: config.LOG_LEVEL, destination: opts.logDestination })
    : createLogger({ level: 'silent' });
  const system = await startEmbedded(config, logger);
  return {
    system,
    url: system.server.url,
    dataDir,
    outbox: { outboxDir: outboxDirOf(dataDir), drain: () => system.drainOutboxes() },
    lastSms: (phone) => smsTo(outboxDirOf(dataDir), phone).at(-1),
    async stop() {
      const consumers = system.infra.broker.consumerNames();
      await system.stop();
      await isolated?.cleanUp(consumers);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call: `{ status, body, headers }`. `ip` sets X-Forwarded-For so rate limits see distinct clients. */
export async function call(
  base: string,
  method: string,
  p: string,
  opts: { body?: unknown; token?: string; ip?: string; raw?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await fetch(`${base}${p}`, {
    method,
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    status: res.status,
    body: body as Record<string, unknown> & Array<Record<string, unknown>>,
    headers: res.headers,
    text,
  };
}
