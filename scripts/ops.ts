/**
 * `npm run ops -- <command>`: operations on a distributed deployment, configured by the same environment
 * as `npm run start:distributed` (scripts/distributed/settings.ts: AMQP_URL, AMQP_EXCHANGE,
 * AMQP_QUEUE_PREFIX, DATABASE_URL + DATABASE_PREFIX or `<SERVICE>_DATABASE_URL` per service, e.g.
 * CATALOG_DATABASE_URL), plus ELASTICSEARCH_URL and ELASTICSEARCH_INDEX for `search reindex`.
 *
 * Commands (output is text; `--json` prints JSON instead):
 * - `dlq list [consumer…]`: per consumer (default: every consumer of every service) the messages ready in its
 *   queue, waiting in `.retry`, dead in `.dlq`, and the consumers attached (0 = its service is down).
 *   `-` = that queue does not exist.
 * - `dlq show <consumer> [--limit N]`: up to N (default 20) dead letters, oldest first, left in place:
 *   position, event name, event id, correlation id, occurredAt, deliveries before dead-lettering
 *   (`attempts`), failure reason, earlier replays.
 * - `dlq replay <consumer> [--limit N]`: moves up to N (default: all) dead letters back into the consumer's
 *   queue, keeping their ids (the inbox still drops duplicates, as long as `inbox prune` has not forgotten
 *   them: a dead letter that duplicates an event handled longer ago than the inbox keeps is handled again)
 *   and resetting the retry count.
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
 * Housekeeping (issue 26; each idempotent, run by the Kubernetes CronJobs, docs/operations.md):
 * - `outbox prune --older-than <duration> [service…]`: in each service's database (default every service),
 *   deletes the outbox rows published longer ago than the duration, never an unpublished one, 10 000 rows
 *   per statement (platform `pruneOutbox`); prints the rows deleted per service.
 * - `inbox prune --older-than <duration> [service…]`: the same for the inbox rows handled longer ago
 *   (platform `pruneInbox`). After that a copy of such an event (a dead letter replayed later) is handled
 *   again, so the duration must exceed how long a copy can still arrive (30 days in the CronJob).
 *   Durations: a whole number and a unit, `d` (days), `h` (hours) or `m` (minutes): `7d`, `30d`, `12h`,
 *   `90m`. A service whose schema has no such table (never started there) is listed as `-`; a service whose
 *   database fails is reported and the others are still pruned (exit code 1).
 * - `search reindex [--batch N] [--no-publish]`: rebuilds the car search from the listing data. First the
 *   catalog's read model (`catalog.car_docs`) is reconciled with the listing service's cars (catalog
 *   `reconcileReadModel`, N per transaction, default 500): a missing or differing car is written as the
 *   projection writes it, a car whose listing is gone is removed, the demo cars (only in the catalog) are
 *   kept; each change is announced (`catalog.car.indexed` / `.removed`) through the catalog's outbox, which
 *   is then published as by `catalog reannounce`. Those events reach the other services' projections and
 *   every catalog replica's in-memory index (its listener re-reads the car). With ELASTICSEARCH_URL, a new
 *   Elasticsearch index is built from the read model and the alias `ELASTICSEARCH_INDEX` (default `cars`)
 *   swapped to it atomically, the old index deleted (catalog `rebuildElasticsearchIndex`). A replica's
 *   in-memory index is built from the read model when the replica starts (and each time its listener
 *   reconnects); nothing can ask running replicas to reload all of it, so if a replica's index itself is
 *   suspect, restart the catalog (`kubectl -n marketplace rollout restart deploy/catalog`): the command
 *   prints this. Last, with REDIS_URL (and the services' REDIS_KEY_PREFIX), the search pages the replicas
 *   share in Redis (Elasticsearch or PostgreSQL search, docs/adr/0013) are invalidated at once: they were
 *   made from the index and read model before the repair and would otherwise be served until they expire
 *   (5 min). Redis unreachable: exit 1 after the rest (a re-run is safe).
 *
 * Exit codes: 0 success, 1 failure (server unreachable, …), 2 usage error.
 */
