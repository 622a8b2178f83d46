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
  openSecret,
  publicKeysToJwks,
  remoteSessionCheck,
  requireAdmin,
  requireUser,
  revokeSessionsBelow,
  revokeToken,
  revokeUser,
  type SessionClaims,
  sealSecret,
  signSessionToken,
  tokenFrom,
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

describe('session checks against the auth record (issue 20)', async () => {
  const key = await loadSigningKey({ dataDir });
  const sign = (id: string, role: 'User' | 'Admin', jti: string, sessionVersion?: number) =>
    signSessionToken(key, { id, role, sessionVersion }, { issuer: 'test', jti });

  it('asks the installed check, caches its answer for the TTL only, and forgets on demand', async () => {
    const verifier = createTokenVerifier({ issuer: 'test', jwks: key.jwks });
    const asked: SessionClaims[] = [];
    let good = true;
    verifier.useSessionCheck(
      async (_token, claims) => {
        asked.push(claims);
        return good;
      },
      { ttlMs: 200 },
    );
    const token = await sign('u1', 'Admin', 'c1', 3);
    expect(await verifier.verify(token)).toMatchObject({
      id: 'u1',
      role: 'Admin',
      jti: 'c1',
      sessionVersion: 3,
    });
    expect(asked).toEqual([
      { userId: 'u1', role: 'Admin', jti: 'c1', exp: expect.any(Number), sessionVersion: 3 },
    ]);
    good = false;
    // Cached: still good until the TTL is over, unless fresh or forgotten.
    expect(await verifier.verify(token)).toBeDefined();
    expect(asked).toHaveLength(1);
    expect(await verifier.verify(token, { fresh: true })).toBeUndefined();
    // A fresh answer replaces the cached one.
    good = true;
    expect(await verifier.verify(token)).toBeUndefined();
    verifier.forget({ jti: 'c1' });
    expect(await verifier.verify(token)).toBeDefined();
    good = false;
    verifier.forget({ userId: 'u1' });
    expect(await verifier.verify(token)).toBeUndefined();
    good = true;
    await new Promise((r) => setTimeout(r, 250));
    expect(await verifier.verify(token)).toBeDefined();
    // A token without claim sv counts as version 0.
    expect(await verifier.verify(await sign('u2', 'User', 'c2'))).toMatchObject({ sessionVersion: 0 });
  });

  it('SESSION_CHECK_TTL_MS defaults to 30 s and may not exceed 60 s', () => {
    expect(loadConfig({}).SESSION_CHECK_TTL_MS).toBe(30_000);
    expect(loadConfig({ SESSION_CHECK_TTL_MS: '500' }).SESSION_CHECK_TTL_MS).toBe(500);
    expect(() => loadConfig({ SESSION_CHECK_TTL_MS: '60001' })).toThrow(/SESSION_CHECK_TTL_MS/);
    expect(() => loadConfig({ SESSION_CHECK_TTL_MS: '0' })).toThrow(/SESSION_CHECK_TTL_MS/);
  });

  it('clamps the TTL to 60 s', async () => {
    const verifier = createTokenVerifier({ issuer: 'test', jwks: key.jwks });
    let calls = 0;
    verifier.useSessionCheck(
      async () => {
        calls++;
        return true;
      },
      { ttlMs: 3_600_000 },
    );
    const token = await sign('u3', 'User', 'c3');
    const realNow = Date.now;
    try {
      await verifier.verify(token);
      Date.now = () => realNow() + 61_000;
      await verifier.verify(token);
    } finally {
      Date.now = realNow;
    }
    expect(calls).toBe(2);
  });

  it('an unreachable record is a 503 on protected routes, never a pass', async () => {
    const verifier = createTokenVerifier({ issuer: 'test', jwks: key.jwks });
    verifier.useSessionCheck(
      async () => {
        throw new Error('auth down');
      },
      { ttlMs: 1000 },
    );
    const token = await sign('u4', 'User', 'c4');
    await expect(verifier.verify(token)).rejects.toThrow();
    const router = express.Router();
    router.get('/api/me', requireUser, (req, res) => {
      res.json({ id: req.principal?.id });
    });
    router.get('/api/open', (req, res) => {
      res.json({ signedIn: Boolean(req.principal) });
    });
    const app = createHttpApp({
      logger: createLogger({ level: 'silent' }),
      before: [authenticate(verifier)],
      routers: [router],
    });
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    try {
      const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(503);
      expect(await me.json()).toEqual({ message: expect.any(String) });
      const open = await fetch(`${server.url}/api/open`, { headers: { authorization: `Bearer ${token}` } });
      expect(await open.json()).toEqual({ signedIn: false });
      // A malformed auth-token cookie is no session: 401, never 500 (issue 20, point 11).
      const malformed = await fetch(`${server.url}/api/me`, { headers: { cookie: 'auth-token=%E0%A4%A' } });
      expect(malformed.status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('refuses at once, from the cache fast path, tokens below the announced session version', async () => {
    const cache = createMemoryCache();
    const verifier = createTokenVerifier({ issuer: 'test', jwks: key.jwks, cache });
    const v0 = await sign('u5', 'User', 'c5');
    const v1 = await sign('u5', 'User', 'c6', 1);
    await revokeSessionsBelow(cache, 'u5', 1);
    expect(await verifier.verify(v0)).toBeUndefined();
    expect(await verifier.verify(v1)).toMatchObject({ id: 'u5', sessionVersion: 1 });
    await cache.close();
  });

  it('remoteSessionCheck calls checkSession with the token and reads its answer: same user, role and jti → good; 401 → revoked; else 503', async () => {
    const claims: SessionClaims = { userId: 'u6', role: 'Admin', jti: 'c7', exp: 1, sessionVersion: 0 };
    const calls: unknown[][] = [];
    const answering = (status: number, body?: unknown) =>
      remoteSessionCheck({
        callOperation: async (...args: unknown[]) => {
          calls.push(args);
          return { status, body };
        },
      } as never);
    expect(await answering(200, { id: 'u6', role: 'Admin', jti: 'c7' })('t', claims)).toBe(true);
    expect(calls[0]).toEqual(['checkSession', { forward: { headers: { authorization: 'Bearer t' } } }]);
    expect(await answering(200, { id: 'u6', role: 'User', jti: 'c7' })('t', claims)).toBe(false);
    expect(await answering(401, { message: 'x' })('t', claims)).toBe(false);
    await expect(answering(200, { id: 'u6' })('t', claims)).rejects.toMatchObject({ status: 503 });
    await expect(answering(500, { message: 'x' })('t', claims)).rejects.toMatchObject({ status: 503 });
  });

  it('tokenFrom prefers the bearer header and treats a malformed cookie as none', () => {
    expect(tokenFrom('Bearer abc', 'auth-token=def')).toBe('abc');
    expect(tokenFrom(undefined, 'a=1; auth-token=def')).toBe('def');
    expect(tokenFrom(undefined, 'auth-token=%E0%A4%A')).toBeUndefined();
    expect(tokenFrom(undefined, 'auth-token=')).toBeUndefined();
  });
});

describe('sealed event fields (issue 20, point 13)', () => {
  it('opens with the same secret and context only; the sealed text never holds the value', () => {
    const sealed = sealSecret('a-secret-of-at-least-32-bytes-length', '004821', '9876543210');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('004821');
    expect(sealSecret('a-secret-of-at-least-32-bytes-length', '004821', '9876543210')).not.toBe(sealed);
    expect(openSecret('a-secret-of-at-least-32-bytes-length', sealed, '9876543210')).toBe('004821');
    expect(() => openSecret('another-secret-of-32-bytes-length!!', sealed, '9876543210')).toThrow(
      'sealed value cannot be opened',
    );
    expect(() => openSecret('a-secret-of-at-least-32-bytes-length', sealed, '9876543211')).toThrow(
      'sealed value cannot be opened',
    );
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = `${v}.${iv}.${body!.slice(0, -1)}${body!.endsWith('A') ? 'B' : 'A'}.${tag}`;
    expect(() => openSecret('a-secret-of-at-least-32-bytes-length', flipped, '9876543210')).toThrow();
    expect(() => openSecret('a-secret-of-at-least-32-bytes-length', 'garbage', '9876543210')).toThrow();
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
