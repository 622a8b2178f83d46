/**
 * `npm run bench:image-deps [-- --rev <git revision>]`: the size of each Node image's `node_modules`, installed
 * as infra/docker/Dockerfile installs it, without Docker: the lockfile and every workspace's package.json of
 * `rev` (default: the working tree) are copied to a temporary folder and, per deployable,
 * `npm ci --omit=dev --ignore-scripts -w <workspace>…` runs there, then the links to our own workspaces
 * (bundled) and PGlite (an optional peer the images never load) are removed, as the Dockerfile does.
 * The whole monorepo's production install (`npm ci --omit=dev`, what every image carried before issue 26) is
 * measured too. Sizes are disk usage in MiB (`du -sm`, 1 MiB = 1 048 576 bytes), so they include file-system
 * blocks as an image layer does. Needs the npm registry (or a warm npm cache).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVICES = ['auth', 'catalog', 'listing', 'test-drive', 'storage', 'notification'];

/** Each image and the workspaces whose production dependencies it installs (the Dockerfile's *-deps stages). */
const IMAGES: Record<string, string[] | 'whole'> = {
  'before: every image (whole monorepo)': 'whole',
  gateway: ['gateway'],
  ...Object.fromEntries(SERVICES.map((s) => [s, [`services/${s}`]])),
  ops: ['gateway', ...SERVICES.map((s) => `services/${s}`)],
};

/** Copies the lockfile and every package.json of `rev` (or the working tree) into `dir`. */
function copyManifests(rev: string | undefined, dir: string): void {
  const files = execFileSync('git', ['ls-files', ...(rev ? ['--with-tree', rev] : [])], { cwd: repoRoot })
    .toString()
    .split('\n')
    .filter((f) => f === 'package-lock.json' || f === 'package.json' || f.endsWith('/package.json'));
  for (const file of files) {
    const text = rev
      ? execFileSync('git', ['show', `${rev}:${file}`], { cwd: repoRoot })
      : fs.readFileSync(path.join(repoRoot, file));
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/** MiB `dir` occupies on disk. */
function mebibytes(dir: string): number {
  return Number(execFileSync('du', ['-sm', dir]).toString().split('\t')[0]);
}

const revAt = process.argv.indexOf('--rev');
const rev = revAt > 0 ? process.argv[revAt + 1] : undefined;
const manifests = fs.mkdtempSync(path.join(os.tmpdir(), 'image-deps-'));
copyManifests(rev, manifests);
process.stdout.write(`node_modules per Node image (${rev ?? 'working tree'}), MiB on disk\n`);
for (const [image, workspaces] of Object.entries(IMAGES)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-deps-ci-'));
  fs.cpSync(manifests, dir, { recursive: true });
  const filter = workspaces === 'whole' ? [] : workspaces.flatMap((w) => ['-w', w]);
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', ...filter], {
    cwd: dir,
    stdio: 'ignore',
  });
  if (workspaces !== 'whole') {
    for (const gone of ['@marketplace', '@electric-sql']) {
      fs.rmSync(path.join(dir, 'node_modules', gone), { recursive: true, force: true });
    }
  }
  process.stdout.write(
    `${image.padEnd(40)} ${String(mebibytes(path.join(dir, 'node_modules'))).padStart(5)}\n`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
fs.rmSync(manifests, { recursive: true, force: true });
