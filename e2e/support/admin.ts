/**
 * mfe-admin's screens in the browser tests (admin*.e2e.test.ts): opening a screen and waiting for its data,
 * and an action answered by the server's success message as a toast.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens `url` and waits for its level-1 `heading` and for its loading status to go. */
export async function openScreen(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
  await page
    .getByRole('status')
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
}

/**
 * Runs `act`, waits for the API answer to `method path…` (2xx) and for the toast showing its `message`.
 * @returns the message.
 */
export async function expectServerToast(
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
