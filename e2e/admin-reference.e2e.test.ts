/**
 * mfe-admin in a real browser against the real API (issue 12 acceptance): an Admin creates, edits and
 * deletes a brand with a logo upload, a model and a variant, each answered by the server's success message
 * as a toast and each change seen in the admin list itself; the public reference endpoints serve them, and
 * right after, a User's sell wizard (/sell-a-car) offers the new brand with its logo, the new model after
 * the Year step and the new variant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectServerToast, openScreen } from './support/admin';
import { apiClient, SEEDED_ADMIN, useApp } from './support/app';
import { signInWithApi, usePage } from './support/browser';
import { wizard } from './support/sell-wizard';

/** A 2×2 PNG (the brand logo of the upload journey). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const ADMIN = SEEDED_ADMIN;
const USER = { email: 'meera.nair@example.com', password: 'Meera@12345' };

const app = useApp();
const { api, createUser } = apiClient(() => app.url);

beforeAll(async () => {
  await createUser({ name: 'Meera Nair', username: 'meera.nair', ...USER });
});

describe('brands, models and variants in the admin dashboard', () => {
  const ctx = usePage();
  const suffix = Date.now().toString(36).slice(-5);
  const brandName = `Zentra ${suffix}`;
  const modelName = `Vayu ${suffix}`;
  const variantName = `VX ${suffix}`;

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
    await signInWithApi(page.context(), app.url, ADMIN);
    await openScreen(page, `${app.url}/dashboard/cars/brand`, 'Brand');
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
    await openScreen(page, `${app.url}/dashboard/cars/model`, 'Model');
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
    await openScreen(page, `${app.url}/dashboard/cars/variant`, 'Variant');
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
    await signInWithApi(page.context(), app.url, USER);
    await page.goto(`${app.url}/sell-a-car`);
    const { panel, option } = wizard(page);

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
    await signInWithApi(page.context(), app.url, ADMIN);
    const confirm = page.getByRole('dialog', { name: 'Are you sure delete?' });

    await openScreen(page, `${app.url}/dashboard/cars/variant`, 'Variant');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const variantRow = page.getByRole('row').filter({ hasText: variantName });
    await variantRow.getByRole('button', { name: /^Delete/ }).click();
    await expectServerToast(page, 'DELETE', /^\/api\/carVariant\//, () =>
      confirm.getByRole('button', { name: 'Delete' }).click(),
    );
    await variantRow.waitFor({ state: 'detached' });

    await openScreen(page, `${app.url}/dashboard/cars/model`, 'Model');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: brandName });
    const modelRow = page.getByRole('row').filter({ hasText: modelName });
    await modelRow.getByRole('button', { name: /^Delete/ }).click();
    await expectServerToast(page, 'DELETE', /^\/api\/carModel\//, () =>
      confirm.getByRole('button', { name: 'Delete' }).click(),
    );
    await modelRow.waitFor({ state: 'detached', timeout: 10_000 });

    await openScreen(page, `${app.url}/dashboard/cars/brand`, 'Brand');
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
});
