/**
 * mfe-admin in a real browser against the real API (issue 12 acceptance): an Admin creates, edits and
 * deletes an RTO, a brand with a logo upload, a model, a variant and a user, each answered by the server's
 * success message as a toast and each change seen in the admin list itself; right after, a User's sell
 * wizard (/sell-a-car) offers the new brand with its logo, the new model after the Year step and the new
 * variant. A plain User is sent from every /dashboard route to `/` without any admin content rendering,
 * and every admin write endpoint answers 403 to them. axe-core finds no serious or critical violation on
 * the admin screens. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type RunningApp, SEEDED_ADMIN, startApp } from './support/app';
import { artifactsDir, usePage } from './support/browser';

const ADMIN = SEEDED_ADMIN;
const USER = { email: 'meera.nair@example.com', password: 'Meera@12345' };
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A 2×2 PNG (the brand logo of the upload journey). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

let app: RunningApp;
let adminToken: string;
let userToken: string;
const { api, tokenOf } = apiClient(() => app.url);

beforeAll(async () => {
  app = await startApp();
  adminToken = await tokenOf(ADMIN);
  const created = await api('POST', '/api/account/user/new', adminToken, {
    name: 'Meera Nair',
    username: 'meera.nair',
    role: 'User',
    ...USER,
  });
  expect(created.status).toBe(201);
  userToken = await tokenOf(USER);
});

afterAll(async () => {
  await app?.stop();
});

/** Signs the page's browser context in through the API (the server sets the auth-token cookie). */
async function signIn(page: Page, creds: { email: string; password: string }): Promise<void> {
  const res = await page.context().request.post(`${app.url}/api/auth/login`, { data: creds });
  expect(res.status()).toBe(200);
}

/** Runs `act`, waits for the API answer to `method path…` and for the toast showing its `message`. */
async function expectServerToast(
  page: Page,
  method: string,
  path: RegExp,
  act: () => Promise<void>,
): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname), {
      timeout: 30_000,
    }),
    act(),
  ]);
  expect(response.status()).toBeLessThan(300);
  const { message } = (await response.json()) as { message: string };
  expect(message).toBeTruthy();
  await page.locator('[data-sonner-toast]').filter({ hasText: message }).first().waitFor({ timeout: 15_000 });
  return message;
}

