/**
 * Our rules for the NetworkPolicies (infra/k8s/base/network-policies.yaml): a namespace default-deny; exactly
 * one policy per workload; nothing admitted from everywhere; only the Ingress's backends admit the ingress
 * controller and only scraped pods admit Prometheus; DNS for every pod; pod-to-pod traffic exactly as the
 * services call each other (from the code and the configuration); egress to the managed servers exactly for
 * the pods configured to use them. Each returns its problems as sentences (empty = fine); manifests.test.ts
 * proves each fails on a broken copy.
 *
 * NetworkPolicy semantics, as evaluated here (https://kubernetes.io/docs/concepts/services-networking/network-policies/):
 * a policy selects the pods of its namespace matching `podSelector` (`{}` = all); policies add up; a pod
 * selected for a direction by no policy is open in that direction; a rule allows a connection when one of its
 * peers matches and one of its `ports` does (no `from`/`to` = any peer, no `ports` = any port); a peer with a
 * podSelector and no namespaceSelector means pods of the policy's own namespace, with a namespaceSelector
 * (and optionally a podSelector in the same entry) pods of the matching namespaces; `protocol` defaults to TCP.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Doc } from './yaml';

type Labels = Record<string, string>;

/** A pod-creating object: Deployment, Job or CronJob, with its pod template. */
export interface Workload {
  /** `Deployment gateway`, `CronJob marketplace-outbox-prune`, … (for messages). */
  title: string;
  /** Its `app.kubernetes.io/name` pod label. */
  name: string;
  labels: Labels;
  annotations: Labels;
  pod: Doc;
}

/** The Deployments', Jobs' and CronJobs' pod templates. */
export function workloads(docs: Doc[]): Workload[] {
  const out: Workload[] = [];
  for (const d of docs) {
    const template =
      d.kind === 'Deployment' || d.kind === 'Job'
        ? d.spec?.template
        : d.kind === 'CronJob'
          ? d.spec?.jobTemplate?.spec?.template
          : undefined;
    if (!template) continue;
    const labels: Labels = template.metadata?.labels ?? {};
    out.push({
      title: `${d.kind} ${d.metadata?.name ?? d.metadata?.generateName}`,
      name: labels['app.kubernetes.io/name'] ?? '',
      labels,
      annotations: template.metadata?.annotations ?? {},
      pod: template.spec ?? {},
    });
  }
  return out;
}

/** Whether a label selector (matchLabels and matchExpressions; `{}` = everything) matches `labels`. */
export function matches(selector: Doc, labels: Labels): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every((e: Doc) => {
    const has = Object.hasOwn(labels, e.key);
    if (e.operator === 'In') return has && (e.values ?? []).includes(labels[e.key]);
    if (e.operator === 'NotIn') return !has || !(e.values ?? []).includes(labels[e.key]);
    if (e.operator === 'Exists') return has;
    if (e.operator === 'DoesNotExist') return !has;
    return false;
  });
  return byLabel && byExpression;
}

const isEmptySelector = (s: Doc) =>
  Object.keys(s?.matchLabels ?? {}).length === 0 && (s?.matchExpressions ?? []).length === 0;

const policies = (docs: Doc[]): Doc[] =>
  docs.filter((d) => d.apiVersion === 'networking.k8s.io/v1' && d.kind === 'NetworkPolicy');

/** Every pod, both directions, no rule: the namespace's default deny. */
const isDefaultDeny = (p: Doc) =>
  isEmptySelector(p.spec?.podSelector) &&
  ['Ingress', 'Egress'].every((t) => (p.spec?.policyTypes ?? []).includes(t)) &&
  (p.spec?.ingress ?? []).length === 0 &&
  (p.spec?.egress ?? []).length === 0;

/** The policies selecting `w`'s pods, default-deny (and any other every-pod policy) left out. */
const policiesOf = (docs: Doc[], w: Workload): Doc[] =>
  policies(docs).filter(
    (p) => !isEmptySelector(p.spec?.podSelector) && matches(p.spec?.podSelector, w.labels),
  );

