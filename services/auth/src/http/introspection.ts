/**
 * Session introspection for other services' verifiers (distributed mode, issue 20; platform
 * `remoteSessionCheck`): `GET` {@link SESSION_INTROSPECTION_PATH} with the token as `Authorization:
 * Bearer`; it is verified with the record read now (no cache) → 200 `{ id, role, jti }`, else 401
 * `{ message }`. Not an API operation, so the gateway never proxies it; it tells a caller nothing beyond
 * what the token's own holder may learn.
 */
import type { EventPayloads } from '@marketplace/contracts';
import {
  SESSION_INTROSPECTION_PATH,
  type ServicePorts,
  tokenFrom,
  unauthorized,
} from '@marketplace/platform';
import { Router } from 'express';
import { messages } from '../domain/rules';

/** The router of the introspection route. */
export function introspectionRouter(ports: ServicePorts<EventPayloads>): Router {
  const router = Router();
  router.get(SESSION_INTROSPECTION_PATH, async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    const token = tokenFrom(req.headers.authorization, undefined);
    const principal = token ? await ports.tokens.verify(token, { fresh: true }) : undefined;
    if (!principal) throw unauthorized(messages.sessionGone);
    res.json({ id: principal.id, role: principal.role, jti: principal.jti });
  });
  return router;
}
