/**
 * A remote's dev server in a real browser (issue 27): mfe-catalog's `rsbuild dev` configuration
 * (test-support/dev-server.ts) against the embedded app, whose gateway points the shell at it
 * (`REMOTE_CATALOG_URL`, as `npm run dev` does).
 * - Standalone: the dev server's own page renders the listing in the stand-in shell (header placeholder,
 *   `data-build="development"`), its data fetched through the dev server's `/api` proxy; signing in through
 *   the stand-in sets the session cookie on the dev server's origin and survives a reload.
 * - In the built shell on another origin: the remote's entry and chunks come from the dev server, its dev
 *   marker is on the page, its HMR client connects back to the dev server's socket (the CSP lets it), and
 *   the page the gateway rendered without the remote's server build (the dev server has none) is completed
 *   in the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevServer, startRemoteDevServer } from '../test-support/dev-server';
import { freePort } from '../test-support/servers';
import { type RunningApp, SEEDED_ADMIN, startApp } from './support/app';
import { usePage } from './support/browser';

let app: RunningApp;
let dev: DevServer;

beforeAll(async () => {
  const devPort = await freePort();
  app = await startApp({ env: { REMOTE_CATALOG_URL: `http://localhost:${devPort}/mf-manifest.json` } });
  dev = await startRemoteDevServer('catalog', { apiUrl: app.url, port: devPort });
});

afterAll(async () => {
  await dev?.close();
  await app?.stop();
});

/** 'N cars found' as the listing's heading says it, for the gateway's current total. */
async function totalHeading(): Promise<string> {
  const res = await fetch(`${app.url}/api/cars`);
  const total = ((await res.json()) as { data: { totalLength: number } }).data.totalLength;
  return `${total.toLocaleString('en-IN')} ${total === 1 ? 'car' : 'cars'} found`;
}

/** The page's dev builds (`window.__MARKETPLACE_DEV_BUILDS__`), none when absent. */
const devBuilds = (page: import('playwright-core').Page) =>
  page.evaluate(
    () => (window as unknown as { __MARKETPLACE_DEV_BUILDS__?: string[] }).__MARKETPLACE_DEV_BUILDS__ ?? [],
  );

describe('a remote on its dev server', () => {
  const ctx = usePage();

  it('renders its screen standalone in the stand-in shell, with data through the /api proxy', async () => {
    const page = ctx.page();
    const apiCalls: string[] = [];
    const sockets: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    page.on('websocket', (ws) => sockets.push(ws.url()));

    await page.goto(`${dev.url}/buy-a-car`);
    await page.getByRole('heading', { name: await totalHeading() }).waitFor({ timeout: 60_000 });
    const header = page.getByTestId('standalone-header');
    await expect.poll(() => header.textContent()).toContain('mfe-catalog');
    await expect.poll(() => header.getByTestId('standalone-session').textContent()).toBe('Signed out');
    expect(await page.locator('#root[data-build="development"]').count()).toBe(1);
    expect(await devBuilds(page)).toContain('catalog');
    // The listing's data came through the dev server (same origin), never from the gateway directly.
    expect(apiCalls.some((u) => u.startsWith(`${dev.url}/api/cars`))).toBe(true);
    expect(apiCalls.filter((u) => !u.startsWith(`${dev.url}/`))).toEqual([]);
    await expect
      .poll(() => sockets.some((u) => u.startsWith(`ws://localhost:${dev.port}/rsbuild-hmr`)))
      .toBe(true);

    // The index lists every expose at the shell's route.
    await page.goto(`${dev.url}/_standalone`);
    const index = page.getByRole('table');
    for (const id of [
      'catalog/Home',
      'catalog/CarList',
      'catalog/CarDetails',
      'catalog/Compare',
      'catalog/StaticPage',
    ]) {
      await index.getByText(id, { exact: true }).first().waitFor();
    }
    await index.getByRole('link', { name: '/t&c' }).click();
    await page.waitForURL(`${dev.url}/t&c`);
  });

  it('signs in through the stand-in against the gateway; the session cookie is on the dev origin', async () => {
    const page = ctx.page();
    await page.goto(`${dev.url}/faq`);
    await page.getByTestId('standalone-header').getByRole('button', { name: 'Sign in' }).click();
    const form = page.getByRole('form', { name: 'Sign in (stand-in)' });
    await form.getByLabel('Email').fill(SEEDED_ADMIN.email);
    await form.getByLabel('Password').fill(SEEDED_ADMIN.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    const session = page.getByTestId('standalone-session');
    await expect.poll(() => session.textContent()).toMatch(/\(Admin\)$/);
    const cookies = await ctx.context().cookies(dev.url);
    expect(cookies.find((c) => c.name === 'auth-token')).toMatchObject({ httpOnly: true, path: '/' });

    // The profile is loaded again after a reload, with that cookie, through the proxy.
    await page.reload();
    await expect.poll(() => session.textContent()).toMatch(/\(Admin\)$/);
  });

  it('is loaded by the built shell on another origin, with its HMR socket on the dev server', async () => {
    const page = ctx.page();
    const sockets: string[] = [];
    const fromDev: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('request', (r) => {
      if (r.url().startsWith(`${dev.url}/`)) fromDev.push(new URL(r.url()).pathname);
    });

    await page.goto(`${app.url}/buy-a-car`);
    await page.getByRole('heading', { name: await totalHeading() }).waitFor({ timeout: 60_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Sell a car' }).waitFor();
    expect(fromDev).toContain('/mf-manifest.json');
    expect(fromDev).toContain('/remoteEntry.js');
    expect(await devBuilds(page)).toEqual(['catalog']);
    await expect
      .poll(() => sockets.some((u) => u.startsWith(`ws://localhost:${dev.port}/rsbuild-hmr`)))
      .toBe(true);
    expect(ctx.consoleErrors.filter((e) => /Content Security Policy|WebSocket/i.test(e))).toEqual([]);
  });
});
