/** HTTP routes of the listing service (spec §7 "Cars" writes, the seller's cars). */
import { requireUser } from '@marketplace/platform';
import { Router } from 'express';

/** The router; the seller's own cars (signed in only). */
export function listingRoutes(): Router {
  const router = Router();
  router.get('/api/cars/seller', requireUser, (_req, res) => {
    res.json({ data: [] });
  });
  return router;
}
