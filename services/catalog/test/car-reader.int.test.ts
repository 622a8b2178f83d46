/**
 * A distributed replica's car reader (memory/documents.ts) on the real PostgreSQL: it reads cars by id in
 * the order asked (undefined where unknown), keeps what it read so a second read costs no query (the row
 * deleted behind its back is still answered until `forget`), holds at most its bytes of JSON (the least
 * recently read pushed out first; one pushed out by the read that wanted it is read again), and a read in
 * flight when a car is forgotten keeps nothing.
 */
import type { Car } from '@marketplace/contracts';
import type { Db } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServer } from '../../../test-support/servers';
import { createCarReader, createPostgresSearch } from '../src/cars/search';
import { openPostgresDb } from './support/search-adapters';
import { searchFixtures } from './support/search-cars';

const postgresUrl = await requireServer('postgres');
const fixtures = searchFixtures();
const [first, second, third] = fixtures.map((f) => f.doc.car) as [Car, Car, Car];
const unknownId = '00000000-0000-4000-8000-00000000ffff';
const bytesOf = (car: Car) => Buffer.byteLength(JSON.stringify(car), 'utf8');

describe.skipIf(!postgresUrl)('the car reader of a distributed replica, on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openPostgresDb(postgresUrl as string));
    await createPostgresSearch(db).upsertMany(fixtures.map((f) => f.doc));
  });
  afterAll(() => close?.());

  /** Deletes the rows of `ids` from the read model behind the reader's back. */
  async function deleteRows(...ids: string[]) {
    await db.execute(sql`DELETE FROM catalog.car_docs WHERE id IN (${sql.join(ids, sql`, `)})`);
  }
  async function restoreRows() {
    await createPostgresSearch(db).upsertMany(fixtures.map((f) => f.doc));
  }

  it('reads in the order asked and keeps what it read until forgotten', async () => {
    const reader = createCarReader(db);
    expect(await reader.read([second._id, unknownId, first._id])).toEqual([second, undefined, first]);
    await deleteRows(first._id, second._id);
    try {
      expect(await reader.read([first._id])).toEqual([first]);

      reader.forget(first._id);
      expect(await reader.read([first._id, second._id])).toEqual([undefined, second]);
      reader.forgetAll();
      expect(await reader.read([second._id])).toEqual([undefined]);
    } finally {
      await restoreRows();
    }
  });

  it('holds at most its bytes of JSON, pushing out the least recently read', async () => {
    const reader = createCarReader(db, bytesOf(second) + bytesOf(third));
    await reader.read([first._id]);
    await reader.read([second._id]);
    await reader.read([third._id]);
    await deleteRows(first._id, second._id, third._id);
    try {
      expect(await reader.read([first._id, second._id, third._id])).toEqual([undefined, second, third]);
    } finally {
      await restoreRows();
    }
  });

  it('reads again a car that its own read pushed out', async () => {
    const reader = createCarReader(db, bytesOf(first) + bytesOf(second) - 1); // room for one of them
    await reader.read([first._id]);
    expect(await reader.read([first._id, second._id])).toEqual([first, second]);
  });

  it('keeps nothing of a read that a forget overtook', async () => {
    const reader = createCarReader(db);
    const reading = reader.read([first._id]);
    reader.forget(third._id);
    expect(await reading).toEqual([first]);
    await deleteRows(first._id);
    try {
      expect(await reader.read([first._id])).toEqual([undefined]);
    } finally {
      await restoreRows();
    }
  });
});
