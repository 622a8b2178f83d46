/**
 * Every server process starts with SERVER_NODE_FLAGS (scripts/distributed/process-specs.ts,
 * docs/adr/0028-no-memory-reducer.md) whichever way it is started: the images' service and gateway `CMD`,
 * `npm start`, `start:gateway`, `dev:gateway` and the benchmarks that host the embedded system, and the
 * launcher (TypeScript and compiled).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planProcesses, SERVER_NODE_FLAGS } from '../../scripts/distributed/process-specs';
import { resolveSettings } from '../../scripts/distributed/settings';
import { dockerfile, repo } from './support';

/** The last `CMD` line of the Dockerfile stage `target`. */
function cmdOf(text: string, target: string): string {
  const stage = text
    .split(/^FROM /m)
    .find((s) => new RegExp(`\\sAS ${target}(\\s|$)`).test(s.split('\n')[0] ?? ''));
  return (
    (stage ?? '')
      .split('\n')
      .filter((l) => /^CMD\s/.test(l))
      .at(-1) ?? ''
  );
}

describe('server processes start with SERVER_NODE_FLAGS', () => {
  it('in the images: the service and gateway targets', () => {
    const text = fs.readFileSync(dockerfile, 'utf8');
    for (const target of ['service', 'gateway']) {
      const cmd = cmdOf(text, target);
      expect(cmd, target).toMatch(/dist\/main\.js/);
      for (const flag of SERVER_NODE_FLAGS) expect(cmd, target).toContain(flag);
    }
  });

  it('in npm start, the gateway and dev scripts, and the benchmarks that host the embedded system', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    const servers = [
      'start',
      'start:gateway',
      'dev:gateway',
      'bench:cars',
      'bench:cars-memory',
      'bench:price-insight',
    ];
    for (const name of servers) {
      for (const flag of SERVER_NODE_FLAGS) expect(scripts[name], name).toContain(flag);
    }
  });

  it('in the launcher, from TypeScript and compiled; a remote’s static server without them', () => {
    const settings = resolveSettings({ BASE_PORT: '9000' });
    for (const compiled of [false, true]) {
      const { specs } = planProcesses(settings, {}, 'key', true, compiled);
      for (const spec of specs) {
        const expected = spec.kind === 'remote' ? [] : [...SERVER_NODE_FLAGS];
        expect(
          spec.nodeArgs.filter((arg) => arg.startsWith('--no-')),
          spec.name,
        ).toEqual(expected);
      }
    }
  });
});
