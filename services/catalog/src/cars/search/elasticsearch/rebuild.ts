/**
 * Rebuilding the Elasticsearch car index from the read model (`npm run ops -- search reindex`, issue 26):
 * the catalog searches the name `ELASTICSEARCH_INDEX` (default `cars`); the rebuild makes that name an
 * alias of a fresh index, so searches never see a half-built one.
 *
 * 1. Create `<alias>-<epoch ms>` with the current mapping ({@link esMapping}) and fill it from
 *    `catalog.car_docs` (every car, sold ones too, as the projection indexes them), then refresh it.
 * 2. In one `_aliases` request (atomic): point the alias at the new index only; when the name is still a
 *    plain index (a catalog created it before any rebuild), delete that index in the same request
 *    (`remove_index`), which turns the name into the alias without a moment where it answers nothing.
 * 3. Catch up with what the running catalogs wrote to the old index while the new one filled: cars whose
 *    listing changed since the build started (minus {@link CATCH_UP_MARGIN_MS}) are indexed again from the
 *    read model, and cars the new index holds that the read model no longer has are deleted.
 * 4. Delete the indexes the alias pointed to before, and older `<alias>-<digits>` indexes left by an
 *    interrupted rebuild. A newer one (a rebuild running at the same time) is left alone.
 *
 * Idempotent: a second run builds an index with the same cars and swaps again.
 */
import { Client } from '@elastic/elasticsearch';
import { type Db, queryRows } from '@marketplace/platform';
import { gte, inArray, sql } from 'drizzle-orm';
import { carDocs, carVersions } from '../../data/tables';
import { readCarDocument, scanCarDocuments } from '../memory/scan';
import { createElasticsearchSearch, type EsClientLike, esMapping, esSettings } from './elasticsearch';

/**
 * The part of the `@elastic/elasticsearch` client the rebuild uses (its `Client` satisfies it): the
 * search adapter's calls plus the alias and index administration.
 */
export interface EsIndexAdminLike extends EsClientLike {
  indices: EsClientLike['indices'] & {
    existsAlias(params: { name: string }): Promise<boolean>;
    /** The indexes an alias points to, as `{ <index>: { aliases } }`. */
    getAlias(params: { name: string }): Promise<Record<string, unknown>>;
    updateAliases(params: { actions: unknown[] }): Promise<unknown>;
    delete(params: { index: string | string[] }): Promise<unknown>;
    refresh(params: { index: string }): Promise<unknown>;
    /** The indexes matching a pattern, as `{ <index>: … }` (empty when none). */
    get(params: { index: string; expand_wildcards?: string }): Promise<Record<string, unknown>>;
  };
}

/** The Elasticsearch client of `url` (ELASTICSEARCH_URL, credentials in it are used, never printed). */
export function openElasticsearchAdmin(url: string): EsIndexAdminLike & { close(): Promise<void> } {
  // The client's methods are overloaded with its own request types; the port types them loosely.
  return new Client({ node: url }) as unknown as EsIndexAdminLike & { close(): Promise<void> };
}

/**
 * How far before the build's start the catch-up looks for changed listings: 10 minutes, to cover a
 * listing event applied late (retries take at most `BUS_MAX_ATTEMPTS` × `BUS_RETRY_MAX_MS` = 5 min by
 * default) whose `updatedAt` is the listing's time, not the time it was applied.
 */
export const CATCH_UP_MARGIN_MS = 10 * 60_000;

/** Options of {@link rebuildElasticsearchIndex}. */
export interface RebuildOptions {
  /** Documents read and written per batch (default 1 000). */
  batchSize?: number;
  /** Called after each filled batch with the number of cars written so far. */
  onBatch?: (indexed: number) => void;
}

/** What {@link rebuildElasticsearchIndex} did. */
export interface RebuildResult {
  /** The alias searched by the catalog. */
  alias: string;
  /** The new index the alias now points to. */
  index: string;
  /** Cars written into it from the read model. */
  cars: number;
  /** Cars indexed again or deleted after the swap (changed while the index filled). */
  caughtUp: number;
  /** Indexes deleted (the previous ones, and leftovers of interrupted rebuilds). */
  deleted: string[];
}

