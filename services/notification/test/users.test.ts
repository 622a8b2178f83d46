/**
 * The users projection (store.ts) fed by `auth.user.registered|verified|updated|deleted` through the
 * platform's consumer runtime, on an in-memory PGlite with the service's migrations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPayloads } from '@marketplace/contracts';
import {
  createDatabase,
  createLogger,
  createOutbox,
  type Database,
  toSubscription,
} from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables, userStore } from '../src/data/store';
import { usersProjectionConsumer } from '../src/events/consumers';
import { newUser, userDeleted, userRegistered, userUpdated, userVerified } from './support/fixtures';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const logger = createLogger({ level: 'silent' });

let database: Database;
let sub: ReturnType<typeof toSubscription>;
beforeAll(async () => {
  database = await createDatabase();
  await database.prepareSchema({ schema: 'notification', migrationsFolder });
  sub = toSubscription(usersProjectionConsumer(), {
    outbox: createOutbox<EventPayloads>({ db: database.db, tables }),
    tables,
    logger,
  });
});
afterAll(async () => {
  await database?.close();
});

const deliver = (body: unknown, attempt = 1) => sub.handle({ body, attempt });
const recipient = (id: string) => userStore.recipient(database.db, id);

describe('users projection', () => {
  it('knows a registered user by id, and a redelivery changes nothing', async () => {
    const u = newUser('Asha Rao');
    const event = userRegistered(u);
    await deliver(event);
    await deliver(event, 2);
    expect(await recipient(u.userId)).toEqual({
      id: u.userId,
      name: 'Asha Rao',
      email: u.email,
      phone: u.phone_number,
    });
  });

  it('takes name and e-mail from the newest event and ignores an older one arriving late', async () => {
    const u = newUser('Ravi');
    await deliver(userVerified({ ...u, name: 'Ravi Kumar' }, '2026-03-01T10:00:05.000Z'));
    await deliver(userRegistered({ ...u, name: 'Ravi' }, '2026-03-01T10:00:00.000Z'));
    expect((await recipient(u.userId))?.name).toBe('Ravi Kumar');
    await deliver(
      userVerified({ ...u, name: 'Ravi K.', email: 'ravi.k@example.in' }, '2026-03-02T09:00:00.000Z'),
    );
    expect(await recipient(u.userId)).toMatchObject({ name: 'Ravi K.', email: 'ravi.k@example.in' });
  });

  it('takes a new name from auth.user.updated; an older event arriving late does not undo it', async () => {
    const u = newUser('Asha');
    await deliver(userVerified(u, '2026-03-01T10:00:00.000Z'));
    await deliver(userUpdated({ ...u, name: 'Asha R.' }, '2026-03-05T10:00:00.000Z'));
    expect(await recipient(u.userId)).toMatchObject({
      name: 'Asha R.',
      email: u.email,
      phone: u.phone_number,
    });
    await deliver(userRegistered(u, '2026-03-01T09:00:00.000Z'));
    expect((await recipient(u.userId))?.name).toBe('Asha R.');
    const deleted = newUser('Dev');
    await deliver(userDeleted(deleted, '2026-03-01T11:00:00.000Z'));
    await deliver(userUpdated(deleted, '2026-03-01T12:00:00.000Z'));
    expect(await recipient(deleted.userId)).toBeUndefined();
  });

  it('forgets a deleted user and is not brought back by a late registration', async () => {
    const u = newUser('Meera');
    await deliver(userRegistered(u, '2026-03-01T10:00:00.000Z'));
    await deliver(userDeleted(u, '2026-03-01T11:00:00.000Z'));
    expect(await recipient(u.userId)).toBeUndefined();
    expect(await userStore.row(database.db, u.userId)).toMatchObject({
      name: null,
      email: null,
      phone: null,
      deletedAt: new Date('2026-03-01T11:00:00.000Z'),
    });
    await deliver(userVerified(u, '2026-03-01T12:00:00.000Z'));
    expect(await recipient(u.userId)).toBeUndefined();
  });

  it('keeps a tombstone for a deletion that arrives before the registration', async () => {
    const u = newUser('Kiran');
    await deliver(userDeleted(u, '2026-03-01T11:00:00.000Z'));
    await deliver(userRegistered(u, '2026-03-01T10:00:00.000Z'));
    expect(await recipient(u.userId)).toBeUndefined();
  });

  it('answers undefined for unknown ids and ids that are not UUIDs', async () => {
    expect(await recipient('de30de30-0000-4000-8000-000000000001')).toBeUndefined();
    expect(await recipient('not-a-uuid')).toBeUndefined();
  });
});
