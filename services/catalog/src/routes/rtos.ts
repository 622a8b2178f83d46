/**
 * RTO offices (spec §7): `GET /api/RTO?state=&keyword=` → `{ data, message }`; Admin-only `POST /api/RTO`,
 * `PUT /api/RTO/{id}`, `DELETE /api/RTO/{id}`. A code is `<PREFIX>-<digits>` with its state's prefix, or
 * digits alone for a state without one (spec §5); codes are unique (409).
 */
import { idParams, rtoCreateBody, rtoListQuery, rtoUpdateBody } from '@marketplace/contracts';
import {
  badRequest,
  conflict,
  type Db,
  notFound,
  onUniqueViolation,
  parseInput,
  requireAdmin,
} from '@marketplace/platform';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { Router } from 'express';
import { toApiRto } from '../domain/serialize';
import { rtos, states } from '../store';
import { isUuid, likePattern, publicCache } from './common';

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

export function rtoRoutes(db: Db): Router {
  const router = Router();

  async function stateOf(id: string) {
    const [row] = isUuid(id) ? await db.select().from(states).where(eq(states.id, id)) : [];
    if (!row) throw badRequest('state: no such state');
    return row;
  }

  const save = <T>(code: string, fn: () => Promise<T>) =>
    onUniqueViolation(fn, () => conflict(`code ${code} already exists`));

  router.get('/api/RTO', publicCache, async (req, res) => {
    const { state, keyword } = parseInput(rtoListQuery, req.query);
    if (state && !isUuid(state)) return res.json({ data: [], message: 'No RTO found' });
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
    res.json({
      data: rows.map(toApiRto),
      message: rows.length ? `${rows.length} RTO found` : 'No RTO found',
    });
  });

  router.post('/api/RTO', requireAdmin, async (req, res) => {
    const body = parseInput(rtoCreateBody, req.body);
    const state = await stateOf(body.state);
    assertCodeMatchesState(body.code, state.prefix);
    const [row] = await save(body.code, () =>
      db.insert(rtos).values({ stateId: state.id, city: body.city, code: body.code }).returning(),
    );
    res.status(201).json({ message: 'RTO successfully created.', data: toApiRto(row!) });
  });

  router.put('/api/RTO/:id', requireAdmin, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const body = parseInput(rtoUpdateBody, req.body);
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
    res.json({ message: 'RTO successfully updated.', data: toApiRto(row!) });
  });

  router.delete('/api/RTO/:id', requireAdmin, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const [row] = isUuid(id) ? await db.delete(rtos).where(eq(rtos.id, id)).returning() : [];
    if (!row) throw notFound('RTO not found.');
    res.json({ message: 'RTO successfully deleted.', data: toApiRto(row) });
  });

  return router;
}
