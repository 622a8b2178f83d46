/**
 * Configuration is declared once (packages/platform config.ts, `configSchema`) and documented (issue 23):
 * every key the schema declares is in the README's tables, and reading a key the schema does not
 * declare fails the type check (`ports.config` is typed by the schema).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from '@marketplace/platform';
import { describe, expect, it } from 'vitest';
import { typeErrorsByFile } from '../../test-support/type-check';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('configuration', () => {
  it('documents every declared key in the README', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const undocumented = Object.keys(configSchema.shape).filter((key) => !readme.includes(`\`${key}\``));
    expect(undocumented).toEqual([]);
  });

  it('fails the type check when a service reads a key that is not declared', () => {
    const preamble = `import type { ServicePorts } from '@marketplace/platform';\ndeclare const ports: ServicePorts;\n`;
    const errors = typeErrorsByFile({
      'declared.ts': `${preamble}export const port: number = ports.config.PORT;\n`,
      'undeclared.ts': `${preamble}export const key = ports.config.PAYMENT_GATEWAY_KEY;\n`,
    });
    expect(errors['declared.ts']).toEqual([]);
    expect(errors['undeclared.ts']?.join('\n')).toContain("Property 'PAYMENT_GATEWAY_KEY' does not exist");
  }, 120_000);
});
