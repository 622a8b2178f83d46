/**
 * mfe-catalog in a real browser against the seeded demo inventory (issue 9 acceptance): filters alone and
 * combined change the results and the URL, pagination, a reload keeps the filters, a filter change returns
 * to page 1; the detail page shows every field with 'N/A' where missing; 'book free test drive' signed out
 * opens the login dialog; the contact form reaches the dev outbox; axe-core finds no serious or critical
 * violation; screenshots of home, listing and detail at 1280 and 390 px go to e2e/artifacts/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outboxDirOf, readOutbox } from '../test-support/dev-outbox';
import { useApp } from './support/app';
import { seriousViolations as violationsIn } from './support/axe';
import { screenshot as screenshotTo, usePage } from './support/browser';

interface ApiCar {
  _id: string;
  fuelType: string;
  transmission: string;
  price: number;
  location: { city: string };
  specifications: { engineCapacity?: number; regNumber?: string };
  inspectionReport: { warnings?: string; tyreCondition?: string; engineCondition?: string }[];
}

const app = useApp();

async function apiTotal(query: string): Promise<number> {
  const res = await fetch(`${app.url}/api/cars?${query}`);
  return ((await res.json()) as { data: { totalLength: number } }).data.totalLength;
}

async function apiCars(query: string): Promise<ApiCar[]> {
  const res = await fetch(`${app.url}/api/cars?${query}`);
  return ((await res.json()) as { data: { cars: ApiCar[] } }).data.cars;
}

/** The listing's result count heading ('N cars found'), once the listing shows `total`. */
async function waitForTotal(page: Page, total: number): Promise<void> {
  const text = `${total.toLocaleString('en-IN')} ${total === 1 ? 'car' : 'cars'} found`;
  await page.getByRole('heading', { name: text }).waitFor({ timeout: 30_000 });
}

/**
 * The serious and critical axe-core violations in the page's `<main>` (the catalog's content; header and
 * footer belong to the shell and are checked by its own tests).
 */
const seriousViolations = (page: Page) => violationsIn(page, 'main');

/** A full-page screenshot to e2e/artifacts/catalog-`name`.png. */
const screenshot = (page: Page, name: string) => screenshotTo(page, `catalog-${name}.png`);

