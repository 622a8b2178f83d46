/**
 * The ops CLI's housekeeping (issue 26; scripts/ops.ts) against the real PostgreSQL and RabbitMQ:
 * - `outbox prune` / `inbox prune --older-than`: exactly the published outbox rows and the inbox rows older
 *   than the duration go (never an unpublished row), in batches, per service, a schema without the table
 *   shown as `-`; a second run deletes nothing; a bad duration is a usage error (exit 2) naming the flag and
 *   changes nothing; a database that fails is reported (exit 1) while the others are pruned;
 * - `search reindex`: after listings were changed and deleted behind the catalog's back and its read model
 *   was damaged, the read model holds exactly the listings' cars plus the demo cars, a running replica's
 *   in-memory index (fed by its listener through RabbitMQ) holds the same, every change was announced; a
 *   second run changes and announces nothing; each run invalidates the search pages cached in Redis (a page
 *   stored before is gone after), and a Redis that does not answer fails the run (exit 1) after the rest.
 *   A listing the catalog cannot name fails the run (exit 1).
 * - With ELASTICSEARCH_URL only (no fake Elasticsearch, as the conformance suite): the rebuild turns the
 *   plain index into an alias of a fresh index holding exactly the read model's cars, and swaps again.
 * Under CI=true a missing PostgreSQL, RabbitMQ or Redis fails the file; locally it is skipped.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogService,
  createCarSearches,
  createSearchPageCache,
  dataDir,
  type EsIndexAdminLike,
  loadSeedData,
  openElasticsearchAdmin,
  seedDemoInventory,
  seedReferenceData,
  variants as variantTable,
} from '@marketplace/catalog-service';
import { carSearchQuery } from '@marketplace/contracts';
import { listingService } from '@marketplace/listing-service';
import {
  createDatabase,
  createLogger,
  createRabbitBroker,
  createRedisCache,
  type Database,
  deleteTopology,
  jsonAnswer,
  listenerSubscription,
  PAGE_GENERATION_KEY,
  pageGeneration,
  pruneOutbox,
  queryRows,
} from '@marketplace/platform';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../scripts/ops';
import { requireServer, uniqueName } from '../../test-support/servers';
import { until } from './distributed-support';

const postgresUrl = await requireServer('postgres');
const amqpUrl = await requireServer('rabbitmq');
const redisUrl = await requireServer('redis');
const elasticsearchUrl = process.env.ELASTICSEARCH_URL;

/** Runs the CLI in-process; exit code and what it wrote. */
async function ops(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { env, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A fresh database on the server; `url` and `drop()`. */
async function freshDatabase(prefix: string) {
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Every service's `<SERVICE>_DATABASE_URL` pointing at `url` (a schema each). */
function everyServiceOn(url: string): Record<string, string> {
  return Object.fromEntries(
    ['AUTH', 'CATALOG', 'LISTING', 'TEST_DRIVE', 'STORAGE', 'NOTIFICATION'].map((s) => [
      `${s}_DATABASE_URL`,
      url,
    ]),
  );
}

describe.skipIf(!postgresUrl)('npm run ops -- outbox prune | inbox prune on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  const rows = async (query: SQL) => queryRows<{ id: string }>(database.db, query);
  const outboxIds = async (schema: 'catalog' | 'test_drive') =>
    (await rows(sql`SELECT id::text FROM ${sql.raw(schema)}.outbox ORDER BY seq`)).map((r) => r.id);
  const inboxIds = async (schema: 'catalog' | 'test_drive') =>
    (await rows(sql`SELECT event_id::text AS id FROM ${sql.raw(schema)}.inbox ORDER BY event_id`)).map(
      (r) => r.id,
    );

  /** An outbox row created `createdDaysAgo` days ago, published `publishedDaysAgo` days ago (null: not yet). */
  async function outboxRow(schema: string, createdDaysAgo: number, publishedDaysAgo: number | null) {
    const id = randomUUID();
    await database.db.execute(sql`
      INSERT INTO ${sql.raw(schema)}.outbox (id, name, envelope, created_at, published_at)
      VALUES (${id}, 'test.event', '{}'::jsonb, now() - ${createdDaysAgo} * interval '1 day',
              ${publishedDaysAgo === null ? null : sql`now() - ${publishedDaysAgo} * interval '1 day'`})`);
    return id;
  }
  async function inboxRow(schema: string, consumer: string, handledDaysAgo: number) {
    const id = randomUUID();
    await database.db.execute(sql`
      INSERT INTO ${sql.raw(schema)}.inbox (consumer, event_id, handled_at)
      VALUES (${consumer}, ${id}, now() - ${handledDaysAgo} * interval '1 day')`);
    return id;
  }

  beforeAll(async () => {
    const fresh = await freshDatabase('prune');
    drop = fresh.drop;
    database = await createDatabase({ url: fresh.url, poolSize: 2 });
    // Two services' messaging tables; the other four schemas do not exist in this database.
    for (const schema of ['catalog', 'test_drive']) await database.prepareSchema({ schema });
    env = { ...everyServiceOn(fresh.url) };
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('deletes exactly the outbox rows published before the cut-off, per service; a second run deletes nothing', async () => {
    const catalogOld = [await outboxRow('catalog', 9, 8), await outboxRow('catalog', 40, 39)];
    const catalogKept = [
      await outboxRow('catalog', 30, null), // never published: kept however old
      await outboxRow('catalog', 8, 6), // created long ago, published recently
      await outboxRow('catalog', 0, 0),
    ];
    const testDriveOld = await outboxRow('test_drive', 10, 10);
    const testDriveKept = await outboxRow('test_drive', 1, null);

    const first = await ops(['outbox', 'prune', '--older-than', '7d'], env);
    expect(first.code, first.err).toBe(0);
    expect(first.out.split('\n')).toEqual([
      'outbox prune: rows published more than 7d ago',
      'service       schema        deleted',
      'auth          auth          -',
      'catalog       catalog       2',
      'listing       listing       -',
      'test-drive    test_drive    1',
      'storage       storage       -',
      'notification  notification  -',
    ]);
    expect(await outboxIds('catalog')).toEqual(catalogKept);
    expect(await outboxIds('test_drive')).toEqual([testDriveKept]);
    expect(catalogOld).not.toContain(testDriveOld);

    const second = await ops(['outbox', 'prune', '--older-than', '7d', '--json'], env);
    expect(second.code, second.err).toBe(0);
    const report = JSON.parse(second.out) as {
      table: string;
      olderThan: string;
      services: Array<{ service: string; deleted: number | null; missing?: boolean; cutoff: string }>;
    };
    expect(report).toMatchObject({ table: 'outbox', olderThan: '7d' });
    expect(report.services.map((s) => [s.service, s.deleted, s.missing ?? false])).toEqual([
      ['auth', null, true],
      ['catalog', 0, false],
      ['listing', null, true],
      ['test-drive', 0, false],
      ['storage', null, true],
      ['notification', null, true],
    ]);
    const cutoffAge = Date.now() - Date.parse(report.services[1]!.cutoff);
    expect(Math.abs(cutoffAge - 7 * 86_400_000)).toBeLessThan(60_000);
    expect(await outboxIds('catalog')).toEqual(catalogKept);

    // Hours and minutes: only the row published 0 days ago is younger than 90 minutes… and stays.
    const byHours = await ops(['outbox', 'prune', '--older-than', '12h', 'catalog', '--json'], env);
    expect(JSON.parse(byHours.out).services).toMatchObject([{ service: 'catalog', deleted: 1 }]);
    expect(await outboxIds('catalog')).toEqual([catalogKept[0], catalogKept[2]]);
    const byMinutes = await ops(['outbox', 'prune', '--older-than', '90m', 'catalog', '--json'], env);
    expect(JSON.parse(byMinutes.out).services).toMatchObject([{ service: 'catalog', deleted: 0 }]);
  });

  it('deletes exactly the inbox rows handled before the cut-off, every consumer; a second run deletes nothing', async () => {
    const old = [
      await inboxRow('catalog', 'catalog.car-projection', 31),
      await inboxRow('catalog', 'catalog.buyer-alerts', 90),
      await inboxRow('test_drive', 'test-drive.cars', 45),
    ];
    const kept = {
      catalog: [
        await inboxRow('catalog', 'catalog.car-projection', 29),
        await inboxRow('catalog', 'catalog.buyer-alerts', 0),
      ],
      test_drive: [await inboxRow('test_drive', 'test-drive.cars', 1)],
    };
    const first = await ops(['inbox', 'prune', '--older-than', '30d', '--json'], env);
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out).services.map((s: { deleted: number | null }) => s.deleted)).toEqual([
      null,
      2,
      null,
      1,
      null,
      null,
    ]);
    expect(await inboxIds('catalog')).toEqual([...kept.catalog].sort());
    expect(await inboxIds('test_drive')).toEqual(kept.test_drive);
    for (const id of old) expect([...kept.catalog, ...kept.test_drive]).not.toContain(id);

    const second = await ops(['inbox', 'prune', '--older-than', '30d'], env);
    expect(second.code, second.err).toBe(0);
    expect(second.out).toMatch(/^inbox prune: rows handled more than 30d ago\n/);
    expect(second.out).toMatch(/catalog\s+catalog\s+0\n/);
    expect(second.out).toMatch(/test-drive\s+test_drive\s+0\n/);
    expect(await inboxIds('catalog')).toEqual([...kept.catalog].sort());
  });

  it('answers a bad or missing duration with exit code 2 naming --older-than, and deletes nothing', async () => {
    const id = await outboxRow('catalog', 50, 50);
    const inboxId = await inboxRow('catalog', 'catalog.car-projection', 50);
    for (const argv of [
      ['outbox', 'prune', '--older-than', '7'],
      ['outbox', 'prune', '--older-than', '7w'],
      ['outbox', 'prune', '--older-than', '0d'],
      ['outbox', 'prune', '--older-than', '-7d'],
      ['inbox', 'prune', '--older-than', '30 d'],
      ['inbox', 'prune', '--older-than'],
      ['inbox', 'prune'],
    ]) {
      const res = await ops(argv, env);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.err, argv.join(' ')).toContain('--older-than');
      expect(res.out).toBe('');
    }
    const unknown = await ops(['outbox', 'prune', '--older-than', '7d', 'nobody'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown service nobody');
    expect(await outboxIds('catalog')).toContain(id);
    expect(await inboxIds('catalog')).toContain(inboxId);
  });

  it('reports a database that fails (exit code 1) and still prunes the others', async () => {
    await outboxRow('test_drive', 20, 20);
    const res = await ops(['outbox', 'prune', '--older-than', '7d', 'catalog', 'test-drive'], {
      ...env,
      CATALOG_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/catalog\s+catalog\s+failed\n/);
    expect(res.out).toMatch(/test-drive\s+test_drive\s+1$/);
    expect(res.err).toMatch(/^ops outbox prune: catalog failed: /);
  });

  it('deletes in batches of the given size (platform pruneOutbox)', async () => {
    await database.db.execute(sql`DELETE FROM test_drive.outbox`);
    for (let i = 0; i < 5; i++) await outboxRow('test_drive', 20, 20);
    const kept = await outboxRow('test_drive', 20, null);
    const batches: number[] = [];
    const result = await pruneOutbox(database.db, 'test_drive', {
      olderThanMs: 86_400_000,
      batchSize: 2,
      onBatch: (n) => batches.push(n),
    });
    expect(result).toMatchObject({ deleted: 5, missing: false });
    expect(batches).toEqual([2, 4, 5]);
    expect(await outboxIds('test_drive')).toEqual([kept]);
    await expect(pruneOutbox(database.db, 'test_drive', { olderThanMs: 0 })).rejects.toThrow(/olderThanMs/);
  });
});

describe.skipIf(!postgresUrl || !amqpUrl || !redisUrl)(
  'npm run ops -- search reindex on PostgreSQL, RabbitMQ and Redis',
  () => {
    const exchange = uniqueName('reindex.ex');
    const queuePrefix = uniqueName('reindex');
    const redisKeyPrefix = `${uniqueName('reindex')}:`;
    const redis = redisUrl ? createRedisCache({ url: redisUrl, keyPrefix: redisKeyPrefix }) : undefined;
    /** The search pages the replicas share in Redis (the services' key prefix). */
    const sharedPages = redis ? createSearchPageCache(redis) : undefined;
    /** Stores a page in the shared page cache under `[probe]`, as a replica does after a search. */
    const cachePage = async () => {
      await (await sharedPages!.lookupKey('[probe]')).store(
        jsonAnswer('{"data":{"cars":[],"totalLength":0}}'),
      );
      expect((await sharedPages!.lookupKey('[probe]')).body).toBeDefined();
    };
    const pageCached = async () => (await sharedPages!.lookupKey('[probe]')).body !== undefined;
    const logger = createLogger({ level: 'silent' });
    let database: Database;
    let drop: () => Promise<void>;
    let env: Record<string, string>;
    let broker: Awaited<ReturnType<typeof createRabbitBroker>>;
    let replica: ReturnType<typeof createCarSearches>;
    let listingIds: string[] = [];
    let demoIds: string[] = [];
    const announced: Array<{ name: string; carId: string }> = [];

    const ids = async (query: SQL) => (await queryRows<{ id: string }>(database.db, query)).map((r) => r.id);
    const readModelIds = () => ids(sql`SELECT id::text FROM catalog.car_docs ORDER BY id`);
    const count = async (query: SQL) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

    /** Inserts a listing into `listing.cars` as the listing service stores it (no event: behind the catalog's back). */
    async function insertListing(
      variant: typeof variantTable.$inferSelect,
      price: number,
      brandId = variant.brandId,
    ) {
      const id = randomUUID();
      await database.db.execute(sql`
      INSERT INTO listing.cars (id, seller_id, brand_id, brand_name, model_id, model_name, variant_id, variant_name,
        manufacturer_year, condition, fuel_type, transmission, status, state_id, rto_id, price, location,
        specifications, history, images)
      VALUES (${id}, ${randomUUID()}, ${brandId}, 'Brand', ${variant.modelId}, 'Model', ${variant.id}, ${variant.name},
        2019, 'good', ${variant.fuelType}, ${variant.transmission}, 'used', ${randomUUID()}, ${randomUUID()}, ${price},
        ${JSON.stringify({ street: '1 MG Road', city: 'Pune', state: 'Maharashtra', postal_code: '411001' })}::jsonb,
        ${JSON.stringify({ regNumber: `MH12AB${price % 10_000}`, spareKey: true, kmDriven: 42_000, ownership: 'First' })}::jsonb,
        '[]'::jsonb, '[]'::jsonb)`);
      return id;
    }

    /** The cars the replica's in-memory index finds (a search finds the cars for sale, status `used`), by id. */
    async function replicaIds(): Promise<string[]> {
      const result = await replica.read.search(carSearchQuery.parse({ limit: '50' }));
      return result.cars.map((c) => c._id).sort();
    }
    /** The read model's cars for sale, by id: what the replica must find. */
    const forSale = () => ids(sql`SELECT id::text FROM catalog.car_docs WHERE status = 'used' ORDER BY id`);
    /** Polls until the replica finds exactly the read model's cars for sale; resolves to them. */
    const replicaInStep = async (what: string) => {
      const want = await forSale();
      await until(
        what,
        async () => JSON.stringify(await replicaIds()) === JSON.stringify(want) || undefined,
        {
          describe: replicaIds,
        },
      );
      return want;
    };

    beforeAll(async () => {
      const fresh = await freshDatabase('reindex');
      drop = fresh.drop;
      database = await createDatabase({ url: fresh.url, poolSize: 4 });
      for (const m of [catalogService, listingService]) {
        await database.prepareSchema({ schema: m.schema, migrationsFolder: m.migrationsFolder });
      }
      await seedReferenceData(database.db, loadSeedData(dataDir));
      await seedDemoInventory(database.db, { count: 4, batchSize: 4 });
      demoIds = await readModelIds();
      const variants = await database.db.select().from(variantTable).limit(6);
      listingIds = [];
      for (const [i, v] of variants.entries()) listingIds.push(await insertListing(v, 300_000 + i * 1_000));
      env = {
        ...everyServiceOn(fresh.url),
        AMQP_URL: amqpUrl!,
        AMQP_EXCHANGE: exchange,
        AMQP_QUEUE_PREFIX: queuePrefix,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: redisKeyPrefix,
      };
      // A catalog replica's search: the in-memory index fed by its listener (docs/adr/0014), and a probe that
      // records every car event published.
      broker = await createRabbitBroker({ url: amqpUrl!, exchange, queuePrefix, logger });
      replica = createCarSearches({ db: database.db, inMemory: 'distributed' });
      for (const listener of replica.listeners)
        await broker.subscribe(listenerSubscription(listener, { logger }));
      await broker.subscribe({
        consumer: 'ops-test.car-events',
        events: ['catalog.car.indexed', 'catalog.car.removed'],
        transient: true,
        async handle({ body }) {
          const event = body as { name: string; payload: { car?: { _id: string }; carId?: string } };
          announced.push({ name: event.name, carId: event.payload.car?._id ?? event.payload.carId! });
        },
      });
      await until('the replica to load', async () => (await replica.ready()) || undefined, {
        timeoutMs: 15_000,
      });
    }, 90_000);

    afterAll(async () => {
      // The client adds the key prefix itself.
      await redis?.client.del('catalog:cars:generation', PAGE_GENERATION_KEY);
      await redis?.close();
      await broker?.close();
      await database?.close();
      await deleteTopology(amqpUrl!, { exchange, queuePrefix, consumers: [] });
      await drop?.();
    });

    it('brings the read model and a running replica to exactly the listings plus the demo cars; a re-run changes nothing', async () => {
      // The catalog never saw these listings: the first run adds them all and announces each.
      await cachePage();
      const renderedBefore = await pageGeneration(redis!).current();
      const first = await ops(['search', 'reindex', '--batch', '4', '--json'], env);
      expect(first.code, first.err).toBe(0);
      expect(JSON.parse(first.out)).toMatchObject({
        readModel: {
          listings: 6,
          added: 6,
          updated: 0,
          unchanged: 0,
          removed: 0,
          catalogOwned: 4,
          unresolved: [],
        },
        published: 6,
        elasticsearch: null,
        searchPages: 'invalidated',
      });
      expect(await pageCached()).toBe(false);
      // The gateways' rendered pages show the same cars: their generation is new too (ADR 29).
      expect(await pageGeneration(redis!).current()).not.toBe(renderedBefore);
      const everyCar = [...demoIds, ...listingIds].sort();
      expect(await readModelIds()).toEqual(everyCar);
      expect(await replicaInStep('the replica to hold every car')).toEqual(
        expect.arrayContaining(listingIds),
      );

      // Behind the catalog's back: a price change and a deletion whose events were lost, a row damaged by
      // hand, a row lost; a demo car stays as it is.
      const [changed, deleted, damaged, lost] = listingIds as [string, string, string, string];
      await database.db.execute(
        sql`UPDATE listing.cars SET price = 123456, updated_at = now() WHERE id = ${changed}`,
      );
      await database.db.execute(sql`DELETE FROM listing.cars WHERE id = ${deleted}`);
      await database.db.execute(sql`UPDATE catalog.car_docs SET price = 1 WHERE id = ${damaged}`);
      await database.db.execute(sql`DELETE FROM catalog.car_docs WHERE id = ${lost}`);
      announced.length = 0;
      const outboxBefore = await count(sql`SELECT count(*)::int AS n FROM catalog.outbox`);

      await cachePage();
      const second = await ops(['search', 'reindex', '--batch', '4'], env);
      expect(second.code, second.err).toBe(0);
      expect(second.out.split('\n')).toEqual([
        'read model: 5 listing(s): 1 added, 2 updated, 2 unchanged, 0 already newer; 1 removed (listing gone); 4 catalog-owned (demo) car(s) kept',
        `4 change(s) announced; 4 outbox event(s) published to ${exchange}`,
        expect.stringMatching(
          /^no ELASTICSEARCH_URL: .*kubectl -n marketplace rollout restart deploy\/catalog$/,
        ),
        'search pages and rendered pages cached in Redis: invalidated (made again from the repaired search)',
      ]);
      expect(await pageCached()).toBe(false);
      const expected = [...demoIds, ...listingIds.filter((id) => id !== deleted)].sort();
      expect(await readModelIds()).toEqual(expected);
      const prices = await queryRows<{ id: string; price: number; doc_price: number }>(
        database.db,
        sql`SELECT id::text, price::int, (doc->>'price')::int AS doc_price FROM catalog.car_docs WHERE id IN (${changed}, ${damaged})`,
      );
      expect(Object.fromEntries(prices.map((p) => [p.id, [p.price, p.doc_price]]))).toEqual({
        [changed]: [123_456, 123_456],
        [damaged]: [302_000, 302_000],
      });
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM catalog.car_versions WHERE id = ${deleted} AND deleted`,
        ),
      ).toBe(1);
      // Every change announced, once; the running replica followed without a restart.
      await until('the four announcements', () => announced.length >= 4 || undefined);
      expect([...announced].sort((a, b) => a.carId.localeCompare(b.carId))).toEqual(
        [
          { name: 'catalog.car.indexed', carId: changed },
          { name: 'catalog.car.removed', carId: deleted },
          { name: 'catalog.car.indexed', carId: damaged },
          { name: 'catalog.car.indexed', carId: lost },
        ].sort((a, b) => a.carId.localeCompare(b.carId)),
      );
      const found = await replicaInStep('the replica to follow the changes');
      expect(found).not.toContain(deleted);
      expect(found).toEqual(expect.arrayContaining([changed, damaged, lost]));
      // The index holds the listings' prices, not the lost or damaged ones.
      const priced = async (price: string) =>
        (await replica.read.search(carSearchQuery.parse({ price, limit: '50' }))).cars.map((c) => c._id);
      expect(await priced('123456-123456')).toEqual([changed]);
      expect(await priced('302000-302000')).toEqual([damaged]);
      expect(await priced('0-1')).toEqual([]);
      expect(await count(sql`SELECT count(*)::int AS n FROM catalog.outbox`)).toBe(outboxBefore + 4);

      // Again: nothing to change, nothing announced.
      announced.length = 0;
      const third = await ops(['search', 'reindex', '--json'], env);
      expect(third.code, third.err).toBe(0);
      expect(JSON.parse(third.out)).toMatchObject({
        readModel: { listings: 5, added: 0, updated: 0, unchanged: 5, removed: 0, catalogOwned: 4 },
        published: 0,
        searchPages: 'invalidated',
      });
      expect(await count(sql`SELECT count(*)::int AS n FROM catalog.outbox`)).toBe(outboxBefore + 4);
      expect(await readModelIds()).toEqual(expected);
      expect(await replicaIds()).toEqual(await forSale());
      expect(announced).toEqual([]);
    }, 60_000);

    it('fails with exit code 1 naming a listing whose brand the catalog does not have, after reconciling the rest', async () => {
      const [variant] = await database.db.select().from(variantTable).limit(1);
      const stray = await insertListing(variant!, 999_000, randomUUID());
      try {
        const res = await ops(['search', 'reindex', '--no-publish', '--json'], env);
        expect(res.code).toBe(1);
        expect(res.err).toContain(stray);
        expect(JSON.parse(res.out).readModel).toMatchObject({
          listings: 6,
          unchanged: 5,
          unresolved: [stray],
        });
        expect(await count(sql`SELECT count(*)::int AS n FROM catalog.car_docs WHERE id = ${stray}`)).toBe(0);
      } finally {
        await database.db.execute(sql`DELETE FROM listing.cars WHERE id = ${stray}`);
      }
    });

    it('fails with exit code 1 when Redis does not answer, after reconciling the read model', async () => {
      const res = await ops(['search', 'reindex', '--no-publish', '--json'], {
        ...env,
        // Nothing listens on port 1.
        REDIS_URL: 'redis://127.0.0.1:1',
      });
      expect(res.code).toBe(1);
      expect(res.err).toMatch(
        /Redis at REDIS_URL did not answer; the search pages cached there were not invalidated/,
      );
      expect(JSON.parse(res.out)).toMatchObject({
        readModel: { listings: 5, unchanged: 5 },
        searchPages: 'unreachable',
      });
    });

    describe.skipIf(!elasticsearchUrl)('with Elasticsearch (ELASTICSEARCH_URL)', () => {
      const alias = uniqueName('cars-reindex').toLowerCase();
      let client: EsIndexAdminLike & { close(): Promise<void> };

      beforeAll(() => {
        client = openElasticsearchAdmin(elasticsearchUrl!);
      });
      afterAll(async () => {
        const indices = Object.keys(await client.indices.get({ index: `${alias}*` }));
        if (indices.length > 0) await client.indices.delete({ index: indices });
        await client.close();
      });

      const esIds = async () => {
        const res = await client.search({
          index: alias,
          query: { match_all: {} },
          size: 100,
          _source: ['id'],
        });
        return res.hits.hits.map((h) => (h._source as { id: string }).id).sort();
      };

      it('builds a fresh index from the read model and swaps the alias to it, deleting the old index', async () => {
        // A catalog created the plain index before any rebuild, and it holds a car the read model does not.
        const phantom = randomUUID();
        await client.indices.create({ index: alias, mappings: { properties: { id: { type: 'keyword' } } } });
        await client.bulk({
          operations: [{ index: { _index: alias, _id: phantom } }, { id: phantom }],
          refresh: true,
        });
        expect(await esIds()).toEqual([phantom]);
        const esEnv = { ...env, ELASTICSEARCH_URL: elasticsearchUrl!, ELASTICSEARCH_INDEX: alias };

        const first = await ops(['search', 'reindex', '--json'], esEnv);
        expect(first.code, first.err).toBe(0);
        const built = JSON.parse(first.out).elasticsearch as {
          index: string;
          cars: number;
          deleted: string[];
        };
        expect(built.deleted).toEqual([alias]);
        expect(built.cars).toBe((await readModelIds()).length);
        expect(Object.keys(await client.indices.getAlias({ name: alias }))).toEqual([built.index]);
        expect(await esIds()).toEqual(await readModelIds());

        const second = await ops(['search', 'reindex', '--json'], esEnv);
        expect(second.code, second.err).toBe(0);
        const again = JSON.parse(second.out).elasticsearch as { index: string; deleted: string[] };
        expect(again.deleted).toEqual([built.index]);
        expect(Object.keys(await client.indices.getAlias({ name: alias }))).toEqual([again.index]);
        expect(await esIds()).toEqual(await readModelIds());
      }, 60_000);
    });
  },
);
