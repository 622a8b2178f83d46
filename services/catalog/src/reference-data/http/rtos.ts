import { badRequest, conflict, type Db, notFound, onUniqueViolation } from '@marketplace/platform';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { toApiRto } from '../../domain/serialize';
import { rtos, states } from '../../store';
import { isUuid, likePattern, publicCache } from './common';
import type { CatalogHandlers } from './handlers';

/** @throws HttpError 400 when `code` does not carry the prefix of `state` (or carries one it has none of). */
export function assertCodeMatchesState(code: string, prefix: string | null): void {
  if (prefix ? !code.startsWith(`${prefix}-`) : code.includes('-')) {
    throw badRequest(
      prefix
        ? `code must start with ${prefix}- (the prefix of the chosen state)`
        : 'code must be digits only: the chosen state has no RTO prefix',
    );
  }
}

export function rtoHandlers(db: Db): CatalogHandlers<'listRtos' | 'createRto' | 'updateRto' | 'deleteRto'> {
  async function stateOf(id: string) {
    const [row] = isUuid(id) ? await db.select().from(states).where(eq(states.id, id)) : [];
    if (!row) throw badRequest('state: no such state');
    return row;
  }

  const save = <T>(code: string, fn: () => Promise<T>) =>
    onUniqueViolation(fn, () => conflict(`code ${code} already exists`));

  return {
    listRtos: {
      before: [publicCache],
      async handle(input) {
        const { state, keyword } = input.query;
        if (state && !isUuid(state)) return { data: [], message: 'No RTO found' };
        const rows = await db
          .select()
          .from(rtos)
          .where(
            and(
              state ? eq(rtos.stateId, state) : undefined,
              keyword
                ? or(ilike(rtos.code, likePattern(keyword)), ilike(rtos.city, likePattern(keyword)))
                : undefined,
            ),
          )
          .orderBy(asc(rtos.code));
        return {
          data: rows.map(toApiRto),
          message: rows.length ? `${rows.length} RTO found` : 'No RTO found',
        };
      },
    },
    async createRto(input) {
      const body = input.body;
      const state = await stateOf(body.state);
      assertCodeMatchesState(body.code, state.prefix);
      const [row] = await save(body.code, () =>
        db.insert(rtos).values({ stateId: state.id, city: body.city, code: body.code }).returning(),
      );
      return { message: 'RTO successfully created.', data: toApiRto(row!) };
    },
    async updateRto(input) {
      const { id } = input.params;
      const body = input.body;
      const [current] = isUuid(id) ? await db.select().from(rtos).where(eq(rtos.id, id)) : [];
      if (!current) throw notFound('RTO not found.');
      const state = await stateOf(body.state ?? current.stateId);
      const code = body.code ?? current.code;
      assertCodeMatchesState(code, state.prefix);
      const [row] = await save(code, () =>
        db
          .update(rtos)
          .set({ stateId: state.id, city: body.city ?? current.city, code })
          .where(eq(rtos.id, id))
          .returning(),
      );
      return { message: 'RTO successfully updated.', data: toApiRto(row!) };
    },
    async deleteRto(input) {
      const { id } = input.params;
      const [row] = isUuid(id) ? await db.delete(rtos).where(eq(rtos.id, id)).returning() : [];
      if (!row) throw notFound('RTO not found.');
      return { message: 'RTO successfully deleted.', data: toApiRto(row) };
    },
  };
}
