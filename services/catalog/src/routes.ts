/** HTTP routes of the catalog service (spec §7 "Reference data" and the reads of "Cars"). */
import { Router } from 'express';

/** The router; states are seeded by the catalog issue, until then the list is empty. */
export function catalogRoutes(): Router {
  const router = Router();
  router.get('/api/carstate', (_req, res) => {
    res.json({ data: { states: [] } });
  });
  return router;
}
