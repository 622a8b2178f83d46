/**
 * The gateway's rate limits by class of request (issue 47, "Rate limits fit real traffic"): the classes
 * read off the operation declarations, the budgets from configuration, and the middleware on a real
 * gateway app with in-memory limiters — each class spends its own budget, image reads and static files
 * spend none, every page answered by the server renderer or the SPA fallback spends the pages' budget
 * (a 404 at `/wp-login.php` too), and the process's own peer calls are not counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  createMemoryRateLimiters,
  createTokenVerifier,
  listen,
  loadConfig,
  PEER_CALL_HEADER,
  type RunningServer,
} from '@marketplace/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app';
import {
  apiRequestClass,
  DEFAULT_RATE_LIMITS,
  isPageRequest,
  type RateLimitClass,
  rateLimitBudgets,
} from '../src/rate-limit';
import { createRouteMatcher } from '../src/request-route';

type GatewayMode = Parameters<typeof createGatewayApp>[0]['mode'];

const REFUSAL = { message: 'Too many requests. Please try again shortly.' };
const PEER_SECRET = 'a'.repeat(64);
const html = { accept: 'text/html' };

/** A web root with a built shell: index.html and one content-hashed script. */
let webRoot: string;
beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limit-web-'));
  const dist = path.join(webRoot, 'shell', 'dist');
  fs.mkdirSync(path.join(dist, 'static', 'js'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Used cars</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'static', 'js', 'index.0123456789.js'), 'console.log(1);');
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

/**
 * A gateway on a loopback port with the given environment (rate-limit settings), in-memory limiters, the
 * test's web root (no server renderer: pages are the SPA fallback) and, by default, embedded mode with no
 * routers (every `/api` path answers 404) and the peer secret {@link PEER_SECRET}.
 */
async function limitedGateway(env: Record<string, string>, mode?: GatewayMode) {
  const app = createGatewayApp({
    config: loadConfig({ SERVER_RENDERING: 'off', ...env }),
    logger: createLogger({ level: 'silent' }),
    rateLimiters: createMemoryRateLimiters(),
    readiness: {},
    mode: mode ?? {
      kind: 'embedded',
      routers: [],
      tokens: createTokenVerifier({ issuer: 'test', jwks: { keys: [] } }),
      peerSecret: PEER_SECRET,
    },
    webRoot,
  });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  running.push(server);
  return server;
}

