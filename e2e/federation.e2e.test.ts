/**
 * Federation in a real browser (issue 8 acceptance): a remote that cannot be loaded — its server stopped,
 * or its entry answering 500 — shows a fallback with Retry in its own area while the header, footer and
 * other routes keep working; and a remote's URL changed in the runtime manifest (gateway configuration)
 * is picked up on reload, without rebuilding the shell.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/servers';
import { freshDataDir, type RunningApp, repoRoot, startApp } from './support/app';
import { usePage } from './support/browser';
import { startStaticServer, type TestServer } from './support/static-server';

const catalogDist = path.join(repoRoot, 'mfe-catalog', 'dist');
const cleanup: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe('a remote that cannot be loaded', () => {
  const ctx = usePage();
  let app: RunningApp;
  let broken: TestServer;

  it('shows its area as a fallback with Retry; the rest of the site works; Retry recovers', async () => {
    broken = await startStaticServer(catalogDist, { failing: true });
    cleanup.push(() => broken.close());
    const stoppedPort = await freePort(); // nothing listens there: mfe-sell's "server is stopped"
    app = await startApp({
      env: {
        REMOTE_CATALOG_URL: `${broken.url}/mf-manifest.json`,
        REMOTE_SELL_URL: `http://127.0.0.1:${stoppedPort}/mf-manifest.json`,
      },
    });
    cleanup.push(() => app.stop());
    const page = ctx.page();

    // Catalog answers 500: the home page's area is the fallback, header and footer are there.
    await page.goto(app.url);
    const fallback = page.getByTestId('remote-fallback');
    await fallback.waitFor();
    await expect.poll(() => fallback.textContent()).toContain("We couldn't load the home page");
    await fallback.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sell a car' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).waitFor();
    expect(broken.requests).toContain('/mf-manifest.json');

    // Sell's server is stopped: its route falls back too, reached through the header.
    await page.getByRole('banner').getByRole('link', { name: 'Sell a car' }).click();
    await page.waitForURL(`${app.url}/sell-a-car`);
    await page.getByText("We couldn't load the sell-a-car wizard").waitFor();

    // Other routes still work: the not-found page (shell) and a working remote (account).
    await page.goto(`${app.url}/no-such-page`);
    await page.getByRole('heading', { name: "Sorry, we couldn't find this page." }).waitFor();
    await page.goto(`${app.url}/appointment`);
    await page.getByRole('heading', { name: 'Your test drives' }).waitFor();
    await page.getByRole('button', { name: 'Log In' }).waitFor();

    // The catalog comes back: Retry loads it without a page reload.
    await page.goto(app.url);
    await fallback.waitFor();
    broken.setFailing(false);
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
    await page.getByTestId('remote-fallback').waitFor({ state: 'detached' });
  });
});

describe('the runtime manifest', () => {
  const ctx = usePage();

  it('serves the configured remote URLs, and a changed URL is used after a reload without rebuilding the shell', async () => {
    const mirror = await startStaticServer(catalogDist);
    cleanup.push(() => mirror.close());
    const dataDir = freshDataDir();
    const port = await freePort();

    // First deployment: the catalog from the gateway's own /remotes/catalog/.
    let app = await startApp({ port, dataDir });
    const page = ctx.page();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
    expect(scripts.some((u) => u.startsWith(`${app.url}/remotes/catalog/`))).toBe(true);
    expect(mirror.requests).toEqual([]);
    await app.stop();

    // Redeploy: only the gateway's configuration changes (same shell build, same port and data).
    app = await startApp({ port, dataDir, env: { REMOTE_CATALOG_URL: `${mirror.url}/mf-manifest.json` } });
    cleanup.push(() => app.stop());
    const manifest = (await (await fetch(`${app.url}/federation-manifest.json`)).json()) as {
      remotes: Array<{ name: string; entry: string }>;
    };
    expect(manifest.remotes.find((r) => r.name === 'catalog')?.entry).toBe(`${mirror.url}/mf-manifest.json`);
    expect(manifest.remotes.find((r) => r.name === 'sell')?.entry).toBe('/remotes/sell/mf-manifest.json');

    scripts.length = 0;
    // Requests the open page made while the gateway was down failed; only the reload's errors count.
    ctx.consoleErrors.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
    expect(mirror.requests).toContain('/mf-manifest.json');
    expect(mirror.requests).toContain('/remoteEntry.js');
    expect(scripts.some((u) => u.startsWith(`${mirror.url}/`))).toBe(true);
    expect(scripts.some((u) => u.includes('/remotes/catalog/'))).toBe(false);
    expect(ctx.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});
