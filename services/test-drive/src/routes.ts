/** HTTP routes of the test-drive service (spec §7 "Test drives"). */
import { requireUser } from '@marketplace/platform';
import { Router } from 'express';

/** The router; the signed-in user's bookings. */
export function testDriveRoutes(): Router {
  const router = Router();
  router.get('/api/testDrive', requireUser, (_req, res) => {
    res.json({ data: [] });
  });
  return router;
}
