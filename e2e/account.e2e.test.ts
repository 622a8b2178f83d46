/**
 * mfe-account in a real browser (issue 10 acceptance): sign up with the code read from the dev SMS outbox
 * typed into the six boxes, log out, log in (a wrong password shows the server's message); book a test drive
 * of a car, see it on /appointment with its long date and 12-hour time, move it, delete it after confirming;
 * a Confirmed booking has disabled actions; the profile and its linked pages; axe-core finds no serious or
 * critical violation in the dialogs and pages. The real API throughout.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleStub, startGoogleStub } from '../services/auth/test/support/google-server';
import { type GraphStub, startGraphStub } from '../services/auth/test/support/graph-server';
import { apiClient, type RunningApp, repoRoot, SEEDED_ADMIN, startApp } from './support/app';
import { artifactsDir, signInThroughUi, usePage } from './support/browser';

const ADMIN = SEEDED_ADMIN;
const USER = { email: 'meera.iyer@example.com', password: 'Meera12345', phone: '9876501234' };
const BOOKER = { email: 'arjun.rao@example.com', password: 'Arjun12345' };
const axeSource = fs.readFileSync(path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

let app: RunningApp;
let carId: string;
let carName: string;
const { api, tokenOf } = apiClient(() => app.url);

/** Tomorrow's date `YYYY-MM-DD` in India time. */
function tomorrowInIndia(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)),
  );
}

/** Runs axe-core on the page (or inside `selector`) and returns its serious and critical violations. */
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, name), fullPage: true });
}

async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // CDP evaluation: the app's CSP forbids inline scripts
  const violations = await page.evaluate(async (sel) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    // Colours mid-transition (a theme switch) would be measured half-way: let running transitions end.
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((t) => t.finished.catch(() => undefined)));
    const result = await axe.run(sel ? document.querySelector(sel) : document, {
      resultTypes: ['violations'],
    });
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
  return violations;
}

async function otpFromOutbox(phone: string): Promise<string> {
  const file = path.join(app.dataDir, 'outbox', 'sms.jsonl');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(file)) return undefined;
        const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
        const mine = lines
          .map((l) => JSON.parse(l) as { to: string; text: string })
          .filter((m) => m.to.endsWith(phone));
        code = mine.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
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
  app = await startApp();
  const admin = await tokenOf(ADMIN);
  const created = await api('POST', '/api/account/user/new', admin, {
    name: 'Arjun Rao',
    username: 'arjun.rao',
    role: 'User',
    ...BOOKER,
  });
  expect(created.status).toBe(201);
  const cars = await api<{
    data: { cars: Array<{ _id: string; brand: { name: string }; model: { name: string } }> };
  }>('GET', '/api/cars?limit=3');
  const car = cars.data.data.cars[0];
  if (!car) throw new Error('no demo car');
  carId = car._id;
  carName = `${car.brand.name} ${car.model.name}`;
});

afterAll(async () => {
  await app?.stop();
});

