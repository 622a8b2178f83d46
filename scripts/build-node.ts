/**
 * `npm run build:node`: compiles every Node deployable to one JavaScript file each, so production starts
 * plain `node <workspace>/dist/<entry>.js` with no TypeScript tooling (issue 26, docs/adr/0025-compiled-
 * deployables.md). esbuild bundles the deployable's own sources and the `@marketplace/*` workspace packages
 * it imports (they export TypeScript); every npm package stays external and is loaded from `node_modules` at
 * run time, so the image installs exactly its workspace's production dependencies (`npm ci --omit=dev -w
 * <workspace>`) and auto-instrumentation (OpenTelemetry) still hooks the real modules.
 *
 * Checks, each failing the build (exit 1) with the file and package named:
 * - an npm package a bundle imports statically that is not a production dependency of its workspace or of a workspace
 *   it depends on (the image would not have it: a "phantom" dependency hoisted only in the monorepo);
 * - an npm package that resolves to another copy from the bundle's folder than from the importing source (npm
 *   nests a second version under `packages/<x>/node_modules` when two workspaces want different ones; the
 *   bundle, which lives elsewhere, would load the wrong one or none): align the versions;
 * - a source file that reads `import.meta.url` keeps meaning "where this source file is": esbuild would give
 *   every bundled module the bundle's URL, so the plugin below rewrites it to the source file's URL relative
 *   to the bundle (the image keeps the repository layout: `services/<name>/migrations`, `.../data`). Entry
 *   files keep the bundle's own URL (their "am I the main module" checks compare it with `process.argv[1]`).
 *
 * Output: `<out>` per entry of `NODE_DEPLOYABLES` and, beside it, its chunks (what its main imports
 * dynamically), ES modules for Node 24, with linked source maps (`node --enable-source-maps` prints TypeScript
 * positions).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One compiled entry: the workspace whose production dependencies its image installs. */
export interface NodeDeployable {
  /** Workspace folder, relative to the repository root. */
  workspace: string;
  /** TypeScript entry, relative to the repository root. */
  entry: string;
  /** Output file, relative to the repository root. */
  out: string;
  /** Other workspaces whose production dependencies the image also installs (the ops image: every service). */
  alsoInstalls?: readonly string[];
}

const SERVICES = ['auth', 'catalog', 'listing', 'test-drive', 'storage', 'notification'] as const;

/** Every Node deployable that ships as an image (infra/docker/Dockerfile). */
export const NODE_DEPLOYABLES: readonly NodeDeployable[] = [
  { workspace: 'gateway', entry: 'gateway/src/main.ts', out: 'gateway/dist/main.js' },
  ...SERVICES.map((name) => ({
    workspace: `services/${name}`,
    entry: `services/${name}/src/main.ts`,
    out: `services/${name}/dist/main.js`,
  })),
  // The operations CLI reads every service's consumers and databases.
  ...['scripts/ops.ts', 'infra/docker/declare-topology.ts'].map((entry) => ({
    workspace: 'gateway',
    entry,
    out: `scripts/dist/${path.basename(entry, '.ts')}.js`,
    alsoInstalls: SERVICES.map((name) => `services/${name}`),
  })),
];

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;
}

/** Workspace folder by package name (`@marketplace/platform` → `packages/platform`). */
function workspaceFolders(): Map<string, string> {
  const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const folders = new Map<string, string>();
  for (const pattern of root.workspaces) {
    const dirs = pattern.endsWith('/*')
      ? fs.readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map((d) => `${pattern.slice(0, -2)}/${d}`)
      : [pattern];
    for (const dir of dirs) {
      if (fs.existsSync(path.join(repoRoot, dir, 'package.json'))) folders.set(readManifest(dir).name, dir);
    }
  }
  return folders;
}

/**
 * The npm packages an image of `workspaces` has: their production dependencies and, through every
 * `@marketplace/*` workspace they depend on, those workspaces' production dependencies.
 */
