/**
 * Our own rules for the deployment material in infra/ (beyond the JSON schemas). Each check returns the
 * problems it finds as sentences (empty = fine), so the test can show them all and so each rule can be
 * proved to fail on a broken copy (manifests.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML is untyped; the rules check its shape themselves.
export type Doc = any;

/** Environment variable names that hold secrets: never a literal value in a manifest. */
export const SECRET_NAME = /SECRET|PASSWORD|PRIVATE_KEY|TOKEN/;
/** A URL carrying credentials (`scheme://user:pass@host`). */
const CREDENTIAL_URL = /:\/\/[^/\s:@]+:[^/\s@]+@/;

/** Every `.yaml`/`.yml` file under `dir`, sorted. */
export function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...yamlFiles(full));
    } else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** The documents of a YAML file (merge keys `<<` resolved, as Compose does). @throws on a syntax error. */
export function parseYamlFile(file: string): Doc[] {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'), { merge: true });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return list.map((d) => d.toJS()).filter((d) => d !== null && d !== undefined);
}

/** A Kubernetes object (not a kustomize file nor a JSON patch). */
export function isK8sObject(doc: Doc): boolean {
  return (
    typeof doc === 'object' &&
    !Array.isArray(doc) &&
    typeof doc.apiVersion === 'string' &&
    typeof doc.kind === 'string' &&
    !doc.apiVersion.startsWith('kustomize.config.k8s.io/')
  );
}

const ofKind = (docs: Doc[], apiVersion: string, kind: string): Doc[] =>
  docs.filter((d) => d.apiVersion === apiVersion && d.kind === kind);

function podSpecs(deployment: Doc): { pod: Doc; containers: Doc[] } {
  const pod = deployment.spec?.template?.spec ?? {};
  return { pod, containers: [...(pod.containers ?? []), ...(pod.initContainers ?? [])] };
}

/** Probes, resources (init containers too), non-root, secret env only by reference. */
export function deploymentProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind(docs, 'apps/v1', 'Deployment');
  if (deployments.length === 0) problems.push('no Deployment found');
  for (const d of deployments) {
    const name = `Deployment ${d.metadata?.name}`;
    const { pod, containers } = podSpecs(d);
    if (containers.length === 0) problems.push(`${name}: no containers`);
    for (const c of containers) {
      const where = `${name}, container ${c.name}`;
      const init = (pod.initContainers ?? []).includes(c);
      if (!init && c.readinessProbe?.httpGet?.path !== '/readyz')
        problems.push(`${where}: readiness probe is not GET /readyz`);
      if (!init && c.livenessProbe?.httpGet?.path !== '/healthz')
        problems.push(`${where}: liveness probe is not GET /healthz`);
      for (const kind of ['requests', 'limits'] as const) {
        for (const res of ['cpu', 'memory']) {
          if (c.resources?.[kind]?.[res] === undefined)
            problems.push(`${where}: no resources.${kind}.${res}`);
        }
      }
      const nonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      if (nonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
      const user = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
      if (user === 0) problems.push(`${where}: runs as user 0`);
    }
    problems.push(...secretEnvProblems(name, containers));
  }
  return problems;
}

