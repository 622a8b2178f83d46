/** The API shape of a user (spec §3 "Auth user"): never a password or code hash. */
import type { User } from '@marketplace/contracts';
import type { UserRow } from '../data/store';

/** Avatar shown when a user has no profile image (served by the auth service). */
export const DEFAULT_AVATAR_PATH = '/api/auth/avatar/default.svg';

/** `{ _id, name, role, profile, email, phone_number?, username?, createdAt, emailVerified }` of `row`. */
export function toApiUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    role: row.role,
    profile: row.profile ?? DEFAULT_AVATAR_PATH,
    email: row.email,
    ...(row.phoneNumber ? { phone_number: row.phoneNumber } : {}),
    ...(row.username ? { username: row.username } : {}),
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerified,
  };
}

/** Which identifier of `wanted` an existing user already holds (e-mail first, then username, phone). */
export function takenField(
  existing: UserRow[],
  wanted: { email: string; username?: string; phoneNumber?: string },
): 'email' | 'username' | 'phone_number' | undefined {
  if (existing.some((u) => u.email === wanted.email)) return 'email';
  if (wanted.username && existing.some((u) => u.username === wanted.username)) return 'username';
  if (wanted.phoneNumber && existing.some((u) => u.phoneNumber === wanted.phoneNumber)) return 'phone_number';
  return undefined;
}

/** What `PATCH /api/auth/profile` may change: the name and the profile image URL (`null` = default avatar). */
export type ProfileChangeField = 'name' | 'profile';

/**
 * The columns a profile edit actually changes on `row`: `wanted.name` when it differs from the stored name,
 * `wanted.profile` (an image URL, or `null` for the default avatar) when it differs from the stored URL;
 * `undefined` wants no change. `fields` lists the changed ones in that order (empty = nothing to do).
 */
export function profileChanges(
  row: Pick<UserRow, 'name' | 'profile'>,
  wanted: { name?: string; profile?: string | null },
): { changes: { name?: string; profile?: string | null }; fields: ProfileChangeField[] } {
  const changes: { name?: string; profile?: string | null } = {};
  if (wanted.name !== undefined && wanted.name !== row.name) changes.name = wanted.name;
  if (wanted.profile !== undefined && wanted.profile !== row.profile) changes.profile = wanted.profile;
  const fields = (['name', 'profile'] as const).filter((f) => f in changes);
  return { changes, fields };
}
