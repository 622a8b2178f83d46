/**
 * The Kubernetes material in infra/ is valid: every YAML under infra/ parses; every Kubernetes object
 * matches its Kubernetes JSON schema (kubernetes-models); plus our own rules (rules/kubernetes.ts, and
 * rules/network.ts for the NetworkPolicies), each also shown to fail on a broken copy. With kubectl on PATH, the kustomizations are rendered and the
 * rendered objects checked too. Compose and the Dockerfile: compose.test.ts, dockerfile.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { USAGE } from '../../scripts/ops';
import {
  configMapProblems,
  cronJobProblems,
  deploymentProblems,
  exportedMetrics,
  hpaProblems,
  ingressProblems,
  jobProblems,
  k8sProblems,
  kustomizationProblems,
  lifecycleProblems,
  metricsProblems,
  opsCommandProblems,
  opsDatabaseProblems,
  pdbAndServiceProblems,
  prometheusRuleProblems,
  publicUrlProblems,
  restrictedProblems,
  topologyProblems,
} from './rules/kubernetes';
import {
  configuredPeers,
  defaultDenyProblems,
  dnsEgressProblems,
  externalEgressProblems,
  NAMESPACES,
  networkProblems,
  openPolicyProblems,
  outsideIngressProblems,
  peerPolicyProblems,
  policySelectionProblems,
  sourcePeerCalls,
} from './rules/network';
import { type Doc, isK8sObject, parseYamlFile, yamlFiles } from './rules/yaml';
import {
  baseDocs,
  clone,
  infra,
  k8sDir,
  k8sFiles,
  operationOwners,
  opsDocs,
  REMOTES,
  repo,
  SERVICES,
  validateK8s,
} from './support';

const deployment = (docs: Doc[], name: string) =>
  docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
const container = (docs: Doc[], name: string) => deployment(docs, name).spec.template.spec.containers[0];
const policy = (docs: Doc[], name: string) =>
  docs.find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === name);
const cronJob = (docs: Doc[], name: string) =>
  docs.find((d) => d.kind === 'CronJob' && d.metadata.name === `marketplace-${name}`);
const cronContainer = (docs: Doc[], name: string) =>
  cronJob(docs, name).spec.jobTemplate.spec.template.spec.containers[0];

/** The base, the ops Job and the CronJobs: every workload the NetworkPolicies govern. */
const allDocs = [...baseDocs, ...opsDocs];
/** Who calls whom: the services from their code, the gateway from its configuration. */
const callsOf = (docs: Doc[]) => ({
  ...sourcePeerCalls(repo, SERVICES, operationOwners),
  gateway: configuredPeers(docs, 'gateway'),
});

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
    // A Deployment, Service and PDB per deployable, their NetworkPolicies, the rest of the base, the ops Jobs.
    expect(count).toBeGreaterThanOrEqual(11 * 4 + 4);
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
    const stringTypes = clone(baseDocs.find((d) => d.kind === 'NetworkPolicy'));
    stringTypes.spec.policyTypes = 'Ingress';
    expect(() => validateK8s(stringTypes)).toThrow();
    const noSchedule = clone(opsDocs.find((d) => d.kind === 'CronJob'));
    delete noSchedule.spec.schedule;
    expect(() => validateK8s(noSchedule)).toThrow();
    expect(() =>
      validateK8s({ apiVersion: 'autoscaling/v1', kind: 'Thing', metadata: { name: 'x' } }),
    ).toThrow(/no kubernetes-models model/);
  });

  it('has a Deployment per deployable', () => {
    const names = baseDocs.filter((d) => d.kind === 'Deployment').map((d) => d.metadata.name);
    expect(names.sort()).toEqual([...SERVICES, 'gateway', ...REMOTES].sort());
  });

  it('follows our rules', () => {
    expect(k8sProblems(allDocs)).toEqual([]);
  });

  it('NetworkPolicies follow our rules', () => {
    expect(networkProblems(allDocs, callsOf(allDocs))).toEqual([]);
  });

  it('the peer calls are read from the code and the configuration', () => {
    expect(sourcePeerCalls(repo, SERVICES, operationOwners)).toEqual({
      auth: ['storage'],
      catalog: ['auth', 'storage'],
      listing: ['auth', 'catalog', 'storage'],
      'test-drive': ['auth'],
      storage: ['auth'],
      notification: ['auth'],
    });
    expect(configuredPeers(allDocs, 'gateway')).toEqual([...SERVICES, ...REMOTES].sort());
  });

  it('the ops Job and CronJobs run commands the ops CLI has (scripts/ops.ts USAGE)', () => {
    expect(opsDocs.map((d) => d.kind).sort()).toEqual(['CronJob', 'CronJob', 'CronJob', 'Job']);
    expect(opsCommandProblems(opsDocs, USAGE)).toEqual([]);
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
    expect(kustomizations.length).toBe(3);
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
      const onMemory = clone(baseDocs);
      const catalogHpa = onMemory.find(
        (d: Doc) => d.kind === 'HorizontalPodAutoscaler' && d.metadata.name === 'catalog',
      );
      catalogHpa.spec.metrics.push({
        type: 'Resource',
        resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 80 } },
      });
      expect(hpaProblems(onMemory, ['gateway', 'catalog'])).toEqual([
        'HorizontalPodAutoscaler catalog: scales on memory',
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

    it('PUBLIC_URL wherever production runs (issue 47)', () => {
      const missing = clone(baseDocs);
      delete missing.find((d: Doc) => d.kind === 'ConfigMap').data.PUBLIC_URL;
      const problems = publicUrlProblems(missing);
      expect(problems).toContain(
        'Deployment gateway, container gateway: NODE_ENV=production without PUBLIC_URL',
      );
      expect(problems).toContain(
        'Deployment catalog, container catalog: NODE_ENV=production without PUBLIC_URL',
      );
      // A container's own PUBLIC_URL (written, or from a Secret) counts; development needs none.
      container(missing, 'gateway').env.push({ name: 'PUBLIC_URL', value: 'https://cars.example.in' });
      container(missing, 'catalog').env.push({
        name: 'PUBLIC_URL',
        valueFrom: { secretKeyRef: { name: 'marketplace-secrets', key: 'public-url' } },
      });
      container(missing, 'listing').env.push({ name: 'NODE_ENV', value: 'development' });
      const left = publicUrlProblems(missing);
      expect(left.length).toBe(problems.length - 3);
      expect(left.join('\n')).not.toMatch(
        /Deployment (gateway|catalog|listing), container (gateway|catalog|listing):/,
      );

      const withPath = clone(baseDocs);
      withPath.find((d: Doc) => d.kind === 'ConfigMap').data.PUBLIC_URL =
        'https://marketplace.example.com/shop';
      expect(publicUrlProblems(withPath)).toContain(
        "Deployment gateway, container gateway: PUBLIC_URL must be the site's origin alone, without a path, query or fragment (got https://marketplace.example.com/shop; the site is served at its root)",
      );
    });

    it('default deny', () => {
      const none = clone(allDocs).filter((d: Doc) => d.metadata?.name !== 'default-deny');
      expect(defaultDenyProblems(none)).toEqual([
        'no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)',
      ]);
      const leaky = clone(allDocs);
      policy(leaky, 'default-deny').spec.egress = [{ ports: [{ port: 443 }] }];
      expect(defaultDenyProblems(leaky)).toEqual([
        'no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)',
        'NetworkPolicy default-deny: selects every pod and allows traffic',
      ]);
    });

    it('one NetworkPolicy per workload', () => {
      const docs = clone(allDocs).filter(
        (d: Doc) => !(d.kind === 'NetworkPolicy' && d.metadata.name === 'listing'),
      );
      const second = clone(policy(docs, 'storage'));
      second.metadata.name = 'catalog-extra';
      second.spec.podSelector.matchLabels['app.kubernetes.io/name'] = 'catalog';
      docs.push(second);
      policy(docs, 'mfe-sell').spec.policyTypes = ['Ingress'];
      policy(docs, 'notification').spec.podSelector = {
        matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: ['notification'] }],
      };
      cronJob(docs, 'outbox-prune').spec.jobTemplate.spec.template.metadata.labels['app.kubernetes.io/name'] =
        'ops';
      expect(policySelectionProblems(docs)).toEqual([
        'Deployment catalog: selected by 2 NetworkPolicies besides default-deny (catalog, catalog-extra)',
        'Deployment listing: selected by 0 NetworkPolicies besides default-deny ()',
        'NetworkPolicy mfe-sell: policyTypes lack Egress',
        'Deployment notification: NetworkPolicy notification does not select it by app.kubernetes.io/name',
        'CronJob marketplace-outbox-prune: selected by 0 NetworkPolicies besides default-deny ()',
      ]);
    });

    it('nothing admitted from everywhere', () => {
      const docs = clone(allDocs);
      delete policy(docs, 'gateway').spec.ingress[0].from;
      policy(docs, 'catalog').spec.ingress[0].from.push({ podSelector: {} });
      policy(docs, 'auth').spec.ingress[1].from[0].namespaceSelector = {};
      policy(docs, 'listing').spec.ingress[0].from.push({ ipBlock: { cidr: '0.0.0.0/0' } });
      delete policy(docs, 'notification').spec.ingress[0].ports;
      delete policy(docs, 'storage').spec.egress[1].ports;
      expect(openPolicyProblems(docs)).toEqual([
        'NetworkPolicy gateway, ingress[0]: admits from everywhere (no from)',
        'NetworkPolicy auth, ingress[1]: admits from every namespace',
        'NetworkPolicy catalog, ingress[0]: admits every pod of the namespace',
        'NetworkPolicy listing, ingress[0]: admits from every address',
        'NetworkPolicy storage, egress[1]: allows every port',
        'NetworkPolicy notification, ingress[0]: admits on every port',
      ]);
    });

    it('only the Ingress backends admit the ingress controller, only scraped pods Prometheus', () => {
      const docs = clone(allDocs);
      policy(docs, 'auth').spec.ingress.push(clone(policy(docs, 'gateway').spec.ingress[0]));
      policy(docs, 'mfe-admin').spec.ingress[0].from[0].namespaceSelector.matchLabels[
        'kubernetes.io/metadata.name'
      ] = 'ingress';
      policy(docs, 'listing').spec.ingress.pop();
      policy(docs, 'mfe-catalog').spec.ingress.push(clone(policy(docs, 'catalog').spec.ingress[1]));
      expect(outsideIngressProblems(docs, NAMESPACES)).toEqual([
        'Deployment auth: admits the ingress controller, but no Ingress routes to it',
        'Deployment listing: scraped by Prometheus, but it does not admit namespace monitoring on 8080',
        'Deployment mfe-admin: admits from outside the namespace ({"namespaceSelector":{"matchLabels":{"kubernetes.io/metadata.name":"ingress"}}})',
        'Deployment mfe-admin: an Ingress routes to it, but it does not admit namespace ingress-nginx on 8080',
        'Deployment mfe-catalog: admits namespace monitoring, but Prometheus does not scrape it',
      ]);
      // The overlay's ingress namespace is a parameter: the base's ingress-nginx is then wrong everywhere.
      expect(outsideIngressProblems(allDocs, { ...NAMESPACES, ingress: 'ingress-system' })).toHaveLength(10);
    });

    it('DNS for every pod', () => {
      const docs = clone(allDocs);
      policy(docs, 'gateway').spec.egress.shift();
      policy(docs, 'test-drive').spec.egress[0].ports = [{ protocol: 'UDP', port: 53 }];
      expect(dnsEgressProblems(docs)).toEqual([
        'Deployment gateway: no egress to DNS (kube-system/kube-dns, UDP 53)',
        'Deployment gateway: no egress to DNS (kube-system/kube-dns, TCP 53)',
        'Deployment test-drive: no egress to DNS (kube-system/kube-dns, TCP 53)',
      ]);
    });

    it('pod-to-pod traffic is exactly the calls', () => {
      const calls = callsOf(allDocs);
      const docs = clone(allDocs);
      const listingOut = policy(docs, 'listing').spec.egress.at(-1);
      listingOut.to = listingOut.to.filter(
        (p: Doc) => p.podSelector.matchLabels['app.kubernetes.io/name'] !== 'storage',
      );
      policy(docs, 'test-drive')
        .spec.egress.at(-1)
        .to.push({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'catalog' } } });
      expect(peerPolicyProblems(docs, calls)).toEqual([
        'Deployment listing calls storage, but its NetworkPolicy does not let it reach storage on 8080',
        'Deployment test-drive may reach catalog on 8080, which it does not call',
      ]);
      // A new peer call in the code (test-drive → notification) without a policy for it.
      expect(peerPolicyProblems(allDocs, { ...calls, 'test-drive': ['auth', 'notification'] })).toEqual([
        'Deployment test-drive calls notification, but its NetworkPolicy does not let it reach notification on 8080',
        'Deployment notification does not admit test-drive on 8080, which calls it',
      ]);
      // A call whose target the configuration does not name: the peer client would call the process itself.
      const unnamed = clone(allDocs);
      delete unnamed.find((d: Doc) => d.kind === 'ConfigMap').data.STORAGE_SERVICE_URL;
      expect(peerPolicyProblems(unnamed, calls)).toEqual([
        'Deployment auth calls storage, but no URL in its environment names the Service storage',
        'Deployment catalog calls storage, but no URL in its environment names the Service storage',
        'Deployment gateway calls storage, but no URL in its environment names the Service storage',
        'Deployment listing calls storage, but no URL in its environment names the Service storage',
      ]);
    });

    it('egress to the servers outside the cluster follows the configuration', () => {
      const docs = clone(allDocs);
      policy(docs, 'gateway').spec.egress[1].ports.push({ protocol: 'TCP', port: 5432 });
      policy(docs, 'notification').spec.egress.splice(2, 1);
      const env = container(docs, 'listing').env;
      env.push({
        name: 'ELASTICSEARCH_URL',
        valueFrom: { secretKeyRef: { name: 'marketplace-secrets', key: 'elasticsearch-url' } },
      });
      expect(externalEgressProblems(docs)).toEqual([
        'Deployment gateway: may reach PostgreSQL on 5432, which it is not configured for',
        'Deployment listing: cannot reach Elasticsearch (ELASTICSEARCH_URL) on 9200',
        'Deployment listing: cannot reach Elasticsearch (ELASTICSEARCH_URL) on 443',
        'Deployment notification: cannot reach SMTP (SMTP_URL) on 587',
        'Deployment notification: cannot reach SMTP (SMTP_URL) on 465',
      ]);
    });

    it('CronJobs', () => {
      const docs = clone(opsDocs);
      cronJob(docs, 'outbox-prune').spec.concurrencyPolicy = 'Allow';
      delete cronJob(docs, 'inbox-prune').spec.failedJobsHistoryLimit;
      delete cronJob(docs, 'search-reindex').spec.jobTemplate.spec.activeDeadlineSeconds;
      expect(cronJobProblems(docs)).toEqual([
        'CronJob marketplace-inbox-prune: no failedJobsHistoryLimit',
        'CronJob marketplace-outbox-prune: concurrencyPolicy is not Forbid',
        'CronJob marketplace-search-reindex: no jobTemplate activeDeadlineSeconds',
      ]);
      // The pod rules of the Deployments and the Job apply to the CronJobs' pods too.
      delete cronJob(docs, 'inbox-prune').spec.jobTemplate.spec.template.spec.securityContext.seccompProfile;
      cronContainer(docs, 'outbox-prune').env[0] = {
        name: 'AUTH_DATABASE_URL',
        value: 'postgres://a:b@db/auth',
      };
      expect(jobProblems(docs)).toEqual([
        'CronJob marketplace-inbox-prune, container ops: no RuntimeDefault seccomp profile',
        'CronJob marketplace-outbox-prune, container ops, env AUTH_DATABASE_URL: literal credentials in the value',
      ]);
    });

    it('ops commands', () => {
      const docs = clone(opsDocs);
      cronContainer(docs, 'outbox-prune').args = ['outbox', 'purge', '--older-than', '7d'];
      cronContainer(docs, 'inbox-prune').args = ['inbox', 'prune', '--older', '30d'];
      expect(opsCommandProblems(docs, USAGE)).toEqual([
        'CronJob marketplace-inbox-prune: --older is not an option of `inbox prune`',
        'CronJob marketplace-outbox-prune: `outbox purge --older-than 7d` is not an ops command (scripts/ops.ts USAGE)',
      ]);
      // A command renamed in the CLI breaks the manifest that runs it.
      expect(opsCommandProblems(opsDocs, USAGE.replace('search reindex', 'search rebuild'))).toEqual([
        'CronJob marketplace-search-reindex: `search reindex` is not an ops command (scripts/ops.ts USAGE)',
      ]);
    });

    it("the ops databases are the services' Secret keys", () => {
      const docs = clone(allDocs);
      const env = cronContainer(docs, 'outbox-prune').env;
      env.find((e: Doc) => e.name === 'CATALOG_DATABASE_URL').valueFrom.secretKeyRef.key = 'catalog-db';
      cronContainer(docs, 'inbox-prune').env = env.filter((e: Doc) => e.name !== 'NOTIFICATION_DATABASE_URL');
      expect(opsDatabaseProblems(docs)).toEqual([
        "CronJob marketplace-inbox-prune: CATALOG_DATABASE_URL is Secret key catalog-db, the Deployment's is catalog-database-url",
        'CronJob marketplace-inbox-prune: prunes without NOTIFICATION_DATABASE_URL',
        "CronJob marketplace-outbox-prune: CATALOG_DATABASE_URL is Secret key catalog-db, the Deployment's is catalog-database-url",
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
      expect(networkProblems(docs, callsOf(docs)), dir).toEqual([]);
    }
  });
});
