/**
 * Wiring: builds the infrastructure chosen by config (database, broker, cache, notifier, keys) and starts
 * service modules on it. Both the embedded host (all services, one process) and each service's `main.ts`
 * (one service, distributed) use these two functions; nothing else wires services.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import type { Logger } from 'pino';
import { createTokenVerifier, loadSigningKey, type SigningKey, type TokenVerifier } from './auth/index';
import { listenerSubscription, toSubscription } from './bus/consumer';
import { createInProcessBroker } from './bus/inprocess';
import { createOutbox } from './bus/outbox';
import { createRabbitBroker } from './bus/rabbitmq';
import { createRelay, type Relay } from './bus/relay';
import type { Broker, RetryPolicy } from './bus/types';
import { createCachePorts } from './cache/index';
import type { Cache, RateLimiterFactory } from './cache/types';
import { type Config, serviceUrlsOf } from './config';
import { createDatabase, type Database } from './db/index';
import { messagingTables } from './db/messaging';
import { createMetrics, type Metrics } from './metrics';
import { createNotifier, type Notifier } from './notify/index';
import { type BoundOperation, operationRouter } from './operations';
import { createPeerSecret, createPeers, type Peers, restrictPeers } from './peers';
import type { ReadinessCheck } from './readiness';
import type { AnyServiceModule } from './service';
import { flushTracing } from './tracing/index';

export interface Infrastructure {
  config: Config;
  logger: Logger;
  database: Database;
  broker: Broker;
  cache: Cache;
  rateLimiters: RateLimiterFactory;
  tokens: TokenVerifier;
  signingKey?: SigningKey;
  notifier: Notifier;
  /** Synchronous calls to other services (peers.ts). */
  peers: Peers;
  /** This process's peer secret: requests carrying it are this process's own peer calls. */
  peerSecret: string;
  /** Tells `peers` this process's own base URL, once it listens (services without a configured URL live here). */
  setSelfUrl(url: string): void;
  /** Checks for `/readyz` the process is unready without: its database; the broker once it has consumers. */
  readiness: Record<string, ReadinessCheck>;
  /** Checks of what it serves without, degraded: the cache (Redis); the broker while it has no consumers. */
  degradedBy: Record<string, ReadinessCheck>;
  /** This process's Prometheus metrics (its own registry; served at `/metrics` by the HTTP app). */
  metrics: Metrics;
  /** Closes the broker, the cache and the database, then flushes the spans buffered when tracing runs. */
  close(): Promise<void>;
}

/**
 * Opens the adapters chosen by `config`: DATABASE_URL → PostgreSQL else PGlite under DATA_DIR/pglite;
 * AMQP_URL → RabbitMQ else in-process; REDIS_URL → Redis else memory. The signing key is loaded when
 * `signsTokens` (auth, embedded host) or when no JWKS_URL is configured, with JWT_PREVIOUS_PUBLIC_KEYS
 * published next to it. `processName` (default `marketplace`) is the `service` label of the metrics.
 * @throws when a configured server cannot be reached at start, or a JWT key cannot be imported.
 */
export async function createInfrastructure(
  config: Config,
  logger: Logger,
  opts: { signsTokens: boolean; processName?: string },
): Promise<Infrastructure> {
  const metrics = createMetrics({ service: opts.processName ?? 'marketplace', token: config.METRICS_TOKEN });
  const pgliteDir = path.join(config.dataDir, 'pglite');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const retry: RetryPolicy = {
    maxAttempts: config.BUS_MAX_ATTEMPTS,
    baseDelayMs: config.BUS_RETRY_BASE_MS,
    maxDelayMs: config.BUS_RETRY_MAX_MS,
  };
  const database = await createDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: pgliteDir },
  );
  const broker = config.AMQP_URL
    ? await createRabbitBroker({
        url: config.AMQP_URL,
        exchange: config.AMQP_EXCHANGE,
        queuePrefix: config.AMQP_QUEUE_PREFIX,
        retry,
        logger,
        observer: metrics.bus,
      })
    : createInProcessBroker({ retry, logger, observer: metrics.bus });
  metrics.watchDeadLetters(broker);
  const { cache, rateLimiters } = createCachePorts({
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    logger,
  });
  const signingKey =
    opts.signsTokens || !config.JWKS_URL
      ? await loadSigningKey({
          pem: config.JWT_PRIVATE_KEY,
          dataDir: config.dataDir,
          previousPublicKeys: config.JWT_PREVIOUS_PUBLIC_KEYS,
        })
      : undefined;
  const tokens = createTokenVerifier({
    issuer: config.JWT_ISSUER,
    cache,
    ...(config.JWKS_URL && !opts.signsTokens ? { jwksUrl: config.JWKS_URL } : { jwks: signingKey!.jwks }),
  });
  const notifier = createNotifier({ config, logger });
  let selfUrl: string | undefined;
  const peerSecret = createPeerSecret();
  const peers = createPeers({
    secret: peerSecret,
    urls: serviceUrlsOf(config),
    selfUrl: () => selfUrl,
    timeoutMs: config.PEER_TIMEOUT_MS,
    logger,
  });
  return {
    config,
    logger,
    database,
    broker,
    cache,
    rateLimiters,
    tokens,
    signingKey,
    notifier,
    peers,
    peerSecret,
    setSelfUrl(url) {
      selfUrl = url;
    },
    readiness: {
      database: () => database.ping(),
    },
    degradedBy: {
      broker: async () => broker.isReady(),
      cache: () => cache.ping(),
    },
    metrics,
    async close() {
      await broker.close();
      await cache.close();
      await database.close();
      // The spans of the work just finished, before the process exits (no-op when tracing is off).
      await flushTracing();
    },
  };
}

