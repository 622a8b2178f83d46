/**
 * mfe-account's social sign-in in a real browser (issue 10 acceptance): the providers' SDK scripts are
 * served by the test (the machine has no Internet); the tokens they hand back are real: signed by a local
 * Google JWKS stub and issued by a local Graph API stub, which the auth service verifies exactly as it would
 * the real ones.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocialProviders, startSocialProviders } from '../services/auth/test/support/auth-api';
import { type RunningApp, startApp } from './support/app';
import { usePage } from './support/browser';

describe('social sign-in through the providers’ SDKs', () => {
  // The providers' SDK scripts are served by the test (the machine has no Internet); the tokens they hand
  // back are real: signed by a local Google JWKS stub and issued by a local Graph API stub, which the auth
  // service verifies exactly as it would the real ones.
  let social: RunningApp;
  let providers: SocialProviders;
  const ctx = usePage();

  beforeAll(async () => {
    providers = await startSocialProviders({ appId: 'fb-app-e2e', appSecret: 'fb-secret-e2e' });
    social = await startApp({ env: providers.env });
  }, 120_000);

  afterAll(async () => {
    await social?.stop();
    await providers?.stop();
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
    const token = await providers.google.signIdToken({
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
    const token = providers.graph.issueToken({
      id: 'fb-e2e-1',
      name: 'Rohan Das',
      email: 'rohan.das@example.com',
    });
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
    ).toBe(providers.graph.appId);
    expect(providers.graph.requests().debug_token).toBeGreaterThan(0);
  });
});
