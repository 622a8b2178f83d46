/**
 * The admin's user calls (spec §7 "Authentication and account"), by operation id through `callOperation`.
 * The list is quiet: its failures are only logged (spec §8).
 */
import type { User } from '@marketplace/contracts';
import { callOperation, type OperationBody } from '@marketplace/ui';
import { nonEmpty } from './read-options';

/** The add-user body (spec §2 "Add-user form"). */
export type NewUserBody = OperationBody<'createUser'>;

/** `getAllUsers` (`GET /api/account/getAllUser?userType=`): a JSON array of users, optionally of one role. */
export async function fetchUsers(userType?: string): Promise<User[]> {
  const { data } = await callOperation('getAllUsers', { query: nonEmpty({ userType }) }, { quiet: true });
  return data;
}

/** `createUser` (`POST /api/account/user/new`). */
export async function createUser(body: NewUserBody): Promise<string> {
  const { data } = await callOperation('createUser', { body });
  return data.message;
}

/** `deleteUser` (`DELETE /api/account/user/{id}`). */
export async function deleteUser(id: string): Promise<string> {
  const { data } = await callOperation('deleteUser', { params: { id } });
  return data.message;
}
