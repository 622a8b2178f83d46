/**
 * The auth service's events about a user whose record changed (packages/contracts events.ts), emitted in
 * the transaction of the change through the outbox.
 */
import type { EventPayloads } from '@marketplace/contracts';
import type { Emit } from '@marketplace/platform';
import type { UserRow } from '../data/store';

/** Emits `auth.user.updated` with the user's current name, e-mail, phone and photo and the `changed` fields. */
export function emitUserUpdated(
  emit: Emit<EventPayloads>,
  user: UserRow,
  changed: EventPayloads['auth.user.updated']['changed'],
): Promise<unknown> {
  return emit('auth.user.updated', {
    userId: user.id,
    name: user.name,
    email: user.email,
    ...(user.phoneNumber ? { phone_number: user.phoneNumber } : {}),
    profile: user.profile,
    changed,
  });
}
