/** Profile edit (`PATCH /api/auth/profile`; issue 10). */
import type { updateProfileBody } from '@marketplace/contracts';
import { unauthorized } from '@marketplace/platform';
import type { Request } from 'express';
import type { z } from 'zod';
import { confirmProfileImage } from '../clients/peers';
import { type UserRow, userStore } from '../data/store';
import { messages } from '../domain/rules';
import { profileChanges } from '../domain/users';
import { emitUserUpdated } from '../events/publish';
import type { AuthDeps } from './deps';

/**
 * Applies `body` (`name`, `profileKey`, `removeProfile: true`; at least one) to user `userId`. A
 * `profileKey` is confirmed by storage first (this user's `cars` upload, a valid stored image, asked with
 * `forward`'s credentials) and saved as its image URL. A change emits `auth.user.updated`; an edit that
 * changes nothing emits none.
 * @returns the user as now stored.
 * @throws HttpError 401 the user is gone; 400 `profileKey: …` refused by storage; 503 storage is down.
 */
export async function updateProfile(
  deps: AuthDeps,
  userId: string,
  forward: Request,
  body: z.output<typeof updateProfileBody>,
): Promise<UserRow> {
  const { db, outbox } = deps.ports;
  const current = await userStore.byId(db, userId);
  if (!current) throw unauthorized(messages.sessionGone);
  // Outside the transaction: in embedded mode storage shares the one database connection.
  const profile =
    body.profileKey !== undefined
      ? (await confirmProfileImage(deps.ports.peers, forward, body.profileKey)).url
      : body.removeProfile
        ? null
        : undefined;
  const { changes, fields } = profileChanges(current, { name: body.name, profile });
  if (fields.length === 0) return current;
  return outbox.transaction(async (tx, emit) => {
    const updated = await userStore.update(tx, userId, changes);
    if (!updated) throw unauthorized(messages.sessionGone);
    await emitUserUpdated(emit, updated, fields);
    return updated;
  });
}
