/**
 * Session tokens for test users that exist (issue 20: a token is good only while its user exists in the
 * auth database with the role it claims). `sessionFor` inserts a verified user straight into `auth.users`
 * and signs a token for it with the system's key, without going through sign-up.
 */
import { randomUUID } from 'node:crypto';
import { type Role, signSessionToken } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import type { EmbeddedSystem } from '../gateway/src/embedded';

/**
 * Inserts a verified user of `role` (default User) into the auth database of `system` and signs a
 * 30-day session token for it. @returns `{ id, token }`.
 */
export async function sessionFor(
  system: EmbeddedSystem,
  role: Role = 'User',
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  await system.infra.database.db.execute(
    sql`INSERT INTO auth.users (id, name, email, role, verified)
        VALUES (${id}, ${`Test ${role}`}, ${`test-${id}@example.in`}, ${role}, true)`,
  );
  const token = await signSessionToken(
    system.infra.signingKey!,
    { id, role },
    { issuer: system.infra.config.JWT_ISSUER, jti: randomUUID() },
  );
  return { id, token };
}
