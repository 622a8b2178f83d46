/**
 * Issue 20, point 7: no secrets in logs at any level. The root logger redacts credentials, tokens, codes
 * and hashes at any depth, drops SQL parameters of failed statements, and the access log of the shared HTTP
 * app carries no headers (Cookie, Authorization, Set-Cookie) and no query values.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, listen, pathWithoutQueryValues, serializeError } from '../src/index';

/** A debug logger whose lines land in `lines`. */
function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'trace', destination: { write: (l: string) => lines.push(l) } });
  return { lines, logger, text: () => lines.join('') };
}

describe('createLogger redaction', () => {
  it('replaces secrets at any depth up to four levels, keeping the other fields', () => {
    const { logger, text } = capture();
    const secrets = {
      password: 'Pw-top-1',
      tokenId: 'tok-top-2',
      event: { payload: { otp: '913372', user: { passwordHash: '$argon2id$v=19$deep', name: 'Asha' } } },
      req: {
        headers: { cookie: 'auth-token=ck-3', authorization: 'Bearer bearer-4', 'x-peer-call': 'peer-5' },
      },
      res: { headers: { 'set-cookie': ['auth-token=sc-6; HttpOnly'] } },
      a: { b: { c: { d: { access_token: 'fb-7' } } } },
    };
    logger.debug(secrets, 'with secrets');
    const out = text();
    for (const value of [
      'Pw-top-1',
      'tok-top-2',
      '913372',
      '$argon2id',
      'ck-3',
      'bearer-4',
      'peer-5',
      'sc-6',
      'fb-7',
    ]) {
      expect(out).not.toContain(value);
    }
    expect(out).toContain('Asha');
    expect(out).toContain('[redacted]');
  });

  it('logs a failed statement with its SQL and cause but without its parameters', () => {
    const { logger, text } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const err = new DrizzleQueryError(
      'insert into "auth"."users" ("email", "password_hash") values ($1, $2)',
      ['asha@example.in', '$argon2id$v=19$m=65536$secret-hash'],
      cause,
    );
    logger.error({ err: new Error('wrapped', { cause: err }) }, 'outer');
    logger.error({ err }, 'failed');
    const out = text();
    expect(out).not.toContain('secret-hash');
    expect(out).not.toContain('asha@example.in');
    expect(out).toContain('insert into');
    expect(out).toContain('duplicate key value');
    const line = JSON.parse(text().trim().split('\n').at(-1)!);
    expect(line.err.params).toBeUndefined();
    expect(serializeError(err)).toMatchObject({ query: expect.stringContaining('$1, $2') });
  });

  it('pathWithoutQueryValues keeps names and drops values', () => {
    expect(pathWithoutQueryValues('/api/auth/facebookLogin?access_token=EAAB&x=1')).toBe(
      '/api/auth/facebookLogin?access_token=&x=',
    );
    expect(pathWithoutQueryValues('/api/cars')).toBe('/api/cars');
    expect(pathWithoutQueryValues('/api/cars?')).toBe('/api/cars');
    expect(pathWithoutQueryValues(undefined)).toBe('');
  });
});

describe('access log of createHttpApp', () => {
  it('logs the path without query values and no request or response headers', async () => {
    const { logger, lines, text } = capture();
    const router = express.Router();
    router.get('/api/echo', (_req, res) => {
      res.cookie('auth-token', 'set-cookie-secret', { httpOnly: true });
      res.json({ ok: true });
    });
    const server = await listen(createHttpApp({ logger, routers: [router] }), { port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${server.url}/api/echo?access_token=query-secret&page=2`, {
        headers: { authorization: 'Bearer header-secret', cookie: 'auth-token=cookie-secret' },
      });
      expect(res.status).toBe(200);
      await expect.poll(() => lines.some((l) => l.includes('request completed'))).toBe(true);
    } finally {
      await server.stop();
    }
    const out = text();
    for (const secret of ['query-secret', 'header-secret', 'cookie-secret', 'set-cookie-secret']) {
      expect(out).not.toContain(secret);
    }
    const access = JSON.parse(lines.find((l) => l.includes('request completed'))!);
    expect(access.req).toMatchObject({ method: 'GET', url: '/api/echo?access_token=&page=' });
    expect(access.res).toEqual({ statusCode: 200 });
  });
});
