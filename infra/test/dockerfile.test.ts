/**
 * infra/docker/Dockerfile: every runtime target runs as a non-root numeric user and every server has a
 * HEALTHCHECK (rules/dockerfile.ts, also shown to fail on a broken copy); compose builds only its targets;
 * every workspace's package.json is copied before npm ci; the .dockerignore keeps secrets out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerfileProblems, nodeRuntimeProblems } from './rules/dockerfile';
import type { Doc } from './rules/yaml';
import { compose, dockerfile, repo } from './support';

describe('Dockerfile (infra/docker)', () => {
  const text = fs.readFileSync(dockerfile, 'utf8');
  const targets = ['service', 'gateway', 'web'];
  const tools = ['ops'];

  it('every runtime target runs as a non-root numeric user, every server with a HEALTHCHECK', () => {
    expect(dockerfileProblems(text, targets, tools)).toEqual([]);
  });

  it('compose builds only these targets of this Dockerfile', () => {
    for (const [name, svc] of Object.entries<Doc>(compose.services)) {
      if (!svc.build) continue;
      expect(svc.build.dockerfile, name).toBe('infra/docker/Dockerfile');
      expect([...targets, ...tools], name).toContain(svc.build.target);
    }
  });

  it('copies every workspace package.json before npm ci (or npm ci fails)', () => {
    const root = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const workspaces = root.workspaces.flatMap((w) =>
      w.endsWith('/*')
        ? fs
            .readdirSync(path.join(repo, w.slice(0, -2)))
            .map((d) => `${w.slice(0, -2)}/${d}`)
            .filter((d) => fs.existsSync(path.join(repo, d, 'package.json')))
        : [w],
    );
    for (const w of workspaces) expect(text, w).toContain(`COPY ${w}/package.json ${w}/`);
  });

  it('the rules catch a broken Dockerfile', () => {
    expect(dockerfileProblems(text.replace(/USER 1000:1000/g, 'USER node'), targets, tools)).toEqual([
      'service: USER node is not a numeric user',
      'gateway: USER node is not a numeric user',
      'ops: USER node is not a numeric user',
    ]);
    expect(
      dockerfileProblems(text.replace(/(FROM node-runtime AS gateway[\s\S]*?)HEALTHCHECK/, '$1#'), targets),
    ).toEqual(['gateway: no HEALTHCHECK on /healthz']);
    expect(dockerfileProblems(text.replace('USER 101:101', ''), targets)).toEqual([
      'web: runs as root (USER 0)',
    ]);
    const withoutServiceUser = text.replace(/(FROM node-runtime AS service[\s\S]*?)USER 1000:1000\n/, '$1');
    expect(dockerfileProblems(withoutServiceUser, targets)).toEqual([
      'service: USER root is not a numeric user',
    ]);
    expect(dockerfileProblems(`${text}\nFROM scratch AS extra\nCOPY --from=web / /\n`, targets)).toEqual([
      'extra: USER root is not a numeric user',
      'extra: no HEALTHCHECK on /healthz',
    ]);
  });

  it('every Node target starts compiled JavaScript with node alone, on its own production dependencies, on the .nvmrc Node', () => {
    const nvmrc = fs.readFileSync(path.join(repo, '.nvmrc'), 'utf8');
    const nodeTargets = ['service', 'gateway', 'ops'];
    expect(nodeRuntimeProblems(text, nodeTargets, nvmrc)).toEqual([]);
    // Broken copies: each rule reports.
    expect(nodeRuntimeProblems(text, nodeTargets, '22.1.0')).toEqual([
      `NODE_IMAGE is node:${nvmrc.trim()}, .nvmrc says 22.1.0`,
    ]);
    const viaTsx = text.replace(
      'CMD ["node", "--enable-source-maps", "--no-memory-reducer", "gateway/dist/main.js"]',
      'CMD ["node", "--import", "tsx", "gateway/src/main.ts"]',
    );
    expect(nodeRuntimeProblems(viaTsx, nodeTargets, nvmrc)).toEqual([
      'gateway: does not start compiled JavaScript with node alone (CMD ["node", "--import", "tsx", "gateway/src/main.ts"])',
    ]);
    const everything = text.replace(/(AS service-deps[\s\S]*?)-w "services\/\$\{SERVICE\}"/, '$1');
    expect(nodeRuntimeProblems(everything, nodeTargets, nvmrc)).toEqual([
      "service: node_modules are not one workspace's production dependencies (npm ci --omit=dev -w …)",
    ]);
    const withDev = text.replace(/(AS ops-deps[\s\S]*?)--omit=dev /, '$1');
    expect(nodeRuntimeProblems(withDev, nodeTargets, nvmrc)).toEqual([
      "ops: node_modules are not one workspace's production dependencies (npm ci --omit=dev -w …)",
    ]);
  });

  it('has its .dockerignore, keeping secrets, dependencies and builds out of the context', () => {
    const ignore = fs.readFileSync(`${dockerfile}.dockerignore`, 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '**/.env', '**/.data', '.git']) {
      expect(ignore).toMatch(new RegExp(`^${pattern.replace(/[.*]/g, '\\$&')}$`, 'm'));
    }
  });
});
