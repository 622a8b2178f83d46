/**
 * Debian's Chromium driven by playwright-core (`npx playwright install` cannot run here). Each test gets a
 * fresh context (no cookies); a failing test leaves a full-page screenshot in e2e/artifacts/ (gitignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

/** Where failure screenshots go. */
export const artifactsDir = path.resolve(import.meta.dirname, '..', 'artifacts');

/** Chromium's path: CHROMIUM_PATH or Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium with a throw-away profile and no background traffic. */
export async function launchBrowser(): Promise<Browser> {
  return await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Registers hooks giving each test a fresh page (desktop viewport unless told), with the browser's console
 * errors collected, and a screenshot when the test fails. Returns accessors for the current page.
 */
export function usePage(viewport = { width: 1280, height: 900 }) {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    untilHydrated(page);
    consoleErrors.length = 0;
    recordConsoleErrors(page, consoleErrors);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const name = `${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`;
      await page.screenshot({ path: path.join(artifactsDir, name), fullPage: true }).catch(() => undefined);
    }
    await context?.close();
  });
  return {
    page: () => page,
    context: () => context,
    consoleErrors,
  };
}

/** Collects the page's console errors and uncaught exceptions into `into` (a new list unless given). */
export function recordConsoleErrors(page: Page, into: string[] = []): string[] {
  page.on('console', (m) => {
    if (m.type() === 'error') into.push(m.text());
  });
  page.on('pageerror', (e) => into.push(e.message));
  return into;
}

/**
 * Collects the paths of the page's requests for data: `/api/*`, except image files (under /api/storage and
 * /api/carbrand/logos, which are files, not data).
 */
export function recordDataRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') && !/\.(webp|svg|png|jpe?g)$/.test(pathname)) paths.push(pathname);
  });
  return paths;
}

/** A full-page screenshot of `page` to e2e/artifacts/`name`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, name), fullPage: true });
}

/** Signs the browser context in through the API at `baseUrl` (the server sets the auth-token cookie). */
export async function signInWithApi(
  context: BrowserContext,
  baseUrl: string,
  who: { email: string; password: string },
): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: who });
  expect(res.status()).toBe(200);
}

/**
 * Makes `page.goto` and `page.reload` also wait until the app has hydrated (or rendered) — the shell marks
 * `<html data-hydrated>` then. A server-rendered page is visible before its scripts run; a click before
 * hydration is a click on inert HTML, as for a user on a slow phone. Pages that are not the app (JSON, an
 * image) give up after 15 s without failing.
 */
export function untilHydrated(page: Page): void {
  const wait = () =>
    page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 }).catch(() => null);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await wait();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await wait();
    return response;
  };
}

/** Signs in through the header's Log In button and mfe-account's dialog; waits for the user menu. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}
