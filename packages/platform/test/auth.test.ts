import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../src/cache/memory';
import {
  authenticate,
  createHttpApp,
  createLogger,
  createTokenVerifier,
  listen,
  loadConfig,
  loadSigningKey,
  publicKeysToJwks,
  requireAdmin,
  requireUser,
  revokeToken,
  revokeUser,
  signSessionToken,
} from '../src/index';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('session tokens', async () => {
  const key = await loadSigningKey({ dataDir });
  const cache = createMemoryCache();
  const verifier = createTokenVerifier({ issuer: 'test', jwks: key.jwks, cache });

  it('persists the development key so tokens survive a restart', async () => {
    const again = await loadSigningKey({ dataDir });
    expect(again.kid).toBe(key.kid);
    expect(JSON.stringify(again.jwks)).not.toContain('"d"');
  });

  it('verifies its own token and refuses a tampered, foreign or revoked one', async () => {
    const token = await signSessionToken(key, { id: 'u1', role: 'Admin' }, { issuer: 'test', jti: 'j1' });
    expect(await verifier.verify(token)).toMatchObject({ id: 'u1', role: 'Admin', jti: 'j1' });
    expect(await verifier.verify(`${token.slice(0, -4)}AAAA`)).toBeUndefined();
    const other = await loadSigningKey({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'auth-other-')) });
    expect(
      await verifier.verify(
        await signSessionToken(other, { id: 'u1', role: 'User' }, { issuer: 'test', jti: 'x' }),
      ),
    ).toBeUndefined();
    expect(
      await verifier.verify(
        await signSessionToken(key, { id: 'u1', role: 'User' }, { issuer: 'evil', jti: 'y' }),
      ),
    ).toBeUndefined();
    await revokeToken(cache, (await verifier.verify(token))!);
    expect(await verifier.verify(token)).toBeUndefined();
    const other2 = await signSessionToken(key, { id: 'u9', role: 'User' }, { issuer: 'test', jti: 'j9' });
    expect(await verifier.verify(other2)).toMatchObject({ id: 'u9' });
    await revokeUser(cache, 'u9');
    expect(await verifier.verify(other2)).toBeUndefined();
  });

  it('guards routes by cookie or bearer token, with 401 and 403 as { message }', async () => {
    const router = express.Router();
    router.get('/api/me', requireUser, (req, res) => {
      res.json({ id: req.principal?.id });
    });
    router.get('/api/admin', requireAdmin, (_req, res) => {
      res.json({ ok: true });
    });
    const app = createHttpApp({
      logger: createLogger({ level: 'silent' }),
      before: [authenticate(verifier)],
      routers: [router],
    });
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    try {
      const user = await signSessionToken(key, { id: 'u2', role: 'User' }, { issuer: 'test', jti: 'j2' });
      const anon = await fetch(`${server.url}/api/me`);
      expect(anon.status).toBe(401);
      expect(await anon.json()).toEqual({ message: expect.any(String) });
      const byCookie = await fetch(`${server.url}/api/me`, {
        headers: { cookie: `theme=dark; auth-token=${user}` },
      });
      expect(await byCookie.json()).toEqual({ id: 'u2' });
      const byBearer = await fetch(`${server.url}/api/admin`, {
        headers: { authorization: `Bearer ${user}` },
      });
      expect(byBearer.status).toBe(403);
      expect((await byBearer.json()).message).toMatch(/administrators/);
    } finally {
      await server.stop();
    }
  });
});

describe('JWT key rotation (JWT_PREVIOUS_PUBLIC_KEYS)', () => {
  const pair = () =>
    generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });

  it('publishes previous public keys with their own kid and verifies tokens by kid', async () => {
    const [current, previous, older] = [pair(), pair(), pair()];
    const oldKey = await loadSigningKey({ pem: previous.privateKey, dataDir });
    const oldToken = await signSessionToken(
      oldKey,
      { id: 'u1', role: 'User' },
      { issuer: 'test', jti: 'o1' },
    );
    const rotated = await loadSigningKey({
      pem: current.privateKey,
      dataDir,
      // Concatenated PEMs, a duplicate and the current key itself are tolerated.
      previousPublicKeys: `${previous.publicKey}\n${older.publicKey}${previous.publicKey}${current.publicKey}`,
    });
    const kids = rotated.jwks.keys.map((k) => k.kid);
    expect(kids).toHaveLength(3);
    expect(kids[0]).toBe(rotated.kid);
    expect(kids[1]).toBe(oldKey.kid);
    expect(new Set(kids).size).toBe(3);
    expect(JSON.stringify(rotated.jwks)).not.toContain('"d"');
    const verifier = createTokenVerifier({ issuer: 'test', jwks: rotated.jwks });
    expect(await verifier.verify(oldToken)).toMatchObject({ id: 'u1' });
    const newToken = await signSessionToken(
      rotated,
      { id: 'u2', role: 'User' },
      { issuer: 'test', jti: 'n1' },
    );
    expect(await verifier.verify(newToken)).toMatchObject({ id: 'u2' });
    const withoutOld = await loadSigningKey({ pem: current.privateKey, dataDir });
    expect(withoutOld.jwks.keys).toHaveLength(1);
    expect(
      await createTokenVerifier({ issuer: 'test', jwks: withoutOld.jwks }).verify(oldToken),
    ).toBeUndefined();
  });

  it('validates JWT_PREVIOUS_PUBLIC_KEYS', async () => {
    const { publicKey } = pair();
    expect(loadConfig({ JWT_PREVIOUS_PUBLIC_KEYS: publicKey }).JWT_PREVIOUS_PUBLIC_KEYS).toContain(
      'BEGIN PUBLIC KEY',
    );
    expect(loadConfig({ JWT_PREVIOUS_PUBLIC_KEYS: ' ' }).JWT_PREVIOUS_PUBLIC_KEYS).toBeUndefined();
    expect(() => loadConfig({ JWT_PREVIOUS_PUBLIC_KEYS: 'not a key' })).toThrow(/JWT_PREVIOUS_PUBLIC_KEYS/);
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await expect(publicKeysToJwks(rsa.publicKey)).rejects.toThrow(/not an ES256 public key/);
  });
});