import { pathToFileURL } from 'node:url';
import {
  createSearchPageCache,
  openElasticsearchAdmin,
  type RebuildResult,
  type ReconcileResult,
  reannounceCars,
  rebuildElasticsearchIndex,
  reconcileReadModel,
} from '@marketplace/catalog-service';
import type { EventPayloads, ServiceName } from '@marketplace/contracts';
import { listingSource } from '@marketplace/listing-service';
import {
  createDatabase,
  createLogger,
  createOutbox,
  createRabbitBroker,
  createRedisCache,
  createRelay,
  type Database,
  declareTopology,
  messagingTables,
  migrateConsumerQueues,
  openDeadLetterAdmin,
  pageGeneration,
  pruneInbox,
  pruneOutbox,
} from '@marketplace/platform';
import { serviceModules } from '../gateway/src/services';
import { allConsumerNames, consumerSpecs } from './distributed/consumers';
import { type DistributedSettings, resolveSettings } from './distributed/settings';

/** The help text (also printed on a usage error). */
export const USAGE = `usage: npm run ops -- <command>
  dlq list [consumer…] [--json]               queue, retry and dead-letter counts per consumer
  dlq show <consumer> [--limit N] [--json]    dead letters (event, id, correlation id, attempts, reason)
  dlq replay <consumer> [--limit N]           move dead letters back to the consumer's queue (one that
                                              duplicates an event handled before the inbox's retention,
                                              see inbox prune, is handled again)
  catalog reannounce [--batch N] [--no-publish]
                                              re-publish catalog.car.indexed for every car
  queues declare                              declare the exchange and every consumer's queues
  queues migrate [consumer…] [--json]         turn outdated (classic) queues into the declared quorum
                                              queues, keeping their messages (stop the consumers first)
  outbox prune --older-than <d> [service…] [--json]
                                              delete outbox rows published longer ago (7d, 12h, 90m)
  inbox prune --older-than <d> [service…] [--json]
                                              delete inbox rows handled longer ago (30d in the CronJob)
  search reindex [--batch N] [--no-publish] [--json]
                                              reconcile the catalog's read model with the listings,
                                              announce the changes, rebuild Elasticsearch (alias swap),
                                              invalidate the search pages cached in Redis
environment: AMQP_URL, AMQP_EXCHANGE, AMQP_QUEUE_PREFIX, DATABASE_URL + DATABASE_PREFIX or <SERVICE>_DATABASE_URL
  (e.g. CATALOG_DATABASE_URL), ELASTICSEARCH_URL + ELASTICSEARCH_INDEX, REDIS_URL + REDIS_KEY_PREFIX (search reindex)`;

/** Where the CLI writes; tests capture it. */
export interface OpsIo {
  env?: Record<string, string | undefined>;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

class UsageError extends Error {}

const DURATION_UNITS_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;

/**
 * Milliseconds of a duration `<whole number><d|h|m>` (`7d`, `30d`, `12h`, `90m`), at least one minute.
 * @throws UsageError naming `flag` when `value` is missing or not such a duration.
 */
function parseDuration(flag: string, value: string | undefined): { ms: number; text: string } {
  const match = /^([1-9][0-9]{0,5})([dhm])$/.exec(value ?? '');
  if (!match) {
    throw new UsageError(`${flag} needs a duration such as 7d, 30d, 12h or 90m (got ${value ?? 'nothing'})`);
  }
  return {
    ms: Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS],
    text: value!,
  };
}

interface Parsed {
  positional: string[];
  limit: number | undefined;
  batch: number | undefined;
  json: boolean;
  publish: boolean;
  /** `--older-than`, in milliseconds, and as given. */
  olderThan: { ms: number; text: string } | undefined;
}