function params(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe('catalog', () => {
  const ctx = usePage();

  it('filters the listing alone and combined, keeps them in the URL and across a reload', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/buy-a-car`);
    await waitForTotal(page, await apiTotal(''));
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .getByRole('link', { name: /4\.7 \(245 reviews\)/ })
          .count(),
      )
      .toBe(9);

    // FUEL alone.
    await page.getByRole('checkbox', { name: 'Electric' }).click();
    await page.waitForURL(/fuelTypes=Electric/);
    await waitForTotal(page, await apiTotal('fuelTypes=Electric'));

    // Each fuel and transmission shows what choosing it would find (the search's facets), as the
    // checkbox's description: Diesel counts with the fuel filter set aside, Manual with Electric applied.
    const { data: faceted } = (await (
      await fetch(`${app.url}/api/cars?fuelTypes=Electric&facets=true`)
    ).json()) as {
      data: { facets: { fuelTypes: Record<string, number>; transmissions: Record<string, number> } };
    };
    const description = async (name: string) => {
      const id = await page.getByRole('checkbox', { name, exact: true }).getAttribute('aria-describedby');
      return (await page.locator(`[id="${id}"]`).textContent())?.trim();
    };
    const indian = new Intl.NumberFormat('en-IN');
    await expect
      .poll(() => description('Diesel'))
      .toBe(`(${indian.format(faceted.facets.fuelTypes.Diesel ?? 0)})`);
    expect(await description('Manual')).toBe(`(${indian.format(faceted.facets.transmissions.Manual ?? 0)})`);

    // + TRANSMISSION.
    await page.getByRole('checkbox', { name: 'Automatic' }).click();
    await page.waitForURL(/transmissions=Automatic/);
    await waitForTotal(page, await apiTotal('fuelTypes=Electric&transmissions=Automatic'));

    // Reload keeps both, checked.
    await page.reload();
    await waitForTotal(page, await apiTotal('fuelTypes=Electric&transmissions=Automatic'));
    await expect.poll(() => page.getByRole('checkbox', { name: 'Electric' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Automatic' }).isChecked()).toBe(true);

    // Clear, then PRICE min/max (debounced).
    await page.getByRole('button', { name: 'Clear all' }).click();
    await waitForTotal(page, await apiTotal(''));
    await page.getByLabel('Minimum price').fill('500000');
    await page.getByLabel('Maximum price').fill('1000000');
    await page.waitForURL(/price=500000-1000000/, { timeout: 15_000 });
    await waitForTotal(page, await apiTotal('price=500000-1000000'));

    // + KM DRIVEN max.
    await page.getByLabel('Maximum km driven').fill('50000');
    await page.waitForURL(/kmDriven=-50000/, { timeout: 15_000 });
    await waitForTotal(page, await apiTotal('price=500000-1000000&kmDriven=-50000'));

    // A brand from the POPULAR BRANDS grid.
    await page.getByRole('button', { name: 'Clear all' }).click();
    // `GET /api/carbrand` answers `{ data: Brand[] }` (issue 19).
    const brands = (await (await fetch(`${app.url}/api/carbrand`)).json()) as {
      data: { _id: string; name: string }[];
    };
    const maruti = brands.data.find((b) => b.name === 'Maruti Suzuki');
    expect(maruti).toBeDefined();
    await page.getByRole('button', { name: 'Maruti Suzuki', exact: true }).click();
    await page.waitForURL(new RegExp(`brands=${maruti?._id}`));
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Maruti Suzuki', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await waitForTotal(page, await apiTotal(`brands=${maruti?._id}`));

    // Body type, year and city, then the search box.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('checkbox', { name: 'SUV' }).click();
    await page.getByLabel('Year from').selectOption('2020');
    await page.waitForURL(/years=2020-/);
    await waitForTotal(page, await apiTotal('bodyTypes=SUV&years=2020-'));
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByLabel('Search', { exact: true }).fill('Hyundai');
    await page.waitForURL(/searchTerm=Hyundai/, { timeout: 15_000 });
    await waitForTotal(page, await apiTotal('searchTerm=Hyundai'));

    // Nothing matches: say so and offer to clear.
    await page.getByLabel('Search', { exact: true }).fill('Zzzzqx');
    await page.getByText('No cars match your filters.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForTotal(page, await apiTotal(''));
    await expect.poll(() => params(page).toString()).toBe('');
    expect(ctx.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('paginates 9 to a page with 3 page links, and a filter change returns to page 1', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/buy-a-car`);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.waitFor();
    await expect.poll(() => pagination.getByRole('button', { name: /^\d+$/ }).count()).toBe(3);
    const first = await page.getByRole('main').getByRole('heading', { level: 3 }).first().textContent();
    await pagination.getByRole('button', { name: '2' }).click();
    await page.waitForURL(/page=2/);
    // The URL changes before the page re-renders: wait for the page link to show it (issue 19).
    await expect
      .poll(() => pagination.getByRole('button', { name: '2' }).getAttribute('aria-current'))
      .toBe('page');
    await expect
      .poll(() => page.getByRole('main').getByRole('heading', { level: 3 }).first().textContent())
      .not.toBe(first);
    await pagination.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=3/);
    await page.goBack();
    await page.waitForURL(/page=2/);
    await page.getByRole('checkbox', { name: 'Petrol' }).click();
    await page.waitForURL(/fuelTypes=Petrol/);
    expect(params(page).get('page')).toBeNull();
    await waitForTotal(page, await apiTotal('fuelTypes=Petrol'));
  });

  it("shows every field of a car, with 'N/A' where a value is missing", async () => {
    let car: ApiCar | undefined;
    for (let p = 1; p <= 10 && !car; p++) {
      car = (await apiCars(`fuelTypes=Electric&limit=50&page=${p}`)).find(
        (c) => c.specifications.engineCapacity === undefined && c.inspectionReport.some((e) => !e.warnings),
      );
    }
    expect(car).toBeDefined();
    const page = ctx.page();
    // 'Loading...' shows until the car arrives (its answer held back for a moment to see it).
    await page.route(`**/api/cars/${car?._id}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    // A client-side navigation (the server renders a car page directly with its data, issue 21).
    await page.goto(`${app.url}/faq`);
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/car-details/${car?._id}`);
    await page.getByText('Loading...', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Loading...', { exact: true }).waitFor({ state: 'detached' });
    await page.unroute(`**/api/cars/${car?._id}`);
    await expect.poll(() => page.title()).toMatch(/ · CarBazaar$/);
    for (const text of [
      'Home test drive available',
      `Parked at ${car?.location.city}`,
      'Get Services History report',
      'KNOW YOUR CAR',
      'Regularly Serviced',
      'Original Paint',
      '100% Tyre Life Remaining',
    ]) {
      await page.getByText(text).first().waitFor();
    }
    await page.getByText(`Rs.${new Intl.NumberFormat('en-IN').format(car?.price ?? 0)}`).waitFor();
    const specs = page.locator('#specifications');
    const value = (label: string) =>
      specs.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect.poll(() => value('Engine Capacity').textContent()).toBe('N/A');
    await expect.poll(() => value('Fuel type').textContent()).toBe('Electric');
    await expect.poll(() => value('Reg Number').textContent()).toBe(car?.specifications.regNumber ?? 'N/A');
    await expect.poll(() => value('Insurance').textContent()).toMatch(/^(Valid till: .+|N\/A)$/);
    await expect.poll(() => value('Spare key').textContent()).toMatch(/^(Yes|No|N\/A)$/);
    await expect
      .poll(() => page.locator('#inspection-report').getByText('N/A', { exact: true }).count())
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'View inspection report' }).click();
    await page.waitForURL(/#inspection-report$/);
    expect(await seriousViolations(page)).toEqual([]);

    // Signed out, the test-drive button opens mfe-account's login dialog.
    await page.getByRole('button', { name: 'Book free test drive' }).click();
    await page.getByRole('dialog').getByLabel('Email').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // An unknown id.
    await page.goto(`${app.url}/car-details/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: "Sorry, we couldn't find this car." }).waitFor();
    expect(ctx.consoleErrors.filter((e) => !e.includes('401') && !e.includes('404'))).toEqual([]);
  });

  it('sends the contact form to the support outbox', async () => {
    const page = ctx.page();
    await page.goto(`${app.url}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByText('Please write a message.').waitFor();
    await page.getByLabel('Name').fill('Asha Verma');
    await page.getByLabel('Email').fill('asha.verma@example.com');
    await page.getByLabel('Phone No.').fill('+91 98450 12345');
    const message = `Is the Creta in Pune still available? ref-${Date.now()}`;
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('status').filter({ hasText: /./ }).first().waitFor();
    const mails = () => readOutbox(outboxDirOf(app.dataDir), 'mail.jsonl');
    await expect.poll(() => mails().some((m) => m.text.includes(message)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByLabel('Message').inputValue()).toBe('');
  });

  it('has no serious or critical accessibility violation on the catalog pages', async () => {
    const page = ctx.page();
    const [car] = await apiCars('limit=1');
    for (const [route, ready] of [
      ['/', 'Top Cars'],
      ['/buy-a-car', /cars found/],
      [`/car-details/${car?._id}`, 'Specifications'],
      ['/faq', 'Frequently asked questions'],
      ['/about', 'About us'],
      ['/contact', 'Contact us'],
      ['/t&c', 'Terms and Conditions'],
    ] as const) {
      await page.goto(app.url + route);
      await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 30_000 });
      expect.soft(await seriousViolations(page), route).toEqual([]);
    }
  });

  it('on a phone, makes the filter controls only once the panel is opened, and they work', async () => {
    // The server's HTML carries the panel's button, not its ~400 elements of controls.
    const served = await (await fetch(`${app.url}/buy-a-car`, { headers: { accept: 'text/html' } })).text();
    expect(served).toContain('aria-controls="catalog-filter-panel"');
    expect(served).not.toContain('aria-label="Year from"');
    const page = ctx.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/buy-a-car`);
    await waitForTotal(page, await apiTotal(''));
    const panel = page.locator('#catalog-filter-panel');
    expect(await panel.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Filters', expanded: false }).click();
    await panel.getByRole('checkbox', { name: 'Diesel' }).click();
    await page.waitForURL(/fuelTypes=Diesel/);
    await waitForTotal(page, await apiTotal('fuelTypes=Diesel'));
    expect(await seriousViolations(page)).toEqual([]);
    // Wide again: the panel stands beside the results, its controls made without a click.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/buy-a-car`);
    await panel.getByRole('checkbox', { name: 'Diesel' }).waitFor();
  });

  it.each([1280, 390])('renders home, listing and detail at %i px (screenshots)', async (width) => {
    const page = ctx.page();
    await page.setViewportSize({ width, height: 900 });
    const [car] = await apiCars('limit=1');
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
    await page.getByRole('main').getByText('245 reviews').first().waitFor();
    await screenshot(page, `home-${width}`);
    await page.goto(`${app.url}/buy-a-car`);
    await page.getByRole('heading', { name: /cars found/ }).waitFor();
    await screenshot(page, `listing-${width}`);
    await page.goto(`${app.url}/car-details/${car?._id}`);
    await page.getByRole('heading', { name: 'Specifications' }).waitFor();
    await screenshot(page, `detail-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
