/**
 * Which front ends `npm start` and `npm run start:distributed` build before they start: each one with no
 * build yet, and each one whose sources changed since its build (issue 27: after a `git pull` or an edit,
 * a start must not serve the old bundles).
 *
 * A front end's sources are the files of its folder (`src/`, `rsbuild.config.ts`, `package.json`, …) and
 * of what every front end bundles: the design system (`packages/ui/src`, `packages/ui/build`, its
 * `package.json`) and the contracts (`packages/contracts/src`). Tests, `dist/` and `node_modules` are not
 * sources. Its build's time is the modification time of `dist/mf-manifest.json`, which every build writes
 * and which the start needs (the runtime federation manifest points at it); a build
 * that failed half-way leaves none, so it counts as missing. `git pull` and `git checkout` give the files
 * they change the current time, so they count as changed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { frontEnds, repoRoot } from './web';

/** Folders (relative to the repository root) every front end bundles besides its own. */
const SHARED_SOURCES = [
  'packages/ui/src',
  'packages/ui/build',
  'packages/ui/package.json',
  'packages/contracts/src',
];

/** Never sources of a build. */
const NOT_SOURCES = new Set(['dist', 'node_modules', 'test', '.data']);

/** A front end to build before starting, and why. */
export interface StaleFrontEnd {
  frontEnd: string;
  /** `no build`: no `dist/mf-manifest.json`; `sources changed`: `changed` is newer than it. */
  reason: 'no build' | 'sources changed';
  /** A source file newer than the build (relative to the repository root), when `reason` says so. */
  changed?: string;
}

/** The first file under `file` (a file or folder) modified after `since` (ms since the epoch), if any. */
function newerFile(file: string, since: number): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isDirectory()) return stat.mtimeMs > since ? file : undefined;
  for (const entry of fs.readdirSync(file, { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name)) continue;
    const found = newerFile(path.join(file, entry.name), since);
    if (found) return found;
  }
  return undefined;
}

/**
 * The front ends among `names` (folders under `root`) that have a build script and either no build or a
 * source newer than their build, in the order given.
 */
export function staleFrontEnds(
  root: string = repoRoot,
  names: readonly string[] = frontEnds,
): StaleFrontEnd[] {
  const stale: StaleFrontEnd[] = [];
  for (const frontEnd of names) {
    const dir = path.join(root, frontEnd);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    if (!pkg.scripts?.build) continue;
    const manifest = path.join(dir, 'dist', 'mf-manifest.json');
    if (!fs.existsSync(manifest)) {
      stale.push({ frontEnd, reason: 'no build' });
      continue;
    }
    const builtAt = fs.statSync(manifest).mtimeMs;
    for (const source of [frontEnd, ...SHARED_SOURCES]) {
      const changed = newerFile(path.join(root, source), builtAt);
      if (changed) {
        stale.push({ frontEnd, reason: 'sources changed', changed: path.relative(root, changed) });
        break;
      }
    }
  }
  return stale;
}

/**
 * Runs `npm run build --workspace <frontEnd>` at the repository root, always as a production build (a
 * start under `NODE_ENV=development` must not serve unminified bundles). @throws Error when the build fails.
 */
function npmBuild(frontEnd: string): void {
  execFileSync('npm', ['run', 'build', '--workspace', frontEnd], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/**
 * The front ends this process serves from their `dist/`: all but each remote whose `REMOTE_<NAME>_URL` is
 * an absolute URL (served elsewhere, e.g. by its dev server under `npm run dev`: building it would be
 * wasted work on every restart).
 */
export function servedFrontEnds(config: Partial<Record<string, unknown>>): string[] {
  return frontEnds.filter((frontEnd) => {
    if (frontEnd === 'shell') return true;
    const url = config[`REMOTE_${frontEnd.slice('mfe-'.length).toUpperCase()}_URL`];
    return !(typeof url === 'string' && /^https?:\/\//i.test(url));
  });
}

/**
 * Builds every stale front end (see {@link staleFrontEnds}), one after the other, telling `log` which and
 * why. `build` defaults to `npm run build --workspace <front end>`.
 * @throws Error when a build fails.
 */
export function buildStaleFrontEnds(
  log: (stale: StaleFrontEnd) => void,
  opts: { root?: string; names?: readonly string[]; build?: (frontEnd: string) => void } = {},
): StaleFrontEnd[] {
  const stale = staleFrontEnds(opts.root, opts.names);
  for (const entry of stale) {
    log(entry);
    (opts.build ?? npmBuild)(entry.frontEnd);
  }
  return stale;
}
