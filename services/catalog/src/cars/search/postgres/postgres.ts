/**
 * PostgreSQL adapter of the car search port over `catalog.car_docs` (see `cars/data/tables.ts`): b-tree indexes
 * serve the filters and sorts, the GIN trigram index on `search_text` serves `searchTerm`.
 *
 * `searchTerm`: every word must match `search_text` as a substring (`ILIKE '%word%'`) or by pg_trgm word
 * similarity (`word <% search_text`); both operators can use the trigram index. The similarity threshold
 * is {@link TYPO_SIMILARITY}, set with `SET LOCAL pg_trgm.word_similarity_threshold` in the search's
 * transaction (so a search with a term runs in a short transaction; one without does not).
 *
 * `totalLength` is counted over at most {@link SEARCH_COUNT_CAP} rows (`SELECT count(*) FROM (… LIMIT
 * 10000)`), which bounds the cost of broad searches over large inventories.
 */
import type { Car, CarFacets, CarSearchQuery, NumericRange } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { carDocs } from '../../data/tables';
import {
  type CarDocument,
  type CarSearch,
  type CarSearchResult,
  emptyFacets,
  FACET_DIMENSIONS,
  type FacetDimension,
  indexFieldsOf,
  isUuid,
  ownershipsOf,
  SEARCH_COUNT_CAP,
  searchWords,
  TYPO_SIMILARITY,
  wantedIds,
} from '../types';

/** Rows per `INSERT` of `upsertMany` (16 parameters a row, well below PostgreSQL's 65 535). */
const UPSERT_BATCH = 500;

type CarDocInsert = typeof carDocs.$inferInsert;

/** The `car_docs` row of a search document. */
function rowOf(doc: CarDocument): CarDocInsert {
  return { ...indexFieldsOf(doc), doc: doc.car };
}

/** `SET` clause of the upsert: every column but the key takes the proposed (`excluded`) value. */
const upsertSet = {
  doc: sql`excluded.doc`,
  brandId: sql`excluded.brand_id`,
  modelId: sql`excluded.model_id`,
  variantId: sql`excluded.variant_id`,
  fuelType: sql`excluded.fuel_type`,
  transmission: sql`excluded.transmission`,
  bodyType: sql`excluded.body_type`,
  price: sql`excluded.price`,
  kmDriven: sql`excluded.km_driven`,
  manufacturerYear: sql`excluded.manufacturer_year`,
  ownership: sql`excluded.ownership`,
  city: sql`excluded.city`,
  status: sql`excluded.status`,
  searchText: sql`excluded.search_text`,
  createdAt: sql`excluded.created_at`,
};

/** Inclusive bounds of an optional range; an absent end adds no condition. */
function rangeConditions(column: AnyPgColumn, range: NumericRange | undefined): SQL[] {
  const out: SQL[] = [];
  if (range?.min !== undefined) out.push(gte(column, range.min));
  if (range?.max !== undefined) out.push(lte(column, range.max));
  return out;
}

/** Escapes `%`, `_` and `\` for a `LIKE` pattern (default escape character `\`). */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The WHERE condition of a public search, or `false` when nothing can match (a `brands` or `models` list
 * without any UUID: their ids are UUIDs, so no car has such a brand or model).
 */
export function searchCondition(q: CarSearchQuery): SQL | false {
  const conditions: SQL[] = [eq(carDocs.status, 'used')];
  if (q.brands) {
    const ids = q.brands.filter(isUuid);
    if (ids.length === 0) return false;
    conditions.push(inArray(carDocs.brandId, ids));
  }
  if (q.models) {
    const ids = q.models.filter(isUuid);
    if (ids.length === 0) return false;
    conditions.push(inArray(carDocs.modelId, ids));
  }
  const owned = ownershipsOf(q.owners);
  if (owned) conditions.push(inArray(carDocs.ownership, owned));
  if (q.fuelTypes) conditions.push(inArray(carDocs.fuelType, q.fuelTypes));
  if (q.transmissions) conditions.push(inArray(carDocs.transmission, q.transmissions));
  if (q.bodyTypes) conditions.push(inArray(carDocs.bodyType, q.bodyTypes));
  conditions.push(...rangeConditions(carDocs.price, q.price));
  conditions.push(...rangeConditions(carDocs.kmDriven, q.kmDriven));
  conditions.push(...rangeConditions(carDocs.manufacturerYear, q.years));
  if (q.city !== undefined) conditions.push(sql`lower(${carDocs.city}) = lower(${q.city})`);
  for (const word of searchWords(q.searchTerm)) {
    conditions.push(
      sql`(${carDocs.searchText} ILIKE ${`%${likeEscape(word)}%`} OR ${word} <% ${carDocs.searchText})`,
    );
  }
  return and(...conditions) as SQL;
}

/** ORDER BY of `sort`; `newest` matches the `car_docs_newest_idx` index (created_at DESC NULLS LAST, id). */
export function searchOrder(sort: CarSearchQuery['sort']): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(carDocs.price), asc(carDocs.id)];
    case 'price_desc':
      return [desc(carDocs.price), asc(carDocs.id)];
    case 'km_asc':
      return [asc(carDocs.kmDriven), asc(carDocs.id)];
    default:
      return [sql`${carDocs.createdAt} DESC NULLS LAST`, asc(carDocs.id)];
  }
}