/** A port of a rule's `ports` entry covers `port`/`protocol` (no ports = every port). */
function portAllowed(ports: Doc[] | undefined, port: number, protocol = 'TCP'): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some(
    (p) =>
      (p.protocol ?? 'TCP') === protocol &&
      (p.port === undefined ||
        p.port === port ||
        (p.endPort !== undefined && p.port <= port && port <= p.endPort)),
  );
}

/** The namespace a peer's namespaceSelector names by `kubernetes.io/metadata.name` (the automatic label). */
const namespaceOf = (peer: Doc): string | undefined =>
  peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];

/** A peer is a pod of the policy's own namespace matching `labels`. */
const peerIsPod = (peer: Doc, labels: Labels) =>
  peer.namespaceSelector === undefined && peer.ipBlock === undefined && matches(peer.podSelector, labels);

/** The port a workload serves on: its first container's first port. */
const servingPort = (w: Workload): number | undefined => w.pod.containers?.[0]?.ports?.[0]?.containerPort;

/** A default-deny NetworkPolicy (every pod, policyTypes Ingress and Egress, no rules) exists. */
export function defaultDenyProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  if (!policies(docs).some(isDefaultDeny)) {
    problems.push('no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)');
  }
  for (const p of policies(docs)) {
    if (isEmptySelector(p.spec?.podSelector) && !isDefaultDeny(p)) {
      problems.push(`NetworkPolicy ${p.metadata?.name}: selects every pod and allows traffic`);
    }
  }
  return problems;
}

/**
 * Every workload's pods are selected by exactly one NetworkPolicy besides default-deny, by their
 * `app.kubernetes.io/name` label, and that policy governs both directions (policyTypes Ingress and Egress:
 * without Egress listed, a policy with no egress rules leaves egress alone).
 */
export function policySelectionProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(docs)) {
    const own = policiesOf(docs, w);
    if (own.length !== 1) {
      const names = own.map((p) => p.metadata?.name).join(', ');
      problems.push(`${w.title}: selected by ${own.length} NetworkPolicies besides default-deny (${names})`);
      continue;
    }
    const p = own[0];
    if (p.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'] !== w.name) {
      problems.push(
        `${w.title}: NetworkPolicy ${p.metadata?.name} does not select it by app.kubernetes.io/name`,
      );
    }
    for (const type of ['Ingress', 'Egress']) {
      if (!(p.spec?.policyTypes ?? []).includes(type))
        problems.push(`NetworkPolicy ${p.metadata?.name}: policyTypes lack ${type}`);
    }
  }
  return problems;
}

/**
 * Nothing is open to everyone: every ingress rule names its peers (`from`) and ports, no peer is every pod
 * (`{}`, podSelector `{}` alone), every namespace (namespaceSelector `{}`) or every address (0.0.0.0/0, ::/0);
 * every egress rule names its ports (a rule without `to` is allowed: ports to any address, for the
 * managed servers outside the cluster).
 */
export function openPolicyProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const p of policies(docs)) {
    const name = `NetworkPolicy ${p.metadata?.name}`;
    (p.spec?.ingress ?? []).forEach((rule: Doc, i: number) => {
      const where = `${name}, ingress[${i}]`;
      const from: Doc[] = rule.from ?? [];
      if (from.length === 0) problems.push(`${where}: admits from everywhere (no from)`);
      for (const peer of from) {
        if (peer.ipBlock && ['0.0.0.0/0', '::/0'].includes(peer.ipBlock.cidr))
          problems.push(`${where}: admits from every address`);
        else if (peer.namespaceSelector && isEmptySelector(peer.namespaceSelector))
          problems.push(`${where}: admits from every namespace`);
        else if (!peer.ipBlock && !peer.namespaceSelector && isEmptySelector(peer.podSelector))
          problems.push(`${where}: admits every pod of the namespace`);
      }
      if ((rule.ports ?? []).length === 0) problems.push(`${where}: admits on every port`);
    });
    (p.spec?.egress ?? []).forEach((rule: Doc, i: number) => {
      if ((rule.ports ?? []).length === 0) problems.push(`${name}, egress[${i}]: allows every port`);
    });
  }
  return problems;
}

