/**
 * The import boundaries of the codebase, declared once, and the lint rules generated from them: the
 * `overrides` of biome.json (`noRestrictedImports`), which `npm run lint` (biome) enforces on every file,
 * tests included. `npm run boundaries` rewrites them; `npm run lint` fails when biome.json is not what
 * these rules generate (ADR 16).
 *
 * - a service never imports another service (they talk through events and typed peer calls);
 * - the platform imports no service, no front end and no service's contract module (only the contracts'
 *   entry `@marketplace/contracts`, whose generic parts it uses);
 * - the contracts import nothing of ours;
 * - the design system (`packages/ui`, tests too) imports no front end and not the platform;
 * - a front end (the shell or a remote) never imports another front end: they share through
 *   `@marketplace/ui` or federate an expose (ADR 7); routing comes from `@marketplace/ui/router`;
 * - inside a front end (bulletproof-react's layout), a feature (`src/features/<feature>/`) imports only its
 *   own files and the front end's shared folders (`src/api/`, `src/components/`, `src/lib/`): never another
 *   feature, nor `src/app/` or `src/exposes/`, which compose features; the shared folders import no feature
 *   and neither `src/app/` nor `src/exposes/`. The feature folders are read from the disk, so a new feature
 *   needs `npm run boundaries`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceNames } from '@marketplace/contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The services, by folder under `services/` (package `@marketplace/<name>-service`). */
export const services = serviceNames;
/** The front ends: the host and its remotes (package `@marketplace/<name>`). */
export const frontEnds = ['shell', 'mfe-catalog', 'mfe-sell', 'mfe-account', 'mfe-admin'] as const;

/**
 * The shared folders of a front end, outside its features: `api` (its API calls, one file per endpoint
 * group), `components` (UI parts several features use), `lib` (helpers, hooks, rules).
 */
export const sharedFolders = ['api', 'components', 'lib'] as const;

