/**
 * `npm run ops -- <command>`: operations on a distributed deployment, configured by the same environment
 * as `npm run start:distributed` (scripts/distributed/settings.ts: AMQP_URL, AMQP_EXCHANGE,
 * AMQP_QUEUE_PREFIX, DATABASE_URL + DATABASE_PREFIX or CATALOG_DATABASE_URL).
 *
 * Commands (output is text; `--json` prints JSON instead):
 * - `dlq list [consumer…]`: per consumer (default: every consumer of every service) the messages ready in its
 *   queue, waiting in `.retry`, dead in `.dlq`, and the consumers attached (0 = its service is down).
 *   `-` = that queue does not exist.
 * - `dlq show <consumer> [--limit N]`: up to N (default 20) dead letters, oldest first, left in place:
 *   position, event name, event id, correlation id, occurredAt, deliveries before dead-lettering
 *   (`attempts`), failure reason, earlier replays.
 * - `dlq replay <consumer> [--limit N]`: moves up to N (default: all) dead letters back into the consumer's
 *   queue, keeping their ids (the inbox still drops duplicates) and resetting the retry count.
 * - `catalog reannounce [--batch N] [--no-publish]`: emits `catalog.car.indexed` for every car of the catalog's
 *   read model through the catalog's outbox, N cars (default 500) per transaction (ADR 6), so a new or
 *   rebuilt projection (e.g. test-drive's cars) catches up; consumers treat it as any indexing (idempotent).
 *   Then publishes the catalog's pending outbox rows itself through a relay (safe next to a running catalog:
 *   rows are claimed with SKIP LOCKED), unless `--no-publish` (the catalog's own relay publishes them).
 *
 * - `queues declare`: declares the exchange and every consumer's queues (as the services do when they
 *   subscribe). Run it before the first start of a deployment on a fresh broker: an event published before
 *   its consumer's queue exists is routed nowhere (`npm run start:distributed` does this itself).
 * - `queues migrate [consumer…]`: turns each consumer's queues (default: every consumer's) that exist with
 *   other arguments than this version declares — the classic queues of a deployment from before ADR 23 —
 *   into the declared quorum queues under the same names, keeping every message (platform
 *   `migrateConsumerQueues`: moved aside, redeclared, moved back). The services consuming them must be
 *   stopped first (it refuses a queue with consumers). Idempotent; prints per queue what it found
 *   (`missing`, `current`, `outdated`) and how many messages it moved.
 *
 * Exit codes: 0 success, 1 failure (server unreachable, …), 2 usage error.
 */
import { pathToFileURL } from 'node:url';
import { reannounceCars } from '@marketplace/catalog-service';
import type { EventPayloads } from '@marketplace/contracts';
import {
  createDatabase,
  createLogger,
  createOutbox,
  createRabbitBroker,
  createRelay,
  declareTopology,
  migrateConsumerQueues,
  messagingTables,
  openDeadLetterAdmin,
} from '@marketplace/platform';
import { allConsumerNames, consumerSpecs } from './distributed/consumers';
import { resolveSettings } from './distributed/settings';

/** The help text (also printed on a usage error). */
export const USAGE = `usage: npm run ops -- <command>
  dlq list [consumer…] [--json]               queue, retry and dead-letter counts per consumer
  dlq show <consumer> [--limit N] [--json]    dead letters (event, id, correlation id, attempts, reason)
  dlq replay <consumer> [--limit N]           move dead letters back to the consumer's queue
  catalog reannounce [--batch N] [--no-publish]
                                              re-publish catalog.car.indexed for every car
  queues declare                              declare the exchange and every consumer's queues
  queues migrate [consumer…] [--json]         turn outdated (classic) queues into the declared quorum
                                              queues, keeping their messages (stop the consumers first)
environment: AMQP_URL, AMQP_EXCHANGE, AMQP_QUEUE_PREFIX, DATABASE_URL + DATABASE_PREFIX or CATALOG_DATABASE_URL`;

/** Where the CLI writes; tests capture it. */
export interface OpsIo {
  env?: Record<string, string | undefined>;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

class UsageError extends Error {}

interface Parsed {
  positional: string[];
  limit: number | undefined;
  batch: number | undefined;
  json: boolean;
  publish: boolean;
}

function parseArgs(argv: string[]): Parsed {
  const parsed: Parsed = { positional: [], limit: undefined, batch: undefined, json: false, publish: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const number = (name: string) => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new UsageError(`${name} needs a positive integer`);
      return value;
    };
    if (arg === '--limit') parsed.limit = number('--limit');
    else if (arg === '--batch') parsed.batch = number('--batch');
    else if (arg === '--json') parsed.json = true;
    else if (arg === '--no-publish') parsed.publish = false;
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else parsed.positional.push(arg);
  }
  return parsed;
}

/** Left-aligned text table. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const count = (n: number | null) => (n === null ? '-' : String(n));

/**
 * Runs one ops command (`argv` without node and the script) and resolves to its exit code: 0 done,
 * 1 failed (the error is written to `io.err`), 2 usage error. Never throws.
 */