describe('sign-up, log out and log in', () => {
  const ctx = usePage();

  it('signs up with the SMS code typed into the boxes, logs out, and logs in (a wrong password shows the server message)', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Log in to CarBazaar' }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // No Google / Facebook client id is exposed to the browser: no social buttons.
    expect(await dialog.getByRole('button', { name: /google|facebook/i }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByRole('heading', { name: 'Create your CarBazaar account' }).waitFor();
    // Client-side rules first.
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText('Please enter your name.').waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Name', { exact: true }).fill('Meera Iyer');
    await dialog.getByLabel('Username').fill('meera.iyer');
    await dialog.getByLabel('Email').fill(USER.email);
    await dialog.getByLabel('Mobile number').fill(USER.phone);
    await dialog.getByLabel('Password', { exact: true }).fill(USER.password);
    await dialog.getByLabel('Confirm password').fill('Different123');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText('The passwords do not match.').waitFor();
    await dialog.getByLabel('Confirm password').fill(USER.password);
    await dialog.getByRole('button', { name: 'Sign Up' }).click();

    await dialog.getByRole('heading', { name: 'Verify your mobile number' }).waitFor();
    await expect.poll(() => dialog.textContent()).toContain(USER.phone.slice(-4));
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    const code = await otpFromOutbox(USER.phone);
    // Typing moves focus box by box; Backspace on an empty box clears the previous one and moves back.
    await dialog.getByLabel('Digit 1 of 6').click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.keyboard.type(code.slice(0, 3));
    await expect.poll(focused).toBe('Digit 4 of 6');
    await page.keyboard.press('Backspace');
    await expect.poll(() => dialog.getByLabel('Digit 3 of 6').inputValue()).toBe('');
    await expect.poll(focused).toBe('Digit 3 of 6');
    await page.keyboard.type(code.slice(2));
    for (let i = 0; i < 6; i++)
      await expect.poll(() => dialog.getByLabel(`Digit ${i + 1} of 6`).inputValue()).toBe(code[i]);
    await dialog.getByRole('button', { name: 'Verify Account' }).click();
    await page.getByText('Welcome! Your registration was successful!').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Log out.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByText('User logged out successfully.').waitFor();
    await page.getByRole('button', { name: 'Log In' }).waitFor();

    // A wrong password shows the server's message; the right one signs in.
    await page.getByRole('button', { name: 'Log In' }).click();
    await dialog.getByLabel('Email').fill(USER.email);
    await dialog.getByLabel('Password').fill('Wrong12345');
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await dialog.getByRole('heading', { name: 'Log in to CarBazaar' }).waitFor();
    await dialog.getByLabel('Password').fill(USER.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('User login successfully.').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
  });

  it('pastes the six digits into the boxes at once', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Kavya Nair');
    await dialog.getByLabel('Username').fill('kavya.nair');
    await dialog.getByLabel('Email').fill('kavya.nair@example.com');
    await dialog.getByLabel('Mobile number').fill('+91 9812345678');
    await dialog.getByLabel('Password', { exact: true }).fill('Kavya12345');
    await dialog.getByLabel('Confirm password').fill('Kavya12345');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByRole('heading', { name: 'Verify your mobile number' }).waitFor();
    const code = await otpFromOutbox('9812345678');
    await dialog.getByLabel('Digit 1 of 6').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    for (let i = 0; i < 6; i++)
      await expect.poll(() => dialog.getByLabel(`Digit ${i + 1} of 6`).inputValue()).toBe(code[i]);
    await dialog.getByRole('button', { name: 'Verify Account' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
  });
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

describe('profile and account pages', () => {
  const ctx = usePage();

  it('edits the profile (name and photo) so it persists after a reload, and changes the password', async () => {
    const page = ctx.page();
    // A visitor who never signed in makes no profile call (it could only answer 401).
    const profileCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/profile') profileCalls.push(r.method());
    });
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
    expect(profileCalls).toEqual([]);

    await signInThroughUi(page, USER.email, USER.password);
    await page.goto(`${app.url}/profile`);
    await page.getByRole('heading', { name: 'Meera Iyer' }).waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe(USER.email);
    // Client-side rule first, then a real change: a new name and a photo through the storage flow.
    await dialog.getByLabel('Name', { exact: true }).fill('   ');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Please enter your name.').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Meera S. Iyer');
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect
      .poll(() => dialog.getByRole('img', { name: 'Your avatar as others will see it' }).getAttribute('src'))
      .toMatch(/^blob:/);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'account-edit-profile-1280.png');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByRole('heading', { name: 'Meera S. Iyer' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Meera S. Iyer' }).waitFor();
    const avatar = page.getByRole('main').locator('img').first();
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/storage\/images\/cars-/);
    const served = await page.request.get(`${app.url}${await avatar.getAttribute('src')}`);
    expect(served.status()).toBe(200);
    expect(profileCalls.filter((m) => m === 'PATCH')).toHaveLength(1);

    // Password, on Settings: the server refuses a wrong current password; the right one changes it.
    await page.goto(`${app.url}/pages/settings`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('Wrong12345');
    await form.getByLabel('New password', { exact: true }).fill('Meera67890');
    await form.getByLabel('Confirm new password').fill('Meera67890');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('currentPassword is incorrect').waitFor();
    await form.getByLabel('Current password').fill(USER.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password updated successfully').waitFor();
    await expect.poll(() => form.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // Signed out and in again: only the new password works.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    const old = await page.request.post(`${app.url}/api/auth/login`, {
      data: { email: USER.email, password: USER.password },
    });
    expect(old.ok()).toBe(false);
    await signInThroughUi(page, USER.email, 'Meera67890');
  });

  it('shows the profile with its links, and the purchases, help and settings pages', async () => {
    const page = ctx.page();
    await page.goto(app.url);
    await signInThroughUi(page, BOOKER.email, BOOKER.password);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Arjun Rao' }).waitFor();
    await page.getByText(BOOKER.email).waitFor();
    await page.getByText('arjun.rao', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Edit Profile' }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    for (const [link, heading, url] of [
      ['View Purchase History', 'Purchase history', '/purchases'],
      ['Help & Support', 'Help & Support', '/help'],
    ] as const) {
      await page.goto(`${app.url}/profile`);
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(app.url + url);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await seriousViolations(page, 'main')).toEqual([]);
    }
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Read the FAQ' }).getAttribute('href'),
    ).toBe('/faq');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await page.getByRole('radio', { name: 'Light' }).check();
  });
});