/** The folders directly under `dir` (relative to the repository), sorted; none when it does not exist. */
function foldersIn(dir: string): string[] {
  const full = path.join(repoRoot, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The features of a front end: the folders under `<frontEnd>/src/features/`. */
export function featuresOf(frontEnd: string): string[] {
  return foldersIn(`${frontEnd}/src/features`);
}

/** The shared folders a front end has (of {@link sharedFolders}). */
export function sharedFoldersOf(frontEnd: string): string[] {
  const present = foldersIn(`${frontEnd}/src`);
  return sharedFolders.filter((name) => present.includes(name));
}

/** Import specifiers that reach a module, by package name and by relative path. */
const reach = {
  service: (name: string) => [
    `@marketplace/${name}-service`,
    `@marketplace/${name}-service/**`,
    `**/services/${name}/**`,
    `../../${name}/**`,
    `../../../${name}/**`,
    `../../../../${name}/**`,
  ],
  /** Any service, by package name or path: for code that sits nowhere near `services/`. */
  anyService: ['@marketplace/*-service', '@marketplace/*-service/**', '**/services/**'],
  frontEnd: (name: string) => [`@marketplace/${name}`, `@marketplace/${name}/**`, `**/${name}/**`],
  platform: [
    '@marketplace/platform',
    '@marketplace/platform/**',
    '**/packages/platform/**',
    '**/platform/src/**',
  ],
  ui: ['@marketplace/ui', '@marketplace/ui/**', '**/packages/ui/**'],
  gateway: ['@marketplace/gateway', '@marketplace/gateway/**', '**/gateway/src/**'],
  contractModules: ['@marketplace/contracts/**', '**/contracts/src/**'],
  /** A service's insides: anything but its package entry (`@marketplace/<name>-service`). */
  serviceInsides: ['@marketplace/*-service/**', '**/services/*/src/**', '**/services/*/src'],
  /** Another feature of the same front end, from a feature's folder. */
  feature: (name: string) => [`../${name}`, `../${name}/**`, `**/features/${name}`, `**/features/${name}/**`],
  /** The composition folders of a front end, from a feature's folder. */
  composition: ['app', 'exposes'].flatMap((dir) => [`../../${dir}`, `../../${dir}/**`, `../../../${dir}/**`]),
  /** Features and composition folders, from a shared folder. */
  fromShared: ['features', 'app', 'exposes'].flatMap((dir) => [
    `../${dir}`,
    `../${dir}/**`,
    `../../${dir}/**`,
  ]),
};

/** A boundary: the files it applies to, what they must not import and why. */
export interface Boundary {
  files: string;
  forbidden: Array<{ specifiers: string[]; message: string }>;
  /** Packages they must not import, with the reason. */
  paths?: Record<string, string>;
}

const routing =
  'Import routing from @marketplace/ui/router: the shared singleton that ships only what we use (docs/adr/0007).';
const frontEndMessage =
  "Front ends never import one another's source: share through @marketplace/ui or federate an expose (docs/adr/0007).";
const featureMessage =
  'A feature never imports another feature: move what both use to src/api, src/components or src/lib (docs/adr/0016).';
const compositionMessage =
  'A feature never imports src/app or src/exposes: they compose features, not the reverse (docs/adr/0016).';
const sharedMessage =
  'Shared code (src/api, src/components, src/lib) never imports a feature, src/app or src/exposes (docs/adr/0016).';

/** What every file of the front end `name` must not import (biome applies one override's list per file). */
function frontEndForbidden(name: string): Boundary['forbidden'] {
  return [
    {
      specifiers: frontEnds.filter((other) => other !== name).flatMap(reach.frontEnd),
      message: frontEndMessage,
    },
    {
      specifiers: [...reach.platform, ...reach.anyService, ...reach.gateway],
      message: 'Front ends reach the services through the API, never their code (docs/adr/0016).',
    },
  ];
}

/**
 * The boundaries of the front end `name`: its own, then one per feature and one per shared folder, each
 * repeating the front end's (in biome the later override's list replaces the earlier one for its files).
 */
function frontEndBoundaries(name: string): Boundary[] {
  const paths = { 'react-router': routing, 'react-router-dom': routing };
  const features = featuresOf(name);
  return [
    { files: `${name}/**`, paths, forbidden: frontEndForbidden(name) },
    ...features.map((feature) => ({
      files: `${name}/src/features/${feature}/**`,
      paths,
      forbidden: [
        ...frontEndForbidden(name),
        ...(features.length > 1
          ? [
              {
                specifiers: features.filter((f) => f !== feature).flatMap(reach.feature),
                message: featureMessage,
              },
            ]
          : []),
        { specifiers: reach.composition, message: compositionMessage },
      ],
    })),
    ...sharedFoldersOf(name).map((folder) => ({
      files: `${name}/src/${folder}/**`,
      paths,
      forbidden: [...frontEndForbidden(name), { specifiers: reach.fromShared, message: sharedMessage }],
    })),
  ];
}

/** Code outside the services that uses them: only through a service's public entry. */
export const serviceUsers = ['gateway', 'scripts', 'bench', 'e2e', 'test-support', 'infra'] as const;

/** Every boundary, in the order of biome.json's overrides (a later one wins where files match both). */
export const boundaries: Boundary[] = [
  ...serviceUsers.map((folder) => ({
    files: `${folder}/**`,
    forbidden: [
      {
        specifiers: reach.serviceInsides,
        message:
          'Outside a service, import only its public entry (@marketplace/<name>-service), never its files: what it offers others is exported there (docs/adr/0016).',
      },
    ],
  })),
  ...services.map((name) => ({
    files: `services/${name}/**`,
    forbidden: [
      {
        specifiers: services.filter((other) => other !== name).flatMap(reach.service),
        message:
          'A service never imports another service: publish an event or call its declared operation through peers (docs/adr/0016).',
      },
      {
        specifiers: [...frontEnds.flatMap(reach.frontEnd), ...reach.ui, ...reach.gateway],
        message:
          'A service imports only packages/platform, packages/contracts and its own code (docs/adr/0016).',
      },
    ],
  })),
  {
    files: 'packages/platform/**',
    forbidden: [
      {
        specifiers: [
          ...services.flatMap(reach.service),
          ...reach.contractModules,
          ...frontEnds.flatMap(reach.frontEnd),
          ...reach.ui,
          ...reach.gateway,
        ],
        message:
          "The platform knows no service: no service's code or contract module, only @marketplace/contracts' generic parts (docs/adr/0016).",
      },
    ],
  },
  {
    files: 'packages/contracts/**',
    forbidden: [
      {
        specifiers: [
          ...services.flatMap(reach.service),
          ...reach.platform,
          ...reach.ui,
          ...frontEnds.flatMap(reach.frontEnd),
          ...reach.gateway,
        ],
        message: 'The contracts import nothing of ours: everyone else imports them (docs/adr/0016).',
      },
    ],
  },
  ...frontEnds.flatMap(frontEndBoundaries),
  {
    files: 'packages/ui/**',
    paths: { 'react-router': routing, 'react-router-dom': routing },
    forbidden: [
      {
        specifiers: frontEnds.flatMap(reach.frontEnd),
        message: 'The design system never depends on a front end.',
      },
      {
        specifiers: [...reach.platform, ...services.flatMap(reach.service), ...reach.gateway],
        message: 'The design system runs in browsers: never the platform or a service, tests included.',
      },
    ],
  },
];

/** The one file that wraps react-router (ADR 7). */
const routerWrapper = 'packages/ui/src/router.ts';

/** biome.json's `overrides`, generated from {@link boundaries}. */
export function biomeOverrides(): unknown[] {
  return [
    ...boundaries.map((b) => ({
      includes: [b.files],
      linter: {
        rules: {
          style: {
            noRestrictedImports: {
              level: 'error',
              options: {
                ...(b.paths ? { paths: b.paths } : {}),
                patterns: b.forbidden.map((f) => ({ group: f.specifiers, message: f.message })),
              },
            },
          },
        },
      },
    })),
    { includes: [routerWrapper], linter: { rules: { style: { noRestrictedImports: 'off' } } } },
  ];
}

const biomeJson = path.join(repoRoot, 'biome.json');

/** True when biome.json's `overrides` are exactly what {@link boundaries} generate. */
export function biomeJsonIsCurrent(): boolean {
  const config = JSON.parse(fs.readFileSync(biomeJson, 'utf8')) as { overrides?: unknown };
  return JSON.stringify(config.overrides) === JSON.stringify(biomeOverrides());
}

/**
 * `--write` rewrites biome.json's `overrides` (then formats the file with biome); without it, exits 1
 * when they are stale.
 */
function main(argv: string[]): number {
  if (argv.includes('--write')) {
    const config = JSON.parse(fs.readFileSync(biomeJson, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(biomeJson, `${JSON.stringify({ ...config, overrides: biomeOverrides() }, null, 2)}\n`);
    const biome = path.join(repoRoot, 'node_modules/.bin/biome');
    return spawnSync(biome, ['format', '--write', biomeJson], { stdio: 'inherit' }).status ?? 1;
  }
  if (biomeJsonIsCurrent()) return 0;
  process.stderr.write('biome.json does not match scripts/boundaries.ts: run `npm run boundaries`.\n');
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
