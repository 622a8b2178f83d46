/**
 * Typed events (issue 23): `emit`, from an outbox transaction or a consumer's context, is typed by an event
 * registry: the services' is the contracts' `EventPayloads` (`defineService<EventPayloads>`), so an event
 * name nobody declared, or a payload that is not the declared one, fails the type check that `npm test`
 * runs (`npm run typecheck`); the platform itself knows no events. Checked here by compiling a temporary
 * file with the project's own compiler options.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsc = path.join(repoRoot, 'node_modules/.bin/tsc');
let checks = 0;

/**
 * Type-checks `source` with the project's compiler options (a tsconfig extending the root one, in
 * `node_modules/.cache`, outside what `npm run typecheck` includes, where `@marketplace/*` resolve as
 * anywhere in the repo); returns its error messages, empty when it compiles.
 */
function typeErrors(source: string): string[] {
  const dir = path.join(repoRoot, 'node_modules/.cache', `typed-events-${process.pid}-${checks++}`);
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(path.join(dir, 'check.ts'), source);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: path.join(repoRoot, 'tsconfig.json'), include: [], files: ['check.ts'] }),
    );
    const run = spawnSync(tsc, ['-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return run.stdout
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .map((line) => line.slice(line.indexOf('error TS')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const preamble = `
import type { EventPayloads } from '@marketplace/contracts';
import type { ConsumerContext, Outbox } from '@marketplace/platform';
declare const outbox: Outbox<EventPayloads>;
declare const ctx: ConsumerContext<EventPayloads>;
`;

describe('typed events', () => {
  it('compiles the declared events with their payloads, from a transaction and from a consumer', () => {
    expect(
      typeErrors(`${preamble}
export const a = outbox.transaction((_tx, emit) => emit('auth.user.deleted', { userId: 'u1', deletedBy: 'a1' }));
export const b = ctx.emit('catalog.car.removed', { carId: 'c1' });
`),
    ).toEqual([]);
  }, 60_000);

  it('fails on an event name the registry does not declare', () => {
    const errors = typeErrors(`${preamble}
export const a = outbox.transaction((_tx, emit) => emit('auth.user.delete', { userId: 'u1' }));
export const b = ctx.emit('catalog.car.gone', { carId: 'c1' });
`);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain(`'"auth.user.delete"' is not assignable`);
    expect(errors[1]).toContain(`'"catalog.car.gone"' is not assignable`);
  }, 60_000);

  it('emits nothing without a registry (the platform knows no service events)', () => {
    const errors = typeErrors(`
import type { Outbox } from '@marketplace/platform';
declare const outbox: Outbox;
export const a = outbox.transaction((_tx, emit) => emit('auth.user.deleted', { userId: 'u1' }));
`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`not assignable to parameter of type 'never'`);
  }, 60_000);

  it('fails on a payload that is not the declared one', () => {
    const errors = typeErrors(`${preamble}
export const a = outbox.transaction((_tx, emit) => emit('auth.user.deleted', { user: 'u1' }));
`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/user/);
  }, 60_000);
});