export interface RunningServices {
  /** The operations of every module in one router (literal paths first), then each module's other routes. */
  routers: Router[];
  relays: Relay[];
  /** Stops relays (publishing what is pending); the broker and database are closed by Infrastructure.close. */
  stop(): Promise<void>;
}

/**
 * Prepares each module's schema (messaging tables + migrations), creates it with its ports, subscribes its
 * consumers and listeners, runs seeders when `seed` is true, then starts one outbox relay per module. Each relay's lag is
 * exported as the outbox gauges of `infra.metrics` (label `outbox` = the module's name).
 */
export async function startServices(
  infra: Infrastructure,
  modules: AnyServiceModule[],
  opts: { seed: boolean; clock?: () => Date; embedded: boolean },
): Promise<RunningServices> {
  const routers: Router[] = [];
  const operations: BoundOperation[] = [];
  const relays: Relay[] = [];
  const seeders: Array<() => Promise<void>> = [];
  const stoppers: Array<() => void | Promise<void>> = [];
  for (const module of modules) {
    const logger = infra.logger.child({ service: module.name });
    await infra.database.prepareSchema({ schema: module.schema, migrationsFolder: module.migrationsFolder });
    const tables = messagingTables(module.schema);
    const relay = createRelay({
      db: infra.database.db,
      tables,
      broker: infra.broker,
      logger,
      pollMs: infra.config.OUTBOX_POLL_MS,
    });
    const outbox = createOutbox({
      db: infra.database.db,
      tables,
      onCommit: () => relay.wake(),
      publishes: module.publishes ?? [],
    });
    infra.metrics.addOutbox(module.name, relay);
    const parts = await module.create({
      config: infra.config,
      logger,
      db: infra.database.db,
      outbox,
      cache: infra.cache,
      rateLimiters: infra.rateLimiters,
      tokens: infra.tokens,
      signingKey: infra.signingKey,
      notifier: infra.notifier,
      peers: restrictPeers(infra.peers, module.name, module.calls ?? []),
      clock: opts.clock ?? (() => new Date()),
      embedded: opts.embedded,
    });
    checkDeclaredConsumers(module, parts.consumers ?? []);
    // A consumer does its work only through the broker: the process is unready without it from now on.
    if ((parts.consumers ?? []).length > 0 && infra.degradedBy.broker) {
      infra.readiness.broker = infra.degradedBy.broker;
      delete infra.degradedBy.broker;
    }
    for (const consumer of parts.consumers ?? []) {
      await infra.broker.subscribe(toSubscription(consumer, { outbox, tables, logger }));
    }
    for (const listener of parts.listeners ?? []) {
      await infra.broker.subscribe(listenerSubscription(listener, { logger }));
    }
    for (const [name, check] of Object.entries(parts.readiness ?? {})) {
      infra.readiness[`${module.name}:${name}`] = check;
    }
    if (parts.operations) operations.push(...parts.operations);
    if (parts.router) routers.push(parts.router);
    if (parts.seed) seeders.push(parts.seed);
    if (parts.stop) stoppers.push(parts.stop);
    relays.push(relay);
  }
  if (opts.seed) for (const seed of seeders) await seed();
  for (const relay of relays) relay.start();
  return {
    routers: operations.length > 0 ? [operationRouter(operations), ...routers] : routers,
    relays,
    async stop() {
      for (const stop of stoppers) await stop();
      await Promise.all(relays.map((r) => r.stop()));
    },
  };
}

/**
 * Checks that the consumers `module.create` returned are exactly those it declares in `consumes`, with the
 * same events, so the topology declared from the declarations (bus/topology.ts) is the one that runs.
 * @throws Error naming the service and the first consumer that differs.
 */
export function checkDeclaredConsumers(
  module: Pick<AnyServiceModule, 'name' | 'consumes'>,
  consumers: ReadonlyArray<{ name: string; events: readonly string[] }>,
): void {
  const declared = new Map((module.consumes ?? []).map((c) => [c.name, [...c.events].sort().join(',')]));
  for (const consumer of consumers) {
    const events = declared.get(consumer.name);
    if (events === undefined)
      throw new Error(`service ${module.name}: consumer ${consumer.name} is not declared in consumes`);
    if (events !== [...consumer.events].sort().join(','))
      throw new Error(`service ${module.name}: consumer ${consumer.name} has events other than it declares`);
    declared.delete(consumer.name);
  }
  const [missing] = declared.keys();
  if (missing !== undefined)
    throw new Error(`service ${module.name}: declared consumer ${missing} is not created`);
}
