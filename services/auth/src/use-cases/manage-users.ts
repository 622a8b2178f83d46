/** The Admin's user accounts (spec §7 "Account"; issue 4): list, create, delete. */
import type { createUserBody } from '@marketplace/contracts';
import { conflict, notFound, type Principal, revokeUser } from '@marketplace/platform';
import type { z } from 'zod';
import { type UserRow, userStore } from '../data/store';
import { messages } from '../domain/rules';
import { hashSecret } from '../domain/secrets';
import type { AuthDeps } from './deps';
import { assertAvailable, inserting } from './identifiers';

/** Every user, or those of role `userType`. */
export function listUsers(deps: AuthDeps, userType: 'User' | 'Admin' | undefined): Promise<UserRow[]> {
  return userStore.list(deps.ports.db, userType);
}

/**
 * Creates a verified user (an administrator vouches for the address) and emits `auth.user.registered`.
 * @throws HttpError 409 naming a taken e-mail, username or phone.
 */
export async function createUser(deps: AuthDeps, body: z.output<typeof createUserBody>): Promise<UserRow> {
  const ids = { email: body.email, username: body.username, phoneNumber: body.phone_number };
  await assertAvailable(deps, ids);
  const passwordHash = await hashSecret(body.password);
  return inserting(deps, ids, () =>
    deps.ports.outbox.transaction(async (tx, emit) => {
      const created = await userStore.insert(tx, {
        name: body.name,
        username: body.username,
        email: body.email,
        phoneNumber: body.phone_number ?? null,
        passwordHash,
        role: body.role,
        verified: true,
        // An administrator vouches for the address (issue 20, point 3).
        emailVerified: true,
      });
      await emit('auth.user.registered', {
        userId: created.id,
        name: created.name,
        email: created.email,
        ...(created.phoneNumber ? { phone_number: created.phoneNumber } : {}),
        username: body.username,
        role: created.role,
        verified: true,
        provider: 'admin',
      });
      return created;
    }),
  );
}

/**
 * Deletes user `id` and emits `auth.user.deleted` (deletedBy: `admin`); their tokens are refused at once.
 * @throws HttpError 409 an administrator deleting themselves; 404 no such user.
 */
export async function deleteUser(deps: AuthDeps, admin: Principal, id: string): Promise<UserRow> {
  const { ports } = deps;
  if (id === admin.id) throw conflict(messages.cannotDeleteSelf);
  const deleted = await ports.outbox.transaction(async (tx, emit) => {
    const row = await userStore.remove(tx, id);
    if (!row) throw notFound(messages.userNotFound);
    await emit('auth.user.deleted', { userId: row.id, deletedBy: admin.id });
    return row;
  });
  // The record is the deleted row; the cache only makes other processes refuse the tokens at once.
  ports.tokens.forget({ userId: deleted.id });
  await revokeUser(ports.cache, deleted.id).catch((err: unknown) =>
    ports.logger.warn({ err }, 'user deleted: the cache fast path could not be written'),
  );
  return deleted;
}
