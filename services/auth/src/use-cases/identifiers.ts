/**
 * One e-mail, username and phone number per account (spec §7 sign-up; issue 20, point 4): identifiers held
 * by sign-ups left unverified for over UNVERIFIED_TTL_MS are released first.
 */
import { conflict, onUniqueViolation } from '@marketplace/platform';
import { userStore } from '../data/store';
import { messages, UNVERIFIED_TTL_MS } from '../domain/rules';
import { takenField } from '../domain/users';
import type { AuthDeps } from './deps';

/** The identifiers a new account claims. */
export interface Identifiers {
  email: string;
  username?: string;
  phoneNumber?: string;
}

/**
 * Frees identifiers held by expired sign-ups: deletes those accounts, each with `auth.user.deleted` (no
 * `deletedBy`), in one transaction.
 */
export async function releaseExpired(deps: AuthDeps, ids: Partial<Identifiers>): Promise<void> {
  const before = new Date(deps.ports.clock().getTime() - UNVERIFIED_TTL_MS);
  await deps.ports.outbox.transaction(async (tx, emit) => {
    for (const row of await userStore.removeExpiredHolding(tx, ids, before)) {
      await emit('auth.user.deleted', { userId: row.id });
    }
  });
}

/** @throws HttpError 409 naming the identifier another user holds (after expired sign-ups released theirs). */
export async function assertAvailable(deps: AuthDeps, ids: Identifiers): Promise<void> {
  await releaseExpired(deps, ids);
  const field = takenField(await userStore.holding(deps.ports.db, ids), ids);
  if (field) throw conflict(messages.taken(field));
}

/** Runs `fn`; a unique violation (a race with another sign-up) becomes the 409 of {@link assertAvailable}. */
export function inserting<T>(deps: AuthDeps, ids: Identifiers, fn: () => Promise<T>): Promise<T> {
  return onUniqueViolation(fn, async () => {
    await assertAvailable(deps, ids);
    return conflict(messages.taken('email'));
  });
}
