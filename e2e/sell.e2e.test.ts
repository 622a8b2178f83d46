/**
 * mfe-sell in a real browser (issue 11 acceptance): a guest on /sell-a-car gets the login dialog and
 * 'Please login'; a signed-in seller completes the nine steps with seeded reference data, sees each
 * validation alert appear and vanish after 5 s, reloads mid-wizard without losing answers, has a
 * non-image refused, attaches two generated JPEGs and submits; the car is then searchable, has its
 * photos, and is on /sold, where its price is edited and it is deleted after confirming. axe-core finds
 * no serious or critical violation. The real API throughout.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { plainJpeg } from '../test-support/images';
import { apiClient, useApp } from './support/app';
import { seriousViolations as violationsIn } from './support/axe';
import { screenshot, signInWithApi, usePage } from './support/browser';
import { savedDraftAtImages, seededChoice, wizard } from './support/sell-wizard';

const SELLER = { email: 'priya.nair@example.com', password: 'Priya12345' };

const app = useApp();
let sellerToken: string;
const { api, tokenOf, createUser } = apiClient(() => app.url);

/**
 * Serious and critical axe-core violations inside `main` (this remote's area; the shell's header and
 * footer are checked by the shell's own tests).
 */
const seriousViolations = (page: Page) => violationsIn(page, 'main');

/** A 900×600 JPEG in one colour. */
const jpeg = (r: number, g: number, b: number) => plainJpeg(900, 600, { r, g, b });

beforeAll(async () => {
  await createUser({ name: 'Priya Nair', username: 'priya.nair', ...SELLER });
  sellerToken = await tokenOf(SELLER);
});

/** Signs the page's browser context in as the seller through the API (the auth-token cookie). */
const signIn = (ctx: ReturnType<typeof usePage>) => signInWithApi(ctx.context(), app.url, SELLER);

