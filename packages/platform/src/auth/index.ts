/**
 * Authentication shared by every service: JWTs signed by the auth service with an ES256 key (jose),
 * verified by each service against the auth service's JWKS (distributed) or the in-process key set
 * (embedded). The token comes from the `auth-token` cookie or `Authorization: Bearer`.
 *
 * Revocation (issue 20, point 1) has two layers:
 * - the fast path, in the shared cache (memory or Redis): `revoked:<jti>` (logout), `revoked-user:<id>`
 *   (deleted user) and `session-version:<id>` (sign out everywhere, password change) refuse a token at
 *   once in every process that shares the cache;
 * - the record, in the auth service's database: revoked token ids until they expire, and a per-user
 *   session version (tokens carry it as claim `sv`). A {@link SessionCheck} installed on the verifier
 *   (`useSessionCheck`) asks that record whether the token is still good — that the user exists, has the
 *   role the token claims, and the token is neither revoked nor older than the user's session version. In
 *   the process that issues sessions (and the embedded host) the check reads the database; in other
 *   distributed processes it calls the internal operation `checkSession` (`remoteSessionCheck`). Its answers are cached in process for at most
 *   `SESSION_CHECK_TTL_MS` (≤ 60 s), so a cache eviction or a Redis restart never brings a token back.
 *
 * Files: principal.ts (cookies, roles, `req.principal`), keys.ts (signing key, JWKS, signing), verifier.ts
 * (verification and the session-check cache), revocation.ts (the cache fast path), remote-session-check.ts,
 * middleware.ts (`authenticate`, `requireUser`, `requireAdmin`) and seal.ts (sealed event fields).
 */
export { loadSigningKey, publicKeysToJwks, type SigningKey, signSessionToken } from './keys';
export * from './middleware';
export * from './principal';
export * from './remote-session-check';
export { revokeSessionsBelow, revokeToken, revokeUser } from './revocation';
export * from './seal';
export * from './verifier';
