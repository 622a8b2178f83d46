/**
 * The shell in a real browser (issue 8 acceptance): header and footer on public routes, the not-found
 * page, the Admin-only dashboard link, and the user menu closing on Escape and on an outside click.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, SEEDED_ADMIN, useApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signInThroughUi, usePage } from './support/browser';

/** Serious and critical axe-core violations in the shell's header and footer. */
const shellViolations = (page: Page) => seriousViolations(page, { include: [['header'], ['footer']] });

const ADMIN = SEEDED_ADMIN;
const USER = { email: 'ravi.kumar@example.com', password: 'Ravi12345' };

const app = useApp();

beforeAll(async () => {
  // A plain user, created by the development admin through the API.
  await apiClient(() => app.url).createUser({ name: 'Ravi Kumar', username: 'ravi.kumar', ...USER });
});

describe('shell', () => {
  const ctx = usePage();

  it.each(['/', '/buy-a-car', '/sell-a-car', '/about', '/faq', '/contact', '/t&c', '/appointment'])(
    'shows the header and footer on %s',
    async (route) => {
      const page = ctx.page();
      await page.goto(app.url + route);
      if (route === '/sell-a-car') {
        // Selling needs an account: the login dialog opens by itself for a visitor; close it first.
        await page.getByRole('dialog').waitFor({ state: 'attached' });
        await page.getByRole('textbox').first().waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      const header = page.getByRole('banner');
      await expect.poll(() => header.getByRole('link', { name: 'Buy a car' }).isVisible()).toBe(true);
      await expect.poll(() => header.getByRole('link', { name: 'Sell a car' }).isVisible()).toBe(true);
      const footer = page.getByRole('contentinfo');
      for (const [name, href] of [
        ['FAQ', '/faq'],
        ['About us', '/about'],
        ['Contact', '/contact'],
        ['Privacy policy', '/t&c'],
      ] as const) {
        expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
      }
      await header.getByRole('button', { name: 'Log In' }).waitFor();
      expect(ctx.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    },
  );

  it('shows the not-found page for /no-such-page, with the header and a way home', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/no-such-page`);
    await page.getByRole('heading', { name: "Sorry, we couldn't find this page." }).waitFor();
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
  });

  it('shows the Dashboard link to an Admin only', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sell a car' }).waitFor();
    expect(await header.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    await signInThroughUi(page, USER.email, USER.password);
    expect(await header.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    await ctx.context().clearCookies();
    await page.reload();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await signInThroughUi(page, ADMIN.email, ADMIN.password);
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    // The dashboard has its own layout: its sidebar, not the public header.
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Buy a car' }).count())
      .toBe(0);
  });

  it('closes the user menu on Escape and on a click outside', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    await signInThroughUi(page, USER.email, USER.password);
    const trigger = page.getByRole('button', { name: 'User menu' });
    const menu = page.getByRole('menu');

    await trigger.click();
    await menu.waitFor();
    for (const name of ['Profile', 'My test drives', 'Settings', 'Log Out']) {
      await menu.getByRole('menuitem', { name }).waitFor();
    }
    expect(await menu.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await trigger.click();
    await menu.waitFor();
    await page.getByRole('heading', { name: 'Top Cars' }).click();
    await menu.waitFor({ state: 'detached' });

    // Log Out from the menu signs out.
    await trigger.click();
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
  });

  it('has no serious or critical axe-core violation in the header and footer, signed in, light and dark', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    await page.getByRole('contentinfo').waitFor();
    expect(await shellViolations(page)).toEqual([]);
    await signInThroughUi(page, USER.email, USER.password);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await shellViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    // Colours change with a transition: check once it has finished.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await shellViolations(page)).toEqual([]);
  });

  it('toggles the mobile menu and closes it when a link is chosen', async () => {
    const page = ctx.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(app.url);
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await nav.getByRole('link', { name: 'Buy a car' }).click();
    await page.waitForURL(`${app.url}/buy-a-car`);
    await nav.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
  });

  it('switches to dark mode and remembers it', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(dark).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await expect.poll(dark).toBe(true);
  });

  it('shows the full-screen loading indicator at /loading', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/loading`);
    await page.getByRole('status', { name: 'Loading' }).waitFor();
  });
});
