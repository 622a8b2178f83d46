import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, loadConfig } from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFacebookVerifier,
  createGoogleVerifier,
  createSocialProviders,
  FACEBOOK_INVALID_TOKEN,
  FACEBOOK_NO_EMAIL,
  FACEBOOK_NOT_CONFIGURED,
  FACEBOOK_UNREACHABLE,
  GOOGLE_INVALID_TOKEN,
  GOOGLE_NO_VERIFIED_EMAIL,
  GOOGLE_NOT_CONFIGURED,
  GOOGLE_UNREACHABLE,
} from '../src/providers/index';
import { type GoogleStub, startGoogleStub } from './support/google-server';
import { type GraphStub, startGraphStub } from './support/graph-server';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const APP = { appId: '1234567890', appSecret: 'test-app-secret' };

/** Awaits `promise` and asserts it rejected with an HttpError of `status` and `message`. */
async function expectHttpError(
  promise: Promise<unknown>,
  status: number,
  message: string,
): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  const httpErr = err as HttpError;
  expect({ status: httpErr.status, message: httpErr.message }).toEqual({ status, message });
  return httpErr;
}

/** A server that accepts connections and never answers (timeout tests). */
async function startHangingServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('Google ID token verifier', () => {
  let google: GoogleStub;
  const verifier = () =>
    createGoogleVerifier({ clientId: google.clientId, jwksUrl: google.url, issuers: ISSUERS });

  beforeAll(async () => {
    google = await startGoogleStub();
  });
  afterAll(async () => {
    await google.stop();
  });

  it('returns the identity of a valid token, e-mail lower-cased, and caches the key set', async () => {
    const v = verifier();
    expect(v.configured).toBe(true);
    const before = google.jwksRequests();
    const token = await google.signIdToken({
      sub: '1098765432101234567890',
      email: 'Priya.Sharma@Example.COM',
      name: 'Priya Sharma',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    expect(await v.verify(token)).toEqual({
      provider: 'google',
      providerId: '1098765432101234567890',
      email: 'priya.sharma@example.com',
      name: 'Priya Sharma',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    const second = await v.verify(await google.signIdToken({ sub: 'other', email: 'b@example.com' }));
    expect(second).toMatchObject({ providerId: 'other', email: 'b@example.com' });
    expect(second.picture).toBeUndefined();
    expect(google.jwksRequests() - before).toBe(1);
  });

  it("accepts email_verified as the string 'true', the bare issuer, and names a nameless user by e-mail", async () => {
    const token = await google.signIdToken(
      { email: 'ravi@example.in', email_verified: 'true', name: undefined },
      { issuer: 'accounts.google.com' },
    );
    expect(await verifier().verify(token)).toEqual({
      provider: 'google',
      providerId: 'google-user-1',
      email: 'ravi@example.in',
      name: 'ravi',
    });
  });

  it('answers 401 for a wrong audience, wrong issuer, expired token or foreign signature', async () => {
    const v = verifier();
    const bad = [
      await google.signIdToken({}, { audience: 'someone-else.apps.googleusercontent.com' }),
      await google.signIdToken({}, { issuer: 'https://evil.example.com' }),
      await google.signIdToken({}, { expiresInSec: -60 }),
      await google.signIdToken({}, { key: 'foreign' }),
    ];
    for (const token of bad) {
      const err = await expectHttpError(v.verify(token), 401, GOOGLE_INVALID_TOKEN);
      expect(err.message).not.toContain(token);
    }
  });

  it('answers 401 for garbage and unsigned tokens', async () => {
    const v = verifier();
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const good = await google.signIdToken();
    const payload = good.split('.')[1];
    for (const token of ['garbage', '', 'a.b.c', `${header}.${payload}.`, `${good}x`]) {
      await expectHttpError(v.verify(token), 401, GOOGLE_INVALID_TOKEN);
    }
  });

  it('answers 401 when the e-mail is missing or unverified', async () => {
    const v = verifier();
    for (const claims of [{ email_verified: false }, { email_verified: 'false' }, { email: undefined }]) {
      await expectHttpError(v.verify(await google.signIdToken(claims)), 401, GOOGLE_NO_VERIFIED_EMAIL);
    }
  });

  it('answers 503 when no client id is configured', async () => {
    const v = createGoogleVerifier({ jwksUrl: google.url, issuers: ISSUERS });
    expect(v.configured).toBe(false);
    await expectHttpError(v.verify(await google.signIdToken()), 503, GOOGLE_NOT_CONFIGURED);
  });

  it('answers 502 when the key set cannot be fetched (down, 5xx, garbage, timeout)', async () => {
    const down = await startGoogleStub();
    const token = await down.signIdToken({}, { audience: google.clientId });
    await down.stop();
    const dead = createGoogleVerifier({ clientId: google.clientId, jwksUrl: down.url, issuers: ISSUERS });
    await expectHttpError(dead.verify(token), 502, GOOGLE_UNREACHABLE);

    const flaky = await startGoogleStub();
    try {
      const v = createGoogleVerifier({ clientId: flaky.clientId, jwksUrl: flaky.url, issuers: ISSUERS });
      const ok = await flaky.signIdToken();
      flaky.failWith(503);
      await expectHttpError(v.verify(ok), 502, GOOGLE_UNREACHABLE);
      flaky.failWith(200);
      await expectHttpError(v.verify(ok), 502, GOOGLE_UNREACHABLE);
      flaky.failWith(null);
      expect((await v.verify(ok)).provider).toBe('google');
    } finally {
      await flaky.stop();
    }

    const hanging = await startHangingServer();
    try {
      const v = createGoogleVerifier({
        clientId: google.clientId,
        jwksUrl: `${hanging.url}/certs`,
        issuers: ISSUERS,
        fetchTimeoutMs: 200,
      });
      await expectHttpError(v.verify(await google.signIdToken()), 502, GOOGLE_UNREACHABLE);
    } finally {
      await hanging.stop();
    }
  });
});

describe('Facebook access token verifier', () => {
  let graph: GraphStub;
  const verifier = () => createFacebookVerifier({ ...APP, graphUrl: graph.url });
  const user = { id: '10160000000000001', name: 'Anjali Rao', email: 'Anjali.Rao@Example.com' };

  beforeAll(async () => {
    graph = await startGraphStub(APP);
  });
  afterAll(async () => {
    await graph.stop();
  });

  it('returns the identity of a valid token', async () => {
    const v = verifier();
    expect(v.configured).toBe(true);
    const token = graph.issueToken({ ...user, picture: 'https://platform-lookaside.fbsbx.com/p.jpg' });
    expect(await v.verify(token)).toEqual({
      provider: 'facebook',
      providerId: user.id,
      email: 'anjali.rao@example.com',
      name: 'Anjali Rao',
      picture: 'https://platform-lookaside.fbsbx.com/p.jpg',
    });
    const neverExpires = graph.issueToken(user, { expiresInSec: 0 });
    expect(await v.verify(neverExpires)).not.toHaveProperty('picture');
  });

  it('answers 401 for a token issued to another app, without asking /me', async () => {
    const before = graph.requests();
    const token = graph.issueToken(user, { appId: '999999' });
    await expectHttpError(verifier().verify(token), 401, FACEBOOK_INVALID_TOKEN);
    const after = graph.requests();
    expect(after.debug_token - before.debug_token).toBe(1);
    expect(after.me - before.me).toBe(0);
  });

  it('answers 401 for invalid, expired, unknown and empty tokens', async () => {
    const v = verifier();
    const tokens = [
      graph.issueToken(user, { valid: false }),
      graph.issueToken(user, { expiresInSec: -10 }),
      'EAATnot-a-token-we-issued',
      '',
    ];
    const before = graph.requests();
    for (const token of tokens) {
      const err = await expectHttpError(v.verify(token), 401, FACEBOOK_INVALID_TOKEN);
      if (token) expect(err.message).not.toContain(token);
    }
    // debug_token alone decides; the user's profile is never read with a refused token.
    expect(graph.requests().me).toBe(before.me);
  });

  it('answers 401 when /me names another user than debug_token', async () => {
    const token = graph.issueToken(user, { meId: '10160000000000002' });
    await expectHttpError(verifier().verify(token), 401, FACEBOOK_INVALID_TOKEN);
  });

  it('answers 401 when the account has no e-mail', async () => {
    const token = graph.issueToken({ id: '10160000000000003', name: 'No Mail' });
    await expectHttpError(verifier().verify(token), 401, FACEBOOK_NO_EMAIL);
  });

  it('answers 503 when the app id or secret is missing', async () => {
    const token = graph.issueToken(user);
    for (const opts of [{}, { appId: APP.appId }, { appSecret: APP.appSecret }]) {
      const v = createFacebookVerifier({ ...opts, graphUrl: graph.url });
      expect(v.configured).toBe(false);
      await expectHttpError(v.verify(token), 503, FACEBOOK_NOT_CONFIGURED);
    }
  });

  it('answers 502 when the Graph API is down, answers 5xx or garbage, or times out', async () => {
    const down = await startGraphStub(APP);
    const token = down.issueToken(user);
    await down.stop();
    await expectHttpError(
      createFacebookVerifier({ ...APP, graphUrl: down.url }).verify(token),
      502,
      FACEBOOK_UNREACHABLE,
    );

    const v = verifier();
    const ok = graph.issueToken(user);
    try {
      graph.failWith(500);
      await expectHttpError(v.verify(ok), 502, FACEBOOK_UNREACHABLE);
      graph.failWith(200);
      await expectHttpError(v.verify(ok), 502, FACEBOOK_UNREACHABLE);
    } finally {
      graph.failWith(null);
    }
    expect((await v.verify(ok)).providerId).toBe(user.id);

    const hanging = await startHangingServer();
    try {
      const slow = createFacebookVerifier({ ...APP, graphUrl: hanging.url, fetchTimeoutMs: 200 });
      await expectHttpError(slow.verify(ok), 502, FACEBOOK_UNREACHABLE);
    } finally {
      await hanging.stop();
    }
  });
});

describe('createSocialProviders', () => {
  it('builds both verifiers from config', async () => {
    const google = await startGoogleStub();
    const graph = await startGraphStub(APP);
    try {
      const providers = createSocialProviders(
        loadConfig({
          NODE_ENV: 'test',
          GOOGLE_CLIENT_ID: google.clientId,
          GOOGLE_JWKS_URL: google.url,
          GOOGLE_ISSUERS: ' https://accounts.google.com , ',
          FACEBOOK_APP_ID: APP.appId,
          FACEBOOK_APP_SECRET: APP.appSecret,
          FACEBOOK_GRAPH_URL: graph.url,
        }),
      );
      expect(providers.google.configured).toBe(true);
      expect(providers.facebook.configured).toBe(true);
      expect(await providers.google.verify(await google.signIdToken())).toMatchObject({ provider: 'google' });
      await expectHttpError(
        providers.google.verify(await google.signIdToken({}, { issuer: 'accounts.google.com' })),
        401,
        GOOGLE_INVALID_TOKEN,
      );
      const fb = await providers.facebook.verify(
        graph.issueToken({ id: '42', name: 'X', email: 'x@example.com' }),
      );
      expect(fb).toMatchObject({ provider: 'facebook', providerId: '42' });
    } finally {
      await google.stop();
      await graph.stop();
    }
  });

  it('reports both unconfigured by default', async () => {
    const providers = createSocialProviders(loadConfig({ NODE_ENV: 'test' }));
    expect(providers.google.configured).toBe(false);
    expect(providers.facebook.configured).toBe(false);
    await expectHttpError(providers.google.verify('x'), 503, GOOGLE_NOT_CONFIGURED);
    await expectHttpError(providers.facebook.verify('x'), 503, FACEBOOK_NOT_CONFIGURED);
  });
});
