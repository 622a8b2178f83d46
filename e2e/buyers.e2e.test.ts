/**
 * The buyer's screens of issue 24 in a real browser against the real API: a heart given as a visitor is in
 * the account after sign-in (and in the profile's Shortlist tab); three cars compared from the tray, and
 * the comparison URL reopens the same comparison after a reload; a search saved from the listing (a visitor
 * is asked to sign in first) shows in the profile's Saved searches tab and can be deleted; a bad unsubscribe
 * link says so. axe-core finds no serious or critical violation on the compare page and the profile tabs;
 * screenshots at 390 and 1280 px go to /tmp/shots-24/ (SHOTS_DIR).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, useApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signInThroughUi, usePage } from './support/browser';

const BUYER = { email: 'kavya.nair@example.com', password: 'Kavya12345' };
const SAVER = { email: 'rohan.mehta@example.com', password: 'Rohan12345' };
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-24';

const app = useApp();
const { api, tokenOf, createUser } = apiClient(() => app.url);

beforeAll(async () => {
  await createUser({ name: 'Kavya Nair', username: 'kavya.nair', ...BUYER });
  await createUser({ name: 'Rohan Mehta', username: 'rohan.mehta', ...SAVER });
});

/** Full-page screenshots of `page` at 1280 and 390 px wide, as `<name>-1280.png` and `<name>-390.png`. */
async function shots(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(shotsDir, `${name}-${width}.png`),
      fullPage: options.fullPage ?? true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The listing's car cards, once shown. */
async function openListing(page: Page, query = ''): Promise<void> {
  await page.goto(`${app.url}/buy-a-car${query}`);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Shortlist / })
    .first()
    .waitFor({ timeout: 30_000 });
}

describe('buyers', () => {
  const ctx = usePage();

  it('keeps a visitor’s heart and merges it into the account at sign-in', async () => {
    const page = ctx.page();
    await openListing(page);
    const heart = page
      .getByRole('main')
      .getByRole('button', { name: /^Shortlist / })
      .first();
    const label = (await heart.getAttribute('aria-label')) ?? '';
    const carName = label.replace(/^Shortlist /, '');
    await heart.click();
    const pressed = page
      .getByRole('main')
      .getByRole('button', { name: `Remove ${carName} from shortlist` })
      .first();
    await expect.poll(() => pressed.getAttribute('aria-pressed')).toBe('true');
    // A 44×44 CSS px touch target (WCAG 2.5.5); layout may report 43.99998 px, so whole pixels are compared.
    const box = await pressed.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBeGreaterThanOrEqual(44);
    expect(Math.round(box?.height ?? 0)).toBeGreaterThanOrEqual(44);

    // A reload keeps it (local storage).
    await page.reload();
    await page
      .getByRole('main')
      .getByRole('button', { name: `Remove ${carName} from shortlist` })
      .first()
      .waitFor();

    // Two cars in the tray: the listing with hearts and the tray.
    const compare = page.getByRole('main').getByRole('button', { name: /^Add to compare/ });
    await compare.nth(0).click();
    await compare.nth(1).click();
    await page.getByRole('region', { name: 'Compare tray' }).waitFor();
    await shots(page, 'listing-hearts-tray', { fullPage: false });

    await signInThroughUi(page, BUYER.email, BUYER.password);
    const token = await tokenOf(BUYER);
    await expect
      .poll(
        async () => (await api<{ data: { _id: string }[] }>('GET', '/api/shortlist', token)).data.data.length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    await page.goto(`${app.url}/profile`);
    const tab = page.getByRole('tab', { name: 'Shortlist' });
    await tab.waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('link', { name: new RegExp(carName) }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await shots(page, 'profile-shortlist');
  });

  it('compares three cars from the tray, and the URL reopens the same comparison', async () => {
    const page = ctx.page();
    await openListing(page);
    const compare = page.getByRole('main').getByRole('button', { name: /^Add to compare/ });
    for (const i of [0, 1, 2]) await compare.nth(i).click();
    const tray = page.getByRole('region', { name: 'Compare tray' });
    await tray.getByRole('link', { name: 'Compare 3 cars' }).click();
    await page.waitForURL(/\/compare\?ids=/);
    const columns = page.getByRole('main').getByRole('columnheader');
    await expect.poll(() => columns.count(), { timeout: 15_000 }).toBe(3);
    const names = await columns.allInnerTexts();
    await page.getByText('Lowest price').first().waitFor();
    expect(await page.getByRole('row', { name: /^Price/ }).count()).toBe(1);

    const url = page.url();
    await page.reload();
    await expect.poll(() => columns.count(), { timeout: 15_000 }).toBe(3);
    expect(await columns.allInnerTexts()).toEqual(names);
    expect(page.url()).toBe(url);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await shots(page, 'compare');

    // The same address in a fresh context (shared link) shows the same cars.
    const other = await ctx.context().browser()!.newPage();
    await other.goto(url);
    await expect
      .poll(() => other.getByRole('main').getByRole('columnheader').count(), { timeout: 20_000 })
      .toBe(3);
    expect(await other.getByRole('main').getByRole('columnheader').allInnerTexts()).toEqual(names);
    await other.close();

    // Removing one keeps two, in the URL too.
    await page
      .getByRole('button', { name: /from the comparison$/ })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ids')?.split(',').length).toBe(2);
  });

  it('saves a search from the listing after signing in, and shows and deletes it in the profile', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/buy-a-car?fuelTypes=Diesel&city=Pune`);
    await page.getByRole('heading', { name: /cars? found$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save this search' }).click();
    // A visitor is asked to sign in first; the save dialog follows.
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill(SAVER.email);
    await login.getByLabel('Password').fill(SAVER.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').waitFor({ timeout: 15_000 });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Diesel in Pune');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shots(page, 'save-search-dialog', { fullPage: false });
    await dialog.getByLabel('SMS').check();
    await dialog.getByLabel(/Daily digest at 9 AM/).check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByLabel('Name').waitFor({ state: 'detached' });

    const token = await tokenOf(SAVER);
    const saved = await api<{
      data: { name: string; query: string; channels: string[]; frequency: string }[];
    }>('GET', '/api/saved-searches', token);
    expect(saved.data.data).toHaveLength(1);
    expect(saved.data.data[0]).toMatchObject({ name: 'Diesel in Pune', frequency: 'daily' });
    expect(saved.data.data[0]?.channels.sort()).toEqual(['email', 'sms']);

    await page.goto(`${app.url}/profile?tab=saved-searches`);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Diesel in Pune' }).waitFor({ timeout: 15_000 });
    await panel.getByText(/Fuel: Diesel · City: Pune/).waitFor();
    await panel.getByText('Alerts on').waitFor();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await shots(page, 'profile-saved-searches');

    // The link reopens the listing with those filters.
    const href = await panel.getByRole('link', { name: /^Show cars/ }).getAttribute('href');
    expect(href).toMatch(/^\/buy-a-car\?/);
    expect(new URLSearchParams(href?.split('?')[1]).get('fuelTypes')).toBe('Diesel');

    await panel.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await panel.getByText('No saved searches yet.').waitFor({ timeout: 15_000 });
  });

  it('says so when an unsubscribe link is bad', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/unsubscribe?token=not-a-real-token`);
    await page.getByRole('alert').getByText('We could not unsubscribe you').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });
});
