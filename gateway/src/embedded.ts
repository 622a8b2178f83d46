/**
 * Embedded host: the whole system in one process — PGlite, the in-process bus and the in-memory cache
 * unless DATABASE_URL / AMQP_URL / REDIS_URL say otherwise — serving the API and the front ends on PORT.
 * Seeders (idempotent) run at every start.
 */
import path from 'node:path';
import {
  type Config,
  createInfrastructure,
  type Infrastructure,
  type Logger,
  listen,
  type RunningServer,
  startServices,
  trustingPeerCalls,
} from '@marketplace/platform';
import { storageReadiness } from '@marketplace/storage-service';
import { createGatewayApp } from './app';
import { serviceModules } from './services';
import { repoRoot } from './web';

export interface EmbeddedSystem {
  server: RunningServer;
  infra: Infrastructure;
  /** Publishes pending outbox rows now (tests). */
  drainOutboxes(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts everything on `config.PORT` (0 = any), with `GET /metrics` (label `service="marketplace"`, one
 * outbox gauge per service module). @throws when DATA_DIR cannot be opened or a configured server is unreachable. */
export async function startEmbedded(config: Config, logger: Logger): Promise<EmbeddedSystem> {
  const infra = await createInfrastructure(config, logger, { signsTokens: true, processName: 'marketplace' });
  // A full image-decoding line takes the process out of the load balancer, as the standalone storage does.
  Object.assign(infra.readiness, storageReadiness);
  const services = await startServices(infra, serviceModules, { seed: true, embedded: true });
  const app = createGatewayApp({
    config,
    logger,
    rateLimiters: infra.rateLimiters,
    cache: infra.cache,
    readiness: infra.readiness,
    degradedBy: infra.degradedBy,
    mode: { kind: 'embedded', routers: services.routers, tokens: infra.tokens, peerSecret: infra.peerSecret },
    webRoot: config.WEB_ROOT ? path.resolve(config.WEB_ROOT) : repoRoot,
    metrics: infra.metrics,
  });
  // The public edge: a client's trace context is dropped; the services' calls to each other keep theirs.
  const server = await listen(app, {
    port: config.PORT,
    host: config.HOST,
    edge: trustingPeerCalls(infra.peerSecret),
  });
  infra.setSelfUrl(server.url);
  return {
    server,
    infra,
    async drainOutboxes() {
      for (const relay of services.relays) await relay.drain();
    },
    async stop() {
      await server.stop();
      await services.stop();
      await infra.close();
    },
  };
}