function parseArgs(argv: string[]): Parsed {
  const parsed: Parsed = {
    positional: [],
    limit: undefined,
    batch: undefined,
    json: false,
    publish: true,
    olderThan: undefined,
  };
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
    else if (arg === '--older-than') parsed.olderThan = parseDuration('--older-than', argv[++i]);
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
    if ((group === 'outbox' || group === 'inbox') && command === 'prune') {
      return await pruneMessagingTable(group, rest, parsed, settings, out, err);
    }
    if (group === 'search' && command === 'reindex' && rest.length === 0) {
      return await reindexSearch(parsed, settings, env, out, err);
    }
    if (group === 'catalog' && command === 'reannounce' && rest.length === 0) {
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
        const published = parsed.publish ? await publishCatalogOutbox(settings, database) : undefined;
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

/**
 * Publishes the catalog's pending outbox rows to the broker through a relay of this process (safe next to
 * a running catalog: rows are claimed with SKIP LOCKED); resolves to the number published.
 * @throws Error when rows remain unpublished (the broker refused them) or the broker cannot be reached.
 */
async function publishCatalogOutbox(settings: DistributedSettings, database: Database): Promise<number> {
  const logger = createLogger({ level: 'warn', name: 'ops' });
  const broker = await createRabbitBroker({
    url: settings.amqpUrl,
    exchange: settings.amqpExchange,
    ...(settings.queuePrefix ? { queuePrefix: settings.queuePrefix } : {}),
    logger,
  });
  try {
    const relay = createRelay({ db: database.db, tables: messagingTables('catalog'), broker, logger });
    const published = await relay.drain();
    const lag = await relay.lag();
    if (lag.unpublished > 0) throw new Error(`${lag.unpublished} outbox row(s) could not be published`);
    return published;
  } finally {
    await broker.close();
  }
}

/** One service's line of `outbox prune` / `inbox prune`. */
interface PruneLine {
  service: string;
  schema: string;
  /** Rows deleted; null when the table is missing or the database failed. */
  deleted: number | null;
  /** ISO 8601 cut-off (database clock); absent when the database failed. */
  cutoff?: string;
  missing?: true;
  error?: string;
}

/**
 * `outbox prune` / `inbox prune`: prunes the `kind` table in the database of each service of `names` (default every
 * service) with platform `pruneOutbox` / `pruneInbox`, one service after the other; a failing database is
 * reported and the others are still pruned. Resolves to the exit code: 0, or 1 when a database failed.
 * @throws UsageError without `--older-than`, or for an unknown service name.
 */
async function pruneMessagingTable(
  kind: 'outbox' | 'inbox',
  names: string[],
  parsed: Parsed,
  settings: DistributedSettings,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const olderThan = parsed.olderThan;
  if (!olderThan)
    throw new UsageError(`${kind} prune needs --older-than <duration> (e.g. 7d, 30d, 12h, 90m)`);
  const unknown = names.filter((n) => !serviceModules.some((m) => m.name === n));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown service ${unknown.join(', ')} (services: ${serviceModules.map((m) => m.name).join(', ')})`,
    );
  }
  const chosen = serviceModules.filter((m) => names.length === 0 || names.includes(m.name));
  const prune = kind === 'outbox' ? pruneOutbox : pruneInbox;
  const lines: PruneLine[] = [];
  for (const { name, schema } of chosen) {
    const line: PruneLine = { service: name, schema, deleted: null };
    lines.push(line);
    let database: Database | undefined;
    try {
      database = await createDatabase({ url: settings.databaseUrls[name as ServiceName], poolSize: 1 });
      const result = await prune(database.db, schema, { olderThanMs: olderThan.ms });
      line.cutoff = result.cutoff.toISOString();
      if (result.missing) line.missing = true;
      else line.deleted = result.deleted;
    } catch (e) {
      line.error = (e as Error).message;
    } finally {
      await database?.close().catch(() => {});
    }
  }
  if (parsed.json) out(JSON.stringify({ table: kind, olderThan: olderThan.text, services: lines }, null, 2));
  else {
    out(
      `${kind} prune: rows ${kind === 'outbox' ? 'published' : 'handled'} more than ${olderThan.text} ago\n` +
        table(
          ['service', 'schema', 'deleted'],
          lines.map((l) => [l.service, l.schema, l.error ? 'failed' : count(l.deleted)]),
        ),
    );
  }
  const failed = lines.filter((l) => l.error);
  for (const l of failed) err(`ops ${kind} prune: ${l.service} failed: ${l.error}`);
  return failed.length > 0 ? 1 : 0;
}

/**
 * Makes every search page cached in the Redis at `url` (key prefix `keyPrefix`, the services'
 * REDIS_KEY_PREFIX) unreachable (catalog `createSearchPageCache().invalidate()`: a new generation), and
 * every rendered public page the gateways keep there (platform `pageGeneration`, ADR 29), which show the
 * same cars. Resolves true when done, false when Redis did not answer.
 */
async function invalidateSearchPages(url: string, keyPrefix: string): Promise<boolean> {
  const cache = createRedisCache({ url, keyPrefix });
  try {
    if (!(await cache.ping())) return false;
    await createSearchPageCache(cache).invalidate();
    await pageGeneration(cache).bump();
    return true;
  } finally {
    await cache.close();
  }
}

/**
 * `search reindex`: reconciles the catalog's read model with the listings (catalog `reconcileReadModel`
 * over listing `listingSource`), publishes the announcements unless `--no-publish`, with
 * ELASTICSEARCH_URL rebuilds the Elasticsearch index behind the alias ELASTICSEARCH_INDEX, and with
 * REDIS_URL invalidates the search pages cached there. Resolves to the exit code: 0, or 1 when listings
 * name reference data the catalog lacks or Redis did not answer (the rest is done).
 */
async function reindexSearch(
  parsed: Parsed,
  settings: DistributedSettings,
  env: Record<string, string | undefined>,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const catalog = await createDatabase({ url: settings.databaseUrls.catalog, poolSize: 2 });
  try {
    const listing = await createDatabase({ url: settings.databaseUrls.listing, poolSize: 2 });
    let readModel: ReconcileResult;
    try {
      const outbox = createOutbox<EventPayloads>({ db: catalog.db, tables: messagingTables('catalog') });
      readModel = await reconcileReadModel(outbox, listingSource(listing.db), {
        ...(parsed.batch ? { batchSize: parsed.batch } : {}),
      });
    } finally {
      await listing.close();
    }
    const changes = readModel.added + readModel.updated + readModel.removed;
    const published = parsed.publish ? await publishCatalogOutbox(settings, catalog) : undefined;
    const esUrl = env.ELASTICSEARCH_URL?.trim();
    let elasticsearch: RebuildResult | undefined;
    if (esUrl) {
      const client = openElasticsearchAdmin(esUrl);
      try {
        elasticsearch = await rebuildElasticsearchIndex(
          client,
          env.ELASTICSEARCH_INDEX?.trim() || 'cars',
          catalog.db,
          {
            ...(parsed.batch ? { batchSize: parsed.batch } : {}),
          },
        );
      } finally {
        await client.close();
      }
    }
    const redisUrl = env.REDIS_URL?.trim();
    // null: no REDIS_URL (the services keep no shared pages then).
    const searchPages = redisUrl
      ? (await invalidateSearchPages(redisUrl, env.REDIS_KEY_PREFIX ?? ''))
        ? 'invalidated'
        : 'unreachable'
      : null;
    if (parsed.json) {
      out(
        JSON.stringify(
          { readModel, published: published ?? null, elasticsearch: elasticsearch ?? null, searchPages },
          null,
          2,
        ),
      );
    } else {
      const r = readModel;
      out(
        `read model: ${r.listings} listing(s): ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged, ` +
          `${r.newerApplied} already newer; ${r.removed} removed (listing gone); ${r.catalogOwned} catalog-owned (demo) car(s) kept`,
      );
      out(
        published === undefined
          ? `${changes} change(s) announced; the catalog relay publishes them`
          : `${changes} change(s) announced; ${published} outbox event(s) published to ${settings.amqpExchange}`,
      );
      if (elasticsearch) {
        const e = elasticsearch;
        out(
          `elasticsearch: alias ${e.alias} → ${e.index} (${e.cars} car(s), ${e.caughtUp} caught up)` +
            (e.deleted.length > 0 ? `; deleted ${e.deleted.join(', ')}` : ''),
        );
      } else {
        out(
          "no ELASTICSEARCH_URL: the catalog searches the read model (CAR_SEARCH=postgres) or each replica's " +
            'in-memory index, which applies the announced changes itself (its listener re-reads each car). A ' +
            "replica reloads its whole index only when it starts or its listener reconnects; if a replica's " +
            'index itself is suspect: kubectl -n marketplace rollout restart deploy/catalog',
        );
      }
      if (searchPages === 'invalidated')
        out(
          'search pages and rendered pages cached in Redis: invalidated (made again from the repaired search)',
        );
    }
    if (searchPages === 'unreachable')
      err(
        `ops search reindex: Redis at REDIS_URL did not answer; the search pages cached there were not invalidated ` +
          `and are served until they expire (5 min). Run the command again once Redis answers.`,
      );
    if (readModel.unresolved.length > 0) {
      const ids = readModel.unresolved;
      err(
        `ops search reindex: ${ids.length} listing(s) name a brand, model or variant the catalog does not have ` +
          `and were not indexed: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}`,
      );
      return 1;
    }
    return searchPages === 'unreachable' ? 1 : 0;
  } finally {
    await catalog.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await runOps(process.argv.slice(2)));
}
