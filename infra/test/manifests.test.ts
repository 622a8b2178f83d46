/**
 * The Kubernetes material in infra/ is valid: every YAML under infra/ parses; every Kubernetes object
 * matches its Kubernetes JSON schema (kubernetes-models); plus our own rules (rules/kubernetes.ts), each
 * also shown to fail on a broken copy. With kubectl on PATH, the kustomizations are rendered and the
 * rendered objects checked too. Compose and the Dockerfile: compose.test.ts, dockerfile.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import {
  configMapProblems,
  deploymentProblems,
  exportedMetrics,
  hpaProblems,
  ingressProblems,
  jobProblems,
  k8sProblems,
  kustomizationProblems,
  lifecycleProblems,
  metricsProblems,
  pdbAndServiceProblems,
  prometheusRuleProblems,
  restrictedProblems,
  topologyProblems,
} from './rules/kubernetes';
import { type Doc, isK8sObject, parseYamlFile, yamlFiles } from './rules/yaml';
import { baseDocs, clone, infra, k8sDir, k8sFiles, REMOTES, repo, SERVICES, validateK8s } from './support';

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
    const rule = parseYamlFile(path.join(k8sDir, 'monitoring', 'prometheus-rule.yaml'))[0];
    const unnamedGroup = clone(rule);
    delete unnamedGroup.spec.groups[0].name;
    expect(() => validateK8s(unnamedGroup)).toThrow();
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

  it('the PrometheusRule alerts on what docs/operations.md says, with metrics our processes export', () => {
    const rule = parseYamlFile(path.join(k8sDir, 'monitoring', 'prometheus-rule.yaml'));
    const exported = exportedMetrics(
      fs.readFileSync(path.join(repo, 'packages', 'platform', 'src', 'metrics.ts'), 'utf8'),
    );
    const alertOn = ['dead_letter_messages', 'outbox_oldest_event_age_seconds', 'dependency_up'];
    expect(prometheusRuleProblems(rule, exported, [...alertOn, 'http_requests_total'])).toEqual([]);
    const operations = fs.readFileSync(path.join(repo, 'docs', 'operations.md'), 'utf8');
    for (const metric of alertOn) expect(operations).toMatch(new RegExp(`alert[^.]*${metric}`, 's'));

    const broken = clone(rule);
    const rules = broken[0].spec.groups[0].rules;
    rules[0].expr = 'max by (consumer) (dead_letters) > 0';
    delete rules[1].for;
    delete rules[2].labels;
    expect(prometheusRuleProblems(broken, exported, alertOn)).toEqual([
      'alert MarketplaceDeadLetters: no process exports dead_letters',
      "alert MarketplaceOutboxStuck: no 'for' duration",
      'alert MarketplaceDependencyDown: no severity label',
      'no alert on dead_letter_messages',
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

    it('preStop sleeps, grace periods and topology spread', () => {
      const docs = clone(baseDocs);
      delete container(docs, 'listing').lifecycle;
      deployment(docs, 'gateway').spec.template.spec.terminationGracePeriodSeconds = 10;
      deployment(docs, 'mfe-admin').spec.template.spec.topologySpreadConstraints.pop();
      deployment(docs, 'auth').spec.template.spec.topologySpreadConstraints[0].labelSelector.matchLabels[
        'app.kubernetes.io/name'
      ] = 'gateway';
      expect(lifecycleProblems(docs)).toEqual([
        'Deployment auth: replicas not spread over topology.kubernetes.io/zone',
        'Deployment gateway: terminationGracePeriodSeconds 10 < preStop 5 s + drain 15 s',
        'Deployment listing, container listing: no preStop sleep',
        'Deployment mfe-admin: replicas not spread over kubernetes.io/hostname',
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