/** Namespaces whose pods may reach ours: the ingress controller's and Prometheus's. */
export interface OutsideNamespaces {
  ingress: string;
  monitoring: string;
}

/** The defaults of network-policies.yaml (overlays may patch them). */
export const NAMESPACES: OutsideNamespaces = { ingress: 'ingress-nginx', monitoring: 'monitoring' };

/** The workloads an Ingress routes to (its backends' Services' selectors), with the container port served. */
function ingressBackends(docs: Doc[], all: Workload[]): Map<Workload, number> {
  const out = new Map<Workload, number>();
  const services = docs.filter((d) => d.apiVersion === 'v1' && d.kind === 'Service');
  for (const ing of docs.filter((d) => d.kind === 'Ingress')) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        const backend = p.backend?.service;
        const svc = services.find((s) => s.metadata?.name === backend?.name);
        if (!svc?.spec?.selector) continue;
        const sp = (svc.spec?.ports ?? []).find(
          (x: Doc) => x.name === backend.port?.name || x.port === backend.port?.number,
        );
        for (const w of all.filter((x) => matches({ matchLabels: svc.spec.selector }, x.labels))) {
          const target = sp?.targetPort ?? sp?.port;
          const port =
            typeof target === 'number'
              ? target
              : (w.pod.containers ?? [])
                  .flatMap((c: Doc) => c.ports ?? [])
                  .find((x: Doc) => x.name === target)?.containerPort;
          if (port !== undefined) out.set(w, port);
        }
      }
    }
  }
  return out;
}

/** Whether a policy of `w` admits a peer from namespace `ns` on `port`. */
const admitsNamespace = (docs: Doc[], w: Workload, ns: string, port: number) =>
  policiesOf(docs, w).some((p) =>
    (p.spec?.ingress ?? []).some(
      (r: Doc) => (r.from ?? []).some((peer: Doc) => namespaceOf(peer) === ns) && portAllowed(r.ports, port),
    ),
  );

/**
 * Traffic from outside the namespace: the Ingress's backends (gateway, remotes) admit the ingress controller's
 * namespace on the port they serve and nothing else does; pods Prometheus scrapes (`prometheus.io/scrape`)
 * admit the monitoring namespace on `prometheus.io/port` and nothing else does; no other namespace is
 * admitted. Namespaces are matched by `kubernetes.io/metadata.name`, the label Kubernetes sets on each.
 */
export function outsideIngressProblems(docs: Doc[], ns: OutsideNamespaces = NAMESPACES): string[] {
  const problems: string[] = [];
  const all = workloads(docs);
  const backends = ingressBackends(docs, all);
  for (const w of all) {
    const scrapePort =
      w.annotations['prometheus.io/scrape'] === 'true'
        ? Number(w.annotations['prometheus.io/port'])
        : undefined;
    for (const p of policiesOf(docs, w)) {
      for (const rule of p.spec?.ingress ?? []) {
        for (const peer of rule.from ?? []) {
          if (!peer.namespaceSelector && !peer.ipBlock) continue;
          const from = namespaceOf(peer);
          if (from === ns.ingress && !backends.has(w))
            problems.push(`${w.title}: admits the ingress controller, but no Ingress routes to it`);
          else if (from === ns.monitoring && scrapePort === undefined)
            problems.push(`${w.title}: admits namespace ${ns.monitoring}, but Prometheus does not scrape it`);
          else if (from !== ns.ingress && from !== ns.monitoring)
            problems.push(`${w.title}: admits from outside the namespace (${JSON.stringify(peer)})`);
        }
      }
    }
    const port = backends.get(w);
    if (port !== undefined && !admitsNamespace(docs, w, ns.ingress, port)) {
      problems.push(
        `${w.title}: an Ingress routes to it, but it does not admit namespace ${ns.ingress} on ${port}`,
      );
    }
    if (scrapePort !== undefined && !admitsNamespace(docs, w, ns.monitoring, scrapePort)) {
      problems.push(
        `${w.title}: scraped by Prometheus, but it does not admit namespace ${ns.monitoring} on ${scrapePort}`,
      );
    }
  }
  return problems;
}