export async function runOps(argv: string[], io: OpsIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const out = io.out ?? ((t: string) => process.stdout.write(`${t}\n`));
  const err = io.err ?? ((t: string) => process.stderr.write(`${t}\n`));
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv);
  } catch (e) {
    err(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const [group, command, ...rest] = parsed.positional;
  try {
    const settings = resolveSettings(env);
    if (group === 'dlq' && (command === 'list' || command === 'show' || command === 'replay')) {
      if (command !== 'list' && rest.length !== 1) throw new UsageError(`dlq ${command} needs one consumer`);
      const admin = await openDeadLetterAdmin(settings.amqpUrl, { queuePrefix: settings.queuePrefix });
      try {
        if (command === 'list') {
          const depths = await admin.depths(rest.length > 0 ? rest : allConsumerNames());
          if (parsed.json) out(JSON.stringify(depths, null, 2));
          else {
            out(
              table(
                ['consumer', 'queue', 'retry', 'dlq', 'consumers'],
                depths.map((d) => [
                  d.consumer,
                  count(d.queue),
                  count(d.retry),
                  count(d.dlq),
                  count(d.consumers),
                ]),
              ),
            );
          }
        } else if (command === 'show') {
          const letters = await admin.peek(rest[0]!, parsed.limit ?? 20);
          if (parsed.json) out(JSON.stringify(letters, null, 2));
          else if (letters.length === 0) out(`no dead letters in ${admin.names(rest[0]!).dlq}`);
          else {
            out(
              table(
                ['#', 'event', 'id', 'correlation id', 'occurred at', 'attempts', 'replays', 'reason'],
                letters.map((l) => [
                  String(l.position),
                  l.event ?? '?',
                  l.id ?? '?',
                  l.correlationId ?? '-',
                  l.occurredAt ?? '-',
                  l.attempts === undefined ? '-' : String(l.attempts),
                  String(l.replays),
                  l.reason ?? '-',
                ]),
              ),
            );
          }
        } else {
          const moved = await admin.replay(rest[0]!, parsed.limit);
          const names = admin.names(rest[0]!);
          if (parsed.json) out(JSON.stringify({ consumer: rest[0], replayed: moved }));
          else out(`replayed ${moved} message(s) from ${names.dlq} to ${names.queue}`);
        }
      } finally {
        await admin.close();
      }
      return 0;
    }
    if (group === 'catalog' && command === 'reannounce' && rest.length === 0) {
      const logger = createLogger({ level: 'warn', name: 'ops' });
      const database = await createDatabase({ url: settings.databaseUrls.catalog, poolSize: 2 });
      try {
        const tables = messagingTables('catalog');
        const outbox = createOutbox<EventPayloads>({ db: database.db, tables });
        const announced = await reannounceCars(outbox, {
          ...(parsed.batch ? { batchSize: parsed.batch } : {}),
          onBatch: (n) => {
            if (!parsed.json) out(`announced ${n} car(s)…`);
          },
        });
        let published: number | undefined;
        if (parsed.publish) {
          const broker = await createRabbitBroker({
            url: settings.amqpUrl,
            exchange: settings.amqpExchange,
            ...(settings.queuePrefix ? { queuePrefix: settings.queuePrefix } : {}),
            logger,
          });
          try {
            const relay = createRelay({ db: database.db, tables, broker, logger });
            published = await relay.drain();
            const lag = await relay.lag();
            if (lag.unpublished > 0)
              throw new Error(`${lag.unpublished} outbox row(s) could not be published`);
          } finally {
            await broker.close();
          }
        }
        if (parsed.json) out(JSON.stringify({ announced, published: published ?? null }));
        else {
          out(
            `catalog.car.indexed emitted for ${announced} car(s)` +
              (published === undefined
                ? '; the catalog relay publishes them'
                : `; ${published} outbox event(s) published to ${settings.amqpExchange}`),
          );
        }
      } finally {
        await database.close();
      }
      return 0;
    }
    if (group === 'queues' && command === 'declare' && rest.length === 0) {
      const consumers = consumerSpecs();
      await declareTopology(settings.amqpUrl, {
        exchange: settings.amqpExchange,
        queuePrefix: settings.queuePrefix,
        consumers,
      });
      if (parsed.json)
        out(JSON.stringify({ exchange: settings.amqpExchange, consumers: consumers.map((c) => c.name) }));
      else out(`declared exchange ${settings.amqpExchange} and the queues of ${consumers.length} consumers`);
      return 0;
    }
    if (group === 'queues' && command === 'migrate') {
      const all = consumerSpecs();
      const unknown = rest.filter((name) => !all.some((c) => c.name === name));
      if (unknown.length > 0) throw new UsageError(`unknown consumer: ${unknown.join(', ')}`);
      const migrated = await migrateConsumerQueues(settings.amqpUrl, {
        exchange: settings.amqpExchange,
        queuePrefix: settings.queuePrefix,
        consumers: rest.length > 0 ? all.filter((c) => rest.includes(c.name)) : all,
      });
      if (parsed.json) out(JSON.stringify(migrated, null, 2));
      else {
        const rows = migrated.flatMap((m) =>
          m.queues.map((q) => [m.consumer, q.queue, q.found, String(q.moved)]),
        );
        out(table(['consumer', 'queue', 'found', 'moved'], rows));
      }
      return 0;
    }
    if (group === undefined || group === 'help') {
      out(USAGE);
      return group === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command: ${parsed.positional.join(' ')}`);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\n${USAGE}`);
      return 2;
    }
    err(`ops ${parsed.positional.join(' ')} failed: ${(e as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await runOps(process.argv.slice(2)));
}
