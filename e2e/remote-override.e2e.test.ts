/**
 * Issue 27 acceptance, the per-browser remote override (docs/adr/0026-remote-override.md), in Chromium
 * against the built app (`npm start`'s embedded system, development configuration: REMOTE_OVERRIDE_ORIGINS
 * defaults to `http://localhost:*` and `http://127.0.0.1:*`) and mfe-catalog's dev server
 * (`npm run dev -w mfe-catalog`, http://localhost:3001, packages/ui/build/rsbuild.ts):
 * - `?mf-override=catalog=http://localhost:3001/mf-manifest.json` makes this browser load the dev build
 *   (its marker: `window.__MARKETPLACE_DEV_BUILDS__` holds `catalog`, which no `rsbuild build` output sets),
 *   with the badge "catalog: localhost:3001"; another browser still gets the deployed remote;
 * - an edit of a catalog source file shows without a page reload (a `window` sentinel set before it survives);
 * - the badge's Reset brings the deployed remote back (no marker, no badge);
 * - an override to an origin that is not allowed is ignored (nothing requested from it) and reported in the
 *   console;
 * - on a 390 px phone the badge is visible and covers none of the page's own controls.
 * The edited file is restored in `finally` with its modification time, so `npm start`'s stale-build check
 * (gateway/src/front-end-builds.ts) does not rebuild the catalog for the next test file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, useApp } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, usePage } from './support/browser';

/** mfe-catalog's dev server (DEV_PORTS in packages/ui/build/rsbuild.ts). */
const DEV_ORIGIN = 'http://localhost:3001';
const DEV_MANIFEST = `${DEV_ORIGIN}/mf-manifest.json`;
/** The file edited for the hot update, and the home page heading it holds. */
const HOME_SCREEN = path.join(repoRoot, 'mfe-catalog', 'src', 'features', 'home', 'HomeScreen.tsx');
const HEADING = 'Find your next car, checked and fairly priced.';

/** True when the page runs mfe-catalog's dev build (the dev servers' marker, packages/ui/build/rsbuild.ts). */
function runsDevCatalog(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      (window as { __MARKETPLACE_DEV_BUILDS__?: string[] }).__MARKETPLACE_DEV_BUILDS__?.includes('catalog') ??
      false,
  );
}

/** The text of the override badge's status region, or null when there is no badge. */
async function badgeText(page: Page): Promise<string | null> {
  const badge = page.getByRole('complementary', { name: 'Remote overrides' });
  if ((await badge.count()) === 0) return null;
  return await badge.getByRole('status').textContent();
}

/** The stored override (local storage `mf-override`), or null. */
function storedOverride(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('mf-override'));
}

/**
 * Starts `npm run dev -w mfe-catalog` in its own process group; resolves once its manifest answers. The port
 * is the documented 3001 (strict: a busy port makes the dev server exit, and this fails with its output).
 */
