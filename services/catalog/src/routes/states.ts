/** `GET /api/carstate?keyword=` → `{ data: [states] }`: the 36 states and union territories (read-only). */
import { stateListQuery } from '@marketplace/contracts';
import { type Db, parseInput } from '@marketplace/platform';
import { asc, ilike } from 'drizzle-orm';
import { Router } from 'express';
import { toApiState } from '../domain/serialize';
import { states } from '../store';
import { likePattern, publicCache } from './common';

export function stateRoutes(db: Db): Router {
  const router = Router();
  router.get('/api/carstate', publicCache, async (req, res) => {
    const { keyword } = parseInput(stateListQuery, req.query);
    const rows = await db
      .select()
      .from(states)
      .where(keyword ? ilike(states.name, likePattern(keyword)) : undefined)
      .orderBy(asc(states.name));
    res.json({ data: rows.map(toApiState) });
  });
  return router;
}