/** Every workload may reach the cluster DNS: kube-system's `k8s-app: kube-dns` pods on UDP and TCP 53. */
export function dnsEgressProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(docs)) {
    const rules = policiesOf(docs, w).flatMap((p) => p.spec?.egress ?? []);
    const dns = rules.filter((r: Doc) =>
      (r.to ?? []).some(
        (peer: Doc) =>
          namespaceOf(peer) === 'kube-system' && peer.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns',
      ),
    );
    for (const protocol of ['UDP', 'TCP']) {
      if (
        !dns.some((r: Doc) =>
          (r.ports ?? []).some((p: Doc) => (p.protocol ?? 'TCP') === protocol && p.port === 53),
        )
      )
        problems.push(`${w.title}: no egress to DNS (kube-system/kube-dns, ${protocol} 53)`);
    }
  }
  return problems;
}

/** Whether `from`'s policies let it open a connection to `to`'s pods on `port`. */
const egressAllows = (docs: Doc[], from: Workload, to: Workload, port: number) =>
  policiesOf(docs, from).some((p) =>
    (p.spec?.egress ?? []).some(
      (r: Doc) =>
        (r.to === undefined || r.to.length === 0 || r.to.some((peer: Doc) => peerIsPod(peer, to.labels))) &&
        portAllowed(r.ports, port),
    ),
  );

/** Whether `to`'s policies admit a connection from `from`'s pods on `port`. */
const ingressAdmits = (docs: Doc[], to: Workload, from: Workload, port: number) =>
  policiesOf(docs, to).some((p) =>
    (p.spec?.ingress ?? []).some(
      (r: Doc) =>
        (r.from ?? []).some((peer: Doc) => peerIsPod(peer, from.labels)) && portAllowed(r.ports, port),
    ),
  );

/** The hostnames of the URLs in a workload's environment (its containers' env values and envFrom ConfigMaps). */
function urlHosts(docs: Doc[], w: Workload): Set<string> {
  const values: string[] = [];
  for (const c of [...(w.pod.containers ?? []), ...(w.pod.initContainers ?? [])]) {
    for (const e of c.env ?? []) if (typeof e.value === 'string') values.push(e.value);
    for (const from of c.envFrom ?? []) {
      const cm = docs.find((d) => d.kind === 'ConfigMap' && d.metadata?.name === from.configMapRef?.name);
      values.push(...Object.values<string>(cm?.data ?? {}));
    }
  }
  const hosts = new Set<string>();
  for (const v of values.flatMap((x) => String(x).split(','))) {
    try {
      hosts.add(new URL(v.trim()).hostname);
    } catch {
      // not a URL
    }
  }
  return hosts;
}

/**
 * The in-namespace workloads a workload's configuration points at: the Services (selecting those pods) whose
 * name is the host of a URL in its environment (`<NAME>_SERVICE_URL`, `REMOTE_<NAME>_SERVER_URL`, …).
 */
export function configuredPeers(docs: Doc[], name: string): string[] {
  const w = workloads(docs).find((x) => x.name === name);
  if (!w) return [];
  const hosts = urlHosts(docs, w);
  const services = docs.filter(
    (d) => d.apiVersion === 'v1' && d.kind === 'Service' && hosts.has(d.metadata?.name),
  );
  return workloads(docs)
    .filter(
      (x) =>
        x !== w &&
        services.some((s) => s.spec?.selector && matches({ matchLabels: s.spec.selector }, x.labels)),
    )
    .map((x) => x.name)
    .sort();
}

