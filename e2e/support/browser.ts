/**
 * Debian's Chromium driven by playwright-core (`npx playwright install` cannot run here). Each test gets a
 * fresh context (no cookies); a failing test leaves a full-page screenshot in e2e/artifacts/ (gitignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

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
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
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