describe('account pages on a phone', () => {
  const ctx = usePage({ width: 390, height: 844 });

  it('fits the login dialog, profile, Edit Profile, appointments and settings on a 390 px screen', async () => {
    const page = ctx.page();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.goto(`${app.url}/profile`);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Log in to CarBazaar' }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'account-login-390.png');
    await dialog.getByLabel('Email').fill(BOOKER.email);
    await dialog.getByLabel('Password').fill(BOOKER.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Arjun Rao' }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'account-profile-390.png');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'account-edit-profile-390.png');
    await page.keyboard.press('Escape');
    for (const [url, heading, name] of [
      ['/appointment', 'Appointment', 'account-appointment-390.png'],
      ['/pages/settings', 'Settings', 'account-settings-390.png'],
    ] as const) {
      await page.goto(app.url + url);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(await fits()).toBe(true);
      await screenshot(page, name);
    }
  });
});

describe('social sign-in through the providers’ SDKs', () => {
  // The providers' SDK scripts are served by the test (the machine has no Internet); the tokens they hand
  // back are real: signed by a local Google JWKS stub and issued by a local Graph API stub, which the auth
  // service verifies exactly as it would the real ones.
  let social: RunningApp;
  let google: GoogleStub;
  let graph: GraphStub;
  const ctx = usePage();

  beforeAll(async () => {
    google = await startGoogleStub();
    graph = await startGraphStub({ appId: 'fb-app-e2e', appSecret: 'fb-secret-e2e' });
    social = await startApp({
      env: {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.url,
        GOOGLE_ISSUERS: google.issuer,
        FACEBOOK_APP_ID: graph.appId,
        FACEBOOK_APP_SECRET: 'fb-secret-e2e',
        FACEBOOK_GRAPH_URL: graph.url,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await social?.stop();
    await google?.stop();
    await graph?.stop();
  });

  async function openLogin(page: Page): Promise<ReturnType<Page['getByRole']>> {
    await page.goto(social.url);
    await page.getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Log in to CarBazaar' }).waitFor();
    return dialog;
  }

  it('signs in with Google: the SDK loads in the user’s language and its ID token signs the user in', async () => {
    const page = ctx.page();
    const token = await google.signIdToken({
      sub: 'g-e2e-1',
      email: 'kavya.menon@gmail.com',
      email_verified: true,
      name: 'Kavya Menon',
    });
    const sdkUrls: string[] = [];
    await page.route('https://accounts.google.com/gsi/client**', (route) => {
      sdkUrls.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(o) { window.__gsi = o; },
          renderButton(el, opts) {
            const b = document.createElement('button'); b.type = 'button';
            b.textContent = 'Sign in with Google'; b.dataset.locale = opts.locale;
            b.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(token)} });
            el.appendChild(b);
          } } } };`,
      });
    });
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Continue with Facebook' }).waitFor();
    await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText('User login successfully.').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(sdkUrls).toHaveLength(1);
    expect(new URL(sdkUrls[0] ?? '').searchParams.get('hl')).toBe(
      await page.evaluate(() => navigator.language),
    );
    const profile = await page.request.get(`${social.url}/api/auth/profile`);
    expect(((await profile.json()) as { name: string }).name).toBe('Kavya Menon');
  });

  it('signs in with Facebook: the SDK’s access token signs the user in', async () => {
    const page = ctx.page();
    const token = graph.issueToken({ id: 'fb-e2e-1', name: 'Rohan Das', email: 'rohan.das@example.com' });
    let sdkUrl = '';
    await page.route('https://connect.facebook.net/**', (route) => {
      sdkUrl = route.request().url();
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.FB = { init(o) { window.__fbInit = o; },
          login(cb) { cb({ status: 'connected', authResponse: { accessToken: ${JSON.stringify(token)} } }); } };`,
      });
    });
    await page.route('https://accounts.google.com/gsi/client**', (route) => route.abort());
    const dialog = await openLogin(page);
    // Google's SDK failing to load leaves the other way in.
    await dialog.getByText('Google sign-in is unavailable right now.').waitFor();
    await dialog.getByRole('button', { name: 'Continue with Facebook' }).click();
    await page.getByText('User login successfully.').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(sdkUrl).toMatch(/^https:\/\/connect\.facebook\.net\/[a-z]{2}_[A-Z]{2}\/sdk\.js$/);
    expect(
      await page.evaluate(() => (window as unknown as { __fbInit: { appId: string } }).__fbInit.appId),
    ).toBe(graph.appId);
    expect(graph.requests().debug_token).toBeGreaterThan(0);
  });
});