async function startCatalogDevServer(apiUrl: string): Promise<{ stop(): Promise<void> }> {
  let log = '';
  const child: ChildProcess = spawn('npm', ['run', 'dev', '-w', 'mfe-catalog'], {
    cwd: repoRoot,
    // API_URL: the dev server's own /api proxy goes to the app under test (not used by the shell's page).
    env: { ...process.env, NODE_ENV: 'development', API_URL: apiUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`mfe-catalog's dev server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(DEV_MANIFEST);
      if (res.ok) return { stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`mfe-catalog's dev server did not answer ${DEV_MANIFEST} within 150 s:\n${log}`);
}

const app = useApp();
let devServer: { stop(): Promise<void> } | undefined;
beforeAll(async () => {
  devServer = await startCatalogDevServer(app.url);
}, 180_000);
afterAll(async () => {
  await devServer?.stop();
});

describe('a remote overridden in one browser', () => {
  const ctx = usePage();

  it('loads the dev build with a badge, hot-reloads an edit without a reload, and Reset brings back the deployed remote', async () => {
    const page = ctx.page();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));

    // Deployed remote first: no marker, no badge.
    await page.goto(app.url);
    await page.getByRole('heading', { name: HEADING }).waitFor();
    expect(await runsDevCatalog(page)).toBe(false);
    expect(await badgeText(page)).toBeNull();

    // The query parameter stores the override and leaves the address.
    await page.goto(`${app.url}/?mf-override=catalog=${encodeURIComponent(DEV_MANIFEST)}`);
    await expect.poll(() => runsDevCatalog(page)).toBe(true);
    await page.getByRole('heading', { name: HEADING }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => badgeText(page)).toContain('catalog: localhost:3001');
    expect(JSON.parse((await storedOverride(page)) ?? '{}')).toEqual({ catalog: DEV_MANIFEST });
    // The server rendered the deployed catalog: the page was rendered, not hydrated over it.
    expect(messages.filter((m) => /hydrat/i.test(m))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // Another visitor (another browser) still gets the deployed remote.
    const other = await launchBrowser();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(app.url);
      await otherPage.getByRole('heading', { name: HEADING }).waitFor();
      await otherPage.waitForSelector('html[data-hydrated]', { state: 'attached' });
      expect(await runsDevCatalog(otherPage)).toBe(false);
      expect(await badgeText(otherPage)).toBeNull();
    } finally {
      await other.close();
    }

    // An edit of the catalog's source shows without a page reload.
    await page.evaluate(() => {
      (window as { __overrideSentinel?: string }).__overrideSentinel = 'kept';
    });
    const original = fs.readFileSync(HOME_SCREEN, 'utf8');
    const { atime, mtime } = fs.statSync(HOME_SCREEN);
    const edited = `Hot reloaded heading ${Date.now()}`;
    expect(original).toContain(HEADING);
    try {
      fs.writeFileSync(HOME_SCREEN, original.replace(HEADING, edited));
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 60_000 })
        .toBe(edited);
      expect(await page.evaluate(() => (window as { __overrideSentinel?: string }).__overrideSentinel)).toBe(
        'kept',
      );
    } finally {
      fs.writeFileSync(HOME_SCREEN, original);
      fs.utimesSync(HOME_SCREEN, atime, mtime);
    }

    // Reset: the deployed remote again, no badge, nothing stored.
    await page
      .getByRole('complementary', { name: 'Remote overrides' })
      .getByRole('button', { name: 'Reset' })
      .click();
    await expect.poll(() => badgeText(page)).toBeNull();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('heading', { name: HEADING }).waitFor();
    expect(await runsDevCatalog(page)).toBe(false);
    expect(await storedOverride(page)).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('mf-override=1');
  });

  it('ignores an override to an origin that is not allowed and reports it in the console', async () => {
    const page = ctx.page();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).hostname === 'evil.example') asked.push(r.url());
    });
    await page.goto(`${app.url}/?mf-override=catalog=http://evil.example:3001/mf-manifest.json`);
    await page.getByRole('heading', { name: HEADING }).waitFor();
    await expect
      .poll(() => ctx.consoleErrors.join('\n'))
      .toContain('mf-override: ignored catalog → http://evil.example:3001/mf-manifest.json');
    expect(ctx.consoleErrors.join('\n')).toContain('not an allowed override origin');
    expect(await runsDevCatalog(page)).toBe(false);
    expect(await badgeText(page)).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('the badge on a phone', () => {
  const ctx = usePage({ width: 390, height: 844 });

  it('is visible and covers none of the page’s own controls once scrolled clear', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/?mf-override=catalog=${encodeURIComponent(DEV_MANIFEST)}`);
    await expect.poll(() => runsDevCatalog(page)).toBe(true);
    const badge = page.getByRole('complementary', { name: 'Remote overrides' });
    await badge.waitFor();
    const box = await badge.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);

    /**
     * Controls matching `selector` that the badge overlaps (their text). A fixed badge lies over whatever
     * scrolls under it, so what counts is that the sticky header is never under it and that, scrolled to
     * the very end, nothing is: every control can be scrolled clear of it.
     */
    const covered = (selector: string) =>
      page.evaluate((sel) => {
        const b = document.querySelector('[data-testid="remote-override-badge"]')?.getBoundingClientRect();
        if (!b) return ['no badge'];
        const hits: string[] = [];
        for (const el of document.querySelectorAll(sel)) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
            hits.push((el.textContent || el.getAttribute('aria-label') || el.tagName).trim());
          }
        }
        return hits;
      }, selector);
    expect(await covered('header a, header button')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => covered('#root a, #root button, #root input, #root select')).toEqual([]);
    expect(await covered('header a, header button')).toEqual([]);
    expect(await seriousViolations(page, '[data-testid="remote-override-badge"]')).toEqual([]);
  });
});