/**
 * Pod-to-pod traffic inside the namespace is exactly the calls: `calls[a]` lists the workloads (by
 * `app.kubernetes.io/name`) that `a` calls. For every pair, `a`'s egress reaches `b` on the port `b` serves
 * if and only if `a` calls `b`, and `b`'s ingress admits `a` on it if and only if `a` calls `b`; and each call's
 * target is named by a URL in the caller's environment (a Service name as host: without it the platform's peer
 * client calls the process itself).
 */
export function peerPolicyProblems(docs: Doc[], calls: Record<string, string[]>): string[] {
  const problems: string[] = [];
  const all = workloads(docs);
  for (const a of all) {
    const callees = new Set(calls[a.name] ?? []);
    const configured = new Set(configuredPeers(docs, a.name));
    for (const b of all) {
      const port = servingPort(b);
      if (b === a || port === undefined) continue;
      const expected = callees.has(b.name);
      const out = egressAllows(docs, a, b, port);
      const into = ingressAdmits(docs, b, a, port);
      if (expected && !out)
        problems.push(
          `${a.title} calls ${b.name}, but its NetworkPolicy does not let it reach ${b.name} on ${port}`,
        );
      if (!expected && out)
        problems.push(`${a.title} may reach ${b.name} on ${port}, which it does not call`);
      if (expected && !into) problems.push(`${b.title} does not admit ${a.name} on ${port}, which calls it`);
      if (!expected && into) problems.push(`${b.title} admits ${a.name} on ${port}, which does not call it`);
      if (expected && !configured.has(b.name))
        problems.push(
          `${a.title} calls ${b.name}, but no URL in its environment names the Service ${b.name}`,
        );
    }
  }
  return problems;
}

/**
 * Servers outside the cluster, by the environment variable that configures them (the Secret's URLs) and
 * their ports: plain and TLS where both are usual (amqps 5671, rediss 6380), HTTPS 443 for managed APIs.
 */
export const EXTERNAL: Array<{ env: RegExp; server: string; ports: number[] }> = [
  { env: /^(\w+_)?DATABASE_URL$/, server: 'PostgreSQL', ports: [5432] },
  { env: /^AMQP_URL$/, server: 'RabbitMQ', ports: [5672, 5671] },
  { env: /^REDIS_URL$/, server: 'Redis', ports: [6379, 6380] },
  { env: /^ELASTICSEARCH_URL$/, server: 'Elasticsearch', ports: [9200, 443] },
  { env: /^SMTP_URL$/, server: 'SMTP', ports: [587, 465] },
  { env: /^SMS_GATEWAY_URL$/, server: 'the SMS gateway', ports: [443] },
  { env: /^S3_ACCESS_KEY_ID$/, server: 'S3', ports: [443] },
  { env: /^FACEBOOK_APP_SECRET$/, server: "Google's and Facebook's sign-in APIs", ports: [443] },
];

/** The data servers' ports: a pod not configured for one of these servers must not reach it. */
const DATA_PORTS = new Map<number, string>([
  [5432, 'PostgreSQL'],
  [5672, 'RabbitMQ'],
  [5671, 'RabbitMQ'],
  [6379, 'Redis'],
  [6380, 'Redis'],
  [9200, 'Elasticsearch'],
  [587, 'SMTP'],
  [465, 'SMTP'],
]);

/** Whether `w`'s policies allow `port` to addresses outside the cluster (rules without `to`, or an ipBlock). */
const externalAllows = (docs: Doc[], w: Workload, port: number) =>
  policiesOf(docs, w).some((p) =>
    (p.spec?.egress ?? []).some(
      (r: Doc) =>
        (r.to === undefined || r.to.length === 0 || r.to.some((peer: Doc) => peer.ipBlock)) &&
        (r.ports ?? []).some((x: Doc) => (x.protocol ?? 'TCP') === 'TCP' && x.port === port),
    ),
  );

