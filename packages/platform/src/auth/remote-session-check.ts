/**
 * The session check of a process that does not issue sessions (distributed mode, issue 20; ADR 11): it
 * calls the internal operation `checkSession` (packages/contracts `operations/internal.ts`) through the
 * peers port, so the owner of the session record answers, whichever service that is.
 */
import { sessionCheckResponse } from '@marketplace/contracts';
import { HttpError } from '../errors';
import type { Peers } from '../peers';
import type { SessionCheck } from './verifier';

/**
 * The session check of a process that does not issue sessions: calls `checkSession` with the token as
 * `Authorization: Bearer`; its owner verifies it against its database. 200 with the same user, role and
 * token id → good; 401/403 → revoked.
 * @throws HttpError 503 when the owner cannot be reached or answers anything else.
 */
export function remoteSessionCheck(peers: Pick<Peers, 'callOperation'>): SessionCheck {
  return async (token, claims) => {
    const res = await peers.callOperation('checkSession', {
      forward: { headers: { authorization: `Bearer ${token}` } },
    });
    if (res.status === 200) {
      const answer = sessionCheckResponse.safeParse(res.body);
      if (!answer.success) throw new HttpError(503, 'the session check answered an unexpected body');
      const { id, role, jti } = answer.data;
      return id === claims.userId && role === claims.role && jti === claims.jti;
    }
    if (res.status === 401 || res.status === 403) return false;
    throw new HttpError(503, 'the session check is unavailable, please try again.');
  };
}
