/**
 * Issue 27: `npm start` (and `start:distributed`) build a front end with no build yet and rebuild one whose
 * sources, or the shared design system's, changed since its build; an unchanged one is left alone, and
 * tests, dist/ and node_modules are not sources. On a temporary tree laid out as the repository, with file
 * times set explicitly; the build step is recorded instead of running Rsbuild.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStaleFrontEnds, servedFrontEnds, staleFrontEnds } from '../src/front-end-builds';

const names = ['shell', 'mfe-catalog', 'mfe-admin'];
let root: string;
const hourAgo = Date.now() / 1000 - 3600;

/** Writes `file` (relative to root) with modification time `at` (seconds since the epoch). */
function write(file: string, at: number, text = 'x'): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  fs.utimesSync(full, at, at);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'front-end-builds-'));
  for (const name of names) {
    write(`${name}/package.json`, hourAgo - 60, JSON.stringify({ scripts: { build: 'rsbuild build' } }));
    write(`${name}/src/index.ts`, hourAgo - 60);
    write(`${name}/dist/mf-manifest.json`, hourAgo);
  }
  write('packages/ui/src/index.ts', hourAgo - 60);
  write('packages/contracts/src/index.ts', hourAgo - 60);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('front ends built before a start', () => {
  it('leaves every front end alone when no source is newer than its build', () => {
    expect(staleFrontEnds(root, names)).toEqual([]);
  });

  it('rebuilds exactly the remote whose source changed, naming the file', () => {
    write('mfe-catalog/src/features/cars/CarCard.tsx', hourAgo + 10);
    const built: string[] = [];
    const stale = buildStaleFrontEnds(() => {}, { root, names, build: (f) => built.push(f) });
    expect(stale).toEqual([
      {
        frontEnd: 'mfe-catalog',
        reason: 'sources changed',
        changed: 'mfe-catalog/src/features/cars/CarCard.tsx',
      },
    ]);
    expect(built).toEqual(['mfe-catalog']);
  });

  it('rebuilds every front end when the shared design system changed, and one with no build', () => {
    write('packages/ui/src/components/Button.tsx', hourAgo + 10);
    fs.rmSync(path.join(root, 'mfe-admin', 'dist'), { recursive: true });
    expect(staleFrontEnds(root, names)).toEqual([
      { frontEnd: 'shell', reason: 'sources changed', changed: 'packages/ui/src/components/Button.tsx' },
      {
        frontEnd: 'mfe-catalog',
        reason: 'sources changed',
        changed: 'packages/ui/src/components/Button.tsx',
      },
      { frontEnd: 'mfe-admin', reason: 'no build' },
    ]);
  });

  it('does not count tests, node_modules or the build itself as sources', () => {
    write('mfe-catalog/test/card.test.ts', hourAgo + 10);
    write('mfe-catalog/node_modules/x/index.js', hourAgo + 10);
    write('mfe-catalog/dist/static/js/index.js', hourAgo + 10);
    expect(staleFrontEnds(root, names)).toEqual([]);
  });

  it('skips a workspace without a build script', () => {
    write('shell/package.json', hourAgo + 10, JSON.stringify({ scripts: {} }));
    fs.rmSync(path.join(root, 'shell', 'dist'), { recursive: true });
    expect(staleFrontEnds(root, names)).toEqual([]);
  });
});

describe('front ends this process serves', () => {
  it('skips a remote served elsewhere (an absolute REMOTE_<NAME>_URL), never the shell', () => {
    expect(
      servedFrontEnds({
        REMOTE_CATALOG_URL: 'http://localhost:3001/mf-manifest.json',
        REMOTE_SELL_URL: '/remotes/sell/mf-manifest.json',
      }),
    ).toEqual(['shell', 'mfe-sell', 'mfe-account', 'mfe-admin']);
    expect(servedFrontEnds({})).toEqual(['shell', 'mfe-catalog', 'mfe-sell', 'mfe-account', 'mfe-admin']);
  });
});
