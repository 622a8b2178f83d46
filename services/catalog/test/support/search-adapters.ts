/**
 * The adapters of the car search port, each opened fresh for a suite (`variants`): PostgreSQL on PGlite
 * (in memory) always, on the real PostgreSQL (a fresh database per run; under CI=true a missing server
 * fails the file), the in-memory adapter always, a distributed replica's in-memory index (index fields
 * only, fed by its listener from the real PostgreSQL, cars read there), and Elasticsearch when
 * ELASTICSEARCH_URL is set.
 */
import path from 'node:path';
import { createDatabase, type Database, type Db } from '@marketplace/platform';
import pg from 'pg';
import { requireServer, uniqueName } from '../../../../test-support/servers';
import {
  type CarSearch,
  createCarReader,
  createElasticsearchSearch,
  createMemorySearch,
  createPostgresSearch,
  noSearchPageCache,
  searchIndexFeed,
} from '../../src/cars/search';
import { createFetchEsClient } from './es-fetch-client';

const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');
const postgresUrl = await requireServer('postgres');
const elasticsearchUrl = process.env.ELASTICSEARCH_URL;

/** An adapter opened for a suite; `close` drops what it created. */
export interface Harness {
  search: CarSearch;
  close(): Promise<void>;
}

async function openPglite(): Promise<Harness> {
  const database = await createDatabase();
  await database.prepareSchema({ schema: 'catalog', migrationsFolder });
  return { search: createPostgresSearch(database.db), close: () => database.close() };
}

/** A fresh database on the server with the catalog's tables; `close` drops it. */
export async function openPostgresDb(serverUrl: string): Promise<{ db: Db; close(): Promise<void> }> {
  const dbName = uniqueName('search');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  let database: Database | undefined;
  const drop = async () => {
    await database?.close();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
  };
  try {
    database = await createDatabase({ url: url.toString(), poolSize: 4 });
    await database.prepareSchema({ schema: 'catalog', migrationsFolder });
    return { db: database.db, close: drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

async function openPostgres(serverUrl: string): Promise<Harness> {
  const { db, close } = await openPostgresDb(serverUrl);
  return { search: createPostgresSearch(db), close };
}

/**
 * A distributed catalog replica: writes go to the read model (`car_docs`) and reach the replica's index
 * through its listener, as events would (one car at a time) or as a resync (a batch); reads are the index's.
 */
async function openReplica(serverUrl: string): Promise<Harness> {
  const { db, close } = await openPostgresDb(serverUrl);
  const readModel = createPostgresSearch(db);
  const cars = createCarReader(db);
  const index = createMemorySearch({ cars });
  const feed = searchIndexFeed(db, { index, cars, pages: noSearchPageCache });
  const announce = (carId: string) =>
    // The listener reads only the car id of the event and takes the rest from the read model.
    feed.handle({ name: 'catalog.car.removed', payload: { carId } } as never, { logger: undefined as never });
  return {
    search: {
      kind: 'memory',
      async upsert(doc) {
        await readModel.upsert(doc);
        await announce(doc.car._id);
      },
      async upsertMany(docs) {
        await readModel.upsertMany(docs);
        await feed.onStart!();
      },
      async remove(id) {
        await readModel.remove(id);
        await announce(id);
      },
      get: (id) => index.get(id),
      search: (q) => index.search(q),
      searchHits: (q) => index.searchHits(q),
      getMany: (ids) => index.getMany(ids),
      facets: (q) => index.facets(q),
    },
    close,
  };
}

async function openElasticsearch(baseUrl: string): Promise<Harness> {
  const client = createFetchEsClient(baseUrl);
  const index = uniqueName('cars');
  return {
    search: createElasticsearchSearch(client, index, { refresh: 'wait_for' }),
    close: () => client.deleteIndex(index),
  };
}

async function openMemory(): Promise<Harness> {
  return { search: createMemorySearch({}), close: async () => {} };
}

/** Every adapter, skipped where its server is missing. */
export const variants = [
  { name: 'PostgreSQL adapter on PGlite', skip: false, open: openPglite },
  { name: 'in-memory adapter', skip: false, open: openMemory },
  {
    name: 'PostgreSQL adapter on PostgreSQL',
    skip: !postgresUrl,
    open: () => openPostgres(postgresUrl as string),
  },
  {
    name: 'in-memory index of a distributed replica',
    skip: !postgresUrl,
    open: () => openReplica(postgresUrl as string),
  },
  {
    name: 'Elasticsearch adapter',
    skip: !elasticsearchUrl,
    open: () => openElasticsearch(elasticsearchUrl as string),
  },
];