async function openScreen(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(app.url + path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
  await page
    .getByRole('status')
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
}

async function axeSeriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(fs.readFileSync(axeSource, 'utf8'));
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: Document): Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    return await axe.run(document);
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('admin dashboard as an Admin', () => {
  const ctx = usePage();
  const suffix = Date.now().toString(36).slice(-5);
  const brandName = `Zentra ${suffix}`;
  const modelName = `Vayu ${suffix}`;
  const variantName = `VX ${suffix}`;

  it('shows four stat cards with the real figures', async () => {
    const page = ctx.page();
    await signIn(page, ADMIN);
    await openScreen(page, '/dashboard', 'Dashboard');
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
    await signIn(page, ADMIN);
    await openScreen(page, '/dashboard', 'Dashboard');
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
    await signIn(page, ADMIN);
    await openScreen(page, '/dashboard', 'Dashboard');
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
    await signIn(page, ADMIN);
    await openScreen(page, '/dashboard/state/rto', 'RTO');
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

  it('creates a brand with a logo upload, a model and a variant, which the public endpoints then serve', async () => {
    const page = ctx.page();
    // Every reference list the admin screens read asks past the browser's HTTP cache: a re-read after a
    // write must never be answered with the copy from before it (the stale-row bug of issue 12).
    const listReads: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.method() === 'GET' && /^\/api\/(carbrand|carModel|carVariant)$/.test(pathname))
        listReads.push(`${pathname} ${r.headers()['cache-control']}`);
    });
    await signIn(page, ADMIN);
    await openScreen(page, '/dashboard/cars/brand', 'Brand');
    await page.getByRole('button', { name: 'Add New Brand' }).click();
    await page.getByRole('textbox', { name: 'Brand Name' }).fill(brandName);
    await page.getByRole('textbox', { name: 'Country' }).fill('India');
    await page.getByRole('spinbutton', { name: 'Founded' }).fill('1998');
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/storage/upload/'),
    );
    const brandMessage = await expectServerToast(page, 'POST', /^\/api\/carbrand$/, () =>
      page.getByRole('button', { name: 'Submit', exact: true }).click(),
    );
    expect(brandMessage).toBe('Brand successfully created.');
    expect((await uploaded).status()).toBe(200);
    await page.getByRole('searchbox', { name: 'Search this list' }).fill(brandName);
    const brandRow = page.getByRole('row').filter({ hasText: brandName });
    await brandRow.getByRole('img', { name: `${brandName} logo` }).waitFor();
    const { data: brands } = await api<{
      data: Array<{ _id: string; name: string; logo?: { url: string } }>;
    }>('GET', `/api/carbrand?keyword=${encodeURIComponent(brandName)}`);
    const brand = brands.data.find((b) => b.name === brandName);
    expect(brand?.logo?.url).toBeTruthy();

    await brandRow.getByRole('button', { name: /^Edit/ }).click();
    await page.getByRole('textbox', { name: 'Country' }).fill('Japan');
    await expectServerToast(page, 'PUT', /^\/api\/carbrand\//, () =>
      page.getByRole('button', { name: 'Update', exact: true }).click(),
    );
    await page.getByRole('searchbox', { name: 'Search this list' }).fill(brandName);
    await page.getByRole('row').filter({ hasText: brandName }).getByText('Japan').waitFor();

    // Model
    await openScreen(page, '/dashboard/cars/model', 'Model');
    await page.getByRole('button', { name: 'Add New Model' }).click();
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    await page.getByRole('textbox', { name: 'Model Name' }).fill(modelName);
    await page.getByRole('spinbutton', { name: 'Year' }).fill('2021');
    await page.getByRole('checkbox', { name: 'Petrol' }).check();
    await page.getByRole('checkbox', { name: 'Electric' }).check();
    await page.getByRole('checkbox', { name: 'Manual' }).check();
    await page.getByRole('checkbox', { name: 'Automatic' }).check();
    expect(
      await expectServerToast(page, 'POST', /^\/api\/carModel$/, () =>
        page.getByRole('button', { name: 'Submit', exact: true }).click(),
      ),
    ).toBe('Model successfully created.');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const modelRow = page.getByRole('row').filter({ hasText: modelName });
    await modelRow.waitFor();
    // The brand's name (`brandName`, issue 19) under the model's.
    await modelRow.getByText(brandName, { exact: true }).waitFor();
    await modelRow.getByRole('button', { name: /^Edit/ }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Brand' }).isDisabled()).toBe(true);
    // The edit form starts from the model's brand id (`carBrand`, issue 19).
    const brandId = brand?._id ?? '';
    await expect.poll(() => page.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe(brandId);
    await page.getByRole('spinbutton', { name: 'Year' }).fill('2022');
    await expectServerToast(page, 'PUT', /^\/api\/carModel\//, () =>
      page.getByRole('button', { name: 'Update', exact: true }).click(),
    );
    const updatedRow = page.getByRole('row').filter({ hasText: modelName });
    await updatedRow.getByRole('cell', { name: '2022', exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('row').filter({ hasText: modelName }).count()).toBe(1);

    // Variant
    await openScreen(page, '/dashboard/cars/variant', 'Variant');
    await page.getByRole('button', { name: 'Add New Variant' }).click();
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const modelSelect = page.getByRole('combobox', { name: 'Model' });
    await modelSelect.locator('option', { hasText: modelName }).waitFor({ state: 'attached' });
    await modelSelect.selectOption({ label: modelName });
    const fuel = page.getByRole('combobox', { name: 'Fuel type' });
    await expect
      .poll(() => fuel.locator('option').allTextContents())
      .toEqual(['Choose a fuelType', 'Petrol', 'Electric']);
    await fuel.selectOption('Electric');
    await page.getByRole('combobox', { name: 'Transmission' }).selectOption('Automatic');
    await page.getByRole('textbox', { name: 'Variant Name' }).fill(variantName);
    const feature = page.getByRole('textbox', { name: 'New feature' });
    await feature.fill('   ');
    await expect.poll(() => page.getByRole('button', { name: 'Add feature' }).isDisabled()).toBe(true);
    await feature.fill('  Sunroof  ');
    await page.getByRole('button', { name: 'Add feature' }).click();
    await feature.fill('ABS');
    await feature.press('Enter');
    await feature.fill('Cruise control');
    await page.getByRole('button', { name: 'Add feature' }).click();
    await page.getByRole('button', { name: 'Remove Cruise control' }).click();
    const features = page.getByRole('list', { name: 'Features' });
    await expect.poll(() => features.getByRole('listitem').allTextContents()).toEqual(['Sunroof×', 'ABS×']);
    expect(
      await expectServerToast(page, 'POST', /^\/api\/carVariant$/, () =>
        page.getByRole('button', { name: 'Submit', exact: true }).click(),
      ),
    ).toBe('Variant successfully created.');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const variantRow = page.getByRole('row').filter({ hasText: variantName });
    await variantRow.waitFor();

    // What the sell wizard reads (issue 11): the public reference endpoints serve the new records.
    // Lists answer `{ data: [...] }`; a model's and a variant's `carBrand` is the brand id, `brandName` its
    // name (issue 19).
    const { data: models } = await api<{
      data: Array<{ _id: string; name: string; carBrand: string; brandName: string }>;
    }>('GET', `/api/carModel?brand=${brand?._id}`);
    const model = models.data.find((m) => m.name === modelName);
    expect(model).toMatchObject({ carBrand: brand?._id, brandName });
    const { data: variants } = await api<{
      data: Array<{
        name: string;
        features: string[];
        carBrand: string;
        brandName: string;
        carModel: { _id: string; name: string };
      }>;
    }>('GET', `/api/carVariant?brand=${brand?._id}&model=${model?._id}`);
    expect(variants.data.find((v) => v.name === variantName)).toMatchObject({
      features: ['Sunroof', 'ABS'],
      carBrand: brand?._id,
      brandName,
      carModel: { _id: model?._id, name: modelName },
    });
    // The lists show the brand's name under the model's and the variant's.
    await variantRow.getByText(brandName, { exact: true }).waitFor();

    await variantRow.getByRole('button', { name: /^Edit/ }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Brand' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Model' }).isDisabled()).toBe(true);
    // The edit form starts from the variant's brand id (`carBrand`, issue 19) and its model.
    await expect.poll(() => page.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe(brandId);
    await expect.poll(() => page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe(model?._id);
    await page.getByRole('textbox', { name: 'Variant Name' }).fill(`${variantName} Plus`);
    await page.getByRole('combobox', { name: 'Fuel type' }).selectOption('Electric');
    await page.getByRole('combobox', { name: 'Transmission' }).selectOption('Automatic');
    await expectServerToast(page, 'PUT', /^\/api\/carVariant\//, () =>
      page.getByRole('button', { name: 'Update', exact: true }).click(),
    );
    const renamed = page.getByRole('row').filter({ hasText: `${variantName} Plus` });
    await renamed.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('row').filter({ hasText: variantName }).count()).toBe(1);
    expect(listReads.length).toBeGreaterThan(5);
    expect(listReads.filter((r) => !r.endsWith(' no-cache'))).toEqual([]);
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('offers the brand (with its logo), model and variant just created to a User in the sell wizard', async () => {
    const page = ctx.page();
    await signIn(page, USER);
    await page.goto(`${app.url}/sell-a-car`);
    const panel = page.getByRole('tabpanel');
    const option = (text: string) =>
      panel
        .getByRole('button')
        .filter({ has: page.getByText(text, { exact: true }) })
        .first();

    // Brand: the new brand is offered with the uploaded logo.
    await panel.getByRole('searchbox', { name: 'Search brand' }).waitFor({ timeout: 60_000 });
    await panel.getByRole('searchbox', { name: 'Search brand' }).fill(brandName);
    const brandOption = option(brandName);
    await brandOption.waitFor({ timeout: 15_000 });
    const { data: brands } = await api<{ data: Array<{ name: string; logo?: { url: string } }> }>(
      'GET',
      `/api/carbrand?keyword=${encodeURIComponent(brandName)}`,
    );
    const logoUrl = brands.data.find((b) => b.name === brandName)?.logo?.url;
    expect(logoUrl).toBeTruthy();
    expect(await brandOption.locator('img').getAttribute('src')).toBe(logoUrl);
    await brandOption.click();

    // Year (the model was moved to 2022 above), then Model: the new model is offered.
    await panel.getByRole('searchbox', { name: 'Search year' }).fill('2022');
    await option('2022').click();
    await panel.getByRole('heading', { name: 'Select the model' }).waitFor();
    const modelOption = option(modelName);
    await modelOption.waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
    await modelOption.click();

    // Variant: the model's fuel types and transmissions as chips; the new variant is offered.
    await panel.getByRole('heading', { name: 'Fuel type, transmission and variant' }).waitFor();
    const chips = async (legend: string) =>
      (await panel.getByRole('group', { name: legend }).getByRole('button').allTextContents()).sort();
    await expect.poll(() => chips('Fuel type')).toEqual(['Electric', 'Petrol']);
    await expect.poll(() => chips('Transmission')).toEqual(['Automatic', 'Manual']);
    await panel.getByRole('button', { name: 'Electric', exact: true }).click();
    await panel.getByRole('button', { name: 'Automatic', exact: true }).click();
    const variantOption = option(`${variantName} Plus`);
    await variantOption.waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1);
    await variantOption.click();
    await panel.getByRole('searchbox', { name: 'Search state' }).waitFor();
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('deletes the variant, the model and the brand through the confirmation dialog', async () => {
    const page = ctx.page();
    await signIn(page, ADMIN);
    const confirm = page.getByRole('dialog', { name: 'Are you sure delete?' });

    await openScreen(page, '/dashboard/cars/variant', 'Variant');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const variantRow = page.getByRole('row').filter({ hasText: variantName });
    await variantRow.getByRole('button', { name: /^Delete/ }).click();
    await expectServerToast(page, 'DELETE', /^\/api\/carVariant\//, () =>
      confirm.getByRole('button', { name: 'Delete' }).click(),
    );
    await variantRow.waitFor({ state: 'detached' });

    await openScreen(page, '/dashboard/cars/model', 'Model');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const modelRow = page.getByRole('row').filter({ hasText: modelName });
    await modelRow.getByRole('button', { name: /^Delete/ }).click();
    await expectServerToast(page, 'DELETE', /^\/api\/carModel\//, () =>
      confirm.getByRole('button', { name: 'Delete' }).click(),
    );
    await modelRow.waitFor({ state: 'detached', timeout: 10_000 });

    await openScreen(page, '/dashboard/cars/brand', 'Brand');
    await page.getByRole('searchbox', { name: 'Search this list' }).fill(brandName);
    const brandRow = page.getByRole('row').filter({ hasText: brandName });
    await brandRow.getByRole('button', { name: /^Delete/ }).click();
    expect(
      await expectServerToast(page, 'DELETE', /^\/api\/carbrand\//, () =>
        confirm.getByRole('button', { name: 'Delete' }).click(),
      ),
    ).toBe('Brand successfully deleted.');
    await brandRow.waitFor({ state: 'detached' });
  });

  it('adds a user through the form that replaces the list, and deletes them', async () => {
    const page = ctx.page();
    await signIn(page, ADMIN);
    await openScreen(page, '/dashboard/users', 'Users');
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
    await signIn(page, ADMIN);
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
      await openScreen(page, route, heading);
      found.push(...(await axeSeriousViolations(page)).map((v) => `${route}: ${v}`));
      await shot(heading.toLowerCase());
      if (add) {
        await page.getByRole('button', { name: add }).click();
        await page.getByRole('button', { name: /^(Submit|Update)$/ }).waitFor();
        found.push(...(await axeSeriousViolations(page)).map((v) => `${route} form: ${v}`));
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
    await signIn(page, USER);
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
