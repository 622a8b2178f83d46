/**
 * Standalone entry for one service (distributed mode): config from the environment, infrastructure from
 * config, the service's router behind the shared HTTP app on PORT, graceful shutdown on SIGINT/SIGTERM.
 * Each `services/<name>/src/main.ts` is one call to `runStandalone`.
 */
import { authenticate } from './auth';
import { loadConfig } from './config';
import { createHttpApp, listen, onShutdownSignal, type RunningServer } from './http';
import { createLogger } from './logger';
import { createInfrastructure, startServices } from './runtime';
import type { ServiceModule } from './service';

/** Starts `module` alone; resolves once it listens. @throws ConfigError or a connection error at start. */
export async function runStandalone(
  module: ServiceModule,
  env: Record<string, string | undefined> = process.env,
): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger({ level: config.LOG_LEVEL, name: module.name });
  const infra = await createInfrastructure(config, logger, { signsTokens: module.name === 'auth' });
  const services = await startServices(infra, [module], { seed: true });
  const app = createHttpApp({
    logger,
    routers: services.routers,
    before: [authenticate(infra.tokens)],
    jsonLimitBytes: config.JSON_BODY_LIMIT_BYTES,
    readiness: infra.readiness,
  });
  const server = await listen(app, { port: config.PORT, host: config.HOST });
  logger.info({ url: server.url }, `${module.name} service listening`);
  onShutdownSignal(logger, async () => {
    await server.stop();
    await services.stop();
    await infra.close();
  });
  return server;
}
