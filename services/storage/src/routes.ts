/** HTTP routes of the storage service (spec §7 "Image and logo upload"). */
import { Router } from 'express';
import { uploadLimits } from './domain/limits';

/** The router; the upload limits clients check before sending a file. */
export function storageRoutes(): Router {
  const router = Router();
  router.get('/api/storage/limits', (_req, res) => {
    res.json({ data: uploadLimits });
  });
  return router;
}
