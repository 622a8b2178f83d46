/**
 * Generates `packages/ui/src/api/operation-routes.ts`, the browser's table of where each declared operation
 * is called (`'<METHOD> <path>'` by operation id), from the contracts' `operations` (ADR 16): the front
 * ends call operations by id without shipping zod, and nobody writes a route a second time. `npm run
 * operation-routes` rewrites the file; packages/ui's `operation-routes.test.ts` fails when it is stale, and
 * its `satisfies` clause fails the type check when a route differs from the declaration.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operations } from '@marketplace/contracts';

const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/ui/src/api/operation-routes.ts',
);

/** The source of the generated file (formatted as Biome formats it). */
export function operationRoutesSource(): string {
  const rows = Object.entries(operations).map(
    ([id, op]) => `  ${id}: '${op.method.toUpperCase()} ${op.path}',`,
  );
  return [
    '/**',
    " * Where each declared API operation is called: `'<METHOD> <path>'` by operation id, with the path as the",
    ' * contracts declare it (`/api/cars/{carId}`). GENERATED from packages/contracts by',
    ' * `npm run operation-routes` (scripts/operation-routes.ts); do not edit. A plain table without schemas, so',
    ' * it can ship to browsers; the `satisfies` check ties it to the declarations (ADR 16).',
    ' */',
    "import type { OperationId, OperationMethod, OperationPath } from './operation-types';",
    '',
    "/** `'GET /api/cars/{carId}'`-style route of every operation, keyed by operation id. */",
    'export const operationRoutes = {',
    ...rows,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated source's template literal type
    '} as const satisfies { readonly [K in OperationId]: `${OperationMethod<K>} ${OperationPath<K>}` };',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(target, operationRoutesSource());
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
