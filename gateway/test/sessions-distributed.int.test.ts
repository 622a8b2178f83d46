/**
 * Durable session revocation in distributed mode (issue 20, point 1): the auth service and the test-drive
 * service run as two standalone services (`startService`, each with its own infrastructure, as their
 * `main.ts` would) and test-drive verifies tokens against auth's JWKS (JWKS_URL) and asks auth's record
 * through the peers port (AUTH_SERVICE_URL, the internal operation `checkSession`), caching the answer for
 * SESSION_CHECK_TTL_MS. Variants: each process on its own PGlite and memory cache (no shared fast path:
 * only the record can tell test-drive), and both on the real PostgreSQL and one Redis key prefix (the
 * cache fast path refuses at once; after the cache forgot it, the record still does).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authService } from '@marketplace/auth-service';
import { internalOperations } from '@marketplace/contracts';
import { createLogger, loadConfig, type RunningService, startService } from '@marketplace/platform';
import { testDriveService } from '@marketplace/test-drive-service';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login as signIn } from '../../test-support/accounts';
import { requireServer } from '../../test-support/servers';
import { call, type IsolatedServers, isolatedServers } from '../../test-support/system';

const postgresUrl = await requireServer('postgres');
const redisUrl = await requireServer('redis');
const variants = [
  { name: 'PGlite and memory caches', servers: undefined, skip: false },
  {
    name: 'PostgreSQL and Redis',
    servers: postgresUrl && redisUrl ? { postgresUrl, redisUrl } : undefined,
    skip: !postgresUrl || !redisUrl,
  },
];
const ROOT = { email: 'root@marketplace.in', password: 'rootPass123' };
const CHECK_TTL_MS = 800;

describe.each(variants)('distributed session checks on $name', ({ servers, skip }) => {
  let auth: RunningService | undefined;
  let testDrive: RunningService | undefined;
  const dirs: string[] = [];
  let isolated: IsolatedServers | undefined;
  let authEnv: Record<string, string>;
  const logger = createLogger({ level: 'silent' });

  const envFor = (name: string, extra: Record<string, string>): Record<string, string> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sessions-${name}-`));
    dirs.push(dataDir);
    return { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
  };

  beforeAll(async () => {
    if (skip) return;
    const shared: Record<string, string> = { SESSION_CHECK_TTL_MS: String(CHECK_TTL_MS) };
    if (servers) {
      isolated = await isolatedServers(servers, 'sessd');
      Object.assign(shared, isolated.env);
    }
    authEnv = envFor('auth', { ...shared, ADMIN_EMAIL: ROOT.email, ADMIN_PASSWORD: ROOT.password });
    auth = await startService(authService, loadConfig(authEnv), logger);
    testDrive = await startService(
      testDriveService,
      loadConfig(
        envFor('test-drive', {
          ...shared,
          JWKS_URL: `${auth.server.url}/api/auth/.well-known/jwks.json`,
          AUTH_SERVICE_URL: auth.server.url,
        }),
      ),
      logger,
    );
  });
  afterAll(async () => {
    await testDrive?.stop();
    await auth?.stop();
    await isolated?.cleanUp();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const atAuth = (method: string, p: string, opts: Parameters<typeof call>[3] = {}) =>
    call(auth!.server.url, method, p, opts);
  const atTestDrive = (p: string, token: string) => call(testDrive!.server.url, 'GET', p, { token });

  /** Signs in at auth with e-mail and password; the token. */
  const login = async (email: string, password: string): Promise<string> =>
    (await signIn(auth!.server.url, { email, password })).token;

  /** An Admin created by the root administrator at auth: `{ id, email, password }` (and a session). */
  const createAdmin = async () =>
    createUser(auth!.server.url, await login(ROOT.email, ROOT.password), {
      label: 'Admin',
      extra: { role: 'Admin' },
    });

  /** Polls test-drive's `p` with `token` until it answers `status`; ms it took. @throws on timeout. */
  async function untilStatus(p: string, token: string, status: number, withinMs: number): Promise<number> {
    const start = Date.now();
    for (;;) {
      const r = await atTestDrive(p, token);
      if (r.status === status) return Date.now() - start;
      if (Date.now() - start > withinMs)
        throw new Error(`${p} still answers ${r.status} after ${withinMs} ms`);
      await new Promise((res) => setTimeout(res, 50));
    }
  }

  it.skipIf(skip)(
    'auth answers the internal checkSession: the bearer token’s user, role and id; 401 without one or after logout',
    async () => {
      const { path: checkPath } = internalOperations.checkSession;
      const a = await createAdmin();
      const token = await login(a.email, a.password);
      const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
      const live = await atAuth('GET', checkPath, { token });
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ id: a.id, role: 'Admin', jti });
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect((await atAuth('GET', checkPath)).status).toBe(401);
      expect((await atAuth('POST', '/api/auth/logout', { token })).status).toBe(200);
      const gone = await atAuth('GET', checkPath, { token });
      expect(gone.status).toBe(401);
      expect(gone.body).toEqual({ message: expect.any(String) });
    },
  );

  it.skipIf(skip)('a logout at auth is refused by test-drive, also after the cache forgot it', async () => {
    const a = await createAdmin();
    const token = await login(a.email, a.password);
    expect((await atTestDrive('/api/testDrive', token)).status).toBe(200);
    expect((await atAuth('POST', '/api/auth/logout', { token })).status).toBe(200);
    if (servers) {
      // Shared Redis: the fast path refuses at once.
      expect((await atTestDrive('/api/testDrive', token)).status).toBe(401);
      const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
      // The cache forgets (as after a Redis restart): the record still refuses it.
      await auth!.infra.cache.del(`revoked:${jti}`);
      expect(await auth!.infra.cache.get(`revoked:${jti}`)).toBeUndefined();
    }
    await untilStatus('/api/testDrive', token, 401, CHECK_TTL_MS + 1_000);
    await new Promise((res) => setTimeout(res, CHECK_TTL_MS + 100));
    expect((await atTestDrive('/api/testDrive', token)).status).toBe(401);
  });

  it.skipIf(skip)('a role changed in auth’s database takes effect in test-drive within the TTL', async () => {
    const a = await createAdmin();
    const token = await login(a.email, a.password);
    expect((await atTestDrive('/api/testDrive/admin', token)).status).toBe(200);
    await auth!.infra.database.db.execute(sql`UPDATE auth.users SET role = 'User' WHERE id = ${a.id}`);
    const took = await untilStatus('/api/testDrive/admin', token, 401, CHECK_TTL_MS + 2_000);
    expect(took).toBeLessThan(CHECK_TTL_MS + 1_000);
  });

  it.skipIf(skip)('a deleted user’s token is refused by test-drive', async () => {
    const a = await createAdmin();
    const token = await login(a.email, a.password);
    expect((await atTestDrive('/api/testDrive', token)).status).toBe(200);
    const root = await login(ROOT.email, ROOT.password);
    expect((await atAuth('DELETE', `/api/account/user/${a.id}`, { token: root })).status).toBe(200);
    await untilStatus('/api/testDrive', token, 401, CHECK_TTL_MS + 1_000);
  });

  it.skipIf(skip)(
    'while auth is down, test-drive answers 503 for a session it cannot check, never 200',
    async () => {
      const a = await createAdmin();
      const token = await login(a.email, a.password);
      await auth!.stop();
      auth = undefined;
      try {
        const r = await atTestDrive('/api/testDrive', token);
        expect(r.status).toBe(503);
        expect(r.body).toEqual({ message: expect.any(String) });
      } finally {
        auth = await startService(authService, loadConfig(authEnv), logger);
      }
    },
  );
});
