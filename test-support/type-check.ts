/**
 * Type-checks temporary TypeScript files with the project's own compiler options, for tests that show a
 * mistake fails `npm run typecheck` (a typo in an event name, a handler for an undeclared operation).
 * The files sit in a directory under `node_modules/.cache` with a tsconfig extending the root one, so
 * `@marketplace/*` resolve as anywhere in the repo; one compiler run checks them all.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(repoRoot, 'node_modules/.bin/tsc');
let runs = 0;

/**
 * Compiles `files` (name → source) together and returns each file's error messages (from `error TS…`
 * on), an empty list for a file that compiles.
 * @throws Error when the compiler cannot be started.
 */
export function typeErrorsByFile(files: Record<string, string>): Record<string, string[]> {
  const dir = path.join(repoRoot, 'node_modules/.cache', `type-check-${process.pid}-${runs++}`);
  fs.mkdirSync(dir, { recursive: true });
  try {
    for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(repoRoot, 'tsconfig.json'),
        include: [],
        files: Object.keys(files),
      }),
    );
    const run = spawnSync(tsc, ['-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
    if (run.error) throw run.error;
    const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((n) => [n, []]));
    for (const line of run.stdout.split('\n')) {
      const at = line.indexOf('error TS');
      if (at === -1) continue;
      const name = Object.keys(files).find((n) => line.startsWith(`${n}(`) || line.includes(`/${n}(`));
      errors[name ?? '(other)'] = [...(errors[name ?? '(other)'] ?? []), line.slice(at)];
    }
    return errors;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