/** Jobs (the ops CLI) take secrets by reference too, and meet the restricted Pod Security Standard. */
export function jobProblems(docs: Doc[]): string[] {
  return ofKind(docs, 'batch/v1', 'Job').flatMap((j) => {
    const { pod, containers } = podSpecs(j);
    const name = `Job ${j.metadata?.name ?? j.metadata?.generateName}`;
    const problems = secretEnvProblems(name, containers);
    if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot is not true`);
    return [...problems, ...restrictedPodProblems(name, pod, containers)];
  });
}

/**
 * The restricted Pod Security Standard (the example overlay's namespace enforces it) beyond non-root:
 * RuntimeDefault seccomp, no privilege escalation and every capability dropped, in every container.
 */
function restrictedPodProblems(name: string, pod: Doc, containers: Doc[]): string[] {
  const problems: string[] = [];
  for (const c of containers) {
    const where = `${name}, container ${c.name}`;
    const seccomp = c.securityContext?.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      problems.push(`${where}: no RuntimeDefault seccomp profile`);
    if (c.securityContext?.allowPrivilegeEscalation !== false) {
      problems.push(`${where}: allowPrivilegeEscalation is not false`);
    }
    if (!(c.securityContext?.capabilities?.drop ?? []).includes('ALL'))
      problems.push(`${where}: capabilities not dropped`);
  }
  return problems;
}

/** Every Deployment meets the restricted Pod Security Standard (restrictedPodProblems). */
export function restrictedProblems(docs: Doc[]): string[] {
  return ofKind(docs, 'apps/v1', 'Deployment').flatMap((d) => {
    const { pod, containers } = podSpecs(d);
    return restrictedPodProblems(`Deployment ${d.metadata?.name}`, pod, containers);
  });
}

/**
 * Every service (pods labelled component `service`) declares the consumers' queues in an init container
 * before it starts, with AMQP_URL from the Secret: events of a first start would be lost otherwise.
 */
export function topologyProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    if (d.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] !== 'service') continue;
    const init = (d.spec?.template?.spec?.initContainers ?? []).find((c: Doc) =>
      [...(c.command ?? []), ...(c.args ?? [])].includes('infra/docker/declare-topology.ts'),
    );
    if (!init)
      problems.push(`Deployment ${d.metadata?.name}: no init container declaring the consumer queues`);
    else if (!(init.env ?? []).some((e: Doc) => e.name === 'AMQP_URL' && e.valueFrom?.secretKeyRef)) {
      problems.push(
        `Deployment ${d.metadata?.name}: the queue-declaring init container has no AMQP_URL from the Secret`,
      );
    }
  }
  return problems;
}

/** Env entries named like secrets come from a secretKeyRef; no literal value carries credentials. */
function secretEnvProblems(name: string, containers: Doc[]): string[] {
  const problems: string[] = [];
  for (const c of containers) {
    for (const e of c.env ?? []) {
      const where = `${name}, container ${c.name}, env ${e.name}`;
      if (SECRET_NAME.test(e.name) && (e.value !== undefined || !e.valueFrom?.secretKeyRef)) {
        problems.push(`${where}: a secret must come from a secretKeyRef, not a literal value`);
      }
      if (typeof e.value === 'string' && (CREDENTIAL_URL.test(e.value) || e.value.includes('PRIVATE KEY'))) {
        problems.push(`${where}: literal credentials in the value`);
      }
    }
  }
  return problems;
}

/** ConfigMaps hold no secrets (neither by name nor as credentials inside a URL). */
export function configMapProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const cm of ofKind(docs, 'v1', 'ConfigMap')) {
    for (const [key, value] of Object.entries(cm.data ?? {})) {
      if (SECRET_NAME.test(key))
        problems.push(`ConfigMap ${cm.metadata?.name}: secret ${key} in a ConfigMap`);
      if (typeof value === 'string' && CREDENTIAL_URL.test(value)) {
        problems.push(`ConfigMap ${cm.metadata?.name}: ${key} carries credentials`);
      }
    }
  }
  return problems;
}

/** An autoscaling/v2 HorizontalPodAutoscaler targets each of `names`, and that Deployment exists. */
export function hpaProblems(docs: Doc[], names: string[]): string[] {
  const problems: string[] = [];
  const deployments = new Set(ofKind(docs, 'apps/v1', 'Deployment').map((d) => d.metadata?.name));
  const hpas = ofKind(docs, 'autoscaling/v2', 'HorizontalPodAutoscaler');
  for (const name of names) {
    const hpa = hpas.find(
      (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec?.scaleTargetRef?.name === name,
    );
    if (!hpa) problems.push(`no autoscaling/v2 HorizontalPodAutoscaler for Deployment ${name}`);
    else if (!deployments.has(name))
      problems.push(`HorizontalPodAutoscaler ${hpa.metadata?.name}: no Deployment ${name}`);
    else if ((hpa.spec?.minReplicas ?? 1) < 2)
      problems.push(`HorizontalPodAutoscaler for ${name}: minReplicas < 2`);
  }
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const scaled = hpas.some((h) => h.spec?.scaleTargetRef?.name === d.metadata?.name);
    if (scaled && d.spec?.replicas !== undefined) {
      problems.push(
        `Deployment ${d.metadata?.name}: sets replicas although a HorizontalPodAutoscaler owns them`,
      );
    }
  }
  return problems;
}

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** A policy/v1 PodDisruptionBudget and a Service select each Deployment's pods. */
export function pdbAndServiceProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const pdbs = ofKind(docs, 'policy/v1', 'PodDisruptionBudget');
  const services = ofKind(docs, 'v1', 'Service');
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const labels = d.spec?.template?.metadata?.labels;
    if (!pdbs.some((p) => selects(p.spec?.selector?.matchLabels, labels))) {
      problems.push(`Deployment ${d.metadata?.name}: no policy/v1 PodDisruptionBudget selects its pods`);
    }
    if (!services.some((s) => selects(s.spec?.selector, labels))) {
      problems.push(`Deployment ${d.metadata?.name}: no Service selects its pods`);
    }
  }
  return problems;
}

/** Pods scraped by Prometheus serve /metrics and get METRICS_TOKEN from a Secret; Node processes are scraped. */
export function metricsProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const annotations = d.spec?.template?.metadata?.annotations ?? {};
    const node = d.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] !== 'web';
    const scraped = annotations['prometheus.io/scrape'] === 'true';
    if (node && !scraped) problems.push(`Deployment ${d.metadata?.name}: not scraped by Prometheus`);
    if (!scraped) continue;
    if (annotations['prometheus.io/path'] !== '/metrics') {
      problems.push(`Deployment ${d.metadata?.name}: prometheus.io/path is not /metrics`);
    }
    const token = podSpecs(d)
      .containers.flatMap((c) => c.env ?? [])
      .find((e: Doc) => e.name === 'METRICS_TOKEN');
    if (!token?.valueFrom?.secretKeyRef) {
      problems.push(`Deployment ${d.metadata?.name}: METRICS_TOKEN does not come from a Secret`);
    }
  }
  return problems;
}

/**
 * The Ingress routes to existing Services, and its hosts are exactly the hosts of PUBLIC_URL (to the
 * gateway) and of each REMOTE_*_URL (to that remote), as the runtime federation manifest says.
 */
export function ingressProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const services = new Set(ofKind(docs, 'v1', 'Service').map((s) => s.metadata?.name));
  const config = ofKind(docs, 'v1', 'ConfigMap').find((c) => c.data?.PUBLIC_URL)?.data ?? {};
  const ingresses = ofKind(docs, 'networking.k8s.io/v1', 'Ingress');
  if (ingresses.length === 0) return ['no networking.k8s.io/v1 Ingress'];
  const routes = new Map<string, string>();
  for (const ing of ingresses) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        const svc = p.backend?.service?.name;
        if (!services.has(svc)) problems.push(`Ingress ${ing.metadata?.name}: no Service ${svc}`);
        if (p.path === '/') routes.set(rule.host, svc);
      }
    }
    const tlsHosts = new Set((ing.spec?.tls ?? []).flatMap((t: Doc) => t.hosts ?? []));
    for (const rule of ing.spec?.rules ?? []) {
      if (!tlsHosts.has(rule.host))
        problems.push(`Ingress ${ing.metadata?.name}: host ${rule.host} has no TLS`);
    }
  }
  const expected: Array<[string, string | undefined]> = [['gateway', config.PUBLIC_URL]];
  for (const name of ['catalog', 'sell', 'account', 'admin']) {
    expected.push([`mfe-${name}`, config[`REMOTE_${name.toUpperCase()}_URL`]]);
  }
  for (const [svc, url] of expected) {
    if (!url) {
      problems.push(`ConfigMap: no URL for ${svc}`);
      continue;
    }
    const host = new URL(url).hostname;
    if (routes.get(host) !== svc)
      problems.push(`Ingress: host ${host} (from the ConfigMap) does not route / to ${svc}`);
  }
  return problems;
}

/** Every Kubernetes-level rule at once. */
export function k8sProblems(docs: Doc[]): string[] {
  return [
    ...deploymentProblems(docs),
    ...restrictedProblems(docs),
    ...topologyProblems(docs),
    ...configMapProblems(docs),
    ...hpaProblems(docs, ['gateway', 'catalog']),
    ...pdbAndServiceProblems(docs),
    ...metricsProblems(docs),
    ...ingressProblems(docs),
  ];
}

/** Local paths a kustomization.yaml refers to (resources, patches, generators' files). */
function kustomizationRefs(k: Doc): string[] {
  const refs: string[] = [...(k.resources ?? []), ...(k.components ?? [])];
  for (const p of [...(k.patches ?? []), ...(k.patchesStrategicMerge ?? [])]) {
    if (typeof p === 'string') refs.push(p);
    else if (p?.path) refs.push(p.path);
  }
  for (const g of [...(k.configMapGenerator ?? []), ...(k.secretGenerator ?? [])]) {
    for (const f of g.files ?? []) refs.push(String(f).split('=').pop() ?? '');
    for (const f of g.envs ?? []) refs.push(f);
  }
  return refs.filter((r) => !/^[a-z]+:\/\//.test(r));
}

/** A kustomization lists only files that exist, and lists every YAML file beside it. */
export function kustomizationProblems(file: string, k: Doc): string[] {
  const problems: string[] = [];
  const dir = path.dirname(file);
  const refs = kustomizationRefs(k);
  for (const ref of refs) {
    const target = path.resolve(dir, ref);
    if (!fs.existsSync(target)) problems.push(`${file}: lists ${ref}, which does not exist`);
    else if (fs.statSync(target).isDirectory() && !fs.existsSync(path.join(target, 'kustomization.yaml'))) {
      problems.push(`${file}: ${ref} is a folder without kustomization.yaml`);
    }
  }
  const listed = new Set(refs.map((r) => path.resolve(dir, r)));
  for (const entry of fs.readdirSync(dir)) {
    if (!/\.ya?ml$/.test(entry) || entry === path.basename(file)) continue;
    if (!listed.has(path.resolve(dir, entry))) problems.push(`${file}: does not list ${entry}`);
  }
  return problems;
}

/** The Compose job that declares every consumer's queues before the services start. */
export const TOPOLOGY_JOB = 'rabbitmq-topology';

/** A Compose value taken from the environment (`${VAR}`, `${VAR:?…}`, `${VAR:-}` …), not written in the file. */
const INTERPOLATED = /^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/;

/**
 * Compose: every long-running service has a healthcheck (a one-shot job may go without, when it never
 * restarts and whoever depends on it waits for it to complete; so may a tool that only runs on demand,
 * in a profile, `docker compose run`); secrets are interpolated from the
 * environment, never written; depends_on names existing services; the gateway's REMOTE_<NAME>_URL points
 * at the port mfe-<name> publishes.
 */
export function composeProblems(compose: Doc): string[] {
  const problems: string[] = [];
  const services: Record<string, Doc> = compose.services ?? {};
  const names = Object.keys(services);
  for (const [name, svc] of Object.entries(services)) {
    const dependents = Object.values(services)
      .map((s) => s.depends_on?.[name]?.condition)
      .filter(Boolean);
    const oneShot =
      svc.restart === 'no' &&
      ((dependents.length > 0 && dependents.every((c) => c === 'service_completed_successfully')) ||
        (dependents.length === 0 && (svc.profiles?.length ?? 0) > 0));
    if ((!svc.healthcheck?.test || svc.healthcheck.disable) && !oneShot) {
      problems.push(`service ${name}: no healthcheck`);
    }
    const env = Array.isArray(svc.environment)
      ? Object.fromEntries(svc.environment.map((e: string) => e.split(/=(.*)/s).slice(0, 2)))
      : (svc.environment ?? {});
    for (const [key, value] of Object.entries(env)) {
      const text = String(value ?? '');
      if (SECRET_NAME.test(key) && text !== '' && !INTERPOLATED.test(text)) {
        problems.push(`service ${name}: ${key} is written in the file, not taken from the environment`);
      }
      if (CREDENTIAL_URL.test(text) && !/:\/\/[^/\s:@]*:\$\{[A-Z0-9_]+[^}]*\}@/.test(text)) {
        problems.push(`service ${name}: ${key} has a password written in the URL`);
      }
    }
    const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
    for (const dep of deps)
      if (!names.includes(dep)) problems.push(`service ${name}: depends on unknown ${dep}`);
    // A service on the bus starts only once every consumer queue exists (else first-start events are lost).
    const onBus = env.AMQP_URL !== undefined && name !== TOPOLOGY_JOB && !(svc.profiles?.length > 0);
    if (onBus && svc.depends_on?.[TOPOLOGY_JOB]?.condition !== 'service_completed_successfully') {
      problems.push(`service ${name}: does not wait for ${TOPOLOGY_JOB} to complete`);
    }
  }
  const gatewayEnv = services.gateway?.environment ?? {};
  for (const remote of ['catalog', 'sell', 'account', 'admin']) {
    const fe = services[`mfe-${remote}`];
    const url = String(gatewayEnv[`REMOTE_${remote.toUpperCase()}_URL`] ?? '');
    if (!fe) {
      problems.push(`no service mfe-${remote}`);
      continue;
    }
    const published = String(fe.ports?.[0] ?? '').replace(/:\d+$/, '');
    if (!published || !url.includes(`:${published}/mf-manifest.json`)) {
      problems.push(
        `gateway: REMOTE_${remote.toUpperCase()}_URL (${url}) is not mfe-${remote}'s published port ${published}`,
      );
    }
  }
  return problems;
}

