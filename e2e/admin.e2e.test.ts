/**
 * mfe-admin in a real browser against the real API (issue 12 acceptance): an Admin sees the real figures,
 * uses the sidebar and header menus (on a small screen too), creates, edits and deletes an RTO and a user,
 * each answered by the server's success message as a toast and each change seen in the admin list itself.
 * A plain User is sent from every /dashboard route to `/` without any admin content rendering, and every
 * admin write endpoint answers 403 to them. axe-core finds no serious or critical violation on the admin
 * screens. Brands, models and variants are in admin-reference.e2e.test.ts.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectServerToast, openScreen } from './support/admin';
import { apiClient, SEEDED_ADMIN, useApp } from './support/app';
import { seriousViolations } from './support/axe';
import { artifactsDir, signInWithApi, usePage } from './support/browser';

const ADMIN = SEEDED_ADMIN;
const USER = { email: 'meera.nair@example.com', password: 'Meera@12345' };

const app = useApp();
let adminToken: string;
let userToken: string;
const { api, tokenOf, createUser } = apiClient(() => app.url);

beforeAll(async () => {
  adminToken = await tokenOf(ADMIN);
  await createUser({ name: 'Meera Nair', username: 'meera.nair', ...USER });
  userToken = await tokenOf(USER);
});

describe('admin dashboard as an Admin', () => {
  const ctx = usePage();
  const suffix = Date.now().toString(36).slice(-5);

  it('shows four stat cards with the real figures', async () => {
    const page = ctx.page();
    await signInWithApi(page.context(), app.url, ADMIN);
    await openScreen(page, `${app.url}/dashboard`, 'Dashboard');
    const { data: cars } = await api<{ data: { totalLength: number } }>('GET', '/api/cars?limit=1');
    const { data: brands } = await api<{ data: unknown[] }>('GET', '/api/carbrand');
    const { data: users } = await api<unknown[]>('GET', '/api/account/getAllUser', adminToken);
    const { data: drives } = await api<{ data: unknown[] }>('GET', '/api/testDrive/admin', adminToken);
    const fmt = new Intl.NumberFormat('en-IN');
    await expect
      .poll(() => page.getByTestId('stat-cars').textContent())
      .toBe(fmt.format(cars.data.totalLength));
    await expect
      .poll(() => page.getByTestId('stat-brands').textContent())
      .toBe(fmt.format(brands.data.length));
    await expect.poll(() => page.getByTestId('stat-users').textContent()).toBe(fmt.format(users.length));
    await expect
      .poll(() => page.getByTestId('stat-testDrives').textContent())
      .toBe(fmt.format(drives.data.length));
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('remembers expanded sidebar groups and closes header dropdowns on Escape and outside click', async () => {
    const page = ctx.page();
    await signInWithApi(page.context(), app.url, ADMIN);
    await openScreen(page, `${app.url}/dashboard`, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('button', { name: 'Cars' }).click();
    await nav.getByRole('link', { name: 'Brand' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brand' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Brand' }).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => nav.getByRole('button', { name: 'Cars' }).getAttribute('aria-expanded'))
      .toBe('true');
    await expect
      .poll(() => nav.getByRole('button', { name: 'State' }).getAttribute('aria-expanded'))
      .toBe('false');

    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('false');
    const profile = page.getByRole('button', { name: 'Profile menu' });
    await profile.click();
    await page.getByRole('link', { name: 'Account Settings' }).waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('link', { name: 'Account Settings' }).waitFor({ state: 'detached' });
  });

  it('toggles the sidebar on a small screen; Escape and an outside click close it', async () => {
    const page = ctx.page();
    await page.setViewportSize({ width: 390, height: 800 });
    await signInWithApi(page.context(), app.url, ADMIN);
    await openScreen(page, `${app.url}/dashboard`, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.mouse.click(370, 500);
    await expect.poll(() => nav.isVisible()).toBe(false);
  });

  it('creates, edits and deletes an RTO, the state prefix shown and stripped for editing', async () => {
    const page = ctx.page();
    await signInWithApi(page.context(), app.url, ADMIN);
    await openScreen(page, `${app.url}/dashboard/state/rto`, 'RTO');
    const { data: states } = await api<{ data: Array<{ _id: string; state: string }> }>(
      'GET',
      '/api/carstate',
    );
    const karnataka = states.data.find((s) => s.state === 'Karnataka');
    expect(karnataka).toBeDefined();
    await page.getByRole('combobox', { name: 'State' }).selectOption(karnataka?._id ?? '');
    await page.getByRole('button', { name: 'Add New Rto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Rto' });
    await dialog.getByRole('textbox', { name: 'City' }).fill('Hosakote');
    await expect.poll(() => dialog.getByTestId('rto-prefix').textContent()).toBe('KA-');
    const code = dialog.getByRole('textbox', { name: 'RTO code number' });
    await code.fill('9x8');
    await expect.poll(() => code.inputValue()).toBe('98');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    const created = await expectServerToast(page, 'POST', /^\/api\/RTO$/, () =>
      dialog.getByRole('button', { name: 'Submit', exact: true }).click(),
    );
    expect(created).toBe('RTO successfully created.');
    await page.getByRole('searchbox', { name: 'Search this list' }).fill('hos');
    const row = page.getByRole('row').filter({ hasText: 'Hosakote' });
    await row.getByText('KA-98').waitFor();

    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Update RTO' });
    await expect.poll(() => edit.getByRole('combobox', { name: 'State' }).isDisabled()).toBe(true);
    await expect.poll(() => edit.getByRole('textbox', { name: 'RTO code number' }).inputValue()).toBe('98');
    await edit.getByRole('textbox', { name: 'City' }).fill('Hoskote');
    await expectServerToast(page, 'PUT', /^\/api\/RTO\//, () =>
      edit.getByRole('button', { name: 'Update', exact: true }).click(),
    );
    const edited = page.getByRole('row').filter({ hasText: 'Hoskote' });
    await edited.getByText('KA-98').waitFor();

    await edited.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure delete?' });
    await confirm.getByRole('button', { name: 'Back' }).click();
    await confirm.waitFor({ state: 'detached' });
    await edited.getByRole('button', { name: /^Delete/ }).click();
    await expectServerToast(page, 'DELETE', /^\/api\/RTO\//, () =>
      confirm.getByRole('button', { name: 'Delete' }).click(),
    );
    await edited.waitFor({ state: 'detached' });
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('adds a user through the form that replaces the list, and deletes them', async () => {
    const page = ctx.page();
    await signInWithApi(page.context(), app.url, ADMIN);
    await openScreen(page, `${app.url}/dashboard/users`, 'Users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    await page.getByRole('table').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Close add new user form' }).click();
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'Add New User' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Karthik Rao');
    await page.getByRole('textbox', { name: 'Username' }).fill(`karthik.${suffix}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(`karthik.${suffix}@example.com`);
    await page.getByLabel('Password').fill('Karthik@12345');
    expect(await page.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('User');
    await page.getByRole('textbox', { name: 'Phone Number (optional)' }).fill('9876501234');
    await expectServerToast(page, 'POST', /^\/api\/account\/user\/new$/, () =>
      page.getByRole('button', { name: 'Submit', exact: true }).click(),
    );
    const row = page.getByRole('row').filter({ hasText: `karthik.${suffix}@example.com` });
    await row.getByText('9876501234').waitFor();
    await page.getByRole('combobox', { name: 'Role' }).selectOption('Admin');
    await row.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Role' }).selectOption('User');
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expectServerToast(page, 'DELETE', /^\/api\/account\/user\//, () =>
      page
        .getByRole('dialog', { name: 'Are you sure delete?' })
        .getByRole('button', { name: 'Delete' })
        .click(),
    );
    await row.waitFor({ state: 'detached' });
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('has no serious or critical axe-core violation on the admin screens', async () => {
    const page = ctx.page();
    await signInWithApi(page.context(), app.url, ADMIN);
    const screens: Array<[string, string, string?]> = [
      ['/dashboard', 'Dashboard'],
      ['/dashboard/state/state', 'States'],
      ['/dashboard/state/rto', 'RTO', 'Add New Rto'],
      ['/dashboard/cars/brand', 'Brand', 'Add New Brand'],
      ['/dashboard/cars/model', 'Model', 'Add New Model'],
      ['/dashboard/cars/variant', 'Variant', 'Add New Variant'],
      ['/dashboard/users', 'Users', 'Add New User'],
    ];
    const found: string[] = [];
    fs.mkdirSync(artifactsDir, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: join(artifactsDir, `admin-${name}.png`), fullPage: true });
    for (const [route, heading, add] of screens) {
      await openScreen(page, app.url + route, heading);
      found.push(...(await seriousViolations(page)).map((v) => `${route}: ${v}`));
      await shot(heading.toLowerCase());
      if (add) {
        await page.getByRole('button', { name: add }).click();
        await page.getByRole('button', { name: /^(Submit|Update)$/ }).waitFor();
        found.push(...(await seriousViolations(page)).map((v) => `${route} form: ${v}`));
        await shot(`${heading.toLowerCase()}-form`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('admin dashboard as a User', () => {
  const ctx = usePage();

  it.each([
    '/dashboard',
    '/dashboard/state/state',
    '/dashboard/state/rto',
    '/dashboard/cars/brand',
    '/dashboard/cars/model',
    '/dashboard/cars/variant',
    '/dashboard/users',
  ])('sends a User from %s to / without rendering admin content', async (route) => {
    const page = ctx.page();
    await signInWithApi(page.context(), app.url, USER);
    // Records whether any admin chrome ever reached the DOM, from the first byte of the page on.
    await page.addInitScript(() => {
      const w = window as unknown as { __adminSeen: boolean };
      w.__adminSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('#admin-sidebar, nav[aria-label="Dashboard"]')) w.__adminSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(app.url + route);
    await page.waitForURL(`${app.url}/`, { timeout: 60_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Sell a car' }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { __adminSeen: boolean }).__adminSeen)).toBe(
      false,
    );
  });

  it('gets 403 from every admin write endpoint', async () => {
    const { data: rtos } = await api<{ data: Array<{ _id: string; state: string }> }>('GET', '/api/RTO');
    const { data: brands } = await api<{ data: Array<{ _id: string }> }>('GET', '/api/carbrand');
    const { data: models } = await api<{ data: Array<{ _id: string }> }>('GET', '/api/carModel');
    const { data: variants } = await api<{ data: Array<{ _id: string }> }>('GET', '/api/carVariant');
    const { data: users } = await api<Array<{ _id: string }>>('GET', '/api/account/getAllUser', adminToken);
    const rto = rtos.data[0];
    const brand = brands.data[0]?._id;
    const model = models.data[0]?._id;
    const variant = variants.data[0]?._id;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/RTO', { state: rto?.state, city: 'Nowhere', code: '99' }],
      ['PUT', `/api/RTO/${rto?._id}`, { city: 'Nowhere' }],
      ['DELETE', `/api/RTO/${rto?._id}`],
      ['POST', '/api/carbrand', { name: 'Nope', country: 'India', founded: 2000 }],
      ['PUT', `/api/carbrand/${brand}`, { country: 'India' }],
      ['DELETE', `/api/carbrand/${brand}`],
      [
        'POST',
        '/api/carModel',
        { name: 'Nope', year: 2020, fuelType: ['Petrol'], transmission: ['Manual'], carBrand: brand },
      ],
      ['PUT', `/api/carModel/${model}`, { year: 2020 }],
      ['DELETE', `/api/carModel/${model}`],
      [
        'POST',
        '/api/carVariant',
        { name: 'Nope', carBrand: brand, carModel: model, fuelType: 'Petrol', transmission: 'Manual' },
      ],
      ['PUT', `/api/carVariant/${variant}`, { name: 'Nope' }],
      ['DELETE', `/api/carVariant/${variant}`],
      [
        'POST',
        '/api/account/user/new',
        { name: 'N', username: 'nope.user', email: 'nope@example.com', password: 'Nope@12345' },
      ],
      ['DELETE', `/api/account/user/${users[0]?._id}`],
      ['GET', '/api/account/getAllUser'],
      ['GET', '/api/testDrive/admin'],
    ];
    for (const [method, path, body] of calls) {
      const { status } = await api(method, path, userToken, body);
      expect(`${method} ${path} → ${status}`).toBe(`${method} ${path} → 403`);
    }
  });
});
