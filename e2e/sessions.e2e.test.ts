/**
 * Sessions in a real browser (issue 20): "Sign out everywhere" on /pages/settings ends this session and
 * every other one of the user; the password change keeps the browser signed in (its cookie is renewed)
 * while another device's session ends; the e-mail verification banner on /profile, and the e-mailed link
 * (`/profile?verifyEmail=<token>`) that verifies the address. The real API throughout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { codeIn, outboxDirOf, readOutbox } from '../test-support/dev-outbox';
import { apiClient, useApp } from './support/app';
import { signInThroughUi, usePage } from './support/browser';

const USER = { email: 'kavya.nair@example.com', password: 'Kavya12345' };

const app = useApp();
const { api, tokenOf, createUser } = apiClient(() => app.url);

beforeAll(async () => {
  await createUser({ name: 'Kavya Nair', username: 'kavya.nair', ...USER });
});

describe('sessions', () => {
  const ctx = usePage();

  it('a password change keeps this browser signed in and ends the other device’s session', async () => {
    const page = ctx.page();
    const otherDevice = await tokenOf(USER);
    await page.goto(app.url);
    await signInThroughUi(page, USER.email, USER.password);
    await page.goto(`${app.url}/pages/settings`);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(USER.password);
    await form.getByLabel('New password', { exact: true }).fill('Kavya67890');
    await form.getByLabel('Confirm new password').fill('Kavya67890');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password updated successfully').waitFor();
    expect((await api('GET', '/api/auth/profile', otherDevice)).status).toBe(401);
    // This browser goes on with its renewed cookie.
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect((await page.request.get(`${app.url}/api/auth/profile`)).status()).toBe(200);
    USER.password = 'Kavya67890';
  });

  it('“Sign out everywhere” on Settings ends this session and every other one', async () => {
    const page = ctx.page();
    const otherDevice = await tokenOf(USER);
    await page.goto(app.url);
    await signInThroughUi(page, USER.email, USER.password);
    await page.goto(`${app.url}/pages/settings`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText('Signed out on every device.').waitFor();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect((await page.request.get(`${app.url}/api/auth/profile`)).status()).toBe(401);
    expect((await api('GET', '/api/auth/profile', otherDevice)).status).toBe(401);
    await page.reload();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
  });

  it('shows the e-mail banner until the mailed link is opened', async () => {
    const page = ctx.page();
    const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
    const email = `ravi.${n}@example.com`;
    const reg = await api('POST', '/api/auth/register', undefined, {
      name: 'Ravi Menon',
      username: `ravi.${n}`,
      email,
      phone_number: `94${n}12`,
      password: 'Ravi123456',
      confirm_password: 'Ravi123456',
    });
    expect(reg.status).toBe(201);
    const outbox = (file: 'mail.jsonl' | 'sms.jsonl') => readOutbox(outboxDirOf(app.dataDir), file);
    let code = '';
    await expect
      .poll(() => (code = codeIn(outbox('sms.jsonl').find((m) => m.to === `94${n}12`)?.text ?? '') ?? ''))
      .not.toBe('');
    const verified = await api('POST', '/api/auth/verifyMobileOtp', undefined, {
      phone_number: `94${n}12`,
      otp: code,
    });
    expect(verified.status).toBe(200);
    let link = '';
    await expect
      .poll(
        () =>
          (link =
            outbox('mail.jsonl')
              .find((m) => m.to === email)
              ?.text.match(/\/profile\?verifyEmail=[\w-]+/)?.[0] ?? ''),
      )
      .not.toBe('');

    await page.goto(app.url);
    await signInThroughUi(page, email, 'Ravi123456');
    await page.goto(`${app.url}/profile`);
    const banner = page.getByRole('status').filter({ hasText: 'Please verify your e-mail address' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText('We have sent a verification link to your e-mail address.').waitFor();
    // The first link was replaced by the new one.
    const links = () => outbox('mail.jsonl').filter((m) => m.to === email && m.text.includes('verifyEmail='));
    await expect.poll(() => links().length).toBe(2);
    const newest = links()
      .at(-1)!
      .text.match(/\/profile\?verifyEmail=[\w-]+/)![0];
    expect(newest).not.toBe(link);
    await page.goto(`${app.url}${newest}`);
    await page.getByText('Your e-mail address is verified.').waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
  });
});
