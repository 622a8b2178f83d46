/**
 * Every service's README says what it owns, publishes, consumes and calls (issue 23): its "Contract"
 * section is the one its definition generates (scripts/service-contract.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serviceModules } from '../../gateway/src/services';
import { contractSection } from '../service-contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('service READMEs', () => {
  it.each(serviceModules.map((m) => [m.name, m] as const))(
    '%s: the Contract section matches the definition',
    (name, module) => {
      const readme = fs.readFileSync(path.join(repoRoot, 'services', name, 'README.md'), 'utf8');
      const start = readme.indexOf('## Contract');
      expect(start, 'a "## Contract" section').toBeGreaterThanOrEqual(0);
      const end = readme.indexOf('\n## ', start + 1);
      expect(readme.slice(start, end === -1 ? undefined : end).trim()).toBe(contractSection(module));
    },
  );
});