/**
 * Rebuilds the car index searched under `alias` from the read model in `db` (see the module comment).
 * @throws Error from Elasticsearch (index creation, a rejected document, the alias swap) or the database;
 *   before the swap the catalog still searches the old index, and the half-built one is deleted by the
 *   next run.
 */
export async function rebuildElasticsearchIndex(
  client: EsIndexAdminLike,
  alias: string,
  db: Db,
  opts: RebuildOptions = {},
): Promise<RebuildResult> {
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? 1_000));
  const started = await databaseNow(db);
  const index = `${alias}-${Date.now()}`;
  await client.indices.create({ index, mappings: esMapping, settings: esSettings });
  const fresh = createElasticsearchSearch(client, index, { refresh: false });
  let cars = 0;
  for await (const docs of scanCarDocuments(db, batchSize)) {
    await fresh.upsertMany(docs);
    cars += docs.length;
    opts.onBatch?.(cars);
  }
  await client.indices.refresh({ index });

  const previous = (await client.indices.existsAlias({ name: alias }))
    ? Object.keys(await client.indices.getAlias({ name: alias }))
    : [];
  const plainIndex = previous.length === 0 && (await client.indices.exists({ index: alias }));
  await client.indices.updateAliases({
    actions: [
      ...(plainIndex ? [{ remove_index: { index: alias } }] : []),
      ...previous.map((old) => ({ remove: { index: old, alias } })),
      { add: { index, alias } },
    ],
  });

  const caughtUp = await catchUp(client, alias, index, db, started, batchSize);

  const ours = Number(index.slice(alias.length + 1));
  const pattern = new RegExp(`^${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)$`);
  const leftovers = Object.keys(
    await client.indices.get({ index: `${alias}-*`, expand_wildcards: 'open' }),
  ).filter((name) => Number(pattern.exec(name)?.[1] ?? Number.POSITIVE_INFINITY) < ours);
  const deleted = [...new Set([...previous.filter((p) => p !== index), ...leftovers])];
  if (deleted.length > 0) await client.indices.delete({ index: deleted });
  return { alias, index, cars, caughtUp, deleted: plainIndex ? [alias, ...deleted] : deleted };
}

/** The database's clock. */
async function databaseNow(db: Db): Promise<Date> {
  const [row] = await queryRows<{ ms: number }>(
    db,
    sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`,
  );
  return new Date(Number(row!.ms));
}

/**
 * Step 3 of the rebuild, through the alias (now the new index): indexes again every car whose listing
 * changed since `started` − {@link CATCH_UP_MARGIN_MS} (or removes it when the read model no longer has it),
 * then deletes every car of `index` the read model does not hold. Resolves to the number of cars touched.
 */
async function catchUp(
  client: EsIndexAdminLike,
  alias: string,
  index: string,
  db: Db,
  started: Date,
  batchSize: number,
): Promise<number> {
  const live = createElasticsearchSearch(client, alias, { refresh: 'wait_for' });
  let touched = 0;
  const changed = await db
    .select({ id: carVersions.id })
    .from(carVersions)
    .where(gte(carVersions.updatedAt, new Date(started.getTime() - CATCH_UP_MARGIN_MS)));
  for (const { id } of changed) {
    const doc = await readCarDocument(db, id);
    if (doc) await live.upsert(doc);
    else await live.remove(id);
    touched += 1;
  }
  let after: string[] | undefined;
  for (;;) {
    const res = await client.search({
      index,
      query: { match_all: {} },
      sort: [{ id: 'asc' }],
      size: batchSize,
      _source: ['id'],
      ...(after ? { search_after: after } : {}),
    });
    const ids = res.hits.hits.map((h) => (h._source as { id: string }).id);
    if (ids.length === 0) break;
    const held = new Set(
      (await db.select({ id: carDocs.id }).from(carDocs).where(inArray(carDocs.id, ids))).map((r) => r.id),
    );
    for (const id of ids) {
      if (held.has(id)) continue;
      await live.remove(id);
      touched += 1;
    }
    if (ids.length < batchSize) break;
    after = [ids.at(-1)!];
  }
  return touched;
}
