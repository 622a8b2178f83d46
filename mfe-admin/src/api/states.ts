/** The admin's state call (spec §7 "Reference data"), by operation id through `callOperation`. */
import type { State } from '@marketplace/contracts';
import { callOperation } from '@marketplace/ui';
import { fresh } from './read-options';

/** `listStates` (`GET /api/carstate`): every state and union territory with its RTO prefix. */
export async function fetchStates(): Promise<State[]> {
  const { data } = await callOperation('listStates', {}, fresh);
  return data.data;
}
