/**
 * Issue 27: production refuses every remote override (docs/adr/0026-remote-override.md). The embedded app
 * runs with NODE_ENV=production (the secrets production requires are made up here; PUBLIC_URL is its own
 * address) and no REMOTE_OVERRIDE_ORIGINS: the runtime manifest and the server-rendered page allow no
 * override origin, the CSP admits no localhost origin, and an override to a dev server that development
 * would accept — stored in local storage, or given as `?mf-override=` — is ignored (the deployed remote
 * renders, nothing is requested from the dev server's origin, no badge) and reported in the console.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test-support/servers';
import { useApp } from './support/app';
import { usePage } from './support/browser';

const DEV_MANIFEST = 'http://localhost:3001/mf-manifest.json';
const HEADING = 'Find your next car, checked and fairly priced.';

const { privateKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

// Production requires PUBLIC_URL (issue 47): the app's own address, so its port is chosen first.
const port = await freePort();
const app = useApp({
  port,
  env: {
    NODE_ENV: 'production',
    UPLOAD_SIGNING_SECRET: 'e2e-upload-signing-secret-of-32-bytes!',
    JWT_PRIVATE_KEY: privateKey,
    METRICS_TOKEN: 'e2e-metrics-token-0123456789abcdef',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
});

/** Requests the page makes to the dev server's origin (any port on localhost). */
function recordLocalhostRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname === 'localhost') asked.push(r.url());
  });
  return asked;
}

describe('remote overrides in production', () => {
  const ctx = usePage();

  it('the manifest and the CSP allow no override origin', async () => {
    const res = await fetch(`${app.url}/federation-manifest.json`);
    expect(((await res.json()) as { overrideOrigins: string[] }).overrideOrigins).toEqual([]);
    const page = await fetch(app.url, { headers: { accept: 'text/html' } });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('script-src');
    expect(csp).not.toMatch(/localhost|127\.0\.0\.1|ws:/);
    // The server-rendered page carries the same (empty) list for the browser.
    expect(await page.text()).toContain('"overrideOrigins":[]');
  });

  it('ignores and reports a stored override to a dev server', async () => {
    const page = ctx.page();
    const asked = recordLocalhostRequests(page);
    await page.goto(app.url);
    await page.evaluate((manifest) => {
      localStorage.setItem('mf-override', JSON.stringify({ catalog: manifest }));
      // biome-ignore lint/suspicious/noDocumentCookie: the hint cookie the shell looks for, set as a developer would.
      document.cookie = 'mf-override=1; path=/';
    }, DEV_MANIFEST);
    ctx.consoleErrors.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: HEADING }).waitFor();
    await expect
      .poll(() => ctx.consoleErrors.join('\n'))
      .toContain(`mf-override: ignored catalog → ${DEV_MANIFEST}`);
    expect(ctx.consoleErrors.join('\n')).toContain('allowed: none');
    expect(await page.getByRole('complementary', { name: 'Remote overrides' }).count()).toBe(0);
    expect(asked).toEqual([]);
  });

  it('ignores and reports ?mf-override= too', async () => {
    const page = ctx.page();
    const asked = recordLocalhostRequests(page);
    await page.goto(`${app.url}/buy-a-car?mf-override=catalog=${encodeURIComponent(DEV_MANIFEST)}`);
    await page.getByRole('heading', { name: 'Buy a used car' }).waitFor();
    await expect
      .poll(() => ctx.consoleErrors.join('\n'))
      .toContain(`mf-override: ignored catalog → ${DEV_MANIFEST}`);
    expect(await page.getByRole('complementary', { name: 'Remote overrides' }).count()).toBe(0);
    expect(asked).toEqual([]);
  });
});
