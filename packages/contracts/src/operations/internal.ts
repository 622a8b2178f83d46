/**
 * Internal operations: calls between services that are not part of the public API. They are declared like
 * every operation (owner, access, schemas), so the owner binds a handler to each (`operationsOf`) and a
 * peer calls them by id (`peers.callOperation`), but they are not in the API's registry: not in the
 * OpenAPI document, the front ends' route table or the gateway's routing. Their paths lie outside `/api`,
 * so the distributed gateway never proxies them (a service's own port is reachable only inside the
 * cluster, docs/operations.md). The embedded host mounts them like every operation, so a service run on
 * its own can ask an embedded host; what they answer tells a caller nothing its own token does not.
 */
import { sessionCheckResponse } from '../auth';
import { defineOperations } from './define';

export const internalOperations = defineOperations({
  checkSession: {
    method: 'get',
    path: '/internal/auth/session',
    summary: 'Checks a session token against the auth record (ADR 11)',
    description:
      "For other services' token verifiers in distributed mode: the token comes as `Authorization: Bearer` " +
      'and is checked against the record read now (no cache). It tells the caller nothing beyond what the ' +
      "token's own holder may learn.",
    tags: ['Internal'],
    service: 'auth',
    access: 'user',
    responses: { 200: { description: 'The session is live', schema: sessionCheckResponse } },
  },
});
