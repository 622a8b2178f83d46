/**
 * Page weight of the home page: the JavaScript and CSS that `/` downloads, per file and in total, gzip
 * bytes (each response body gzipped here at level 9, as a static host would precompress). Two cuts:
 * "first render" = everything requested until the shell's header is on screen; "home page" = until the
 * home page's own content (mfe-catalog's Top Cars) is on screen. Runs the embedded app from the built front
 * ends (`npm run build:web` first) in Debian's Chromium. Usage: `npm run bench:web-weight`.
 */
import { gzipSync } from 'node:zlib';
import { startApp } from '../e2e/support/app';
import { launchBrowser } from '../e2e/support/browser';

interface Asset {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  phase: 'first render' | 'home page';
}

const app = await startApp();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const assets: Asset[] = [];
  const pending: Promise<void>[] = [];
  let phase: Asset['phase'] = 'first render';
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const seenIn = phase;
    pending.push(
      res.body().then((body) => {
        assets.push({
          url: res.url(),
          kind: type === 'script' ? 'js' : 'css',
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          phase: seenIn,
        });
      }),
    );
  });
  await page.goto(app.url);
  await page.getByRole('banner').getByRole('link', { name: 'Buy a car' }).waitFor();
  phase = 'home page';
  await page.getByRole('heading', { name: 'Top Cars' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const rows = assets.sort((a, b) =>
    a.phase === b.phase ? b.gzip - a.gzip : a.phase === 'first render' ? -1 : 1,
  );
  console.log(`\nJS and CSS downloaded by ${app.url}/ (gzip level 9)\n`);
  console.log(`${'phase'.padEnd(13)} ${'kind'.padEnd(4)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)}  file`);
  for (const a of rows) {
    const file = new URL(a.url).pathname;
    console.log(
      `${a.phase.padEnd(13)} ${a.kind.padEnd(4)} ${kb(a.raw).padStart(9)} ${kb(a.gzip).padStart(9)}  ${file}`,
    );
  }
  const sum = (list: Asset[], kind: Asset['kind']) =>
    list.filter((a) => a.kind === kind).reduce((n, a) => n + a.gzip, 0);
  const first = rows.filter((a) => a.phase === 'first render');
  console.log('');
  console.log(
    `before first render (header on screen): JS ${kb(sum(first, 'js'))}, CSS ${kb(sum(first, 'css'))} gzip`,
  );
  console.log(
    `whole home page (Top Cars on screen):   JS ${kb(sum(rows, 'js'))}, CSS ${kb(sum(rows, 'css'))} gzip`,
  );
  console.log(`target for the home page: ≤ 150 KB gzip JS (issue 8)\n`);
} finally {
  await browser.close();
  await app.stop();
}
