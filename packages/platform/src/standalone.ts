/**
 * Standalone entry for one service (distributed mode): config from the environment, infrastructure from
 * config, the service's router behind the shared HTTP app on PORT, graceful shutdown on SIGINT/SIGTERM.
 * Each `services/<name>/src/main.ts` is one call to `runStandalone`.
 */
import { authenticate, remoteSessionCheck } from './auth/index';
import { type Config, loadConfig } from './config';
import { createHttpApp, listen, onShutdownSignal, type RunningServer } from './http';
import { createLogger, type Logger } from './logger';
import { createInfrastructure, type Infrastructure, type RunningServices, startServices } from './runtime';
import type { AnyServiceModule } from './service';

export interface RunningService {
  server: RunningServer;
  infra: Infrastructure;
  services: RunningServices;
  /** Stops the server, the relays, then closes the infrastructure. */
  stop(): Promise<void>;
}

/**
 * Starts `module` behind the shared HTTP app on `config.PORT` (0 = any; tests), with `GET /metrics`
 * (label `service` = the module's name; METRICS_TOKEN protects it). Seeders run at every start (they are
 * idempotent).
 * @throws a connection error when a configured server cannot be reached.
 */
export async function startService(
  module: AnyServiceModule,
  config: Config,
  logger: Logger,
): Promise<RunningService> {
  const infra = await createInfrastructure(config, logger, {
    signsTokens: module.issuesSessions === true,
    processName: module.name,
  });
  // Issue 20: outside the service that issues sessions, every token is also checked against its record
  // (the internal operation `checkSession`, through the peers port), cached at most SESSION_CHECK_TTL_MS;
  // that service installs its own check.
  if (!module.issuesSessions) {
    infra.tokens.useSessionCheck(remoteSessionCheck(infra.peers), { ttlMs: config.SESSION_CHECK_TTL_MS });
  }
  const services = await startServices(infra, [module], { seed: true, embedded: false });
  const app = createHttpApp({
    logger,
    routers: services.routers,
    before: [authenticate(infra.tokens)],
    jsonLimitBytes: config.JSON_BODY_LIMIT_BYTES,
    readiness: infra.readiness,
    degradedBy: infra.degradedBy,
    metrics: infra.metrics,
    trustProxy: config.TRUST_PROXY,
  });
  const server = await listen(app, { port: config.PORT, host: config.HOST });
  infra.setSelfUrl(server.url);
  return {
    server,
    infra,
    services,
    async stop() {
      await server.stop();
      await services.stop();
      await infra.close();
    },
  };
}

/** Starts `module` alone from the environment, with graceful shutdown on SIGINT/SIGTERM. @throws ConfigError or a connection error at start. */
export async function runStandalone(
  module: AnyServiceModule,
  env: Record<string, string | undefined> = process.env,
): Promise<RunningService> {
  const config = loadConfig(env);
  const logger = createLogger({ level: config.LOG_LEVEL, name: module.name });
  const running = await startService(module, config, logger);
  logger.info({ url: running.server.url }, `${module.name} service listening`);
  onShutdownSignal(logger, () => running.stop());
  return running;
}