export interface DockerStage {
  name: string | undefined;
  from: string;
  lines: string[];
}

/** The stages of a Dockerfile (continuation lines joined, comments dropped). */
export function dockerStages(text: string): DockerStage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** The user a stage runs as: its last USER, else its parent stage's, else the base image's (unknown → root). */
function stageUser(stages: DockerStage[], stage: DockerStage): string {
  const user = stage.lines.filter((l) => /^USER\s/i.test(l)).at(-1);
  if (user) return user.replace(/^USER\s+/i, '').trim();
  const parent = stages.find((s) => s.name === stage.from);
  return parent ? stageUser(stages, parent) : 'root';
}

/**
 * Each runtime target — the final stage, every server stage named in `servers` and every tool stage named
 * in `tools` — runs as a non-root numeric user (Kubernetes' runAsNonRoot can only verify a numeric one);
 * servers (and the final stage) also have a HEALTHCHECK on /healthz.
 */
export function dockerfileProblems(text: string, servers: string[], tools: string[] = []): string[] {
  const problems: string[] = [];
  const stages = dockerStages(text);
  const last = stages.at(-1);
  if (!last) return ['no stage'];
  const targets = [...servers, ...tools];
  const runtime = new Set([last, ...stages.filter((s) => s.name && targets.includes(s.name))]);
  for (const t of targets) if (!stages.some((s) => s.name === t)) problems.push(`no stage ${t}`);
  for (const stage of runtime) {
    const label = stage.name ?? 'final stage';
    const user = stageUser(stages, stage);
    const uid = user.split(':')[0] ?? '';
    if (!/^\d+$/.test(uid)) problems.push(`${label}: USER ${user} is not a numeric user`);
    else if (Number(uid) === 0) problems.push(`${label}: runs as root (USER ${user})`);
    const server = stage === last || servers.includes(stage.name ?? '');
    if (server && !stage.lines.some((l) => /^HEALTHCHECK\s/i.test(l) && l.includes('/healthz'))) {
      problems.push(`${label}: no HEALTHCHECK on /healthz`);
    }
  }
  return problems;
}