/** The servers (and ports) a workload's containers' `env` configures, by {@link EXTERNAL}. */
function externalNeeds(w: Workload): Map<number, string> {
  const names = [...(w.pod.containers ?? []), ...(w.pod.initContainers ?? [])].flatMap((c: Doc) =>
    (c.env ?? []).map((e: Doc) => e.name as string),
  );
  const needed = new Map<number, string>();
  for (const { env, server, ports } of EXTERNAL) {
    const variable = names.find((n) => env.test(n));
    if (variable) for (const port of ports) needed.set(port, `${server} (${variable})`);
  }
  return needed;
}

/**
 * Egress to the servers outside the cluster follows the workloads' containers' `env` (the Secret references:
 * {@link EXTERNAL}): a pod configured for a server may reach its ports; a data server's ports (PostgreSQL,
 * RabbitMQ, Redis, Elasticsearch, SMTP) are reachable only for pods whose policy serves a workload configured
 * for it (the gateway has no database; the ops policy serves the one-off Job and every CronJob, so it allows
 * what any of them needs). HTTPS (443) is required where configured, and not refused elsewhere: the gateway
 * fetches the remotes' public manifests over it, which no variable of its own names.
 */
export function externalEgressProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const all = workloads(docs);
  for (const w of all) {
    const needed = externalNeeds(w);
    for (const [port, why] of needed) {
      if (!externalAllows(docs, w, port)) problems.push(`${w.title}: cannot reach ${why} on ${port}`);
    }
    const own = policiesOf(docs, w);
    const sharing = all.filter((x) => policiesOf(docs, x).some((p) => own.includes(p)));
    const justified = new Set(sharing.flatMap((x) => [...externalNeeds(x).keys()]));
    for (const [port, server] of DATA_PORTS) {
      if (!justified.has(port) && externalAllows(docs, w, port))
        problems.push(`${w.title}: may reach ${server} on ${port}, which it is not configured for`);
    }
  }
  return problems;
}

/** TypeScript files under `dir` (recursively), tests left out. */
function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * Which service calls which, from the code: in every source file that calls `peers.callOperation(`, the
 * quoted operation ids (`owners`: operation id → the service that answers it, the contracts' peerOperations)
 * are calls to their owner. Files of services/<name>/src are that service's calls; files of
 * packages/platform/src run in every service, so their calls are every other service's (e.g. `checkSession`:
 * every service but auth calls auth). JWKS_URL goes to auth too, and `checkSession` already counts it.
 */
export function sourcePeerCalls(
  repoRoot: string,
  services: string[],
  owners: Record<string, string>,
): Record<string, string[]> {
  const calledIn = (files: string[]) => {
    const called = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes('callOperation(')) continue;
      for (const [, id] of text.matchAll(/['"`]([A-Za-z]+)['"`]/g))
        if (id && owners[id]) called.add(owners[id]);
    }
    return called;
  };
  const platform = calledIn(sources(path.join(repoRoot, 'packages', 'platform', 'src')));
  return Object.fromEntries(
    services.map((s) => {
      const own = calledIn(sources(path.join(repoRoot, 'services', s, 'src')));
      return [s, [...new Set([...own, ...platform])].filter((x) => x !== s).sort()];
    }),
  );
}

/** Every NetworkPolicy rule at once; `calls` as for {@link peerPolicyProblems}. */
export function networkProblems(
  docs: Doc[],
  calls: Record<string, string[]>,
  ns: OutsideNamespaces = NAMESPACES,
): string[] {
  return [
    ...defaultDenyProblems(docs),
    ...policySelectionProblems(docs),
    ...openPolicyProblems(docs),
    ...outsideIngressProblems(docs, ns),
    ...dnsEgressProblems(docs),
    ...peerPolicyProblems(docs, calls),
    ...externalEgressProblems(docs),
  ];
}
