/** HTTP routes of the auth service (spec §7 "Authentication and account"). */
import type { ServicePorts } from '@marketplace/platform';
import { Router } from 'express';

/** The router; for now the public JWKS other services verify session tokens with. */
export function authRoutes(ports: ServicePorts): Router {
  const router = Router();
  router.get('/api/auth/.well-known/jwks.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(ports.signingKey?.jwks ?? { keys: [] });
  });
  return router;
}
