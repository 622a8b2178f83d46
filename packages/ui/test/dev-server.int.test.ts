/**
 * mfe-catalog's dev server, started as `npm run dev -w mfe-catalog` configures it (its rsbuild.config.ts,
 * command `dev`, through Rsbuild's `loadConfig` + `createRsbuild(...).startDevServer()`) on a free port,
 * against a stub gateway at `API_URL` (issue 27): `/mf-manifest.json` answers JSON with the CORS header for a
 * shell on another origin and chunks on the dev server's own origin; remoteEntry.js carries the dev marker
 * and an HMR client for this server, whose socket accepts it; `/api/*` reaches the gateway with its cookies
 * untouched (same origin through the proxy); `/` and deep links answer the standalone page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemoteDevServer } from '../../../test-support/dev-server';
import { DEV_BUILDS_GLOBAL } from '../build/rsbuild';

const SHELL_ORIGIN = 'http://localhost:8080';

interface Seen {
  method: string;
  url: string;
  host: string | undefined;
}

let gateway: http.Server;
let gatewayUrl = '';
const seen: Seen[] = [];
let devUrl = '';
let closeDev: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // The stub gateway: brands, and a sign-in that sets the auth cookies as services/auth does.
  gateway = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host });
    if (req.url === '/api/carbrand') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [{ _id: 'b1', name: 'Stub Motors' }] }));
      return;
    }
    if (req.url === '/api/auth/login' && req.method === 'POST') {
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', [
        'auth-token=t0k3n; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
        'signed-in=1; Max-Age=2592000; Path=/; SameSite=Lax',
      ]);
      res.end(JSON.stringify({ tokenId: 't0k3n' }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;

  // A free port instead of 3001 (a developer's dev server may hold it); everything else as configured.
  const dev = await startRemoteDevServer('catalog', { apiUrl: gatewayUrl });
  closeDev = () => dev.close();
  devUrl = dev.url;
}, 300_000);

afterAll(async () => {
  await closeDev?.();
  await new Promise<void>((resolve) => gateway?.close(() => resolve()));
});

describe('a remote dev server', () => {
  it("answers /mf-manifest.json with CORS for the shell's origin and chunks on its own origin", async () => {
    const res = await fetch(`${devUrl}/mf-manifest.json`, { headers: { origin: SHELL_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);
    const manifest = (await res.json()) as {
      name: string;
      metaData: { publicPath?: string; remoteEntry: { name: string } };
      exposes: { name: string }[];
    };
    expect(manifest.name).toBe('catalog');
    expect(manifest.metaData.publicPath).toBe(`${devUrl}/`);
    expect(manifest.exposes.map((e) => e.name).sort()).toEqual(
      ['CarDetails', 'CarList', 'Compare', 'Home', 'StaticPage'].sort(),
    );

    // Another site's page gets no CORS header.
    const foreign = await fetch(`${devUrl}/mf-manifest.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  }, 300_000);

  it('serves remoteEntry.js with the dev marker and an HMR client whose socket is on this server', async () => {
    const res = await fetch(`${devUrl}/remoteEntry.js`, { headers: { origin: SHELL_ORIGIN } });
    expect(res.status).toBe(200);
    const code = await res.text();
    expect(code).toContain(DEV_BUILDS_GLOBAL);
    // Rsbuild's HMR client is a data: module (its id is the URL-encoded source) calling init(token, config).
    const hmrModule = /"data:text\/javascript,([^"]*%20init%20[^"]*)"/.exec(code)?.[1];
    expect(hmrModule).toBeTruthy();
    const hmrClient = decodeURIComponent(hmrModule ?? '');
    const { port } = new URL(devUrl);
    expect(hmrClient).toContain(`"path":"/rsbuild-hmr","port":${port},"host":"localhost"`);
    const token = /init\(\s*'([^']+)'/.exec(hmrClient)?.[1];
    expect(token).toBeTruthy();
    const socketUrl = `${devUrl.replace(/^http/, 'ws')}/rsbuild-hmr?token=${token}`;
    const firstMessage = await new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(socketUrl);
      const timer = setTimeout(() => reject(new Error('no HMR message in 20 s')), 20_000);
      socket.addEventListener('message', (event) => {
        clearTimeout(timer);
        socket.close();
        resolve(String(event.data));
      });
      socket.addEventListener('error', () => reject(new Error(`HMR socket ${socketUrl} failed`)));
    });
    expect(firstMessage).toMatch(/"type"/);
  }, 60_000);

  it('proxies /api to the gateway at API_URL; its cookies stay on the dev server origin', async () => {
    const brands = await fetch(`${devUrl}/api/carbrand`);
    expect(brands.status).toBe(200);
    expect(await brands.json()).toEqual({ data: [{ _id: 'b1', name: 'Stub Motors' }] });
    expect(seen.find((s) => s.url === '/api/carbrand')?.host).toBe(new URL(gatewayUrl).host);

    const login = await fetch(`${devUrl}/api/auth/login`, { method: 'POST', body: '{}' });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^auth-token=t0k3n;.*Path=\/;.*HttpOnly/);
    for (const cookie of cookies) expect(cookie).not.toMatch(/domain=/i);
  }, 60_000);

  it('answers / and deep links with the standalone page, scripts from its own origin', async () => {
    for (const url of ['/', '/buy-a-car', '/car-details/abc']) {
      const res = await fetch(`${devUrl}${url}`, { headers: { accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain(`src="${devUrl}/static/js/`);
    }
  }, 60_000);
});
