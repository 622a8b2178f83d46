/**
 * The "Contract" section of a service's README, generated from its definition (name, schema,
 * operations, publishes, consumes, calls), so `scripts/test/service-readmes.test.ts` can check that
 * every README says what its service really owns, publishes, consumes and calls. `npm run
 * service-readmes` rewrites the sections.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationsOf, type ServiceName } from '@marketplace/contracts';
import type { AnyServiceModule } from '@marketplace/platform';

const list = (items: readonly string[]) =>
  items.length ? items.map((i) => `\`${i}\``).join(', ') : 'nothing';

/** The markdown of `module`'s Contract section, from `## Contract` to its last line. */
export function contractSection(module: AnyServiceModule): string {
  const operations = Object.keys(operationsOf(module.name as ServiceName));
  const consumes = (module.consumes ?? []).map((c) => `\`${c.name}\` ← ${list(c.events)}`);
  return [
    '## Contract',
    '',
    "Generated from the service's definition (`src/index.ts`) by `scripts/service-contract.ts`; a test keeps",
    'it true.',
    '',
    `- **Owns**: schema \`${module.schema}\``,
    `- **Operations** (packages/contracts \`src/operations/\`): ${list(operations)}`,
    `- **Publishes**: ${list(module.publishes ?? [])}`,
    `- **Consumes**: ${consumes.length ? consumes.join('; ') : 'nothing'}`,
    `- **Calls**: ${list(module.calls ?? [])}`,
  ].join('\n');
}

/** Rewrites (or adds, before the first other section) the Contract section of every service's README. */
async function writeAll(): Promise<void> {
  const { serviceModules } = await import('../gateway/src/services');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const module of serviceModules) {
    const file = path.join(root, 'services', module.name, 'README.md');
    const readme = fs.readFileSync(file, 'utf8');
    const start = readme.indexOf('## Contract');
    const section = contractSection(module);
    let next: string;
    if (start >= 0) {
      const end = readme.indexOf('\n## ', start + 1);
      next = `${readme.slice(0, start)}${section}\n${end >= 0 ? readme.slice(end) : ''}`;
    } else {
      const firstSection = readme.indexOf('\n## ');
      next =
        firstSection >= 0
          ? `${readme.slice(0, firstSection + 1)}${section}\n\n${readme.slice(firstSection + 1)}`
          : `${readme}\n${section}\n`;
    }
    fs.writeFileSync(file, next);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await writeAll();
