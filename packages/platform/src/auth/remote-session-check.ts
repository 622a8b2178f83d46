/**
 * The session check of a process that is not the auth service: it asks the auth service's introspection
 * route through the peers port (issue 20).
 */
import { HttpError } from '../errors';
import type { Peers } from '../peers';
import type { Role } from './principal';
import type { SessionCheck } from './verifier';

/** Path of the auth service's introspection route (not in the public route table, so never proxied). */
export const SESSION_INTROSPECTION_PATH = '/api/auth/internal/session';

/** What the introspection route answers for a good token (200); 401 `{ message }` otherwise. */
export interface IntrospectionAnswer {
  id: string;
  role: Role;
  jti: string;
}

/**
 * The session check of a process that is not the auth service (distributed mode, issue 20): asks the auth
 * service through the peers port (`GET` {@link SESSION_INTROSPECTION_PATH} with the token as
 * `Authorization: Bearer`), which verifies it against its database. 200 with the same user, role and
 * token id → good; 401/403 → revoked.
 * @throws HttpError 503 when auth cannot be reached or answers anything else.
 */
export function remoteSessionCheck(peers: Pick<Peers, 'call'>): SessionCheck {
  return async (token, claims) => {
    const res = await peers.call<IntrospectionAnswer>('auth', {
      path: SESSION_INTROSPECTION_PATH,
      forward: { headers: { authorization: `Bearer ${token}` } },
    });
    if (res.status === 200) {
      return res.body?.id === claims.userId && res.body.role === claims.role && res.body.jti === claims.jti;
    }
    if (res.status === 401 || res.status === 403) return false;
    throw new HttpError(503, 'auth service is unavailable, please try again.');
  };
}
