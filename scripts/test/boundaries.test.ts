/**
 * The import boundaries (scripts/boundaries.ts, ADR 16) fail the build: each case writes a temporary
 * file where the rule applies and runs biome's linter on it, as `npm run lint` does; biome.json must be
 * what the rules generate.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biomeJsonIsCurrent } from '../boundaries';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const probe = `boundary-probe-${process.pid}`;

/** name → [file written, source]. */
const cases: Record<string, [string, string]> = {
  serviceByPackage: [
    `services/catalog/src/${probe}.ts`,
    "import { listingService } from '@marketplace/listing-service';\nexport const x = listingService;\n",
  ],
  serviceByPath: [
    `services/test-drive/src/use-cases/${probe}.ts`,
    "import { carStore } from '../../../listing/src/data/store';\nexport const x = carStore;\n",
  ],
  remoteByPackage: [
    `mfe-sell/src/${probe}.ts`,
    "import x from '@marketplace/mfe-catalog/exposes/CarList';\nexport default x;\n",
  ],
  remoteByPath: [
    `mfe-account/src/features/${probe}.ts`,
    "import { x } from '../../../mfe-admin/src/api/brands';\nexport default x;\n",
  ],
  remoteFromFeature: [
    `mfe-account/src/features/profile/${probe}.ts`,
    "import { x } from '../../../../mfe-catalog/src/api/cars';\nexport default x;\n",
  ],
  featureByPath: [
    `mfe-catalog/src/features/home/${probe}.ts`,
    "import { readFilters } from '../listing/filters';\nexport const x = readFilters;\n",
  ],
  featureByFeaturesPath: [
    `mfe-admin/src/features/users/${probe}.ts`,
    "import { RtoScreen } from '../../features/rto/RtoScreen';\nexport const x = RtoScreen;\n",
  ],
  featureImportsApp: [
    `mfe-admin/src/features/overview/${probe}.ts`,
    "import { DashboardRoutes } from '../../app/DashboardRoutes';\nexport const x = DashboardRoutes;\n",
  ],
  sharedImportsFeature: [
    `mfe-sell/src/api/${probe}.ts`,
    "import { SellWizard } from '../features/wizard/SellWizard';\nexport const x = SellWizard;\n",
  ],
  featureAllowed: [
    `mfe-sell/src/features/wizard/${probe}.ts`,
    "import { createListing } from '../../api/cars';\nimport { STEPS } from './draft';\nexport const x = [createListing, STEPS];\n",
  ],
  platformContractModule: [
    `packages/platform/src/${probe}.ts`,
    "import { carCreateBody } from '@marketplace/contracts/src/cars';\nexport const x = carCreateBody;\n",
  ],
  platformService: [
    `packages/platform/src/${probe}.ts`.replace('.ts', '-2.ts'),
    "import { authService } from '@marketplace/auth-service';\nexport const x = authService;\n",
  ],
  uiTestPlatform: [
    `packages/ui/test/${probe}.ts`,
    "import { SIGNED_IN_COOKIE } from '@marketplace/platform';\nexport const x = SIGNED_IN_COOKIE;\n",
  ],
  benchServiceInsides: [
    `bench/${probe}.ts`,
    "import { generateCars } from '../services/catalog/src/cars/demo/generate';\nexport const x = generateCars;\n",
  ],
  gatewayTestServiceInsides: [
    `gateway/test/${probe}.ts`,
    "import { carStore } from '@marketplace/listing-service/src/data/store';\nexport const x = carStore;\n",
  ],
  scriptsServiceEntry: [
    `scripts/${probe}.ts`,
    "import { generateCars } from '@marketplace/catalog-service';\nexport const x = generateCars;\n",
  ],
  allowed: [
    `services/listing/src/${probe}.ts`,
    "import { operationsOf } from '@marketplace/contracts';\nimport { bindOperations } from '@marketplace/platform';\nimport { carStore } from './data/store';\nexport const x = [operationsOf, bindOperations, carStore];\n",
  ],
};

let output = '';

/** The lint diagnostics biome printed for `file`. */
function diagnosticsOf(file: string): string {
  const blocks = output.split(/\n(?=\S)/);
  return blocks.filter((b) => b.startsWith(file)).join('\n');
}

beforeAll(() => {
  for (const [file, source] of Object.values(cases)) fs.writeFileSync(path.join(repoRoot, file), source);
  const run = spawnSync(
    biome,
    ['lint', '--colors=off', '--max-diagnostics=100', ...Object.values(cases).map(([f]) => f)],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  output = `${run.stdout}\n${run.stderr}`;
}, 60_000);

afterAll(() => {
  for (const [file] of Object.values(cases)) fs.rmSync(path.join(repoRoot, file), { force: true });
});

describe('import boundaries', () => {
  it('biome.json carries exactly the generated rules', () => {
    expect(biomeJsonIsCurrent()).toBe(true);
  });

  it.each([
    ['serviceByPackage', 'A service never imports another service'],
    ['serviceByPath', 'A service never imports another service'],
    ['remoteByPackage', "Front ends never import one another's source"],
    ['remoteByPath', "Front ends never import one another's source"],
    ['remoteFromFeature', "Front ends never import one another's source"],
    ['featureByPath', 'A feature never imports another feature'],
    ['featureByFeaturesPath', 'A feature never imports another feature'],
    ['featureImportsApp', 'A feature never imports src/app or src/exposes'],
    ['sharedImportsFeature', 'Shared code (src/api, src/components, src/lib) never imports a feature'],
    ['platformContractModule', 'The platform knows no service'],
    ['platformService', 'The platform knows no service'],
    ['uiTestPlatform', 'The design system runs in browsers'],
    ['benchServiceInsides', 'Outside a service, import only its public entry'],
    ['gatewayTestServiceInsides', 'Outside a service, import only its public entry'],
  ])('%s fails the lint: %s', (name, message) => {
    const diagnostics = diagnosticsOf(cases[name]![0]);
    expect(diagnostics).toContain('noRestrictedImports');
    expect(diagnostics).toContain(message);
  });

  it('lets a service import the platform, the contracts and its own code', () => {
    expect(diagnosticsOf(cases.allowed![0])).toBe('');
  });

  it("lets scripts, benchmarks and tests import a service's public entry", () => {
    expect(diagnosticsOf(cases.scriptsServiceEntry![0])).toBe('');
  });

  it("lets a feature import its own files and its front end's shared folders", () => {
    expect(diagnosticsOf(cases.featureAllowed![0])).toBe('');
  });
});
