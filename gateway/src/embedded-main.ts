/**
 * `npm start`: builds the front ends that have no dist/ yet, then starts the embedded system and prints
 * its URL. Configuration: see the README's table (all optional).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
// Tracing starts before the rest is loaded: it patches express, pg and http as they load
// (docs/adr/0024-tracing.md). Off, and nothing loaded, unless the OTEL_* variables ask for it.
import { startTracing } from '@marketplace/platform/tracing';

await startTracing({ serviceName: 'marketplace' });
const { createLogger, loadConfig, onShutdownSignal } = await import('@marketplace/platform');
const { startEmbedded } = await import('./embedded');
const { frontEnds, repoRoot } = await import('./web');

const config = loadConfig();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'marketplace' });

for (const fe of frontEnds) {
  const dir = path.join(repoRoot, fe);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (pkg.scripts?.build && !fs.existsSync(path.join(dir, 'dist'))) {
    logger.info({ frontEnd: fe }, 'building front end (first start)');
    execFileSync('npm', ['run', 'build', '--workspace', fe], { cwd: repoRoot, stdio: 'inherit' });
  }
}

const system = await startEmbedded(config, logger);
const shown = `http://localhost:${system.server.port}`;
logger.info({ url: shown, dataDir: config.dataDir }, 'marketplace is running');
process.stdout.write(`\n  Used-car marketplace running at ${shown}\n  API reference: ${shown}/api/docs\n\n`);
onShutdownSignal(logger, () => system.stop());