/** The statuses of `n` requests `method path` (with `headers`) to `server`, one after another. */
async function statuses(
  server: RunningServer,
  n: number,
  method: string,
  p: string,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.url}${p}`, { method, headers });
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

describe('apiRequestClass (from the operation declarations)', () => {
  const routes = createRouteMatcher();
  const classOf = (method: string, url: string) => apiRequestClass(routes.routeOf({ method, url }));

  it('does not count the image reads: stored images and their sizes, brand logos, the default avatar', () => {
    const free: Array<[string, string]> = [
      ['GET', '/api/storage/images/cars-0b1c'],
      ['GET', '/api/storage/images/cars-0b1c/640.webp'],
      ['HEAD', '/api/storage/images/cars-0b1c/320.webp'],
      ['GET', '/api/carbrand/logos/maruti-suzuki.svg'],
      ['GET', '/api/auth/avatar/default.svg'],
    ];
    for (const [method, url] of free) expect(classOf(method, url), `${method} ${url}`).toBeUndefined();
  });

  it('counts search, details, reference data, signed-in and undeclared GETs as reads', () => {
    const reads: Array<[string, string]> = [
      ['GET', '/api/cars?fuelTypes=Diesel&page=2'],
      ['GET', '/api/cars/6650a1b2c3d4e5f6a7b8c9d0'],
      ['HEAD', '/api/cars'],
      ['GET', '/api/carbrand'],
      ['GET', '/api/auth/profile'],
      ['GET', '/api/auth/providers'],
      ['GET', '/api/nothing'],
      ['GET', '/API/cars'],
      ['OPTIONS', '/api/cars'],
    ];
    for (const [method, url] of reads) expect(classOf(method, url), `${method} ${url}`).toBe('reads');
  });

  it("counts the auth service's writes (sign-in, social sign-in, sign-up, OTP, password) as auth", () => {
    const auth: Array<[string, string]> = [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/googleLogin'],
      ['POST', '/api/auth/facebookLogin'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/verifyMobileOtp'],
      ['POST', '/api/auth/resendOtp'],
      ['POST', '/api/auth/password'],
      ['POST', '/api/auth/email/verify'],
      ['PATCH', '/api/auth/profile'],
      // An undeclared path under the auth service's prefix is still the auth service's.
      ['POST', '/api/auth/nothing'],
    ];
    for (const [method, url] of auth) expect(classOf(method, url), `${method} ${url}`).toBe('auth');
  });

  it('counts every other write as writes: listings, uploads, bookings, messages, user admin, undeclared', () => {
    const writes: Array<[string, string]> = [
      ['POST', '/api/cars'],
      ['PUT', '/api/cars/6650a1b2c3d4e5f6a7b8c9d0'],
      ['DELETE', '/api/cars/6650a1b2c3d4e5f6a7b8c9d0'],
      ['POST', '/api/storage/getUrl?type=cars'],
      ['PUT', '/api/storage/upload/cars-0b1c?sig=x'],
      ['POST', '/api/testDrive'],
      ['POST', '/api/contact'],
      ['PUT', '/api/shortlist/6650a1b2c3d4e5f6a7b8c9d0'],
      ['POST', '/api/nothing'],
      // The Admins' user management is the auth service's, but no sign-in.
      ['POST', '/api/account/user/new'],
      ['DELETE', '/api/account/user/6650a1b2c3d4e5f6a7b8c9d0'],
      // An image path written to is no image read.
      ['DELETE', '/api/storage/images/cars-0b1c'],
    ];
    for (const [method, url] of writes) expect(classOf(method, url), `${method} ${url}`).toBe('writes');
  });
});

describe('isPageRequest', () => {
  /** A request whose `accepts` answers `accepted` (what Express answers for the request's Accept). */
  const req = (method: string, p: string, accepted: string | false = 'html') => ({
    method,
    path: p,
    accepts: (() => accepted) as never,
  });

  it('is any GET or HEAD asking for HTML outside /api, whatever the extension', () => {
    expect(isPageRequest(req('GET', '/'))).toBe(true);
    expect(isPageRequest(req('GET', '/car-details/abc'))).toBe(true);
    expect(isPageRequest(req('HEAD', '/buy-a-car'))).toBe(true);
    expect(isPageRequest(req('GET', '/wp-login.php'))).toBe(true);
    expect(isPageRequest(req('GET', '/static/js/missing.js'))).toBe(true);
  });

  it('is not an /api path (any case), another method, or a request for JSON', () => {
    expect(isPageRequest(req('GET', '/api/cars'))).toBe(false);
    expect(isPageRequest(req('GET', '/API/cars'))).toBe(false);
    expect(isPageRequest(req('GET', '/api'))).toBe(false);
    expect(isPageRequest(req('POST', '/wp-login.php'))).toBe(false);
    expect(isPageRequest(req('GET', '/', 'json'))).toBe(false);
  });
});

describe('rateLimitBudgets', () => {
  it('defaults to 3000 pages, 2400 reads, 300 writes and 60 auth requests per IP per minute', () => {
    expect(rateLimitBudgets(loadConfig({}))).toEqual({ pages: 3000, reads: 2400, writes: 300, auth: 60 });
    expect(rateLimitBudgets(loadConfig({}))).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('takes each class from its setting, and RATE_LIMIT_PER_MINUTE for every class not set on its own', () => {
    expect(
      rateLimitBudgets(loadConfig({ RATE_LIMIT_READS_PER_MINUTE: '100', RATE_LIMIT_AUTH_PER_MINUTE: '5' })),
    ).toEqual({ pages: 3000, reads: 100, writes: 300, auth: 5 });
    expect(
      rateLimitBudgets(loadConfig({ RATE_LIMIT_PER_MINUTE: '7', RATE_LIMIT_PAGES_PER_MINUTE: '9' })),
    ).toEqual({ pages: 9, reads: 7, writes: 7, auth: 7 });
  });

  it('refuses a budget that is not a whole number ≥ 1', () => {
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_WRITES_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_PAGES_PER_MINUTE: '1.5' })).toThrow(/RATE_LIMIT_PAGES_PER_MINUTE/);
  });
});

describe('rate limits per class on the gateway', () => {
  it('refuses a client past its class budget with 429 { message } and Retry-After; health checks pass', async () => {
    const server = await limitedGateway({ RATE_LIMIT_READS_PER_MINUTE: '3' });
    expect(await statuses(server, 4, 'GET', '/api/nothing')).toEqual([404, 404, 404, 429]);
    const refused = await fetch(`${server.url}/api/nothing`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toEqual(REFUSAL);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('gives reads, writes, sign-in and pages budgets of their own', async () => {
    const server = await limitedGateway({
      RATE_LIMIT_READS_PER_MINUTE: '5',
      RATE_LIMIT_WRITES_PER_MINUTE: '2',
      RATE_LIMIT_AUTH_PER_MINUTE: '1',
      RATE_LIMIT_PAGES_PER_MINUTE: '4',
    });
    const json = { 'content-type': 'application/json' };
    // Sign-in is the strictest: a second attempt in the minute is refused ...
    expect(await statuses(server, 2, 'POST', '/api/auth/login', json)).toEqual([404, 429]);
    // ... while writes, reads and pages still have their own budgets.
    expect(await statuses(server, 3, 'POST', '/api/cars', json)).toEqual([404, 404, 429]);
    expect(await statuses(server, 6, 'GET', '/api/cars')).toEqual([404, 404, 404, 404, 404, 429]);
    expect(await statuses(server, 5, 'GET', '/buy-a-car', html)).toEqual([200, 200, 200, 200, 429]);
  });

  it('does not count image reads or static files; counts every page the fallback answers, 404 probes too', async () => {
    const server = await limitedGateway({ RATE_LIMIT_PER_MINUTE: '3' });
    for (const p of ['/api/storage/images/cars-0b1c/640.webp', '/api/carbrand/logos/audi.svg']) {
      expect(await statuses(server, 10, 'GET', p)).not.toContain(429);
    }
    const asset = await statuses(server, 10, 'GET', '/static/js/index.0123456789.js', html);
    expect(asset).toEqual(Array(10).fill(200));
    // `/wp-login.php` has an extension but no file: the SPA fallback answers it, so it is a page.
    const pages = [
      ...(await statuses(server, 1, 'GET', '/')),
      ...(await statuses(server, 1, 'GET', '/car-details/x', html)),
      ...(await statuses(server, 2, 'GET', '/wp-login.php', html)),
    ];
    expect(pages).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${server.url}/faq`, { headers: html });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual(REFUSAL);
    // The pages' budget is spent; the API's reads are not.
    expect(await statuses(server, 3, 'GET', '/api/nothing')).toEqual([404, 404, 404]);
  });

  it('counts the legacy RATE_LIMIT_PER_MINUTE per class, in proxy mode too', async () => {
    const server = await limitedGateway({ RATE_LIMIT_PER_MINUTE: '2' }, { kind: 'proxy', targets: {} });
    const expected: Record<RateLimitClass, [string, string, Record<string, string>]> = {
      reads: ['GET', '/api/nothing', {}],
      writes: ['POST', '/api/nothing', {}],
      auth: ['POST', '/api/auth/login', {}],
      pages: ['GET', '/contact', html],
    };
    for (const [method, p, headers] of Object.values(expected)) {
      const answers = await statuses(server, 3, method, p, headers);
      expect(answers.slice(0, 2), `${method} ${p}`).not.toContain(429);
      expect(answers[2], `${method} ${p}`).toBe(429);
    }
  });

  it("does not count the embedded process's own peer calls (API or page), and counts a wrong peer secret", async () => {
    const server = await limitedGateway({ RATE_LIMIT_PER_MINUTE: '2' });
    const peer = { [PEER_CALL_HEADER]: PEER_SECRET };
    const forged = { [PEER_CALL_HEADER]: 'b'.repeat(64) };
    expect(await statuses(server, 5, 'GET', '/api/nothing', peer)).toEqual(Array(5).fill(404));
    expect(await statuses(server, 3, 'GET', '/api/nothing', forged)).toEqual([404, 404, 429]);
    expect(await statuses(server, 5, 'GET', '/', { ...html, ...peer })).toEqual(Array(5).fill(200));
    expect(await statuses(server, 3, 'GET', '/', { ...html, ...forged })).toEqual([200, 200, 429]);
  });
});
