/**
 * mfe-account's test drives in a real browser (issue 10 acceptance): book a test drive of a car from its
 * page, see it on /appointment with its long date and 12-hour time, move it, delete it after confirming; a
 * Confirmed booking has disabled actions; a guest is asked to log in; axe-core finds no serious or critical
 * violation in the dialogs and the page. The real API throughout.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday } from '../test-support/dates';
import { apiClient, SEEDED_ADMIN, useApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signInThroughUi, usePage } from './support/browser';

const ADMIN = SEEDED_ADMIN;
const BOOKER = { email: 'arjun.rao@example.com', password: 'Arjun12345' };

const app = useApp();
let carId: string;
let carName: string;
const { api, tokenOf, createUser } = apiClient(() => app.url);

/** Tomorrow's date `YYYY-MM-DD` in India time. */
const tomorrowInIndia = () => dayFromToday(1);

/** A date `YYYY-MM-DD` as the appointments page shows it (`14 March 2026`). */
function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)),
  );
}

/**
 * Opens 'Book a Test Drive' for `carId` from the car page: its booking button when mfe-catalog has wired it,
 * otherwise the same contract the button uses (`openTestDriveBooking` of the shared @marketplace/ui).
 */
async function openBookingFromCarPage(page: Page, id: string): Promise<void> {
  await page.goto(`${app.url}/car-details/${id}`);
  await page.getByRole('banner').getByRole('link', { name: 'Buy a car' }).waitFor();
  const button = page.getByRole('button', { name: /test drive/i }).first();
  if (await button.isVisible({ timeout: 10_000 }).catch(() => false)) {
    await button.click();
    return;
  }
  await page.evaluate(async (car) => {
    // biome-ignore lint/suspicious/noExplicitAny: the federation runtime's global
    const instances = (window as any).__FEDERATION__.__INSTANCES__ as Array<{
      name: string;
      loadShare(name: string): Promise<false | (() => { openTestDriveBooking(id: string): void })>;
    }>;
    const host = instances.find((i) => i.name === 'shell') ?? instances[0];
    const factory = await host?.loadShare('@marketplace/ui');
    if (!factory) throw new Error('@marketplace/ui is not shared');
    factory().openTestDriveBooking(car);
  }, id);
}

beforeAll(async () => {
  await createUser({ name: 'Arjun Rao', username: 'arjun.rao', ...BOOKER });
  const cars = await api<{
    data: { cars: Array<{ _id: string; brand: { name: string }; model: { name: string } }> };
  }>('GET', '/api/cars?limit=3');
  const car = cars.data.data.cars[0];
  if (!car) throw new Error('no demo car');
  carId = car._id;
  carName = `${car.brand.name} ${car.model.name}`;
});

describe('test drives', () => {
  const ctx = usePage();

  it('books from the car page, shows it on /appointment, moves it and deletes it after confirming', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    await signInThroughUi(page, BOOKER.email, BOOKER.password);
    await openBookingFromCarPage(page, carId);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Book a Test Drive' }).waitFor();
    const date = tomorrowInIndia();
    await dialog.getByLabel('Appointment Date').fill(date);
    const time = dialog.getByLabel('Appointment Time');
    await expect.poll(() => time.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // Only the slots of the opening hours: 10:00 … 18:30.
    const options = () => time.locator('option').allTextContents();
    await expect.poll(options).toContain('10:00 AM');
    await expect.poll(options).toContain('6:30 PM');
    expect(await options()).not.toContain('7:00 PM');
    await time.selectOption('14:30');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Test drive created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The same slot is no longer offered for this car.
    const slots = await api<{ data: { slots: string[] } }>(
      'GET',
      `/api/testDrive/slots?car=${carId}&date=${date}`,
      await tokenOf(BOOKER),
    );
    expect(slots.data.data.slots).not.toContain('14:30');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My test drives' }).click();
    await page.waitForURL(`${app.url}/appointment`);
    await page.getByRole('heading', { name: 'Appointment', exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: carName });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(longDate(date));
    await expect.poll(() => row.textContent()).toContain('2:30 PM');
    await expect.poll(() => row.textContent()).toContain('Pending');
    await expect
      .poll(() => row.getByRole('link', { name: carName }).getAttribute('href'))
      .toBe(`/car-details/${carId}`);
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // Edit: 'Update Book a Test Drive' with the booking preselected; move it to 6:00 PM.
    await row.getByRole('button', { name: /^Edit/ }).click();
    await dialog.getByRole('heading', { name: 'Update Book a Test Drive' }).waitFor();
    await expect.poll(() => dialog.getByLabel('Appointment Date').inputValue()).toBe(date);
    await expect
      .poll(() => dialog.getByLabel('Appointment Time').inputValue(), { timeout: 30_000 })
      .toBe('14:30');
    await dialog.getByLabel('Appointment Time').selectOption('18:00');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Test drive updated successfully').waitFor();
    await expect.poll(() => row.textContent()).toContain('6:00 PM');
    await page.reload();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: carName }).textContent())
      .toContain('6:00 PM');

    // Delete after confirming (Back first keeps it).
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Are you sure delete?' }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Test drive deleted successfully').waitFor();
    await page.getByText('No test drives yet.').waitFor();
    expect(ctx.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('shows disabled actions for a Confirmed booking', async () => {
    const page = ctx.page();
    const booker = await tokenOf(BOOKER);
    const date = tomorrowInIndia();
    const booked = await api<{ data: { _id: string } }>('POST', '/api/testDrive', booker, {
      car: carId,
      appointmentDate: date,
      appointmentTime: '11:00',
    });
    expect(booked.status).toBe(201);
    const confirmed = await api(
      'PATCH',
      `/api/testDrive/${booked.data.data._id}/status`,
      await tokenOf(ADMIN),
      {
        status: 'Confirmed',
      },
    );
    expect(confirmed.status).toBe(200);
    await page.goto(app.url);
    await signInThroughUi(page, BOOKER.email, BOOKER.password);
    await page.goto(`${app.url}/appointment`);
    const row = page.getByRole('row').filter({ hasText: '11:00 AM' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Confirmed');
    await expect.poll(() => row.getByRole('button', { name: /^Edit/ }).isDisabled()).toBe(true);
    await expect.poll(() => row.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);
  });

  it('asks a guest to log in instead of booking', async () => {
    const page = ctx.page();
    await openBookingFromCarPage(page, carId);
    await page.getByRole('dialog').getByRole('heading', { name: 'Log in to CarBazaar' }).waitFor();
  });
});
