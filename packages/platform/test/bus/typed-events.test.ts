/**
 * Typed events (issue 23): `emit`, from an outbox transaction or a consumer's context, is typed by an event
 * registry: the services' is the contracts' `EventPayloads` (`defineService<EventPayloads>`), so an event
 * name nobody declared, or a payload that is not the declared one, fails the type check that `npm test`
 * runs (`npm run typecheck`); the platform itself knows no events. Checked here by compiling a temporary
 * file with the project's own compiler options.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { typeErrorsByFile } from '../../../../test-support/type-check';

const preamble = `
import type { EventPayloads } from '@marketplace/contracts';
import type { ConsumerContext, Outbox } from '@marketplace/platform';
declare const outbox: Outbox<EventPayloads>;
declare const ctx: ConsumerContext<EventPayloads>;
`;

/** The cases, compiled together once. */
const files = {
  'declared.ts': `${preamble}
export const a = outbox.transaction((_tx, emit) => emit('auth.user.deleted', { userId: 'u1', deletedBy: 'a1' }));
export const b = ctx.emit('catalog.car.removed', { carId: 'c1' });
`,
  'undeclared.ts': `${preamble}
export const a = outbox.transaction((_tx, emit) => emit('auth.user.delete', { userId: 'u1' }));
export const b = ctx.emit('catalog.car.gone', { carId: 'c1' });
`,
  'no-registry.ts': `
import type { Outbox } from '@marketplace/platform';
declare const outbox: Outbox;
export const a = outbox.transaction((_tx, emit) => emit('auth.user.deleted', { userId: 'u1' }));
`,
  'wrong-payload.ts': `${preamble}
export const a = outbox.transaction((_tx, emit) => emit('auth.user.deleted', { user: 'u1' }));
`,
};
let errors: Record<string, string[]> = {};

describe('typed events', () => {
  beforeAll(() => {
    errors = typeErrorsByFile(files);
  }, 120_000);

  it('compiles the declared events with their payloads, from a transaction and from a consumer', () => {
    expect(errors['declared.ts']).toEqual([]);
    expect(errors['(other)']).toBeUndefined();
  });

  it('fails on an event name the registry does not declare', () => {
    const undeclared = errors['undeclared.ts']!;
    expect(undeclared).toHaveLength(2);
    expect(undeclared[0]).toContain(`'"auth.user.delete"' is not assignable`);
    expect(undeclared[1]).toContain(`'"catalog.car.gone"' is not assignable`);
  });

  it('emits nothing without a registry (the platform knows no service events)', () => {
    expect(errors['no-registry.ts']).toHaveLength(1);
    expect(errors['no-registry.ts']![0]).toContain(`not assignable to parameter of type 'never'`);
  });

  it('fails on a payload that is not the declared one', () => {
    expect(errors['wrong-payload.ts']).toHaveLength(1);
    expect(errors['wrong-payload.ts']![0]).toMatch(/user/);
  });
});
