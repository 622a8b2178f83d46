/**
 * The typed caller's route table (`operationRoutes`) is the contracts' declarations, at run time too: every
 * operation id, and only those, with its method and path (ADR 16). Tests may import zod; bundles may not.
 */
import fs from 'node:fs';
import { operations } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { operationRoutesSource } from '../../../scripts/operation-routes';
import { operationRoutes } from '../src/api/operation-routes';

describe('operationRoutes', () => {
  it('is the file `npm run operation-routes` generates from the contracts', () => {
    const file = fs.readFileSync(new URL('../src/api/operation-routes.ts', import.meta.url), 'utf8');
    expect(file, 'stale: run npm run operation-routes').toBe(operationRoutesSource());
  });

  it('has exactly the declared operation ids, in the order of the API document', () => {
    expect(Object.keys(operationRoutes)).toEqual(Object.keys(operations));
  });

  it.each(Object.entries(operations))('%s: the declared method and path', (id, operation) => {
    expect(operationRoutes[id as keyof typeof operationRoutes]).toBe(
      `${operation.method.toUpperCase()} ${operation.path}`,
    );
  });
});
