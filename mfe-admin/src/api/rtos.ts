/**
 * The admin's RTO calls (spec §7 "Reference data"), by operation id through `callOperation`. Failed calls
 * toast the server's message through the shared client (spec §8); writes resolve with the server's message.
 */
import type { Rto } from '@marketplace/contracts';
import { callOperation, type OperationBody } from '@marketplace/ui';
import { fresh, nonEmpty } from './read-options';

/** An RTO write body (spec §7): state id, city and code. */
export type RtoBody = OperationBody<'createRto'>;

/** `listRtos` (`GET /api/RTO?state=`): RTO offices, optionally of one state. */
export async function fetchRtos(state?: string): Promise<Rto[]> {
  const { data } = await callOperation('listRtos', { query: nonEmpty({ state }) }, fresh);
  return data.data;
}

/** `createRto` (`POST /api/RTO`). */
export async function createRto(body: RtoBody): Promise<string> {
  const { data } = await callOperation('createRto', { body });
  return data.message;
}

/** `updateRto` (`PUT /api/RTO/{id}`). */
export async function updateRto(id: string, body: RtoBody): Promise<string> {
  const { data } = await callOperation('updateRto', { params: { id }, body });
  return data.message;
}

/** `deleteRto` (`DELETE /api/RTO/{id}`). */
export async function deleteRto(id: string): Promise<string> {
  const { data } = await callOperation('deleteRto', { params: { id } });
  return data.message;
}