describe('sell a car', () => {
  const ctx = usePage();

  it('asks a guest to log in: the login dialog opens and the Brand step says Please login', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/sell-a-car`);
    // Headless UI's dialog root has no box of its own: wait for it to be attached.
    await page.getByRole('dialog').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await page.getByText('Please login', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await page.getByRole('heading', { name: 'Why Us' }).waitFor();
    // A tab opens only once its step has been visited.
    await expect.poll(() => page.getByRole('tab', { name: /Year/ }).isDisabled()).toBe(true);
  });

  it('lists a car through the nine steps, then edits and deletes it on /sold', {
    timeout: 240_000,
  }, async () => {
    const choice = await seededChoice(api);
    const page = ctx.page();
    await signIn(ctx);
    await page.goto(`${app.url}/sell-a-car`);
    const { panel, option } = wizard(page);

    // Brand (with its search box), Year, Model.
    await panel
      .getByRole('searchbox', { name: 'Search brand' })
      .fill(choice.brand.name.slice(0, 4).toLowerCase());
    await option(choice.brand.name).click();
    await panel.getByRole('searchbox', { name: 'Search year' }).fill('202');
    await expect.poll(() => panel.getByRole('button', { name: '2019', exact: true }).count()).toBe(0);
    await option('2020').click();
    await option(choice.model.name).click();

    // Variant: chips from the model (a single choice comes pressed); variants load once both are chosen.
    await panel.getByRole('heading', { name: 'Fuel type, transmission and variant' }).waitFor();
    for (const chip of [choice.variant.fuelType, choice.variant.transmission]) {
      const button = panel.getByRole('button', { name: chip, exact: true });
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    }
    await option(choice.variant.name).click();

    // Reg. states: a state reveals its RTOs; the edit icon returns to the states.
    await panel.getByRole('searchbox', { name: 'Search state' }).fill('karna');
    await option('Karnataka').click();
    await panel.getByRole('button', { name: 'Change state' }).click();
    await option('Karnataka').click();
    await panel.getByRole('searchbox', { name: 'Search RTO' }).fill('KA-01');
    await option('KA-01').click();

    // Kms Driven: each alert in turn, gone after 5 s.
    await panel.getByRole('button', { name: 'Next' }).click();
    const alert = panel.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Kindly provide the number of kilometers driven.');
    await expect.poll(() => alert.count(), { timeout: 8000, interval: 250 }).toBe(0);
    await panel.getByLabel('Kilometres driven').fill('42000');
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => alert.textContent()).toBe('Please enter the price.');
    await panel.getByLabel('Price (₹)').fill('575000');
    await panel.getByText('₹5,75,000').waitFor();
    await panel.getByLabel('Ownership').selectOption('Second');
    await panel.getByRole('button', { name: 'Next' }).click();

    // Location: city and state come from the RTO; the street is missing.
    await panel.getByLabel('Street').waitFor();
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => alert.textContent()).toBe('Please fill in all location fields.');
    await expect.poll(() => alert.count(), { timeout: 8000, interval: 250 }).toBe(0);
    await panel.getByLabel('Street').fill('12, 5th Cross, Indiranagar');
    await panel.getByLabel('PIN code').fill('560038');
    await expect.poll(() => panel.getByLabel('State').inputValue()).toBe('Karnataka');
    await panel.getByRole('button', { name: 'Next' }).click();

    // Specifications, then a reload keeps every answer.
    await panel.getByLabel('Registration number').fill('KA-01-MJ-4821');
    // Free text as the spec's form has it; the API stores the cc (issue 19).
    await panel.getByLabel('Engine capacity').fill('1.2 L');
    await panel.getByLabel('Spare key').selectOption('yes');
    await panel.getByLabel('Insurance type').selectOption('Comprehensive');
    await panel.getByLabel('Insurance valid till').fill('2027-03-31');
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByText('No images uploaded yet').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: /Images/, selected: true }).waitFor();
    await page.getByRole('tab', { name: /Specifications/ }).click();
    await expect.poll(() => panel.getByLabel('Registration number').inputValue()).toBe('KA-01-MJ-4821');
    await page.getByRole('tab', { name: /Kms Driven/ }).click();
    await expect.poll(() => panel.getByLabel('Price (₹)').inputValue()).toBe('575000');
    await page.getByRole('tab', { name: /Images/ }).click();

    // Images: a non-image is refused, two JPEGs are attached.
    const picker = panel.locator('input[type=file]');
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect.poll(() => alert.textContent()).toContain('notes.txt is not an image');
    await picker.setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg(190, 18, 60) },
      { name: 'interior.jpg', mimeType: 'image/jpeg', buffer: await jpeg(30, 90, 160) },
    ]);
    await panel.getByRole('img', { name: /front\.jpg/ }).waitFor();
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sell-wizard-images-1280.png');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Car successfully created.').waitFor({ timeout: 60_000 });
    await page.waitForURL(`${app.url}/`);

    // The listing: the seller's, searchable in the catalog, with both photos served.
    const { data: mine } = await api<{ data: Array<{ _id: string; price: number }> }>(
      'GET',
      '/api/cars/seller',
      sellerToken,
    );
    expect(mine.data).toHaveLength(1);
    const carId = mine.data[0]?._id ?? '';
    await expect
      .poll(
        async () => {
          const { data } = await api<{ data: { cars: Array<{ _id: string }> } }>(
            'GET',
            `/api/cars?brands=${choice.brand._id}&sort=newest`,
          );
          return data.data.cars.some((c) => c._id === carId);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const { data: detail } = await api<{
      data: {
        price: number;
        images: Array<{ url: string }>;
        variant: { name: string };
        specifications: { regNumber: string; engineCapacity: number };
      };
    }>('GET', `/api/cars/${carId}`);
    expect(detail.data.images).toHaveLength(2);
    expect(detail.data.variant.name).toBe(choice.variant.name);
    expect(detail.data.specifications.regNumber).toBe('KA-01-MJ-4821');
    expect(detail.data.specifications.engineCapacity).toBe(1200);
    for (const image of detail.data.images) expect((await fetch(app.url + image.url)).status).toBe(200);
    // In the catalog's pages: first on /buy-a-car (newest first), and its detail page with both photos.
    await page.goto(`${app.url}/buy-a-car`);
    await page.locator(`a[href="/car-details/${carId}"]`).first().waitFor();
    await page.goto(`${app.url}/car-details/${carId}`);
    await page
      .getByRole('heading', { name: new RegExp(choice.model.name) })
      .first()
      .waitFor();
    await expect
      .poll(() => page.locator('img[src*="/api/storage/images/cars-"]').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    // The photo carousel: buttons, thumbnails and the arrow keys move between the two photos (looping).
    const counter = page.getByText(/^[12] \/ 2$/);
    await expect.poll(() => counter.textContent()).toBe('1 / 2');
    // The carousel is a nested boundary that can hydrate after the page: a click before it does is lost,
    // so the first one is repeated until the counter moves.
    const next = page.getByRole('button', { name: 'Next photo' });
    await vi.waitFor(
      async () => {
        if ((await counter.textContent()) !== '2 / 2') await next.click();
        expect(await counter.textContent()).toBe('2 / 2');
      },
      { timeout: 15_000, interval: 250 },
    );
    await page.getByLabel('Photos: use the left and right arrow keys to change photo').press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('1 / 2');
    await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
    await expect.poll(() => counter.textContent()).toBe('2 / 2');
    expect(await page.getByRole('button', { name: 'Show photo 2 of 2' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page
      .getByText(/5,75,000/)
      .first()
      .waitFor();
    // The wizard starts afresh after a listing.
    await page.goto(`${app.url}/sell-a-car`);
    await page.getByRole('tab', { name: /Brand/, selected: true }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: /Year/ }).isDisabled()).toBe(true);

    // /sold: the car, its price edited, then deleted after confirming.
    const name = `${choice.brand.name} ${choice.model.name}`;
    await page.goto(`${app.url}/sold`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    for (const header of ['CarID', 'CarName', 'FuelType', 'Transmission', 'Price', 'Image', 'Options'])
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    await expect.poll(() => row.getByText('₹5,75,000').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sold-1280.png');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your car' });
    await expect.poll(() => dialog.getByLabel('Kilometres driven').inputValue()).toBe('42000');
    await dialog.getByLabel('Price (₹)').fill('550000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Car successfully updated.').waitFor();
    await row.getByText('₹5,50,000').waitFor();
    await expect
      .poll(
        async () => (await api<{ data: { price: number } }>('GET', `/api/cars/${carId}`)).data.data.price,
        {
          timeout: 15_000,
        },
      )
      .toBe(550000);
    await page.goto(`${app.url}/car-details/${carId}`);
    await page
      .getByText(/5,50,000/)
      .first()
      .waitFor();
    await page.goto(`${app.url}/sold`);
    await row.waitFor();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure delete?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Car successfully deleted.').waitFor();
    await page.getByRole('table').getByText('You have not listed any cars yet.').waitFor();
    await expect
      .poll(async () => (await api('GET', `/api/cars/${carId}`)).status, { timeout: 15_000 })
      .toBe(404);
    expect(ctx.consoleErrors).toEqual([]);
  });
});

describe('sell a car: failed uploads', () => {
  const ctx = usePage();

  it('skips a photo the storage refuses and names it; with none left says Image upload failed.', async () => {
    // A complete draft, as a reload restores it, open at the Images step.
    const saved = await savedDraftAtImages(app.url, await seededChoice(api));
    await ctx.context().addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('sell-wizard-draft', value);
        sessionStorage.setItem('seeded', '1');
      }
    }, JSON.stringify(saved));
    await signIn(ctx);
    const page = ctx.page();
    await page.goto(`${app.url}/sell-a-car`);
    const panel = page.getByRole('tabpanel');
    await page.getByRole('tab', { name: /Images/, selected: true }).waitFor();
    const picker = panel.locator('input[type=file]');
    // A text file named .jpg passes the picker's type check; the storage service refuses its content.
    const fake = { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a jpeg') };
    await picker.setInputFiles(fake);
    await panel.getByRole('button', { name: 'Submit' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Image upload failed.' }).waitFor();
    await panel.getByText(/not a JPEG, PNG or WebP image/).waitFor();
    expect((await api<{ data: unknown[] }>('GET', '/api/cars/seller', sellerToken)).data.data).toHaveLength(
      0,
    );

    await picker.setInputFiles({ name: 'side.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 120, 60) });
    await panel.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Skipped a photo that failed to upload: fake.jpg').waitFor({ timeout: 60_000 });
    await page.getByText('Car successfully created.').waitFor();
    await page.waitForURL(`${app.url}/`);
    const { data: mine } = await api<{ data: Array<{ _id: string; images: unknown[] }> }>(
      'GET',
      '/api/cars/seller',
      sellerToken,
    );
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]?.images).toHaveLength(1);
    expect((await api('DELETE', `/api/cars/${mine.data[0]?._id}`, sellerToken)).status).toBe(200);
  });
});

describe('sell a car on a phone', () => {
  const ctx = usePage({ width: 390, height: 844 });

  it('fits the wizard and /sold on a 390 px screen', async () => {
    const page = ctx.page();
    await signIn(ctx);
    await page.goto(`${app.url}/sell-a-car`);
    await page.getByRole('searchbox', { name: 'Search brand' }).waitFor();
    // Measure once the brand list has loaded (its logos and names make the step's width).
    await page.getByRole('tabpanel').getByText('Maruti Suzuki', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'sell-wizard-390.png');
    await page.goto(`${app.url}/sold`);
    await page.getByRole('heading', { name: 'Your listings' }).waitFor();
    await page.getByRole('list', { name: 'Your cars' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sold-390.png');
  });

  it('says which step of nine it is and keeps the current tab in view', async () => {
    const page = ctx.page();
    await signIn(ctx);
    await page.goto(`${app.url}/sell-a-car`);
    await page.getByText('Step 1 of 9: Brand', { exact: true }).waitFor();
    // Restored at the last step, whose tab starts beyond a phone's width in the strip.
    const saved = await savedDraftAtImages(app.url, await seededChoice(api));
    await page.evaluate((value) => localStorage.setItem('sell-wizard-draft', value), JSON.stringify(saved));
    await page.reload();
    await page.getByText('Step 9 of 9: Images', { exact: true }).waitFor();
    const strip = page.getByRole('tablist');
    const tab = page.getByRole('tab', { name: /Images/, selected: true });
    await expect
      .poll(async () => {
        const [outer, inner] = [await strip.boundingBox(), await tab.boundingBox()];
        return outer && inner && inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width;
      })
      .toBe(true);
    // Only the strip scrolled sideways, not the page.
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sell-wizard-last-step-390.png');
    await page.evaluate(() => localStorage.removeItem('sell-wizard-draft'));
  });
});
