/**
 * `npm start`: builds the front ends that have no build yet or whose sources changed since
 * (front-end-builds.ts), then starts the embedded system and prints
 * its URL. Configuration: see the README's table (all optional).
 */
// Tracing starts before the rest is loaded: it patches express, pg and http as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'marketplace' });
const { createLogger, loadConfig, onShutdownSignal } = await import('@marketplace/platform');
const { startEmbedded } = await import('./embedded');
const { buildStaleFrontEnds, servedFrontEnds } = await import('./front-end-builds');

const config = loadConfig();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'marketplace' });

buildStaleFrontEnds(
  ({ frontEnd, reason, changed }) => logger.info({ frontEnd, reason, changed }, 'building front end'),
  {
    names: servedFrontEnds(config),
  },
);

const system = await startEmbedded(config, logger);
const shown = `http://localhost:${system.server.port}`;
logger.info({ url: shown, dataDir: config.dataDir }, 'marketplace is running');
process.stdout.write(`\n  Used-car marketplace running at ${shown}\n  API reference: ${shown}/api/docs\n\n`);
onShutdownSignal(logger, () => system.stop());