export function installedPackages(workspaces: readonly string[]): Set<string> {
  const folders = workspaceFolders();
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    for (const name of Object.keys(readManifest(dir).dependencies ?? {})) {
      const folder = folders.get(name);
      if (folder) visit(folder);
      else packages.add(name);
    }
  };
  for (const dir of workspaces) visit(dir);
  return packages;
}

/** `pg` for `pg/lib/x`, `@scope/name` for `@scope/name/sub`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The folder of the copy of package `name` that Node finds from `dir` (walking up `node_modules`), if any. */
function packageFolder(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * Keeps npm packages external (recording them, and in `misplaced` those the bundle would load another copy
 * of) and rewrites `import.meta.url` of non-entry sources.
 */
function deployablePlugin(deployable: NodeDeployable, imported: Set<string>, misplaced: Set<string>): Plugin {
  const entryFile = path.join(repoRoot, deployable.entry);
  const outDir = path.dirname(path.join(repoRoot, deployable.out));
  return {
    name: 'marketplace-deployable',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || args.path.startsWith('@marketplace/')) return undefined;
        const name = packageName(args.path);
        // A dynamic import() is loaded only on a path the image does not take (PGlite: embedded mode only).
        if (args.kind !== 'dynamic-import') imported.add(name);
        const fromSource = packageFolder(name, args.resolveDir);
        if (fromSource && fromSource !== packageFolder(name, outDir)) {
          misplaced.add(`${name} (${path.relative(repoRoot, fromSource)})`);
        }
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        if (args.path === entryFile || !source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        const here = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', here), loader: 'ts' };
      });
    },
  };
}

/**
 * Builds one deployable. Returns the npm packages its bundle imports.
 * @throws Error naming each package the bundle imports that its image would not install, or would load in
 * another version than the source does.
 */
export async function buildDeployable(deployable: NodeDeployable): Promise<string[]> {
  const imported = new Set<string>();
  const misplaced = new Set<string>();
  await build({
    absWorkingDir: repoRoot,
    // Code splitting: what a main loads with import() after startTracing (docs/adr/0024-tracing.md) stays in
    // its own chunk, loaded only then, so the instrumentations patch the npm packages it imports. A single
    // file would hoist every import above startTracing.
    entryPoints: { [path.basename(deployable.out, '.js')]: deployable.entry },
    outdir: path.dirname(deployable.out),
    splitting: true,
    // Chunks sit beside the entry: the rewritten import.meta.url paths are relative to that folder.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [deployablePlugin(deployable, imported, misplaced)],
  });
  if (misplaced.size > 0) {
    throw new Error(
      `${deployable.entry}: ${[...misplaced].sort().join(', ')} would load another copy from ${deployable.out} (a nested version: align it with the hoisted one)`,
    );
  }
  const installed = installedPackages([deployable.workspace, ...(deployable.alsoInstalls ?? [])]);
  const missing = [...imported].filter((name) => !installed.has(name)).sort();
  if (missing.length > 0) {
    throw new Error(
      `${deployable.entry} imports ${missing.join(', ')}, which ${deployable.workspace}'s production dependencies do not include (add to its package.json "dependencies")`,
    );
  }
  return [...imported].sort();
}

/**
 * Empties the output folders of `deployables` (no stale chunks), then builds each. Resolves to the problems
 * found (empty when every build succeeded); `report` receives a line per built deployable.
 */
export async function buildDeployables(
  deployables: readonly NodeDeployable[] = NODE_DEPLOYABLES,
  report: (line: string) => void = () => {},
): Promise<string[]> {
  for (const dir of new Set(deployables.map((d) => path.dirname(path.join(repoRoot, d.out))))) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const problems: string[] = [];
  for (const deployable of deployables) {
    try {
      const packages = await buildDeployable(deployable);
      report(`${deployable.out}  (npm packages: ${packages.join(' ')})`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = await buildDeployables(NODE_DEPLOYABLES, (line) => process.stdout.write(`${line}\n`));
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
