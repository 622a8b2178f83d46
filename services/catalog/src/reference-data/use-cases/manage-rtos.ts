/**
 * Creating and changing RTO offices (spec §7 `POST`, `PUT /api/RTO`; Admin only): the state must exist
 * and the code carry its prefix; codes are unique (409).
 */
import type { Rto, rtoCreateBody, rtoUpdateBody } from '@marketplace/contracts';
import { badRequest, conflict, type Db, notFound, onUniqueViolation } from '@marketplace/platform';
import type { z } from 'zod';
import { rtoStore } from '../data/rtos';
import { stateStore } from '../data/states';
import { notFoundMessage } from '../domain/messages';
import { assertCodeMatchesState } from '../domain/rules';
import { toApiRto } from '../domain/serialize';

/** State `id`. @throws HttpError 400 `state: no such state`. */
async function stateOf(db: Db, id: string) {
  const row = await stateStore.byId(db, id);
  if (!row) throw badRequest('state: no such state');
  return row;
}

/** Runs `fn`, turning a duplicate code into the 409 naming it. */
const uniqueCode = <T>(code: string, fn: () => Promise<T>) =>
  onUniqueViolation(fn, () => conflict(`code ${code} already exists`));

/**
 * Creates an RTO office. @throws HttpError 400 unknown state or a code without its prefix; 409 a code that
 * exists.
 */
export async function createRto(db: Db, body: z.output<typeof rtoCreateBody>): Promise<Rto> {
  const state = await stateOf(db, body.state);
  assertCodeMatchesState(body.code, state.prefix);
  const row = await uniqueCode(body.code, () =>
    rtoStore.insert(db, { stateId: state.id, city: body.city, code: body.code }),
  );
  return toApiRto(row);
}

/**
 * Changes RTO office `id` (absent fields keep their value). @throws HttpError 404 unknown office; as
 * {@link createRto}.
 */
export async function updateRto(db: Db, id: string, body: z.output<typeof rtoUpdateBody>): Promise<Rto> {
  const current = await rtoStore.byId(db, id);
  if (!current) throw notFound(notFoundMessage('RTO'));
  const state = await stateOf(db, body.state ?? current.stateId);
  const code = body.code ?? current.code;
  assertCodeMatchesState(code, state.prefix);
  const row = await uniqueCode(code, () =>
    rtoStore.update(db, id, { stateId: state.id, city: body.city ?? current.city, code }),
  );
  return toApiRto(row);
}
