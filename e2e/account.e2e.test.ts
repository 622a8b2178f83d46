/**
 * mfe-account in a real browser (issue 10 acceptance): sign up with the code read from the dev SMS outbox
 * typed into the six boxes, log out, log in (a wrong password shows the server's message); the profile (name
 * and photo) and the password change, the profile's linked pages, the pages on a phone; axe-core finds no
 * serious or critical violation in the dialogs and pages. The real API throughout. Test drives are in
 * account-test-drives.e2e.test.ts, social sign-in in account-social.e2e.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxDirOf, waitForSmsCode } from '../test-support/dev-outbox';
import { plainJpeg } from '../test-support/images';
import { apiClient, useApp } from './support/app';
import { seriousViolations } from './support/axe';
import { screenshot, signInThroughUi, usePage } from './support/browser';

const USER = { email: 'meera.iyer@example.com', password: 'Meera12345', phone: '9876501234' };
const BOOKER = { email: 'arjun.rao@example.com', password: 'Arjun12345' };

const app = useApp();
const { createUser } = apiClient(() => app.url);

/** The sign-up code texted to `phone`, from the app's dev outbox. */
async function otpFromOutbox(phone: string): Promise<string> {
  return (await waitForSmsCode({ outboxDir: outboxDirOf(app.dataDir) }, phone, { timeout: 30_000 })).code;
}

beforeAll(async () => {
  await createUser({ name: 'Arjun Rao', username: 'arjun.rao', ...BOOKER });
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
    const photo = await plainJpeg(400, 400, '#c2410c');
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
