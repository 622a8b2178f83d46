/**
 * `npm run start:distributed [-- --keep-going] [--raw-logs] [--no-build] [--compiled]`: the whole system as separate
 * processes on this machine against the local PostgreSQL, RabbitMQ and Redis (scripts/distributed/launcher.ts;
 * variables in scripts/distributed/settings.ts and the README's "Run distributed").
 *
 * Builds the front ends that have no build yet or whose sources changed since (unless --no-build;
 * gateway/src/front-end-builds.ts), starts everything, prints the URLs and
 * keeps running. Ctrl-C / SIGTERM stops every child. A child that exits on its own is reported; the
 * launcher then stops the rest and exits 1, unless --keep-going (it keeps the others running).
 * --compiled: compiles the gateway and the services (scripts/build-node.ts) and runs them with node alone, as
 * their images do (benchmarks; no TypeScript transpiling at start).
 * Exit codes: 0 after a requested stop, 1 when a child died or the start failed, 2 for a usage error.
 */
import { pathToFileURL } from 'node:url';
import { buildStaleFrontEnds } from '../gateway/src/front-end-builds';
import { type DistributedSystem, startDistributed } from './distributed/launcher';

const USAGE = 'usage: npm run start:distributed [-- --keep-going] [--raw-logs] [--no-build] [--compiled]';

/** Runs the launcher CLI with `argv` (without node and script); resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const known = new Set(['--keep-going', '--raw-logs', '--no-build', '--compiled']);
  const unknown = argv.filter((a) => !known.has(a));
  if (unknown.length > 0 || argv.includes('--help')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const keepGoing = argv.includes('--keep-going');
  const log = (line: string) => process.stdout.write(`launcher | ${line}\n`);
  if (!argv.includes('--no-build')) {
    buildStaleFrontEnds(({ frontEnd, reason, changed }) =>
      log(`building ${frontEnd} (${reason}${changed ? `: ${changed}` : ''})`),
    );
  }

  let system: DistributedSystem | undefined;
  let resolveDone: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });
  let shuttingDown = false;
  let exitCode = 0;
  const starting = new AbortController();
  const shutdown = (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    exitCode = code;
    log('stopping every process…');
    if (!system) {
      // Still starting: startDistributed stops what it started, then rejects (handled below).
      starting.abort();
      return;
    }
    void system.stop().then(() => resolveDone(code));
  };
  process.once('SIGINT', () => shutdown(0));
  process.once('SIGTERM', () => shutdown(0));

  try {
    system = await startDistributed({
      signal: starting.signal,
      rawLogs: argv.includes('--raw-logs'),
      compiled: argv.includes('--compiled'),
      onUnexpectedExit(info) {
        log(`${info.name} exited unexpectedly (${info.signal ?? `code ${info.code}`})`);
        if (!keepGoing) shutdown(1);
      },
    });
  } catch (err) {
    if (shuttingDown && exitCode === 0) return 0;
    log(`start failed: ${(err as Error).message}`);
    return 1;
  }
  if (shuttingDown) return done;
  const { urls, settings } = system;
  const lines = [
    '',
    `  Used-car marketplace (distributed) at ${urls.gateway}   API reference: ${urls.gateway}/api/docs`,
    ...Object.entries(urls.services).map(([name, url]) => `    ${name.padEnd(13)} ${url}`),
    ...Object.entries(urls.remotes).map(([name, url]) => `    remote ${name.padEnd(6)} ${url}`),
    `  Databases ${Object.values(settings.databaseUrls)
      .map((u) => new URL(u).pathname.slice(1))
      .join(', ')} · exchange ${settings.amqpExchange}` +
      (settings.queuePrefix ? ` · queue prefix ${settings.queuePrefix}` : ''),
    `  Dev outbox (mail.jsonl, sms.jsonl): ${system.outboxDir}`,
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return done;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await main(process.argv.slice(2)));
}