/** The `car_docs` column of each facet dimension. */
const facetColumns: Record<FacetDimension, AnyPgColumn> = {
  brands: carDocs.brandId,
  fuelTypes: carDocs.fuelType,
  transmissions: carDocs.transmission,
  bodyTypes: carDocs.bodyType,
};

/**
 * Facets of `q`: per dimension one `GROUP BY` over the rows matching every other filter, each count capped
 * at {@link SEARCH_COUNT_CAP} like `totalLength` (the groups are counted in full: a facet costs a scan of the
 * matching rows, which is why the in-memory index serves facets in production, ADR 14).
 */
async function runFacets(db: Db, q: CarSearchQuery): Promise<CarFacets> {
  const facets = emptyFacets();
  for (const dimension of FACET_DIMENSIONS) {
    const where = searchCondition({ ...q, [dimension]: undefined });
    if (where === false) continue;
    const column = facetColumns[dimension];
    const rows = await db
      .select({
        value: sql<string>`${column}::text`,
        n: sql<number>`least(count(*), ${SEARCH_COUNT_CAP})::int`,
      })
      .from(carDocs)
      .where(and(where, isNotNull(column)))
      .groupBy(column);
    for (const row of rows) facets[dimension][row.value] = Number(row.n);
  }
  return facets;
}

/** Runs `work` with pg_trgm's word-similarity threshold set when `q` has search words (a transaction). */
function withTermThreshold<T>(db: Db, q: CarSearchQuery, work: (db: Db) => Promise<T>): Promise<T> {
  if (searchWords(q.searchTerm).length === 0) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
    );
    return work(tx as unknown as Db);
  });
}

/** LIMIT and OFFSET of the page of `q`. */
function pageBounds(q: CarSearchQuery): { limit: number; offset: number } {
  const limit = Math.max(0, Math.trunc(q.limit));
  return { limit, offset: (Math.max(1, Math.trunc(q.page)) - 1) * limit };
}

/** The page of `q` and the number of rows matching `where`, counted up to {@link SEARCH_COUNT_CAP}. */
async function runSearch(db: Db, q: CarSearchQuery, where: SQL): Promise<CarSearchResult> {
  const { limit, offset } = pageBounds(q);
  const page = db
    .select({ doc: carDocs.doc })
    .from(carDocs)
    .where(where)
    .orderBy(...searchOrder(q.sort))
    .limit(limit)
    .offset(offset);
  const capped = db.select({ one: sql`1` }).from(carDocs).where(where).limit(SEARCH_COUNT_CAP).as('capped');
  const count = db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const [rows, counted] = await Promise.all([page, count]);
  return { cars: rows.map((r) => r.doc as Car), totalLength: Number(counted[0]?.n ?? 0) };
}

/**
 * The PostgreSQL car search over `catalog.car_docs` of `db` (PGlite or node-postgres; the pg_trgm
 * extension must be installed, as `createDatabase` does, and the catalog migrations applied).
 */
export function createPostgresSearch(db: Db): CarSearch {
  async function upsertRows(rows: CarDocInsert[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(carDocs).values(rows).onConflictDoUpdate({ target: carDocs.id, set: upsertSet });
  }

  return {
    kind: 'postgres',

    async upsert(doc) {
      await upsertRows([rowOf(doc)]);
    },

    async upsertMany(docs) {
      // One row per id (the last wins): ON CONFLICT cannot update a row twice in one statement.
      const byId = new Map<string, CarDocInsert>();
      for (const doc of docs) {
        const row = rowOf(doc);
        byId.delete(row.id);
        byId.set(row.id, row);
      }
      const rows = [...byId.values()];
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) await upsertRows(rows.slice(i, i + UPSERT_BATCH));
    },

    async remove(id) {
      if (!isUuid(id)) return;
      await db.delete(carDocs).where(eq(carDocs.id, id));
    },

    async get(id) {
      if (!isUuid(id)) return undefined;
      const rows = await db.select({ doc: carDocs.doc }).from(carDocs).where(eq(carDocs.id, id)).limit(1);
      return rows[0]?.doc as Car | undefined;
    },

    async search(q) {
      const where = searchCondition(q);
      if (where === false) return { cars: [], totalLength: 0 };
      return withTermThreshold(db, q, (inTx) => runSearch(inTx, q, where));
    },

    async searchHits(q) {
      const where = searchCondition(q);
      if (where === false) return [];
      const { limit, offset } = pageBounds(q);
      return withTermThreshold(db, q, (inTx) =>
        inTx
          .select({ id: carDocs.id, price: carDocs.price })
          .from(carDocs)
          .where(where)
          .orderBy(...searchOrder(q.sort))
          .limit(limit)
          .offset(offset),
      );
    },

    async getMany(ids) {
      const wanted = wantedIds(ids);
      if (wanted.length === 0) return [];
      const rows = await db
        .select({ id: carDocs.id, doc: carDocs.doc })
        .from(carDocs)
        .where(inArray(carDocs.id, wanted));
      const byId = new Map(rows.map((r) => [r.id, r.doc as Car]));
      return wanted.map((id) => byId.get(id)).filter((car) => car !== undefined);
    },

    facets(q) {
      return withTermThreshold(db, q, (inTx) => runFacets(inTx, q));
    },
  };
}
