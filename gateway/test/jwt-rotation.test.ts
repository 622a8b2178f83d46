/**
 * JWT key rotation across processes: the real auth service (standalone, PGlite in a temp DATA_DIR) publishes
 * its JWKS, other services verify against JWKS_URL with `createTokenVerifier` (what `createInfrastructure`
 * gives each service). After auth restarts with a new JWT_PRIVATE_KEY and the old public key in
 * JWT_PREVIOUS_PUBLIC_KEYS, a token signed with the old key still verifies (by its `kid`) on a new verifier
 * and on one that cached the old key set (it refetches on the unknown kid of a new token); after a restart
 * without JWT_PREVIOUS_PUBLIC_KEYS the old token is refused.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authService } from '@marketplace/auth-service';
import {
  createLogger,
  createTokenVerifier,
  JWKS_COOLDOWN_MS,
  loadConfig,
  loadSigningKey,
  type RunningService,
  signSessionToken,
  startService,
} from '@marketplace/platform';
import { afterAll, describe, expect, it } from 'vitest';

const ISSUER = 'used-car-marketplace';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-rotation-'));
let auth: RunningService | undefined;

afterAll(async () => {
  await auth?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function keyPair() {
  return generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** (Re)starts the auth service on `port` (0 = any) with `env`. */
async function startAuth(port: number, env: Record<string, string>) {
  await auth?.stop();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  auth = await startService(authService, config, createLogger({ level: 'silent' }));
  return auth;
}

async function tokenSignedWith(privateKeyPem: string, userId: string) {
  const key = await loadSigningKey({ pem: privateKeyPem, dataDir });
  return {
    kid: key.kid,
    token: await signSessionToken(
      key,
      { id: userId, role: 'Admin' },
      { issuer: ISSUER, jti: `jti-${key.kid.slice(0, 12)}` },
    ),
  };
}

describe('JWT key rotation', () => {
  it('keeps old tokens valid while the old public key is published, and refuses them after', async () => {
    const oldKey = keyPair();
    const newKey = keyPair();
    const olderKey = keyPair();

    // Before the rotation: auth signs with the old key. Tokens are for the development administrator.
    const first = await startAuth(0, { JWT_PRIVATE_KEY: oldKey.privateKey });
    const port = first.server.port;
    const login = await fetch(`${first.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@marketplace.local', password: 'Admin@12345' }),
    });
    expect(login.status).toBe(200);
    const adminId = ((await login.json()) as { user: { _id: string } }).user._id;
    const old = await tokenSignedWith(oldKey.privateKey, adminId);
    const fresh = await tokenSignedWith(newKey.privateKey, adminId);
    const jwksUrl = `${first.server.url}/api/auth/.well-known/jwks.json`;
    const before = (await (await fetch(jwksUrl)).json()) as { keys: Array<{ kid: string }> };
    expect(before.keys.map((k) => k.kid)).toEqual([old.kid]);
    const longLived = createTokenVerifier({ issuer: ISSUER, jwksUrl });
    expect(await longLived.verify(old.token)).toMatchObject({ id: adminId });
    const fetchedAt = Date.now();
    expect(await longLived.verify(fresh.token)).toBeUndefined();

    // Rotation: the new private key signs; the old public key (and an older one) stay published.
    await startAuth(port, {
      JWT_PRIVATE_KEY: newKey.privateKey,
      JWT_PREVIOUS_PUBLIC_KEYS: `${oldKey.publicKey}\n${olderKey.publicKey}`,
    });
    const during = (await (await fetch(jwksUrl)).json()) as { keys: Array<{ kid: string; alg: string }> };
    expect(during.keys).toHaveLength(3);
    expect(during.keys[0]!.kid).toBe(fresh.kid);
    expect(during.keys[1]!.kid).toBe(old.kid);
    expect(new Set(during.keys.map((k) => k.kid)).size).toBe(3);
    expect(during.keys.every((k) => k.alg === 'ES256')).toBe(true);
    expect(JSON.stringify(during)).not.toContain('"d"');
    const service = createTokenVerifier({ issuer: ISSUER, jwksUrl });
    expect(await service.verify(old.token)).toMatchObject({ id: adminId });
    expect(await service.verify(fresh.token)).toMatchObject({ id: adminId });
    // A verifier that cached the pre-rotation set refetches when a token names an unknown kid (once its
    // cooldown since the last fetch is over), and still accepts the old token.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, fetchedAt + JWKS_COOLDOWN_MS + 100 - Date.now())),
    );
    expect(await longLived.verify(fresh.token)).toMatchObject({ id: adminId });
    expect(await longLived.verify(old.token)).toMatchObject({ id: adminId });
    // The auth service itself (local key set) accepts both too.
    const profile = await fetch(`http://127.0.0.1:${port}/api/auth/profile`, {
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(profile.status).toBe(200);

    // After the old tokens expired the operator drops the old key: it is refused.
    await startAuth(port, { JWT_PRIVATE_KEY: newKey.privateKey });
    const after = (await (await fetch(jwksUrl)).json()) as { keys: Array<{ kid: string }> };
    expect(after.keys.map((k) => k.kid)).toEqual([fresh.kid]);
    const later = createTokenVerifier({ issuer: ISSUER, jwksUrl });
    expect(await later.verify(old.token)).toBeUndefined();
    expect(await later.verify(fresh.token)).toMatchObject({ id: adminId });
    const refused = await fetch(`http://127.0.0.1:${port}/api/auth/profile`, {
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(refused.status).toBe(401);
  }, 120_000);
});
